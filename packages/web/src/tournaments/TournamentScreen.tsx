/**
 * A tournament (`#/tournament/ID`): what it is (kind, ruleset, time, rounds, status, the time
 * left before its start), joining and leaving while it is open, its players, each round's
 * pairings (attackers against defenders, the result, the game) and the standings with their
 * tie-breaks. A player in it is shown their game of the round being played, one click away;
 * once it is over, the winner, the final standings and why it ended (its rounds played, no
 * further round to pair without a repeat, too few players).
 *
 * Asked again every 10 seconds while it is open or being played, and every 2 while a round of
 * the player's is being paired (the start has come, or their game of the round is not made
 * yet): the page then shows the pairing, and the game, within moments.
 */

import type { TournamentPairing, TournamentView } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useNetwork } from '../app/network.js';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import type { ApiRefusal } from '../online/api.js';
import { dateTimeText, pointsText } from '../players/format.js';
import { fetchTournament, joinTournament, leaveTournament } from './api.js';
import { countdownText, scoreLine, tournamentRefusal } from './form.js';
import { signInHref, useAccount, usePolling } from './hooks.js';
import { statusText, tournamentsText, type TournamentsText } from './text.js';
import { tournamentLine } from './TournamentsScreen.js';
import type { Messages } from '../i18n/index.js';
import { playText } from '../online/play-text.js';
import '../game/game.css';
import '../players/players.css';
import './tournaments.css';

export const TOURNAMENT_POLL_MS = 10_000;
/** How often it is asked while a round of the player's is being paired. */
export const PAIRING_POLL_MS = 2_000;

export function TournamentScreen({ lang, t, id }: ScreenProps & { readonly id: string }) {
  const x = tournamentsText(t);
  const account = useAccount();
  const [view, setView] = useState<TournamentView | undefined>();
  const [refused, setRefused] = useState<ApiRefusal | undefined>();
  const [actionRefused, setActionRefused] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const network = useNetwork();
  useTitle(t.appName, view?.name ?? x.tournamentsTitle);

  const me = account?.user?.name;
  usePolling(
    async () => {
      const answer = await fetchTournament(id);
      if (answer.ok) {
        setView(answer.value);
        setRefused(undefined);
        return answer.value.status === 'open' || answer.value.status === 'running';
      }
      setRefused(answer);
      return answer.code !== 'tournament/unknown';
    },
    view && pairingSoon(view, me, now) ? PAIRING_POLL_MS : TOURNAMENT_POLL_MS,
    id,
  );

  // The countdown ticks while the tournament is open (and the pairing's wait with it).
  const open = view?.status === 'open';
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);

  if (!view && (network.state !== 'online' || refused?.code === 'net/failed'))
    return (
      <div class="players-page">
        <section class="panel">
          <h1>{x.tournamentsTitle}</h1>
          <OfflineNotice t={t} />
        </section>
      </div>
    );
  if (refused && !view)
    return (
      <div class="players-page">
        <section class="panel">
          <h1>{x.tournamentsTitle}</h1>
          <div class="banner banner-error" role="alert" data-testid="tournament-refused">
            <span class="banner-text">{tournamentRefusal(t, x, refused.code, refused.message)}</span>
          </div>
          <p>
            <a href="#/tournaments">{x.tournamentsTitle}</a>
          </p>
        </section>
      </div>
    );
  if (!view)
    return (
      <div class="players-page">
        <section class="panel">
          <p class="empty" role="status">
            {x.loading}
          </p>
        </section>
      </div>
    );

  const entered = me !== undefined && view.entrants.some((e) => e.toLowerCase() === me.toLowerCase());
  const p = playText(t);
  const act = async (which: 'join' | 'leave'): Promise<void> => {
    setBusy(true);
    setActionRefused(undefined);
    const answer = await (which === 'join' ? joinTournament(view.id) : leaveTournament(view.id));
    setBusy(false);
    if (answer.ok) setView(answer.value);
    else setActionRefused(tournamentRefusal(t, x, answer.code, answer.message));
  };
  const left = countdownText(x, view.startsAt - now);

  return (
    <div class="players-page tournament" data-tournament={view.id} data-status={view.status}>
      <OfflineNotice t={t} />
      <section class="panel" aria-labelledby="tournament-name">
        <h1 id="tournament-name">{view.name}</h1>
        <p class="tournament-line">{tournamentLine(lang, t, x, view)}</p>
        <p class="rating-note">
          <span class={`status-mark status-${view.status}`} data-testid="tournament-status">
            {statusText(x, view.status)}
          </span>{' '}
          {view.status === 'running' && x.roundOf(view.round, view.totalRounds)}
          {view.status === 'open' && (
            <>
              {x.startsAt('')}
              <time dateTime={new Date(view.startsAt).toISOString()}>
                {dateTimeText(lang, view.startsAt)}
              </time>
            </>
          )}{' '}
          · {x.createdBy(view.creator)}
        </p>
        {view.status === 'open' && (
          <p class="countdown" role="timer" aria-live="off">
            {left === null ? x.startingNow : x.startsIn(left)}
          </p>
        )}
        <YourGame t={t} view={view} me={me} now={now} />
        <Ending t={t} x={x} view={view} />
        {view.status === 'open' &&
          (account?.user ? (
            <div class="action-row">
              {entered ? (
                <>
                  <span class="watching-mark">{x.youAreIn}</span>
                  <button
                    type="button"
                    class="action small"
                    disabled={busy}
                    onClick={() => void act('leave')}
                  >
                    {x.leave}
                  </button>
                </>
              ) : (
                <button type="button" class="action primary" disabled={busy} onClick={() => void act('join')}>
                  {x.join}
                </button>
              )}
            </div>
          ) : account ? (
            <p class="rating-note">
              {x.signInToPlay}{' '}
              <a class="action small" href={signInHref(`#/tournament/${encodeURIComponent(view.id)}`)}>
                {x.signIn}
              </a>
            </p>
          ) : null)}
        <div aria-live="assertive" class="live-region">
          {actionRefused && (
            <div class="banner banner-error">
              <span class="banner-text">
                <strong>{x.actionRefused}</strong> {actionRefused}
              </span>
            </div>
          )}
        </div>
      </section>

      <section class="panel" aria-labelledby="tournament-entrants" data-list="entrants">
        <h2 id="tournament-entrants">{x.entrantsTitle(view.entrants.length)}</h2>
        {view.entrants.length === 0 ? (
          <p class="empty">{x.noEntrants}</p>
        ) : (
          <ul class="entrants">
            {view.entrants.map((name) => (
              <li key={name}>
                <a href={`#/player/${encodeURIComponent(name)}`}>{name}</a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section class="panel" aria-labelledby="tournament-standings" data-list="standings">
        <h2 id="tournament-standings">{view.status === 'finished' ? p.finalStandings : x.standingsTitle}</h2>
        <p class="rating-note">{x.tieBreaks}</p>
        {view.standings.length === 0 ? (
          <p class="empty">{x.noStandings}</p>
        ) : (
          <div class="table-scroll">
            <table class="score-table standings-table">
              <thead>
                <tr>
                  <th scope="col">{x.colRank}</th>
                  <th scope="col" class="name">
                    {x.colPlayer}
                  </th>
                  <th scope="col">{x.colPoints}</th>
                  <th scope="col">{x.colBuchholz}</th>
                  <th scope="col">{x.colSB}</th>
                  <th scope="col">{x.colAttacked}</th>
                  <th scope="col">{x.colDefended}</th>
                  <th scope="col">{x.colRating}</th>
                </tr>
              </thead>
              <tbody>
                {view.standings.map((s) => (
                  <tr
                    key={s.name}
                    data-player={s.name}
                    class={me !== undefined && s.name.toLowerCase() === me.toLowerCase() ? 'me' : undefined}
                  >
                    <td>{s.rank}</td>
                    <th scope="row" class="name">
                      <a href={`#/player/${encodeURIComponent(s.name)}`}>{s.name}</a>
                    </th>
                    <td>{pointsText(lang, s.points)}</td>
                    <td>{pointsText(lang, s.buchholz)}</td>
                    <td>{pointsText(lang, s.sonnebornBerger)}</td>
                    <td>{s.attacked}</td>
                    <td>{s.defended}</td>
                    <td>{s.rating === null ? '–' : Math.round(s.rating)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section class="panel" aria-labelledby="tournament-rounds" data-list="rounds">
        <h2 id="tournament-rounds">{x.roundsTitle}</h2>
        {view.pairings.length === 0 ? (
          <p class="empty">{x.noRounds}</p>
        ) : (
          view.pairings.map((round, i) => (
            <div class="round" key={i} data-round={i + 1}>
              <h3>{x.roundTitle(i + 1)}</h3>
              <div class="table-scroll">
                <table class="score-table pairings">
                  <thead>
                    <tr>
                      <th scope="col">{x.colAttackers}</th>
                      <th scope="col">{x.colResult}</th>
                      <th scope="col">{x.colDefenders}</th>
                      <th scope="col">
                        <span class="visually-hidden">{x.gameLink}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {round.map((pairing) => (
                      <PairingRow
                        key={`${pairing.attackers}-${pairing.defenders ?? ''}`}
                        pairing={pairing}
                        x={x}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))
        )}
      </section>
    </div>
  );
}

/** The player's pairing in the round being played, if they are paired in it. */
export function myPairing(view: TournamentView, me: string | undefined): TournamentPairing | undefined {
  if (me === undefined || view.status !== 'running') return undefined;
  const key = me.toLowerCase();
  return view.pairings[view.round - 1]?.find(
    (p) => p.attackers.toLowerCase() === key || p.defenders?.toLowerCase() === key,
  );
}

/**
 * A round of the player's is being paired: the start has come and the first round is not paired
 * yet, or the player's pairing in the round has no game made yet (the games follow the pairing).
 */
export function pairingSoon(view: TournamentView, me: string | undefined, now: number): boolean {
  const entered = me !== undefined && view.entrants.some((e) => e.toLowerCase() === me.toLowerCase());
  if (!entered) return false;
  if (view.status === 'open') return view.startsAt <= now + PAIRING_POLL_MS;
  const mine = myPairing(view, me);
  return view.status === 'running' && mine !== undefined && mine.defenders !== null && mine.status === null;
}

/** The player's game of the round being played, one click away; or that it is being paired. */
function YourGame(props: {
  readonly t: Messages;
  readonly view: TournamentView;
  readonly me: string | undefined;
  readonly now: number;
}) {
  const { t, view, me, now } = props;
  const p = playText(t);
  const mine = myPairing(view, me);
  if (mine?.game && mine.status === 'playing') {
    const side = mine.attackers.toLowerCase() === me?.toLowerCase() ? 'attackers' : 'defenders';
    const opponent = side === 'attackers' ? mine.defenders : mine.attackers;
    return (
      <div class="banner banner-your-game" role="status" data-testid="your-game">
        <span class="banner-text">
          <strong>{p.yourGame(view.round)}</strong>{' '}
          {p.gameReadyAgainst(
            opponent ?? '',
            (side === 'attackers' ? t.attackers : t.defenders).toLowerCase(),
          )}
        </span>
        <a class="action primary" href={`#/online/${encodeURIComponent(mine.game)}`}>
          {p.goToGame}
        </a>
      </div>
    );
  }
  // (Before the first round the countdown says it is being paired.)
  if (view.status === 'running' && pairingSoon(view, me, now))
    return (
      <p class="note" role="status" data-testid="pairing-soon">
        {p.pairingSoon}
      </p>
    );
  return null;
}

/** A tournament over: the winner (a finished one's) and why it ended. */
function Ending(props: { readonly t: Messages; readonly x: TournamentsText; readonly view: TournamentView }) {
  const { t, view } = props;
  const p = playText(t);
  if (view.ending === null) return null;
  const winner = view.status === 'finished' ? view.standings[0]?.name : undefined;
  const why =
    view.ending === 'rounds'
      ? p.endedRounds(view.round)
      : view.ending === 'no-pairing'
        ? p.endedNoPairing(view.round, view.totalRounds)
        : p.endedTooFew;
  return (
    <div class="tournament-ending" data-testid="tournament-ending">
      {winner !== undefined && (
        <p class="tournament-winner" data-testid="tournament-winner">
          <strong>{p.winner(winner)}</strong>
        </p>
      )}
      <p class="rating-note">{why}</p>
    </div>
  );
}

function PairingRow({ pairing, x }: { pairing: TournamentPairing; x: TournamentsText }) {
  const player = (name: string) => <a href={`#/player/${encodeURIComponent(name)}`}>{name}</a>;
  if (pairing.defenders === null)
    return (
      <tr class="pairing bye">
        <td>{player(pairing.attackers)}</td>
        <td>{x.bye}</td>
        <td />
        <td />
      </tr>
    );
  return (
    <tr class="pairing" data-game={pairing.game ?? ''}>
      <td>{player(pairing.attackers)}</td>
      <td class="pairing-result">
        {pairing.score !== null ? scoreLine(pairing.score) : pairing.status === 'playing' ? x.inPlay : '–'}
        {pairing.forfeit && <> ({x.forfeit})</>}
      </td>
      <td>{player(pairing.defenders)}</td>
      <td>
        {pairing.game !== null && (
          <a class="action small" href={`#/online/${encodeURIComponent(pairing.game)}`}>
            {x.gameLink}
          </a>
        )}
      </td>
    </tr>
  );
}
