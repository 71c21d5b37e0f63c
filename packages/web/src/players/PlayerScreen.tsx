/**
 * A player's page (`#/player/NAME`): for each rating family the rating (with `?` while
 * provisional, and its deviation), the rated games, the rating's history as a graph, the results
 * as attackers and as defenders apart; then the games being played and the recent ones, each
 * opening the game (and a finished one's analysis). Offline it says so, and asks again when the
 * network is back.
 */

import { opposite } from '@tafl/core';
import type { PlayerGame, PlayerView, RatingView } from '@tafl/server/protocol';
import { RATING_FAMILIES } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { pageNetwork, useNetwork } from '../app/network.js';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import type { Lang, Messages } from '../i18n/index.js';
import type { ApiRefusal } from '../online/api.js';
import { refusalText } from '../online/errors.js';
import { useAccount } from '../account/session.js';
import { fetchPlayer } from './api.js';
import { dateText, deviationText, diffText, outcomeFor, ratingText, scorePercent } from './format.js';
import { rulesetName, timeText } from './names.js';
import { RatingGraph } from './RatingGraph.js';
import { familyName, playersText, type PlayersText } from './text.js';
import '../game/game.css';
import './players.css';

export function PlayerScreen({ lang, t, name }: ScreenProps & { readonly name: string }) {
  const p = playersText(t);
  useTitle(t.appName, name, p.playerTitle);
  const account = useAccount();
  const [view, setView] = useState<PlayerView | undefined>();
  const [refused, setRefused] = useState<ApiRefusal | undefined>();
  const network = useNetwork();

  useEffect(() => {
    setView(undefined);
    setRefused(undefined);
  }, [name]);
  useEffect(() => {
    if (pageNetwork().offline) return;
    let alive = true;
    void fetchPlayer(name).then((answer) => {
      if (!alive) return;
      if (answer.ok) setView(answer.value);
      setRefused(answer.ok ? undefined : answer);
    });
    return () => {
      alive = false;
    };
  }, [name, network.retry]);

  if (!view && (network.state !== 'online' || refused?.code === 'net/failed'))
    return (
      <div class="players-page">
        <section class="panel">
          <h1>{name}</h1>
          <OfflineNotice t={t} />
        </section>
      </div>
    );
  if (refused && !view)
    return (
      <div class="players-page">
        <section class="panel" aria-labelledby="player-name">
          <h1 id="player-name">{name}</h1>
          {refused.code === 'player/unknown' ? (
            <div class="empty-state" role="status" data-testid="player-unknown">
              <p>
                <strong>{p.unknownPlayer(name)}</strong>
              </p>
              <p>{p.unknownHint}</p>
            </div>
          ) : (
            <div class="banner banner-error" role="alert">
              <span class="banner-text">
                <strong>{p.loadFailed}</strong> {refusalText(t, refused.code, refused.message)}
              </span>
            </div>
          )}
        </section>
      </div>
    );

  if (!view)
    return (
      <div class="players-page">
        <section class="panel">
          <h1>{name}</h1>
          <p class="empty" role="status">
            {p.loading}
          </p>
        </section>
      </div>
    );

  const ratings = [...view.ratings].sort(
    (a, b) => RATING_FAMILIES.indexOf(a.family) - RATING_FAMILIES.indexOf(b.family),
  );
  return (
    <div class="players-page" data-player={view.name}>
      <OfflineNotice t={t} />
      <section class="panel player-head" aria-labelledby="player-name">
        <h1 id="player-name">{view.name}</h1>
        <p class="player-since">{p.memberSince(dateText(lang, view.createdAt))}</p>
        {account.user && account.user.name.toLowerCase() === view.name.toLowerCase() && (
          <p class="player-own">
            {p.ownPage}{' '}
            <a class="action small" href="#/games">
              {p.myGames}
            </a>
          </p>
        )}
        {ratings.length === 0 && (
          <div class="empty-state" data-testid="player-unrated">
            <p>
              <strong>{p.noRated(view.name)}</strong>
            </p>
            <p>{p.noRatedHint}</p>
            <a class="action small" href="#/lobby">
              {p.toLobby}
            </a>
          </div>
        )}
      </section>
      {ratings.map((r) => (
        <RatingPanel key={r.family} rating={r} lang={lang} p={p} />
      ))}
      <GameList
        id="playing"
        title={p.playingTitle}
        empty={p.noPlaying}
        games={view.playing}
        lang={lang}
        t={t}
        p={p}
      />
      <GameList
        id="recent"
        title={p.recentTitle}
        empty={p.noRecent}
        games={view.recent}
        lang={lang}
        t={t}
        p={p}
      />
    </div>
  );
}

function RatingPanel({ rating, lang, p }: { rating: RatingView; lang: Lang; p: PlayersText }) {
  const family = familyName(p, rating.family);
  const head = `rating-${rating.family}`;
  return (
    <section class="panel rating-panel" aria-labelledby={head} data-family={rating.family}>
      <h2 id={head}>{family}</h2>
      <div class="rating-figures">
        <p class="rating-big">
          <span class="visually-hidden">{p.ratingLabel} </span>
          <strong data-testid={`rating-${rating.family}`}>{ratingText(rating)}</strong>{' '}
          <span class="rating-dev" title={p.deviationLabel(deviationText(rating.deviation))}>
            {deviationText(rating.deviation)}
          </span>
        </p>
        <p class="rating-meta">
          {p.ratedGames(rating.games)}
          {rating.lastPlayedAt !== null && <> · {p.lastPlayed(dateText(lang, rating.lastPlayedAt))}</>}
        </p>
      </div>
      {rating.provisional && <p class="rating-note">{p.provisionalNote}</p>}
      <h3>{p.graphTitle}</h3>
      <RatingGraph history={rating.history} games={rating.games} lang={lang} p={p} id={rating.family} />
      <h3 id={`${head}-score`}>{p.scoreTitle}</h3>
      <div class="table-scroll">
        <table class="score-table" aria-labelledby={`${head}-score`} data-testid={`score-${rating.family}`}>
          <thead>
            <tr>
              <th scope="col">{p.colSide}</th>
              <th scope="col">{p.colGames}</th>
              <th scope="col">{p.colWins}</th>
              <th scope="col">{p.colDraws}</th>
              <th scope="col">{p.colLosses}</th>
              <th scope="col">{p.colScore}</th>
            </tr>
          </thead>
          <tbody>
            {(['attackers', 'defenders'] as const).map((side) => {
              const s = rating[side];
              const pct = scorePercent(s);
              return (
                <tr key={side} data-side={side}>
                  <th scope="row">{side === 'attackers' ? p.asAttackers : p.asDefenders}</th>
                  <td>{s.games}</td>
                  <td>{s.wins}</td>
                  <td>{s.draws}</td>
                  <td>{s.losses}</td>
                  <td>{pct === null ? '–' : `${pct.toLocaleString(lang)} %`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p class="rating-note">{p.scoreNote}</p>
    </section>
  );
}

function GameList(props: {
  id: string;
  title: string;
  empty: string;
  games: readonly PlayerGame[];
  lang: Lang;
  t: Messages;
  p: PlayersText;
}) {
  const { id, title, empty, games, lang, t, p } = props;
  return (
    <section class="panel" aria-labelledby={`player-${id}`} data-list={id}>
      <h2 id={`player-${id}`}>{title}</h2>
      {games.length === 0 ? (
        <p class="empty">{empty}</p>
      ) : (
        <ul class="game-list player-games">
          {games.map((g) => (
            <PlayerGameItem key={g.id} game={g} lang={lang} t={t} p={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PlayerGameItem({ game, lang, t, p }: { game: PlayerGame; lang: Lang; t: Messages; p: PlayersText }) {
  const other = game.seats[opposite(game.side)];
  const outcome = outcomeFor(game.result, game.side);
  const href = `#/online/${encodeURIComponent(game.id)}`;
  const over = game.status === 'ended' || game.status === 'aborted';
  return (
    <li class="game-summary player-game" data-game={game.id}>
      <span class="game-summary-main">
        <span class="game-summary-name">
          {outcome && (
            <span class={`outcome outcome-${outcome}`} data-testid="outcome">
              {outcome === 'won'
                ? p.won
                : outcome === 'lost'
                  ? p.lost
                  : outcome === 'drawn'
                    ? p.drawn
                    : p.noResult}
            </span>
          )}
          {game.ratingDiff !== null && (
            <span
              class={`rating-diff ${game.ratingDiff > 0 ? 'up' : game.ratingDiff < 0 ? 'down' : ''}`}
              data-testid="rating-diff"
              aria-label={p.ratingChange(diffText(game.ratingDiff))}
            >
              {diffText(game.ratingDiff)}
            </span>
          )}{' '}
          {game.side === 'attackers' ? p.sideAttackers : p.sideDefenders}{' '}
          {other.player ? (
            <>
              {p.against('')}
              <a href={`#/player/${encodeURIComponent(other.player)}`}>{other.name ?? other.player}</a>
            </>
          ) : (
            p.against(other.name ?? t.seatFree)
          )}
          {game.myTurn && <span class="watching-mark your-turn">{p.toMove}</span>}
        </span>
        <span class="game-summary-meta">
          {rulesetName(lang, game.rulesId, game.rulesName)} · {timeText(t, game.time)} ·{' '}
          {game.rated ? p.rated : p.casual} ·{' '}
          <time dateTime={new Date(game.updatedAt).toISOString()}>{dateText(lang, game.updatedAt)}</time>
        </span>
      </span>
      <span class="game-summary-actions">
        <a class="action small" href={href}>
          {over ? p.replay : p.watch}
        </a>
        {game.status === 'ended' && (
          <a class="action small subtle" href={`#/analysis/online/${encodeURIComponent(game.id)}`}>
            {p.analyse}
          </a>
        )}
      </span>
    </li>
  );
}
