/**
 * The lobby (`#/lobby`): this browser's own games (the seats it holds, the ones waiting for its
 * move first), then online games waiting for an opponent (to join), being played (to watch) and
 * recently finished (to replay), each opening the game's link. A rated seek shows its ruleset,
 * clock, its creator's rating and its range ("Rated · Brandubh 2019 · 5+3 · 1520? · ±200"), and
 * its join button says when the seat is not for this player (sign in to play rated, outside the
 * rating range, one's own game). It asks the server
 * again every few seconds while the page is visible, and at once when it becomes visible again.
 * Offline it says so and asks nothing; it asks again at once when the network is back.
 */

import { presetById } from '@tafl/core';
import type { GameSummary, Lobby } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { moveCount } from '../analysis/numbering.js';
import { pageNetwork, useNetwork } from '../app/network.js';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import { reasonText, resultText } from '../game/Announcements.js';
import { readPrefs, writePrefs } from '../game/prefs.js';
import type { Lang, Messages } from '../i18n/index.js';
import { describeRuleset } from '../rules/describe.js';
import { pageApi, type ApiRefusal } from './api.js';
import { AwayNotice } from './AwayNotice.js';
import { refusalText } from './errors.js';
import { timeControlText } from './OnlineScreen.js';
import { pageSeats } from './tokens.js';
import { ownGames, type OwnGame } from './view.js';
import { pageAccountApi } from '../account/api.js';
import { useAccount } from '../account/session.js';
import { joinBlock, ratingText, seekRangeText, type JoinBlock, type Viewer } from '../account/state.js';
import { accountText } from '../account/text.js';
import { RATING_FAMILIES, type RatingFamily } from '@tafl/server/protocol';
import '../game/game.css';
import './online.css';

export const LOBBY_POLL_MS = 4000;
/** The most of this browser's own games the lobby looks up. */
const OWN_GAMES = 20;

export function LobbyScreen({ lang, t }: ScreenProps) {
  useTitle(t.appName, t.lobbyTitle);
  const [lobby, setLobby] = useState<Lobby | undefined>();
  const [refused, setRefused] = useState<ApiRefusal | undefined>();
  const network = useNetwork();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const poll = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden' || pageNetwork().offline) return;
      void pageApi()
        .lobby()
        .then((answer) => {
          if (!alive) return;
          if (answer.ok) {
            setLobby(answer.value);
            setRefused(undefined);
          } else setRefused(answer);
          if (timer === undefined) timer = setTimeout(poll, LOBBY_POLL_MS);
        });
    };
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') poll();
    };
    poll();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      if (timer !== undefined) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [network.retry]);

  // This browser's own games (the seats it holds), read once (again when the network is back):
  // newest seats first.
  const [own, setOwn] = useState<OwnGame[] | undefined>();
  useEffect(() => {
    if (pageNetwork().offline) return;
    let alive = true;
    const seats = pageSeats().all().slice(0, OWN_GAMES);
    void Promise.all(
      seats.map(async (seat) => {
        const view = await pageApi().game(seat.id);
        return view.ok ? { game: view.value, side: seat.side } : undefined;
      }),
    ).then((found) => {
      if (alive) setOwn(ownGames(found.filter((g) => g !== undefined)));
    });
    return () => {
      alive = false;
    };
  }, [network.retry]);

  const mine = new Set(
    pageSeats()
      .all()
      .map((s) => s.id),
  );
  const viewer = useViewer();
  const a = accountText(t);
  const blockText = (block: JoinBlock): string =>
    block === 'signin' ? a.joinSignIn : block === 'range' ? a.joinRange : a.joinOwn;
  const section = (
    key: 'open' | 'live' | 'finished',
    title: string,
    empty: string,
    action: (g: GameSummary) => string,
  ) => (
    <section class="panel" aria-labelledby={`lobby-${key}`} data-list={key}>
      <h2 id={`lobby-${key}`}>{title}</h2>
      {!lobby ? (
        <p class="empty">{refused || network.state !== 'online' ? '' : t.loadingGame}</p>
      ) : lobby[key].length === 0 ? (
        <p class="empty">{empty}</p>
      ) : (
        <ul class="game-list">
          {lobby[key].map((g) => {
            const block = key === 'open' ? joinBlock(g, viewer, mine.has(g.id)) : undefined;
            return (
              <LobbyGame
                key={g.id}
                t={t}
                lang={lang}
                game={g}
                mine={mine.has(g.id)}
                action={action(g)}
                join={key === 'open' && !mine.has(g.id) && block === undefined}
                {...(block ? { block: blockText(block), blockKind: block } : {})}
              />
            );
          })}
        </ul>
      )}
    </section>
  );

  return (
    <div class="lobby">
      <div class="lobby-head">
        <h1>{t.lobbyTitle}</h1>
        <a
          class="action primary"
          href="#/"
          // The start page opens with the online opponent chosen.
          onClick={() => writePrefs({ ...readPrefs(), opponent: 'online' })}
        >
          {t.lobbyCreate}
        </a>
      </div>
      <OfflineNotice t={t} />
      <AwayNotice t={t} lang={lang} />
      {refused && refused.code !== 'net/failed' && (
        <div class="banner banner-error" role="alert">
          <span class="banner-text">
            <strong>{t.lobbyFailed}</strong> {refusalText(t, refused.code, refused.message)}
          </span>
        </div>
      )}
      {own && own.length > 0 && (
        <section class="panel" aria-labelledby="lobby-mine" data-list="mine">
          <h2 id="lobby-mine">{t.lobbyMine}</h2>
          <ul class="game-list">
            {own.map(({ game, yourTurn }) => (
              <LobbyGame
                key={game.id}
                t={t}
                lang={lang}
                game={game}
                mine={false}
                {...(yourTurn ? { note: t.yourTurn } : {})}
                action={game.status === 'playing' || game.status === 'waiting' ? t.continueGame : t.replay}
              />
            ))}
          </ul>
        </section>
      )}
      {/* Offline with nothing read yet: the notice alone, no empty lists. */}
      {(lobby || network.state === 'online') && (
        <>
          {section('open', t.lobbyOpen, t.lobbyEmptyOpen, (g) =>
            mine.has(g.id) ? t.continueGame : t.lobbyJoin,
          )}
          {section('live', t.lobbyLive, t.lobbyEmptyLive, (g) =>
            mine.has(g.id) ? t.continueGame : t.lobbyWatch,
          )}
          {section('finished', t.lobbyFinished, t.lobbyEmptyFinished, () => t.replay)}
        </>
      )}
    </div>
  );
}

/** The signed-in player as a seek sees them: the name and the rating in each family. */
function useViewer(): Viewer | null {
  const account = useAccount();
  const name = account.user?.name;
  const [ratings, setRatings] = useState<Partial<Record<RatingFamily, number>>>({});
  useEffect(() => {
    setRatings({});
    if (!name) return;
    let alive = true;
    void pageAccountApi()
      .player(name)
      .then((answer) => {
        if (!alive || !answer.ok) return;
        const found: Partial<Record<RatingFamily, number>> = {};
        for (const r of answer.value.ratings ?? [])
          if (RATING_FAMILIES.includes(r.family) && typeof r.rating === 'number') found[r.family] = r.rating;
        setRatings(found);
      });
    return () => {
      alive = false;
    };
  }, [name]);
  return name ? { name, ratings } : null;
}

function LobbyGame(props: {
  readonly t: Messages;
  readonly lang: Lang;
  readonly game: GameSummary;
  readonly mine: boolean;
  /** A word beside the name: "Your move". */
  readonly note?: string;
  readonly action: string;
  /** Why the free seat is not for this player (the game still opens, to watch). */
  readonly block?: string;
  /** The action takes the free seat (`#/online/ID?join`): the lobby's Join asks nothing more. */
  readonly join?: boolean;
  readonly blockKind?: JoinBlock;
}) {
  const { t, lang, game, mine, note, action, block, blockKind } = props;
  const a = accountText(t);
  const preset = game.rulesId === null ? undefined : presetById(game.rulesId);
  const name = preset ? describeRuleset(preset, lang).name : game.rulesName;
  const seat = (side: 'attackers' | 'defenders'): string => game.seats[side].name ?? t.seatFree;
  // A rated seek: "Rated · Brandubh 2019 · 5+3 · 1520? · ±200".
  const seek =
    game.rated && game.status === 'waiting'
      ? [
          a.rated,
          name,
          timeControlText(t, game.time),
          ...(game.seekRating ? [ratingText(game.seekRating)] : []),
          ...(seekRangeText(game.ratingRange) ? [seekRangeText(game.ratingRange)] : []),
        ].join(' · ')
      : undefined;
  const href = `#/online/${encodeURIComponent(game.id)}`;
  const when = new Date(game.updatedAt);
  return (
    <li class="game-summary lobby-game" data-game={game.id}>
      <a class="game-summary-main" href={href}>
        <span class="game-summary-name">
          {seek !== undefined ? <span data-testid="seek">{seek}</span> : name}
          {game.rated && seek === undefined && <span class="rated-mark">{a.rated}</span>}
          {mine && <span class="watching-mark">{t.lobbyYours}</span>}
          {note && <span class="watching-mark your-turn">{note}</span>}
        </span>
        <span class="game-summary-meta">
          {t.versus(seat('attackers'), seat('defenders'))} · {timeControlText(t, game.time)} ·{' '}
          {t.moveCount(moveCount(game.ply))} ·{' '}
          <time dateTime={when.toISOString()}>
            {when.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </span>
        {game.result && (
          <span class={`game-summary-result result-${game.result.winner}`}>
            {resultText(t, game.result)}{' '}
            {preset || game.result.reason !== 'quiet moves'
              ? reasonText(t, game.result, preset?.quietPlyLimit ?? 0)
              : ''}
          </span>
        )}
      </a>
      <span class="game-summary-actions">
        {block && blockKind !== 'own' ? (
          blockKind === 'signin' ? (
            <a
              class="action small"
              href={`#/signin?from=${encodeURIComponent('#/lobby')}`}
              data-testid="join-blocked"
              data-block={blockKind}
            >
              {block}
            </a>
          ) : (
            <span class="seek-block" data-testid="join-blocked" data-block={blockKind}>
              {block}
            </span>
          )
        ) : (
          <a
            class="action primary small"
            href={props.join ? `${href}?join` : href}
            {...(blockKind === 'own' ? { 'data-block': 'own' } : {})}
          >
            {blockKind === 'own' && !mine ? a.joinOwn : action}
          </a>
        )}
      </span>
    </li>
  );
}
