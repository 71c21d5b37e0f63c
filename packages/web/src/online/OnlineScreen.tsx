/**
 * An online game (`#/online/ID`, the link a player sends): the board, the players with their
 * clocks, the moves, the announcements, and what the player may do. The game is the server's,
 * followed through the page's WebSocket by a `GameSession`; this screen only renders its
 * snapshot and hands it the player's actions.
 *
 * Who is looking: a browser that holds the seat's token plays it (the creator, or whoever took
 * the free seat, coming back on the same device). Otherwise, while a seat is free, the page asks
 * whether to take it (a guest's name asked for, a signed-in player's account named) or just
 * watch: the same question for everyone, as lichess asks before a challenge is accepted, so that
 * a link opened only to look seats nobody (the lobby's Join, `?join`, has asked already: the seat
 * is taken at once). Everyone else watches: the same screen without the controls, marked as
 * watching.
 *
 * A signed-in player whose account holds a seat plays it from any device: when the game says a
 * seat is the account's (its `player`) and this browser has no token for it, the page asks the
 * server for the account's (GET /api/games/ID/seat) and watches again with it, showing the game
 * once the server says the seat is this page's. It never asks about a game the account has no
 * seat in, so opening another's game fails no request. When the server refuses the token this
 * browser has (the account's tokens were replaced by a password change or signing out
 * everywhere elsewhere; a rematch, whose token is the new game's), it asks again and plays on.
 * Seats held by accounts link to their player pages; a rated game says so, and once it has ended
 * and been counted, each player's rating change and, to a player, the new rating.
 *
 * The end is told to a player as "You won" or "You lost", to a spectator as the side that won.
 * In a live game the player may choose a premove on the opponent's turn (premove.ts); in a casual
 * game propose a takeback (Takeback.tsx).
 */

import {
  PASS,
  SIDES,
  encodeMove,
  geometry,
  opposite,
  squareName,
  type Ruleset,
  type Side,
  type Square,
} from '@tafl/core';
import {
  GAME_ID_RE,
  checkName,
  type GameHeader,
  type GameRatings,
  type TimeControl,
} from '@tafl/server/protocol';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ANALYSIS_TEXT } from '../analysis/text.js';
import { useNetwork } from '../app/network.js';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { pwaText } from '../app/pwa-text.js';
import { onlineGameTitle, titleOf, useTitle } from '../app/title.js';
import type { BoardConfig } from '../board/api.js';
import { Board } from '../board/Board.js';
import { announce, announcementHighlights, type EndResult } from '../game/announce.js';
import { Announcements, spokenMove } from '../game/Announcements.js';
import { boardPieces, boardSquares, lastMoveMarks, squareLabeler } from '../game/board-view.js';
import { ResignButton, SoundToggle } from '../game/Controls.js';
import { useLowTimeSound, useMoveSounds } from '../game/sound.js';
import { copyText, downloadText } from '../game/ExportPanel.js';
import { Icon } from '../game/icons.js';
import { deriveGame, destinations, positionAt, shownPly, type View } from '../game/model.js';
import { MovesBox, useStepKeys } from '../game/MovesBox.js';
import { pageStore } from '../game/storage.js';
import type { Lang, Messages } from '../i18n/index.js';
import { describeRuleset, rulesetName } from '../rules/describe.js';
import { pageApi, socketUrl, type ApiRefusal } from './api.js';
import { pageConnection } from './connection.js';
import { NameField } from './OnlineOptions.js';
import { refusalText } from './errors.js';
import { GameSession } from './session.js';
import {
  canMove,
  freeSeat,
  shownMoves,
  timeLeft,
  turnAfter,
  type ClockSync,
  type OnlineState,
} from './state.js';
import { LOW_TIME_MS, formatClock, liveName } from './time.js';
import { pageSeats } from './tokens.js';
import { pageSeen } from './away.js';
import { AwayBanner, PresenceDot } from './Presence.js';
import { seatConnected } from './presence.js';
import { archivedGame, flippedFor, gameOf, moveToSend, rulesOfHeader } from './view.js';
import { NotifyOffer } from './NotifyOffer.js';
import { alertTitle, useYourMoveAlert } from './your-move.js';
import { pageAccountApi } from '../account/api.js';
import { pageAccount, useAccount } from '../account/session.js';
import { playerHref } from '../account/state.js';
import { accountText } from '../account/text.js';
import { FRONT_TEXT } from '../app/text.js';
import { langOf } from '../game/feedback-text.js';
import { diffText } from '../players/format.js';
import { playText } from './play-text.js';
import { usePremove, type PremoveControl } from './premove.js';
import { ratingLine, useGameRatings } from './ratings.js';
import { TakebackPanel } from './Takeback.js';
import '../game/game.css';
import './online.css';

/** `join`: the lobby's Join (`#/online/ID?join`): the free seat is taken without asking. */
type OnlineProps = ScreenProps & { readonly id: string; readonly join?: boolean };

export function OnlineScreen(props: OnlineProps) {
  if (!GAME_ID_RE.test(props.id)) return <Missing t={props.t} />;
  return <OnlineGame key={props.id} {...props} />;
}

/** The seat the account of `name` holds in the game, as the game's header says (its `player`). */
export function accountSeatOf(header: GameHeader | undefined, name: string | undefined): Side | undefined {
  if (!header || name === undefined) return undefined;
  const key = name.toLowerCase();
  return SIDES.find((side) => header.seats[side].player?.toLowerCase() === key);
}

/**
 * The account's seat in a game this browser holds no token for, asked for when the game says the
 * account holds one and given to the session: `pending` until the server says the seat is this
 * page's (or it cannot be had: the page then shows the game to watch).
 */
function useAccountSeat(
  id: string,
  session: GameSession,
  header: GameHeader | undefined,
  you: Side | null,
): { readonly pending: boolean } {
  const account = useAccount();
  const side = accountSeatOf(header, account.user?.name);
  const [asked, setAsked] = useState<'no' | 'asking' | 'given' | 'failed'>('no');
  const started = useRef(false);
  const wanted = side !== undefined && you === null && !session.seated;
  useEffect(() => {
    if (!wanted || started.current) return;
    started.current = true;
    setAsked('asking');
    void pageAccountApi()
      .seat(id)
      .then((answer) => {
        if (!answer.ok || answer.value.game !== id) {
          if (!answer.ok && answer.code === 'auth/required') pageAccount().signedOut();
          setAsked('failed');
          return;
        }
        pageAccount().accountSeat(answer.value.token);
        session.seat(answer.value.token, answer.value.side);
        setAsked('given');
      });
  }, [wanted]);
  // Given, but the watch with it refused (the session forgot it): the game is watched.
  const lost = asked === 'given' && !session.seated;
  return { pending: side !== undefined && you === null && asked !== 'failed' && !lost };
}

/**
 * The account's seat in a game asked for again, when its token was refused (replaced by a
 * password change or signing out everywhere, or another game's): a signed-in player's only. A
 * session that has ended meanwhile signs the page out.
 */
async function renewSeat(
  id: string,
  header: () => GameHeader | undefined,
): Promise<{ token: string; side: Side } | undefined> {
  const account = pageAccount();
  // (Opened with the page, the token may be refused before the page knows who is signed in.)
  const user = (await account.load()).user;
  if (!user) return undefined;
  // A game whose seats are known and none is the account's: nothing to ask for.
  const known = header();
  if (known && accountSeatOf(known, user.name) === undefined) return undefined;
  const answer = await pageAccountApi().seat(id);
  if (!answer.ok) {
    if (answer.code === 'auth/required') account.signedOut();
    return undefined;
  }
  if (answer.value.game !== id) return undefined;
  account.accountSeat(answer.value.token);
  return { token: answer.value.token, side: answer.value.side };
}

function Missing({ t, text }: { readonly t: Messages; readonly text?: string }) {
  return (
    <section class="screen notice">
      <h1>{text ?? t.errGameUnknown}</h1>
      <p class="action-row">
        <a class="action primary" href="#/lobby">
          {t.lobbyTitle}
        </a>
        <a class="action" href="#/">
          {t.newGame}
        </a>
      </p>
    </section>
  );
}

/** The link to a game, to send: this page's address with the game's route. */
export const gameLink = (id: string): string =>
  `${location.origin}${location.pathname}#/online/${encodeURIComponent(id)}`;

/** A time control in a few words: no clock, days per move, or live `5+3`. */
export function timeControlText(t: Messages, time: TimeControl): string {
  if (time.kind === 'none') return t.timeNone;
  if (time.kind === 'correspondence') return t.timeDaysCount(time.days);
  return t.timeLive(liveName(time.baseMs, time.incrementMs));
}

function OnlineGame({ lang, t, navigate, id, join: joinAsked }: OnlineProps) {
  const headerRef = useRef<GameHeader | undefined>(undefined);
  const session = useMemo(
    () =>
      new GameSession(id, pageConnection(socketUrl()), pageSeats(), undefined, (game) =>
        renewSeat(game, () => headerRef.current),
      ),
    [id],
  );
  const [snap, setSnap] = useState(() => session.snapshot());
  const [view, setView] = useState<View>(undefined);
  const [turned, setTurned] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const [join, setJoin] = useState<'ask' | 'watch' | 'joining'>('ask');
  const [joinRefused, setJoinRefused] = useState<ApiRefusal | undefined>();
  const [name, setName] = useState(() => pageSeats().name() ?? '');
  const account = useAccount();
  const network = useNetwork();

  useEffect(() => {
    const stop = session.subscribe(setSnap);
    session.start();
    setSnap(session.snapshot());
    return () => {
      stop();
      session.dispose();
    };
  }, [session]);

  const { state, status, local } = snap;
  const header = state.header;
  headerRef.current = header;
  const accountSeat = useAccountSeat(id, session, header, state.you);
  const rules = useMemo(() => (header ? rulesOfHeader(header) : undefined), [header?.rules, header?.rulesId]);
  const moves = useMemo(() => shownMoves(state), [state.moves, state.pending]);
  const game = useMemo(() => (rules ? gameOf(id, rules, moves) : undefined), [rules, moves]);
  const derived = useMemo(() => (game ? deriveGame(game) : undefined), [game]);
  const total = moves.length;
  const shown = shownPly(view, total);
  const live = shown === total;
  const position = useMemo(() => {
    if (!derived?.ok || !game) return undefined;
    if (live) return derived.value.position;
    const pos = positionAt(game, shown);
    return pos.ok ? pos.value : undefined;
  }, [derived, shown, live]);

  useStepKeys(total, setView);
  // A sound for each new move and for the end (none when stepping through the list).
  const lastPlayed = derived?.ok ? derived.value.plies[total - 1] : undefined;
  // Nothing sounds while the game loads: the moves it arrives with were played before.
  useMoveSounds(
    header ? total : undefined,
    (lastPlayed?.captured.length ?? 0) > 0,
    header?.status === 'ended',
  );
  const titleParts = onlineGameTitle(t, lang, header, rules, state.you, state.moves.length);
  useTitle(t.appName, ...titleParts);
  // Hidden, the tab says "Your move" when the opponent has moved, and so may a notification.
  useGameMoveAlert(t, lang, id, state, rules, titleParts);

  const myTurn = rules !== undefined && canMove(state, rules.firstToMove) && status === 'open';
  // A fresh array after a refused move too: the board then takes back what it showed.
  const pieces = useMemo(() => (position ? boardPieces(position) : []), [position, refusals]);
  const boardDests = useMemo(
    () => (position && live && myTurn ? destinations(position) : new Map<Square, Square[]>()),
    [position, live, myTurn],
  );
  // A premove is played through the screen's `send`, defined once the game is known (below).
  const sendRef = useRef<(move: number) => void>(() => {});
  const premove = usePremove({
    enabled:
      header?.status === 'playing' &&
      header.time.kind !== 'correspondence' &&
      live &&
      status === 'open' &&
      !state.resyncing &&
      state.resync === undefined,
    position,
    you: state.you,
    myTurn,
    play: (move) => sendRef.current(move),
  });
  const ratings = useGameRatings(id, header?.status === 'ended', header?.rated === true);

  // A free seat: the player is asked whether to take it (a guest's name, or the account's) or
  // watch. An empty name plays as a guest, as a new game does.
  const seat = freeSeat(header);
  const mayJoin = seat !== undefined && state.you === null && !session.seated && !accountSeat.pending;
  const guestName = FRONT_TEXT[langOf(t)].guestName;
  const takeSeat = (wanted: string): void => {
    const checked = checkName(account.user ? account.user.name : wanted.trim() ? wanted : guestName);
    if (!checked.ok) {
      setJoin('ask');
      setJoinRefused({ ok: false, code: checked.code, message: checked.message });
      return;
    }
    if (!account.user) pageSeats().rememberName(checked.value);
    setJoin('joining');
    setJoinRefused(undefined);
    void pageApi()
      .join(id, checked.value)
      .then((granted) => {
        if (granted.ok) {
          session.claim(granted.value);
          if (account.user) pageAccount().accountSeat(granted.value.token);
          setJoin('ask');
        } else {
          setJoinRefused(granted);
          // Taken, or not for this player (rated, out of range, one's own): nothing to retype.
          const final = ['seat/taken', 'seat/rated', 'seat/range', 'seat/own'].includes(granted.code);
          setJoin(final ? 'watch' : 'ask');
        }
      });
  };
  // A rated game's seat is for signed-in players: a guest is asked to sign in instead. The
  // lobby's Join takes the seat at once (the remembered name, else a guest's), once.
  const joined = useRef(false);
  // The address keeps no `?join`: a link copied from it, or the page reloaded, asks as any link does.
  useEffect(() => {
    if (joinAsked) history.replaceState(history.state, '', `#/online/${encodeURIComponent(id)}`);
  }, []);
  useEffect(() => {
    if (!mayJoin || !account.loaded || account.unknown) return;
    if (header?.rated && !account.user) setJoin('watch');
    else if (joinAsked && !joined.current) {
      joined.current = true;
      takeSeat(pageSeats().name() ?? '');
    }
  }, [mayJoin, header?.rated, account.loaded, account.user?.id]);

  // What the player has seen of their game, so that an end while away is announced once (away.ts).
  useEffect(() => {
    if (header && state.you !== null) pageSeen().mark({ [id]: header.status }, pageSeats().all());
  }, [header?.status, state.you]);

  // A move or an end changes whose move it is: the header's count of my games follows.
  useEffect(() => {
    if (state.you !== null && account.user) void pageAccount().refreshCount();
  }, [state.moves.length, header?.status, state.you]);

  // The rematch began: the players go to it (a guest's token is kept for it; an account's is
  // asked for there, when the server refuses this game's).
  useEffect(() => {
    if (state.rematchStarted && state.you !== null) navigate({ screen: 'online', id: state.rematchStarted });
  }, [state.rematchStarted]);

  if (state.missing) return <Missing t={t} />;
  if (!header || accountSeat.pending)
    return (
      <section class="screen notice online-loading">
        {network.state === 'offline' ? (
          <OfflineNotice t={t} />
        ) : (
          <p role="status" data-testid="connection">
            {status === 'reconnecting' ? t.reconnecting : t.loadingGame}
          </p>
        )}
        {local && <p class="detail">{refusalText(t, local.code, local.message)}</p>}
      </section>
    );
  if (!rules || !derived?.ok || !position || !game) return <Missing t={t} text={t.gameBroken} />;

  const you = state.you;
  const first = rules.firstToMove;
  const toMove = turnAfter(first, state.moves.length);
  const playing = header.status === 'playing';
  const over = header.status === 'ended' || header.status === 'aborted';
  const result: EndResult | undefined = over && header.result ? header.result : undefined;
  const { plies } = derived.value;
  const shownResult = live ? result : undefined;
  const list = announce(position, shownResult, live && playing ? (header.drawOffer ?? undefined) : undefined);
  const dests = boardDests;
  const lastPly = plies[shown - 1];
  const pending = state.pending !== undefined && state.pending.ply === state.moves.length;
  const names = header.seats;
  const nameOf = (side: Side): string | null => names[side].name;
  const opponentName = you ? (nameOf(opposite(you)) ?? t.seatFree) : '';

  const send = (move: number): void => {
    const made = moveToSend(gameOf(id, rules, state.moves), rules.size, move);
    if (made) session.move(made.squares, made.record);
    else setRefusals((n) => n + 1);
  };
  sendRef.current = send;

  const config: BoardConfig = {
    ...boardSquares(rules, position.geo),
    pieces,
    flipped: flippedFor(rules, you) !== turned,
    coordinates: true,
    dests,
    ...lastMoveMarks(lastPly),
    highlights: announcementHighlights(list),
    squareLabel: squareLabeler(t, rules.size),
    label: t.boardLabel,
    onMove: (from: Square, to: Square) => send(encodeMove(from, to)),
    ...(premove.dests ? { premoveDests: premove.dests } : {}),
    ...(premove.premove ? { premove: premove.premove } : {}),
    onPremove: premove.choose,
    onPremoveCancel: premove.cancel,
  };

  const spoken = spokenMove(
    t,
    rules.size,
    lastPly?.side,
    lastPly?.record,
    lastPly?.captured.map((c) => c.square) ?? [],
    list,
    rules.quietPlyLimit,
    you,
  );
  const capturedBy = (side: Side): number =>
    plies.slice(0, shown).reduce((n, p) => n + (p.side === side ? p.captured.length : 0), 0);

  const statusText = over
    ? t.gameOver
    : header.status === 'waiting'
      ? you
        ? t.sendLink
        : t.waitingOpponent
      : pending
        ? t.moveSending
        : you === toMove
          ? t.yourTurn
          : you
            ? t.waitingFor(opponentName)
            : toMove === 'attackers'
              ? t.turnAttackers
              : t.turnDefenders;

  const refused = state.refused ?? local;
  const order: readonly Side[] = you === 'attackers' ? ['defenders', 'attackers'] : SIDES;
  const description = describeRuleset(rules, lang);
  const title = header.rulesId ? description.name : header.rulesName || description.name;
  const rulesHref = header.rulesId ? `#/rules/${encodeURIComponent(header.rulesId)}` : undefined;
  const canPass = live && myTurn && position.mustPass();
  const theirDrawOffer = you !== null && playing && header.drawOffer === opposite(you);

  return (
    <div class={`game-screen online-screen${you ? '' : ' is-watching'}`} data-status={header.status}>
      <section class="game-board">
        <div class="board-wrap">
          <Board config={config} />
        </div>
      </section>
      <aside class="game-panel">
        <header class="game-head">
          <h1 class="game-title">{rulesHref ? <a href={rulesHref}>{title}</a> : title}</h1>
          <p class="game-subtitle">
            {t.onlineGame} · {timeControlText(t, header.time)}
            {header.rated && (
              <span class="rated-mark" data-testid="rated">
                {accountText(t).rated}
              </span>
            )}
            {you === null && (
              <span class="watching-mark" data-testid="watching">
                {t.watchingMark}
              </span>
            )}
          </p>
        </header>

        {status !== 'open' && network.state === 'offline' && <OfflineNotice t={t} />}
        {status !== 'open' && network.state !== 'offline' && (
          <p class="banner banner-connection" role="status" data-testid="connection">
            <span class="spinner" aria-hidden="true" />
            <span class="banner-text">{status === 'reconnecting' ? t.reconnecting : t.connecting}</span>
          </p>
        )}

        <ul class="players" aria-label={t.players}>
          {order.map((side) => (
            <li
              class={`player player-${side}${playing && toMove === side ? ' is-turn' : ''}`}
              key={side}
              data-side={side}
            >
              <span class={`disc disc-${side}`} aria-hidden="true" />
              <span class="player-name">
                {seatConnected(state, side) !== undefined && (
                  <PresenceDot t={t} name={nameOf(side) ?? ''} connected={seatConnected(state, side)!} />
                )}
                {names[side].player ? (
                  <a href={playerHref(names[side].player)} data-testid={`player-${side}`}>
                    {nameOf(side) ?? names[side].player}
                  </a>
                ) : (
                  (nameOf(side) ?? <em class="seat-free">{t.seatFree}</em>)
                )}
                {you === side && <span class="player-side"> ({t.youMark})</span>}
                <span class="player-side"> · {side === 'attackers' ? t.attackers : t.defenders}</span>
                <RatingDiff t={t} ratings={ratings} side={side} />
              </span>
              <span class="player-captures" title={t.capturesTitle}>
                {t.capturesCount(capturedBy(side))}
              </span>
              {state.clock && (
                <ClockFace
                  t={t}
                  side={side}
                  sync={state.clock}
                  kind={header.time.kind}
                  live={playing}
                  mine={you === side}
                />
              )}
            </li>
          ))}
        </ul>

        <p class="status" role="status" data-testid="status">
          {statusText}
        </p>

        <AwayBanner t={t} state={state} live={status === 'open'} onClaim={(act) => session.claimGame(act)} />

        {header.status === 'waiting' && you && <LinkBox t={t} link={gameLink(id)} />}

        {mayJoin && account.loaded && (join === 'ask' || join === 'joining') && (
          <form
            class="panel join-seat"
            onSubmit={(e) => {
              e.preventDefault();
              takeSeat(name);
            }}
          >
            <h2>{t.seatOpenTitle}</h2>
            <p>{seat === 'attackers' ? t.seatOpenAttackers : t.seatOpenDefenders}</p>
            {account.user ? (
              <p class="option-note" data-testid="playing-as">
                {accountText(t).playingAs(account.user.name)}
              </p>
            ) : (
              <NameField t={t} name={name} onName={setName} placeholder={guestName} />
            )}
            <div class="action-row">
              <button type="submit" class="action primary" disabled={join === 'joining'}>
                {join === 'joining' ? t.takingSeat : t.takeSeat}
              </button>
              <button type="button" class="action" onClick={() => setJoin('watch')}>
                {t.justWatch}
              </button>
            </div>
          </form>
        )}
        {mayJoin && header.rated && !account.user && (
          <p class="banner" data-testid="rated-sign-in">
            <span class="banner-text">
              {accountText(t).errSeatRated}{' '}
              <a href={`#/signin?from=${encodeURIComponent(`#/online/${id}`)}`}>{accountText(t).navSignIn}</a>
            </span>
          </p>
        )}
        {joinRefused && (
          <div class="banner banner-error" role="alert">
            <span class="banner-text">{refusalText(t, joinRefused.code, joinRefused.message)}</span>
          </div>
        )}

        {refused && (
          <div class="banner banner-error" role="alert" data-testid="refusal">
            <span class="banner-text">{refusalText(t, refused.code, refused.message)}</span>
            <button type="button" class="action small" onClick={() => session.dismiss()}>
              {t.dismiss}
            </button>
          </div>
        )}

        <Announcements
          t={t}
          list={list}
          size={rules.size}
          quietLimit={rules.quietPlyLimit}
          spoken={spoken}
          {...(canPass ? { onPass: () => send(PASS) } : {})}
          {...(theirDrawOffer
            ? { onAcceptDraw: () => session.draw('accept'), onDeclineDraw: () => session.draw('decline') }
            : {})}
          you={you}
          {...(shownResult ? endDetailOf(t, ratings, you) : {})}
        />
        <PremoveNote t={t} rules={rules} control={premove} />
        <TakebackPanel
          t={t}
          header={header}
          you={you}
          ply={state.moves.length}
          first={rules.firstToMove}
          session={session}
        />

        <MovesBox
          t={t}
          plies={plies}
          shown={shown}
          firstSide={rules.firstToMove}
          {...(pending ? { pendingFrom: total } : {})}
          setView={setView}
        />

        <OnlineActions
          t={t}
          header={header}
          you={you}
          session={session}
          onFlip={() => setTurned((x) => !x)}
        />
        {you !== null && !over && <NotifyOffer t={t} />}

        {header.status === 'ended' && header.result && header.result.winner !== 'none' && (
          <a
            class="action primary wide"
            href={`#/analysis/online/${encodeURIComponent(id)}`}
            data-testid="analysis-board-link"
          >
            <Icon name="analyse" /> {ANALYSIS_TEXT[lang].openBoard}
          </a>
        )}
        {over && (
          <OnlineExport
            t={t}
            id={id}
            fileName={`${rules.game}-${new Date(header.createdAt).toISOString().slice(0, 10)}-${id}.otg`}
            archive={() => archivedGame(header, rules, state.moves)}
          />
        )}
      </aside>
    </div>
  );
}

/** The end's detail: a rated game's new rating, to its player. */
function endDetailOf(
  t: Messages,
  ratings: GameRatings | undefined,
  you: Side | null,
): { endDetail?: string } {
  const line = ratingLine(t, ratings, you);
  return line === undefined ? {} : { endDetail: line };
}

/** A player's rating change, once a rated game's end is counted: "+12", "−8". */
function RatingDiff(props: {
  readonly t: Messages;
  readonly ratings: GameRatings | undefined;
  readonly side: Side;
}) {
  const change = props.ratings?.status === 'rated' ? props.ratings[props.side] : null;
  if (!change) return null;
  const text = diffText(change.diff);
  return (
    <span
      class={`rating-diff${change.diff > 0 ? ' is-up' : change.diff < 0 ? ' is-down' : ''}`}
      title={playText(props.t).ratingChange}
      data-testid={`rating-diff-${props.side}`}
    >
      {' '}
      {text}
    </span>
  );
}

/** What became of the premove, in a polite live region (empty when there is nothing to say). */
function PremoveNote(props: {
  readonly t: Messages;
  readonly rules: Ruleset;
  readonly control: PremoveControl;
}) {
  const { t, rules, control } = props;
  const p = playText(t);
  const news = control.news;
  const named = (move: readonly [Square, Square]): string => {
    const geo = geometry(rules.size);
    return `${squareName(geo, move[0])}-${squareName(geo, move[1])}`;
  };
  const text =
    news === undefined
      ? ''
      : news.kind === 'set'
        ? control.premove
          ? p.premoveSet(named(news.move))
          : ''
        : news.kind === 'cancelled'
          ? p.premoveCancelled
          : p.premoveDropped(named(news.move));
  return (
    <p class="note premove-note" role="status" data-testid="premove">
      {text}
    </p>
  );
}

/**
 * "Your move" for a player whose tab is hidden (your-move.ts): the title begins with it, and a
 * notification names the opponent and the game, when the opponent's move makes it the player's.
 */
function useGameMoveAlert(
  t: Messages,
  lang: Lang,
  id: string,
  state: OnlineState,
  rules: Ruleset | undefined,
  titleParts: readonly string[],
): void {
  const w = pwaText(t);
  const { header, you } = state;
  const turn =
    header && rules
      ? {
          game: id,
          ply: state.moves.length,
          mine:
            header.status === 'playing' &&
            you !== null &&
            turnAfter(rules.firstToMove, state.moves.length) === you,
        }
      : undefined;
  useYourMoveAlert(
    turn,
    titleOf(titleParts, t.appName),
    alertTitle(w.yourMoveTitle, titleParts[0] ?? t.appName),
    () => {
      const opponent = you && header ? (header.seats[opposite(you)].name ?? t.seatFree) : '';
      const game = rules && header?.rulesId ? rulesetName(rules, lang) : (header?.rulesName ?? '');
      return { title: w.yourMoveTitle, body: w.yourMoveBody(opponent, game), lang, tag: `tafl-move-${id}` };
    },
  );
}

/** A clock: the server's time at its last message, counted down here while it runs. */
function ClockFace(props: {
  readonly t: Messages;
  readonly side: Side;
  readonly sync: ClockSync;
  readonly kind: TimeControl['kind'];
  readonly live: boolean;
  /** The player's own clock: two beeps when it runs low. */
  readonly mine?: boolean;
}) {
  const { t, side, sync, kind } = props;
  const running = props.live && sync.view.running === side;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), kind === 'live' ? 100 : 1000);
    return () => clearInterval(timer);
  }, [sync, running]);
  const left = (running ? timeLeft(sync, side, now) : sync.view[side]) ?? 0;
  const text = formatClock(left, kind, { days: t.clockDays, hours: t.clockHours });
  const low = kind === 'live' && left < LOW_TIME_MS;
  useLowTimeSound(low && running && props.mine === true);
  return (
    <span
      class={`clock${running ? ' is-running' : ''}${low ? ' is-low' : ''}`}
      role="timer"
      aria-label={t.clockOf(side === 'attackers' ? t.attackers : t.defenders, text)}
      data-testid={`clock-${side}`}
    >
      {text}
    </span>
  );
}

/** The link to send, shown in full with a copy button. */
function LinkBox({ t, link }: { readonly t: Messages; readonly link: string }) {
  const [note, setNote] = useState('');
  const input = useRef<HTMLInputElement>(null);
  return (
    <div class="link-box">
      <label class="option-label" for="online-link">
        {t.linkToSend}
      </label>
      <div class="link-row">
        <input
          id="online-link"
          ref={input}
          class="text-input"
          readOnly
          value={link}
          data-testid="online-link"
          onFocus={(e) => (e.target as HTMLInputElement).select()}
        />
        <button
          type="button"
          class="action primary"
          onClick={() =>
            void copyText(link).then((done) => {
              if (!done) input.current?.select();
              setNote(done ? t.copied : t.copyFailed);
            })
          }
        >
          <Icon name="copy" /> {t.copyTheLink}
        </button>
      </div>
      <p class="note" role="status">
        {note}
      </p>
    </div>
  );
}

/** What a player may do now; a spectator may only turn the board. */
function OnlineActions(props: {
  readonly t: Messages;
  readonly header: GameHeader;
  readonly you: Side | null;
  readonly session: GameSession;
  readonly onFlip: () => void;
}) {
  const { t, header, you, session, onFlip } = props;
  const flip = (
    <button type="button" class="action" onClick={onFlip}>
      <Icon name="flip" /> {t.flipBoard}
    </button>
  );
  const rematchLink = header.rematch && (
    <a class="action primary" href={`#/online/${encodeURIComponent(header.rematch)}`}>
      {t.goToRematch}
    </a>
  );
  if (you === null)
    return (
      <div class="game-actions">
        <div class="action-row">
          {rematchLink}
          {flip}
          <SoundToggle t={t} />
        </div>
      </div>
    );
  const over = header.status === 'ended' || header.status === 'aborted';
  const early = header.status === 'waiting' || (header.status === 'playing' && header.ply === 0);
  const theirs = opposite(you);
  return (
    <div class="game-actions">
      {over && !header.rematch && header.rematchOffer === theirs && (
        <div class="banner banner-drawOffer" role="status">
          <span class="banner-text">{t.rematchOfferFrom(header.seats[theirs].name ?? t.seatFree)}</span>
          <span class="banner-buttons">
            <button type="button" class="action primary" onClick={() => session.rematch('accept')}>
              {t.acceptRematch}
            </button>
            <button type="button" class="action" onClick={() => session.rematch('decline')}>
              {t.declineDraw}
            </button>
          </span>
        </div>
      )}
      {over && !header.rematch && header.rematchOffer === you && <p class="note">{t.rematchOffered}</p>}
      {header.status === 'playing' && header.drawOffer === you && <p class="note">{t.drawOffered}</p>}
      <div class="action-row">
        {rematchLink}
        {over && !header.rematch && header.rematchOffer === null && header.seats[theirs].name !== null && (
          <button type="button" class="action primary" onClick={() => session.rematch('offer')}>
            {t.offerRematch}
          </button>
        )}
        {early && !over && (
          <button type="button" class="action" onClick={() => session.abort()}>
            {t.abortGame}
          </button>
        )}
        {header.status === 'playing' && header.ply > 0 && header.drawOffer === null && (
          <button type="button" class="action" onClick={() => session.draw('offer')}>
            <Icon name="draw" /> {t.offerDraw}
          </button>
        )}
        {header.status === 'playing' && header.ply > 0 && (
          <ResignButton t={t} onResign={() => session.resign()} />
        )}
        {flip}
        <SoundToggle t={t} />
        {over && (
          <a class="action" href="#/">
            {t.newGame}
          </a>
        )}
      </div>
    </div>
  );
}

/** A finished game's record, from the server, to download or copy; or kept in the archive. */
function OnlineExport(props: {
  readonly t: Messages;
  readonly id: string;
  readonly fileName: string;
  readonly archive: () => ReturnType<typeof archivedGame>;
}) {
  const { t, id, fileName, archive } = props;
  const [note, setNote] = useState('');
  const withRecord = (use: (record: string) => void): void => {
    void pageApi()
      .record(id)
      .then((record) =>
        record.ok ? use(record.value) : setNote(refusalText(t, record.code, record.message)),
      );
  };
  const kept = archive();
  return (
    <details class="export">
      <summary>{t.exportTitle}</summary>
      <div class="action-row">
        <button
          type="button"
          class="action"
          data-action="download"
          onClick={() => withRecord((r) => downloadText(r, fileName))}
        >
          <Icon name="download" /> {t.downloadRecord}
        </button>
        <button
          type="button"
          class="action"
          onClick={() =>
            withRecord((r) => void copyText(r).then((done) => setNote(done ? t.copied : t.copyFailed)))
          }
        >
          <Icon name="copy" /> {t.copyRecord}
        </button>
        <button
          type="button"
          class="action"
          onClick={() => void copyText(gameLink(id)).then((done) => setNote(done ? t.copied : t.copyFailed))}
        >
          <Icon name="link" /> {t.copyTheLink}
        </button>
        {kept && (
          <button
            type="button"
            class="action"
            onClick={() => setNote(pageStore().save(kept) ? t.keptInArchive : t.copyFailed)}
          >
            {t.keepInArchive}
          </button>
        )}
      </div>
      <p class="note" role="status">
        {note}
      </p>
    </details>
  );
}
