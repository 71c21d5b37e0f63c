/**
 * The leaderboards (`#/leaderboard`, `#/leaderboard/FAMILY`): a tab per rating family (Brandubh
 * first), each a table of rank, player, rating, games and the last rated game, with the rules of
 * who is listed (settled ratings, a rated game in the last 3 months). Offline it says so, and asks
 * again when the network is back.
 */

import type { Leaderboard, RatingFamily } from '@tafl/server/protocol';
import { PROVISIONAL_DEVIATION, RATING_FAMILIES } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { pageNetwork, useNetwork } from '../app/network.js';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import type { ApiRefusal } from '../online/api.js';
import { refusalText } from '../online/errors.js';
import { fetchLeaderboard } from './api.js';
import { dateText, deviationText, isFamily } from './format.js';
import { familyName, playersText } from './text.js';
import '../game/game.css';
import './players.css';

export function LeaderboardScreen({ lang, t, family: asked }: ScreenProps & { readonly family?: string }) {
  const p = playersText(t);
  const family: RatingFamily = isFamily(asked) ? asked : 'brandubh';
  const name = familyName(p, family);
  useTitle(t.appName, name, p.leaderboardTitle);
  const [board, setBoard] = useState<Leaderboard | undefined>();
  const [refused, setRefused] = useState<ApiRefusal | undefined>();
  const network = useNetwork();

  useEffect(() => {
    setBoard(undefined);
    setRefused(undefined);
  }, [family]);
  useEffect(() => {
    if (pageNetwork().offline) return;
    let alive = true;
    void fetchLeaderboard(family).then((answer) => {
      if (!alive) return;
      if (answer.ok) setBoard(answer.value);
      setRefused(answer.ok ? undefined : answer);
    });
    return () => {
      alive = false;
    };
  }, [family, network.retry]);

  return (
    <div class="players-page leaderboard">
      <div class="players-head">
        <h1>{p.leaderboardTitle}</h1>
        <a class="action small" href="#/tournaments">
          {p.tournamentsLink}
        </a>
      </div>
      <nav class="family-tabs" aria-label={p.familiesNav}>
        {RATING_FAMILIES.map((f) => (
          <a
            key={f}
            class={`family-tab${f === family ? ' current' : ''}`}
            href={`#/leaderboard/${f}`}
            {...(f === family ? { 'aria-current': 'page' as const } : {})}
          >
            {familyName(p, f)}
          </a>
        ))}
      </nav>
      <section class="panel" aria-labelledby="leaderboard-family" data-family={family}>
        <h2 id="leaderboard-family">{name}</h2>
        {asked !== undefined && !isFamily(asked) && <p class="rating-note">{p.unknownFamily(asked)}</p>}
        <p class="rating-note">
          {p.leaderboardRules(PROVISIONAL_DEVIATION)} {p.leaderboardFamily(name)}
        </p>
        <OfflineNotice t={t} />
        {refused && refused.code !== 'net/failed' && !board ? (
          <div class="banner banner-error" role="alert">
            <span class="banner-text">
              <strong>{p.loadFailed}</strong> {refusalText(t, refused.code, refused.message)}
            </span>
          </div>
        ) : !board ? (
          <p class="empty" role="status">
            {network.state === 'online' && !refused ? p.loading : ''}
          </p>
        ) : board.players.length === 0 ? (
          <p class="empty" data-testid="leaderboard-empty">
            {p.leaderboardEmpty}
          </p>
        ) : (
          <div class="table-scroll">
            <table class="score-table leaderboard-table">
              <thead>
                <tr>
                  <th scope="col">{p.colRank}</th>
                  <th scope="col" class="name">
                    {p.colPlayer}
                  </th>
                  <th scope="col">{p.colRating}</th>
                  <th scope="col">{p.colGames}</th>
                  <th scope="col">{p.colLastPlayed}</th>
                </tr>
              </thead>
              <tbody>
                {board.players.map((e) => (
                  <tr key={e.name} data-player={e.name}>
                    <td>{e.rank}</td>
                    <th scope="row" class="name">
                      <a href={`#/player/${encodeURIComponent(e.name)}`}>{e.name}</a>
                    </th>
                    <td>
                      {Math.round(e.rating)} <span class="rating-dev">{deviationText(e.deviation)}</span>
                    </td>
                    <td>{e.games}</td>
                    <td>
                      <time dateTime={new Date(e.lastPlayedAt).toISOString()}>
                        {dateText(lang, e.lastPlayedAt)}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
