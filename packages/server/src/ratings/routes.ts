/**
 * Players' pages over HTTP (protocol-players.ts): a player's ratings and games, "my
 * games", the leaderboards. Read-only; every list is bounded and read along an index
 * (store/ratings.ts).
 */

import type { Side } from '@tafl/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { nameKey } from '../accounts/passwords.js';
import type { Accounts } from '../accounts/routes.js';
import { deadline, rulesOfRow, summaryOf, turnAt } from '../game.js';
import type { Hub } from '../hub.js';
import { GAME_ID_RE } from '../protocol.js';
import { summaryOf as tournamentSummary } from '../tournaments/schedule.js';
import { ratedGameOf } from './service.js';
import {
  MY_FINISHED_MAX,
  RATING_FAMILIES,
  USER_NAME_RE,
  type GameRatings,
  type PlayerLookup,
  type RatingChange,
  type Leaderboard,
  type LeaderboardEntry,
  type MyGames,
  type PlayerGame,
  type PlayerView,
  type RatingFamily,
  type RatingView,
  type SideScore,
} from '../protocol-players.js';
import type { Refusal } from '../protocol.js';
import { isProvisional } from './glicko2.js';
import { current } from './update.js';
import type { SideCount } from '../store/ratings.js';
import type { GameRow, Store } from '../store/types.js';

export interface PlayerDeps {
  readonly hub: Hub;
  readonly store: Store;
  readonly accounts: Accounts;
  readonly refuse: (reply: FastifyReply, refused: Refusal) => FastifyReply;
}

/** Points of a rating history the page draws (the latest ones). */
export const HISTORY_MAX = 500;
/** Games in progress on a player's page. */
export const PLAYING_MAX = 50;
/** Ended games on a player's page (PlayerView.recent). */
export const RECENT_MAX = 30;
/** Games in "my games" (waiting and playing). */
export const MY_GAMES_MAX = 200;
/** Tournaments of mine, open or running, in "my games". */
export const MY_TOURNAMENTS_MAX = 20;
/** Players on a leaderboard. */
export const LEADERBOARD_MAX = 100;

/** A game as a player sees it in lists: the side, whose turn, the deadline, the rating change. */
export function playerGame(row: GameRow, side: Side, diff: number | undefined): PlayerGame {
  const rules = rulesOfRow(row);
  const turn = rules ? turnAt(rules, row.ply) : undefined;
  const running = row.status === 'playing' && turn !== undefined;
  return {
    ...summaryOf(row),
    side,
    rated: row.rated,
    myTurn: running && turn === side,
    deadline: running ? (deadline(row, turn) ?? null) : null,
    ratingDiff: diff ?? null,
    tournament: row.tournamentId,
  };
}

/**
 * "My games" order (protocol-players.ts MyGames): correspondence games where it is my turn,
 * soonest deadline first; then the other games where it is my turn, soonest deadline first;
 * then the rest, the latest change first.
 */
export function myGamesOrder(a: PlayerGame, b: PlayerGame): number {
  const rank = (g: PlayerGame): number => (!g.myTurn ? 2 : g.time.kind === 'correspondence' ? 0 : 1);
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (rank(a) < 2) {
    const da = a.deadline ?? Infinity;
    const db = b.deadline ?? Infinity;
    if (da !== db) return da < db ? -1 : 1;
  }
  return b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : 1);
}

/**
 * Games, wins, draws and losses on each side, from the RATED games of the family (those that
 * changed the rating, which the rating page stands beside): casual games are not counted.
 */
export function sideScores(counts: readonly SideCount[], family: RatingFamily): Record<Side, SideScore> {
  const score = (side: Side): SideScore => {
    let wins = 0;
    let draws = 0;
    let losses = 0;
    for (const c of counts) {
      if (c.family !== family || c.side !== side) continue;
      if (c.winner === side) wins += c.games;
      else if (c.winner === 'draw') draws += c.games;
      else losses += c.games;
    }
    return { games: wins + draws + losses, wins, draws, losses };
  };
  return { attackers: score('attackers'), defenders: score('defenders') };
}

/** Ranks by the rounded rating: equal ratings share a rank (1, 2, 2, 4). */
export function ranked(rows: readonly Omit<LeaderboardEntry, 'rank'>[]): LeaderboardEntry[] {
  const entries: LeaderboardEntry[] = [];
  rows.forEach((row, i) => {
    const previous = entries[i - 1];
    const rank = previous && previous.rating === row.rating ? previous.rank : i + 1;
    entries.push({ rank, ...row });
  });
  return entries;
}

/** What a game did to its players' ratings (GameRatings). */
export async function gameRatings(row: GameRow, store: Store): Promise<GameRatings> {
  const game = ratedGameOf(row);
  if (!game) return { status: 'none', attackers: null, defenders: null };
  const { rated, changes } = await store.ratings.gameChanges(row.id, [game.attackers, game.defenders]);
  const of = (userId: string): RatingChange | null => {
    const change = changes.find((c) => c.userId === userId);
    return change ? { family: game.family, rating: Math.round(change.rating), diff: change.diff } : null;
  };
  return {
    status: rated ? 'rated' : 'pending',
    attackers: of(game.attackers),
    defenders: of(game.defenders),
  };
}

const shown = (text: string): string => JSON.stringify(text.length > 24 ? `${text.slice(0, 24)}…` : text);

export function registerPlayers(app: FastifyInstance, deps: PlayerDeps): void {
  const { store, accounts, refuse } = deps;

  /** A player's games of these statuses as PlayerGames, with the rating change of each. */
  const playerGames = async (userId: string, rows: readonly GameRow[]): Promise<PlayerGame[]> => {
    const rated = rows.filter((r) => r.rated && r.status === 'ended').map((r) => r.id);
    const diffs = new Map(await store.ratings.diffs(userId, rated));
    return rows.map((row) =>
      playerGame(row, row.attackersUser === userId ? 'attackers' : 'defenders', diffs.get(row.id)),
    );
  };

  /** A player's page, or undefined when nobody has the name. */
  const playerView = async (name: string): Promise<PlayerView | undefined> => {
    const user = USER_NAME_RE.test(name) ? await store.ratings.player(nameKey(name)) : undefined;
    if (!user) return undefined;
    const now = Date.now();
    const [stored, counts, playing, recent] = await Promise.all([
      store.ratings.ratingsOf(user.id),
      store.ratings.sideCounts(user.id),
      store.ratings.games(user.id, ['playing'], PLAYING_MAX),
      store.ratings.games(user.id, ['ended'], RECENT_MAX),
    ]);
    const ratings: RatingView[] = [];
    for (const family of RATING_FAMILIES) {
      const s = stored.find((r) => r.family === family);
      if (!s) continue;
      const today = current(s, now);
      const history = await store.ratings.history(user.id, family, HISTORY_MAX);
      ratings.push({
        family,
        rating: Math.round(today.rating),
        deviation: Math.round(today.deviation),
        provisional: isProvisional(today),
        games: s.games,
        lastPlayedAt: s.lastPlayedAt,
        ...sideScores(counts, family),
        history: history.map((h) => ({
          at: h.at,
          rating: Math.round(h.rating),
          deviation: Math.round(h.deviation),
          game: h.gameId,
        })),
      });
    }
    const view: PlayerView = {
      name: user.name,
      createdAt: user.createdAt,
      ratings,
      playing: await playerGames(user.id, playing),
      recent: await playerGames(user.id, recent),
    };
    return view;
  };

  app.get<{ Params: { name: string } }>('/api/players/:name', async (request, reply) => {
    const name = request.params.name;
    const view = await playerView(name);
    return view ?? refuse(reply, { code: 'player/unknown', message: `no player is called ${shown(name)}` });
  });

  // The same page looked up by a name that may be nobody's (protocol-players.ts PlayerLookup).
  app.get<{ Querystring: { name?: unknown } }>('/api/players', async (request, reply) => {
    const name = request.query.name;
    if (typeof name !== 'string')
      return refuse(reply, { code: 'msg/schema', message: 'name is the player name to look up' });
    const lookup: PlayerLookup = { player: (await playerView(name)) ?? null };
    return lookup;
  });

  app.get('/api/me/games', async (request, reply) => {
    const player = await accounts.viewer(request);
    if (!player) return refuse(reply, { code: 'auth/required', message: 'sign in to see your games' });
    const [rows, ended, entered] = await Promise.all([
      store.ratings.games(player.id, ['waiting', 'playing'], MY_GAMES_MAX),
      store.ratings.games(player.id, ['ended'], MY_FINISHED_MAX),
      store.tournaments.entered(player.id, MY_TOURNAMENTS_MAX),
    ]);
    const games = (await playerGames(player.id, rows)).sort(myGamesOrder);
    const mine: MyGames = {
      games,
      myTurn: games.filter((g) => g.myTurn).length,
      finished: await playerGames(player.id, ended),
      tournaments: entered.map(tournamentSummary),
    };
    return mine;
  });

  // What a game did to its players' ratings: the game's page says it once its end is counted.
  app.get<{ Params: { id: string } }>('/api/games/:id/ratings', async (request, reply) => {
    const id = request.params.id;
    const row = GAME_ID_RE.test(id) ? await store.loadGame(id) : undefined;
    if (!row) return refuse(reply, { code: 'game/unknown', message: `there is no game ${id.slice(0, 20)}` });
    return gameRatings(row, store);
  });

  app.get<{ Params: { family: string } }>('/api/leaderboard/:family', async (request, reply) => {
    const family = RATING_FAMILIES.find((f) => f === request.params.family);
    if (!family)
      return refuse(reply, {
        code: 'http/not-found',
        message: `there is no leaderboard ${shown(request.params.family)}: ${RATING_FAMILIES.join(' or ')}`,
      });
    const rows = await store.ratings.leaderboard(family, Date.now(), LEADERBOARD_MAX);
    const board: Leaderboard = {
      family,
      players: ranked(
        rows.map((r) => ({
          name: r.name,
          rating: Math.round(r.rating),
          deviation: Math.round(r.deviation),
          games: r.games,
          lastPlayedAt: r.lastPlayedAt,
        })),
      ),
    };
    return board;
  });
}
