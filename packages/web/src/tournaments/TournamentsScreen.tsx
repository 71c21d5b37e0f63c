/**
 * The tournaments (`#/tournaments`): those open for entries (with their start, their players and
 * a button to join for a signed-in player), those being played and the finished ones, each
 * opening its page; a signed-in player may create one.
 */

import type { AccountView, TournamentList, TournamentSummary } from '@tafl/server/protocol';
import { useState } from 'preact/hooks';
import { useNetwork } from '../app/network.js';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import type { Lang, Messages } from '../i18n/index.js';
import type { ApiRefusal } from '../online/api.js';
import { dateTimeText } from '../players/format.js';
import { rulesetName, timeText } from '../players/names.js';
import { fetchTournaments, joinTournament } from './api.js';
import { roundsText, totalRoundsOf, tournamentRefusal } from './form.js';
import { signInHref, useAccount, usePolling } from './hooks.js';
import { statusText, tournamentsText, type TournamentsText } from './text.js';
import '../game/game.css';
import '../players/players.css';
import './tournaments.css';

const LIST_POLL_MS = 15_000;

export function TournamentsScreen({ lang, t, navigate }: ScreenProps) {
  const x = tournamentsText(t);
  useTitle(t.appName, x.tournamentsTitle);
  const account = useAccount();
  const [list, setList] = useState<TournamentList | undefined>();
  const [refused, setRefused] = useState<ApiRefusal | undefined>();
  const [actionRefused, setActionRefused] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const network = useNetwork();

  usePolling(
    async () => {
      const answer = await fetchTournaments();
      if (answer.ok) {
        setList(answer.value);
        setRefused(undefined);
      } else setRefused(answer);
      return true;
    },
    LIST_POLL_MS,
    'list',
  );

  const join = async (id: string): Promise<void> => {
    setBusy(id);
    setActionRefused(undefined);
    const answer = await joinTournament(id);
    setBusy(undefined);
    if (answer.ok) navigate({ screen: 'tournament', id });
    else setActionRefused(tournamentRefusal(t, x, answer.code, answer.message));
  };

  const section = (key: keyof TournamentList, title: string, empty: string) => (
    <section class="panel" aria-labelledby={`tournaments-${key}`} data-list={key}>
      <h2 id={`tournaments-${key}`}>{title}</h2>
      {!list ? (
        <p class="empty">{refused || network.state !== 'online' ? '' : x.loading}</p>
      ) : list[key].length === 0 ? (
        <p class="empty">{empty}</p>
      ) : (
        <ul class="game-list">
          {list[key].map((s) => (
            <TournamentItem
              key={s.id}
              summary={s}
              lang={lang}
              t={t}
              x={x}
              account={account}
              busy={busy === s.id}
              onJoin={() => void join(s.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <div class="players-page tournaments">
      <div class="tournaments-head">
        <h1>{x.tournamentsTitle}</h1>
        <a class="action small" href="#/leaderboard">
          {x.leaderboardsLink}
        </a>
        {account?.user ? (
          <a class="action primary" href="#/tournaments/new">
            {x.createLink}
          </a>
        ) : account ? (
          <p class="rating-note">
            {x.signInToPlay}{' '}
            <a class="action small" href={signInHref('#/tournaments')}>
              {x.signIn}
            </a>
          </p>
        ) : null}
      </div>
      <OfflineNotice t={t} />
      {refused && refused.code !== 'net/failed' && (
        <div class="banner banner-error" role="alert">
          <span class="banner-text">
            <strong>{x.loadFailed}</strong> {tournamentRefusal(t, x, refused.code, refused.message)}
          </span>
        </div>
      )}
      <div aria-live="assertive" class="live-region">
        {actionRefused && (
          <div class="banner banner-error">
            <span class="banner-text">
              <strong>{x.actionRefused}</strong> {actionRefused}
            </span>
          </div>
        )}
      </div>
      {section('open', x.openTitle, x.noOpen)}
      {section('running', x.runningTitle, x.noRunning)}
      {section('finished', x.finishedTitle, x.noFinished)}
    </div>
  );
}

/** What a tournament is, in a line: kind, ruleset, time, rounds, rated or casual. */
export function tournamentLine(lang: Lang, t: Messages, x: TournamentsText, s: TournamentSummary): string {
  return [
    s.kind === 'swiss' ? x.kindSwiss : x.kindRoundRobin,
    rulesetName(lang, s.rulesId, s.rulesName),
    timeText(t, s.time),
    roundsText(x, s),
    s.rated ? x.rated : x.casual,
  ].join(' · ');
}

function TournamentItem(props: {
  summary: TournamentSummary;
  lang: Lang;
  t: Messages;
  x: TournamentsText;
  account: { readonly user: AccountView | null } | undefined;
  busy: boolean;
  onJoin: () => void;
}) {
  const { summary: s, lang, t, x, account, busy, onJoin } = props;
  const href = `#/tournament/${encodeURIComponent(s.id)}`;
  const when = new Date(s.startsAt);
  return (
    <li class="game-summary tournament-item" data-tournament={s.id}>
      <a class="game-summary-main" href={href}>
        <span class="game-summary-name">{s.name}</span>
        <span class="game-summary-meta">{tournamentLine(lang, t, x, s)}</span>
        <span class="game-summary-meta">
          {s.status === 'open' ? (
            <>
              {x.startsAt('')}
              <time dateTime={when.toISOString()}>{dateTimeText(lang, s.startsAt)}</time>
            </>
          ) : s.status === 'running' ? (
            x.roundOf(s.round, totalRoundsOf(s))
          ) : (
            statusText(x, s.status)
          )}{' '}
          · {x.playersCount(s.players)} · {x.createdBy(s.creator)}
        </span>
      </a>
      <span class="game-summary-actions">
        {s.status === 'open' && account?.user && (
          <button type="button" class="action primary small" disabled={busy} onClick={onJoin}>
            {x.join}
          </button>
        )}
        <a class="action small" href={href}>
          {x.view}
        </a>
      </span>
    </li>
  );
}
