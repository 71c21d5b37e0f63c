/**
 * The ratings tables, through the one Kysely query layer of both databases. The SQLite
 * store runs in a worker thread: every method is forwarded there by name (thread-store.ts), so
 * arguments and answers are plain data (structured clone), and an error reaches the caller with
 * its message only: report expected outcomes as values, not as errors of a kind.
 *
 * Every list is bounded (a `limit` each) and every query follows an index: a player's games by
 * `games_attackers_user` / `games_defenders_user`, the history by `rating_history_user`, a
 * leaderboard by `ratings_family_rating`, the sweep of unrated games by `games_status_updated`.
 */

import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  FAMILY_PRESETS,
  LEADERBOARD_ACTIVE_MS,
  PROVISIONAL_DEVIATION,
  RATING_FAMILIES,
  type RatingFamily,
} from '../protocol-players.js';
import type { GameStatus } from '../protocol.js';
import { changes, current, type RatedGame, type StoredRating } from '../ratings/update.js';
import { gameFromDb, int, intOrNull, type Database, type RatingsTable } from './schema.js';
import type { GameRow } from './rows.js';

/** A player as the player page names it. */
export interface PlayerRow {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
}

/** Rated games of a family on one side with one winner: how many. */
export interface SideCount {
  readonly family: string;
  readonly side: 'attackers' | 'defenders';
  /** The game's winner: attackers, defenders or draw. */
  readonly winner: string;
  readonly games: number;
}

export interface HistoryRow {
  readonly gameId: string;
  readonly at: number;
  readonly rating: number;
  readonly deviation: number;
  readonly diff: number;
}

/** The rating a game left a player with, and the change it made. */
export interface GameChangeRow {
  readonly userId: string;
  readonly family: string;
  readonly rating: number;
  readonly diff: number;
}

export interface LeaderRow {
  readonly name: string;
  /** As it stands now (the deviation grown by the idle weeks since the last game). */
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
  readonly lastPlayedAt: number;
}

/**
 * What rating a game did: 'rated' (both ratings written now), 'already' (another call or another
 * process rated it first: nothing written), 'skipped' (not a game two accounts can be rated by).
 */
export type RateOutcome = 'rated' | 'already' | 'skipped';

export interface RatingStore {
  /**
   * Rates a game exactly once, in one transaction: its `rated_games` row (the first writer
   * wins), both players' ratings in its family read (locked on PostgreSQL), changed and written
   * with a history row each. A player whose account is gone is not written (the other is).
   */
  rate(game: RatedGame): Promise<RateOutcome>;
  /** A player's stored rating in a family, if any. */
  rating(userId: string, family: RatingFamily): Promise<StoredRating | undefined>;
  /** Every family's stored rating of a player. */
  ratingsOf(userId: string): Promise<StoredRating[]>;
  /** Sets a player's rating as given (imports, tests' setups). */
  put(rating: StoredRating): Promise<void>;
  /**
   * Up to `limit` rated games that ended after `since` (updatedAt) between two accounts with a
   * result and were never rated (no `rated_games` row): the oldest first.
   */
  unrated(since: number, limit: number): Promise<GameRow[]>;
  /** The account of a name key (passwords.ts nameKey), if any. */
  player(nameKey: string): Promise<PlayerRow | undefined>;
  /** The last `limit` points of a player's history in a family, oldest first. */
  history(userId: string, family: RatingFamily, limit: number): Promise<HistoryRow[]>;
  /** A player's rated games (those that changed the rating) by family, side and winner. */
  sideCounts(userId: string): Promise<SideCount[]>;
  /** Up to `limit` of a player's games in these statuses, the latest change first. */
  games(userId: string, statuses: readonly GameStatus[], limit: number): Promise<GameRow[]>;
  /** The rating change each of these games brought the player (games it rated only). */
  diffs(userId: string, gameIds: readonly string[]): Promise<[string, number][]>;
  /**
   * What a game did to its players' ratings: whether it has been rated (its `rated_games` row),
   * and the history row of each of `userIds` it wrote (along the history's (user, game) key).
   */
  gameChanges(
    gameId: string,
    userIds: readonly string[],
  ): Promise<{ readonly rated: boolean; readonly changes: readonly GameChangeRow[] }>;
  /**
   * The family's settled (deviation at most PROVISIONAL_DEVIATION now), active (a rated game
   * within LEADERBOARD_ACTIVE_MS of `now`) players, best first, at most `limit`.
   */
  leaderboard(family: RatingFamily, now: number, limit: number): Promise<LeaderRow[]>;
}

const RATED_PRESETS: readonly string[] = RATING_FAMILIES.flatMap((f) => FAMILY_PRESETS[f]);
const MAX_IDS = 500;

/** A PostgreSQL advisory lock's key for one player's ratings (64 bits of a hash, as text). */
function lockKey(userId: string): string {
  return createHash('sha256').update(`tafl-rating:${userId}`).digest().readBigInt64BE(0).toString();
}

function ratingFromDb(r: RatingsTable): StoredRating {
  return {
    userId: r.user_id,
    family: r.family as RatingFamily,
    rating: Number(r.rating),
    deviation: Number(r.deviation),
    volatility: Number(r.volatility),
    games: int(r.games),
    lastPlayedAt: intOrNull(r.last_played_at),
  };
}

export class KyselyRatings implements RatingStore {
  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly dialect: 'sqlite' | 'postgres',
  ) {}

  async rate(game: RatedGame): Promise<RateOutcome> {
    if (game.attackers === game.defenders || !RATING_FAMILIES.includes(game.family)) return 'skipped';
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('rated_games')
        .values({ game_id: game.gameId, at: Date.now() })
        .onConflict((oc) => oc.column('game_id').doNothing())
        .returning('game_id')
        .execute();
      if (claimed.length === 0) return 'already';
      // Two games of one player ending at once, in two processes: the second waits for the
      // first's ratings (in the same order in every transaction, so never a deadlock). SQLite
      // runs one transaction at a time.
      if (this.dialect === 'postgres')
        for (const id of [game.attackers, game.defenders].sort())
          await sql`select pg_advisory_xact_lock(cast(${lockKey(id)} as bigint))`.execute(trx);
      const ids = [game.attackers, game.defenders];
      const users = new Set(
        (await trx.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((u) => u.id),
      );
      const rows = await trx
        .selectFrom('ratings')
        .selectAll()
        .where('family', '=', game.family)
        .where('user_id', 'in', ids)
        .execute();
      const stored = new Map(rows.map((r) => [r.user_id, ratingFromDb(r)]));
      for (const change of changes(game, stored.get(game.attackers), stored.get(game.defenders))) {
        if (!users.has(change.userId)) continue; // the account was deleted meanwhile
        const values = {
          rating: change.after.rating,
          deviation: change.after.deviation,
          volatility: change.after.volatility,
          games: change.games,
          last_played_at: change.lastPlayedAt,
        };
        await trx
          .insertInto('ratings')
          .values({ user_id: change.userId, family: game.family, ...values })
          .onConflict((oc) => oc.columns(['user_id', 'family']).doUpdateSet(values))
          .execute();
        await trx
          .insertInto('rating_history')
          .values({
            user_id: change.userId,
            family: game.family,
            game_id: game.gameId,
            at: game.endedAt,
            rating: change.after.rating,
            deviation: change.after.deviation,
            diff: change.diff,
          })
          .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
          .execute();
      }
      return 'rated';
    });
  }

  async rating(userId: string, family: RatingFamily): Promise<StoredRating | undefined> {
    const row = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .where('family', '=', family)
      .executeTakeFirst();
    return row && ratingFromDb(row);
  }

  async ratingsOf(userId: string): Promise<StoredRating[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .where('family', 'in', [...RATING_FAMILIES])
      .execute();
    return rows.map(ratingFromDb);
  }

  async put(r: StoredRating): Promise<void> {
    const values = {
      rating: r.rating,
      deviation: r.deviation,
      volatility: r.volatility,
      games: r.games,
      last_played_at: r.lastPlayedAt,
    };
    await this.db
      .insertInto('ratings')
      .values({ user_id: r.userId, family: r.family, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'family']).doUpdateSet(values))
      .execute();
  }

  async unrated(since: number, limit: number): Promise<GameRow[]> {
    const rows = await this.db
      .selectFrom('games')
      .leftJoin('rated_games', 'rated_games.game_id', 'games.id')
      .selectAll('games')
      .where('games.status', '=', 'ended')
      .where('games.updated_at', '>', since)
      .where('games.rated', '=', 1)
      .where('rated_games.game_id', 'is', null)
      .where('games.attackers_user', 'is not', null)
      .where('games.defenders_user', 'is not', null)
      .where('games.winner', 'in', ['attackers', 'defenders', 'draw'])
      .where('games.rules_id', 'in', [...RATED_PRESETS])
      .orderBy('games.updated_at')
      .limit(Math.min(limit, MAX_IDS))
      .execute();
    return rows.map(gameFromDb);
  }

  async player(nameKey: string): Promise<PlayerRow | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'created_at'])
      .where('name_key', '=', nameKey)
      .executeTakeFirst();
    return row && { id: row.id, name: row.name, createdAt: int(row.created_at) };
  }

  async history(userId: string, family: RatingFamily, limit: number): Promise<HistoryRow[]> {
    const rows = await this.db
      .selectFrom('rating_history')
      .select(['game_id', 'at', 'rating', 'deviation', 'diff'])
      .where('user_id', '=', userId)
      .where('family', '=', family)
      .orderBy('at', 'desc')
      .orderBy('game_id', 'desc')
      .limit(Math.min(limit, MAX_IDS))
      .execute();
    return rows.reverse().map((r) => ({
      gameId: r.game_id,
      at: int(r.at),
      rating: Number(r.rating),
      deviation: Number(r.deviation),
      diff: int(r.diff),
    }));
  }

  async sideCounts(userId: string): Promise<SideCount[]> {
    // Grouped outside: the side's expression carries a parameter, which PostgreSQL would not
    // take as the same expression twice.
    const sides = this.db
      .selectFrom('rating_history as h')
      .innerJoin('games as g', 'g.id', 'h.game_id')
      .select([
        'h.family',
        sql<string>`case when g.attackers_user = ${userId} then 'attackers' else 'defenders' end`.as('side'),
        'g.winner',
      ])
      .where('h.user_id', '=', userId)
      .as('s');
    const rows = await this.db
      .selectFrom(sides)
      .select((eb) => ['s.family', 's.side', 's.winner', eb.fn.countAll().as('games')])
      .groupBy(['s.family', 's.side', 's.winner'])
      .execute();
    return rows.map((r) => ({
      family: r.family,
      side: r.side === 'attackers' ? 'attackers' : 'defenders',
      winner: r.winner ?? 'none',
      games: int(r.games),
    }));
  }

  async games(userId: string, statuses: readonly GameStatus[], limit: number): Promise<GameRow[]> {
    const n = Math.min(limit, MAX_IDS);
    if (statuses.length === 0) return [];
    // One query per seat, each along its own index (an OR of the two would follow neither).
    const bySeat = (column: 'attackers_user' | 'defenders_user') =>
      this.db
        .selectFrom('games')
        .selectAll()
        .where(column, '=', userId)
        .where('status', 'in', [...statuses])
        .orderBy('updated_at', 'desc')
        .limit(n)
        .execute();
    const [a, d] = await Promise.all([bySeat('attackers_user'), bySeat('defenders_user')]);
    const seen = new Set<string>();
    return [...a, ...d]
      .map(gameFromDb)
      .sort((x, y) => y.updatedAt - x.updatedAt || (x.id < y.id ? -1 : 1))
      .filter((g) => !seen.has(g.id) && seen.add(g.id))
      .slice(0, n);
  }

  async diffs(userId: string, gameIds: readonly string[]): Promise<[string, number][]> {
    if (gameIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('rating_history')
      .select(['game_id', 'diff'])
      .where('user_id', '=', userId)
      .where('game_id', 'in', gameIds.slice(0, MAX_IDS))
      .execute();
    return rows.map((r) => [r.game_id, int(r.diff)]);
  }

  async gameChanges(
    gameId: string,
    userIds: readonly string[],
  ): Promise<{ rated: boolean; changes: GameChangeRow[] }> {
    const [claimed, rows] = await Promise.all([
      this.db.selectFrom('rated_games').select('game_id').where('game_id', '=', gameId).executeTakeFirst(),
      userIds.length === 0
        ? Promise.resolve([])
        : this.db
            .selectFrom('rating_history')
            .select(['user_id', 'family', 'rating', 'diff'])
            .where('user_id', 'in', userIds.slice(0, 2))
            .where('game_id', '=', gameId)
            .execute(),
    ]);
    return {
      rated: claimed !== undefined,
      changes: rows.map((r) => ({
        userId: r.user_id,
        family: r.family,
        rating: Number(r.rating),
        diff: int(r.diff),
      })),
    };
  }

  async leaderboard(family: RatingFamily, now: number, limit: number): Promise<LeaderRow[]> {
    const n = Math.min(limit, MAX_IDS);
    // The stored deviation only grows with idle time, so a settled one now was settled then:
    // the query keeps those (along ratings_family_rating, best first), and the idle growth
    // since each last game (at most 12 weeks here) is applied to them below. A few more rows
    // than asked for are read for the ones it unsettles.
    const rows = await this.db
      .selectFrom('ratings')
      .innerJoin('users', 'users.id', 'ratings.user_id')
      .select([
        'users.name',
        'ratings.rating',
        'ratings.deviation',
        'ratings.volatility',
        'ratings.games',
        'ratings.last_played_at',
      ])
      .where('ratings.family', '=', family)
      .where('ratings.deviation', '<=', PROVISIONAL_DEVIATION)
      .where('ratings.last_played_at', '>=', now - LEADERBOARD_ACTIVE_MS)
      .orderBy('ratings.rating', 'desc')
      .orderBy('users.name')
      .limit(n * 3)
      .execute();
    const board: LeaderRow[] = [];
    for (const r of rows) {
      const lastPlayedAt = int(r.last_played_at);
      const stored = {
        rating: Number(r.rating),
        deviation: Number(r.deviation),
        volatility: Number(r.volatility),
      };
      const today = current({ ...stored, lastPlayedAt }, now);
      if (today.deviation > PROVISIONAL_DEVIATION) continue;
      board.push({
        name: r.name,
        rating: today.rating,
        deviation: today.deviation,
        games: int(r.games),
        lastPlayedAt,
      });
      if (board.length === n) break;
    }
    return board;
  }
}
