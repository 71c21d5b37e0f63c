/**
 * The tournaments tables, through the one Kysely query layer of both databases. The SQLite
 * store runs in a worker thread: every method is forwarded there by name (thread-store.ts), so
 * arguments and answers are plain data (structured clone), and an error reaches the caller with
 * its message only: report expected outcomes as values, not as errors of a kind.
 *
 * Every change of a tournament's own row (a player joining or leaving, the start, a round
 * paired, the end) adds 1 to its `version` and is conditional on the version (or the status) the
 * caller read, so that of several server processes on one PostgreSQL only one acts: the others
 * find the version moved on and read again. A pairing's score is written once (`score is null`),
 * and every process computes the same score from the same ended game.
 */

import type { Kysely, Transaction } from 'kysely';
import { familyOf, TOURNAMENT_PLAYERS_MAX } from '../protocol-players.js';
import { int, intOrNull, type Database, type TournamentsTable } from './schema.js';

/** A tournament as created (status open, round 0, version 1). */
export interface NewTournament {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly rulesId: string;
  readonly rulesName: string;
  readonly timeKind: string;
  readonly timeBaseMs: number;
  readonly timeIncrementMs: number;
  /** Swiss: rounds; round robin: cycles (1 or 2). */
  readonly rounds: number;
  readonly rated: boolean;
  readonly startsAt: number;
  readonly createdAt: number;
}

export interface TournamentRecord extends Omit<NewTournament, 'createdAt'> {
  readonly status: string;
  readonly round: number;
  readonly creatorId: string | null;
  readonly creatorName: string;
  readonly version: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Players entered. */
  readonly players: number;
}

export interface EntrantRecord {
  readonly userId: string;
  readonly name: string;
  /** The player's rating in the tournament's family when joining (1500 without one). */
  readonly rating: number;
  readonly joinedAt: number;
  /** The account still exists (a deleted one is paired no more). */
  readonly active: boolean;
}

/** What a pairing's game has come to, as far as the tournament cares. */
export interface PairedGameState {
  readonly status: string;
  readonly winner: string | null;
  readonly reason: string | null;
  readonly ply: number;
}

export interface PairingRecord {
  readonly round: number;
  readonly board: number;
  readonly attackersUser: string;
  /** null: a bye for the attackers' player. */
  readonly defendersUser: string | null;
  readonly gameId: string | null;
  /** The attackers' score once decided. */
  readonly score: number | null;
  readonly forfeit: boolean;
  /** The game's row, or null: no game (a bye, a forfeit at pairing) or not made yet. */
  readonly game: PairedGameState | null;
}

export interface TournamentDetail {
  readonly tournament: TournamentRecord;
  /** In the order they joined. */
  readonly players: readonly EntrantRecord[];
  /** By round, then board. */
  readonly pairings: readonly PairingRecord[];
}

export interface NewPairing {
  readonly board: number;
  readonly attackersUser: string;
  readonly defendersUser: string | null;
  readonly gameId: string | null;
  /** Set at once for a bye or a forfeit; null for a game to be played. */
  readonly score: number | null;
  readonly forfeit: boolean;
}

export interface TournamentLists {
  readonly open: readonly TournamentRecord[];
  readonly running: readonly TournamentRecord[];
  readonly finished: readonly TournamentRecord[];
}

export type JoinOutcome = 'joined' | 'already' | 'unknown' | 'closed' | 'full';
export type LeaveOutcome = 'left' | 'absent' | 'unknown' | 'closed';

export interface TournamentStore {
  /**
   * A new tournament (status open) with its creator entered; the creator's rating read here.
   * 'limit', and nothing written, when the creator has `maxOpen` open already: counted in the
   * transaction that inserts, with the creator's account row locked (PostgreSQL; SQLite has one
   * writer), so that creations at once count one after the other.
   */
  create(
    tournament: NewTournament,
    creator: { readonly id: string; readonly name: string },
    maxOpen?: number,
  ): Promise<'created' | 'limit'>;
  /** Tournaments open (soonest first), running (soonest started first), finished or cancelled (latest first). */
  list(limit: number): Promise<TournamentLists>;
  load(id: string): Promise<TournamentDetail | undefined>;
  /**
   * Enters the player (with its current rating in the rules' family, 1500 without one) while
   * the tournament is open and its start has not come (`now`), and it has room.
   */
  join(id: string, player: { readonly id: string; readonly name: string }, now: number): Promise<JoinOutcome>;
  leave(id: string, userId: string, now: number): Promise<LeaveOutcome>;
  /**
   * Removes the entries of deleted accounts from an open tournament (before its start) if its
   * version is still `expectVersion`; whether it did.
   */
  prune(id: string, expectVersion: number, now: number): Promise<boolean>;
  /** Tournaments created by the account that have not started yet. */
  openBy(userId: string): Promise<number>;
  /**
   * Up to `limit` tournaments the account is entered in that are open or running (along
   * tournament_players_user), the soonest start first: "my games" says which are under way.
   */
  entered(userId: string, limit: number): Promise<TournamentRecord[]>;
  /**
   * Up to `limit` tournaments with work for the director: open ones whose start has come, and
   * running ones whose current round has a pairing to score (its game over, or not made) or none
   * left to score.
   */
  due(now: number, limit: number): Promise<string[]>;
  /** Ends the tournament (finished or cancelled) if its version is still `expectVersion`. */
  settle(id: string, expectVersion: number, status: 'finished' | 'cancelled', now: number): Promise<boolean>;
  /**
   * Pairs round `round` (the tournament running from now on) if its version is still
   * `expectVersion`: the round and the pairings in one transaction, all or nothing.
   */
  pair(
    id: string,
    expectVersion: number,
    round: number,
    pairings: readonly NewPairing[],
    now: number,
  ): Promise<boolean>;
  /** Writes a pairing's score unless one is written already; whether this call wrote it. */
  score(id: string, round: number, board: number, score: number, forfeit: boolean): Promise<boolean>;
}

const recordOf = (r: TournamentsTable & { players: unknown }): TournamentRecord => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  rulesId: r.rules_id,
  rulesName: r.rules_name,
  timeKind: r.time_kind,
  timeBaseMs: int(r.time_base_ms),
  timeIncrementMs: int(r.time_increment_ms),
  rounds: int(r.rounds),
  rated: int(r.rated) === 1,
  startsAt: int(r.starts_at),
  status: r.status,
  round: int(r.round),
  creatorId: r.creator_id,
  creatorName: r.creator_name,
  version: int(r.version),
  createdAt: int(r.created_at),
  updatedAt: int(r.updated_at),
  players: int(r.players ?? 0),
});

export class KyselyTournaments implements TournamentStore {
  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /** The tournaments with their number of players. */
  private withPlayers(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('tournaments')
      .selectAll('tournaments')
      .select((eb) =>
        eb
          .selectFrom('tournament_players')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('tournament_players.tournament_id', '=', 'tournaments.id')
          .as('players'),
      );
  }

  /** A player's rating in a family (1500 without one), read in the same transaction. */
  private async ratingOf(tx: Transaction<Database>, userId: string, family: string): Promise<number> {
    const row = await tx
      .selectFrom('ratings')
      .select('rating')
      .where('user_id', '=', userId)
      .where('family', '=', family)
      .executeTakeFirst();
    return row ? Number(row.rating) : 1500;
  }

  /** The tournament's row, locked until the transaction ends on PostgreSQL (SQLite has one writer). */
  private async locked(tx: Transaction<Database>, id: string): Promise<TournamentsTable | undefined> {
    const query = tx.selectFrom('tournaments').selectAll().where('id', '=', id);
    return this.dialect === 'postgres' ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
  }

  async create(
    t: NewTournament,
    creator: { readonly id: string; readonly name: string },
    maxOpen = Infinity,
  ): Promise<'created' | 'limit'> {
    const family = familyOf(t.rulesId) ?? 'none';
    return this.db.transaction().execute(async (tx) => {
      if (maxOpen !== Infinity) {
        // The account's row, locked against another creation (`no key update`: the foreign keys
        // of a sign-in's session or a rating written meanwhile do not wait for it).
        if (this.dialect === 'postgres')
          await tx.selectFrom('users').select('id').where('id', '=', creator.id).forNoKeyUpdate().execute();
        if ((await this.countOpen(tx, creator.id)) >= maxOpen) return 'limit';
      }
      await tx
        .insertInto('tournaments')
        .values({
          id: t.id,
          name: t.name,
          kind: t.kind,
          rules_id: t.rulesId,
          rules_name: t.rulesName,
          time_kind: t.timeKind,
          time_base_ms: t.timeBaseMs,
          time_increment_ms: t.timeIncrementMs,
          rounds: t.rounds,
          rated: t.rated ? 1 : 0,
          starts_at: t.startsAt,
          status: 'open',
          round: 0,
          creator_id: creator.id,
          creator_name: creator.name,
          version: 1,
          created_at: t.createdAt,
          updated_at: t.createdAt,
        })
        .execute();
      await tx
        .insertInto('tournament_players')
        .values({
          tournament_id: t.id,
          user_id: creator.id,
          name: creator.name,
          rating: await this.ratingOf(tx, creator.id, family),
          joined_at: t.createdAt,
        })
        .execute();
      return 'created';
    });
  }

  async entered(userId: string, limit: number): Promise<TournamentRecord[]> {
    const rows = await this.withPlayers()
      .where('status', 'in', ['open', 'running'])
      .where('id', 'in', (eb) =>
        eb.selectFrom('tournament_players').select('tournament_id').where('user_id', '=', userId),
      )
      .orderBy('starts_at', 'asc')
      .orderBy('id', 'asc')
      .limit(Math.min(limit, 100))
      .execute();
    return rows.map(recordOf);
  }

  async list(limit: number): Promise<TournamentLists> {
    const [open, running, finished] = await Promise.all([
      this.withPlayers().where('status', '=', 'open').orderBy('starts_at', 'asc').limit(limit).execute(),
      this.withPlayers().where('status', '=', 'running').orderBy('starts_at', 'asc').limit(limit).execute(),
      this.withPlayers()
        .where('status', 'in', ['finished', 'cancelled'])
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .execute(),
    ]);
    return { open: open.map(recordOf), running: running.map(recordOf), finished: finished.map(recordOf) };
  }

  async load(id: string): Promise<TournamentDetail | undefined> {
    const row = await this.withPlayers().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const [players, pairings] = await Promise.all([
      this.db
        .selectFrom('tournament_players')
        .leftJoin('users', 'users.id', 'tournament_players.user_id')
        .select([
          'tournament_players.user_id',
          'tournament_players.name',
          'tournament_players.rating',
          'tournament_players.joined_at',
          'users.id as account',
        ])
        .where('tournament_players.tournament_id', '=', id)
        .orderBy('tournament_players.joined_at', 'asc')
        .orderBy('tournament_players.user_id', 'asc')
        .execute(),
      this.db
        .selectFrom('tournament_pairings as p')
        .leftJoin('games as g', 'g.id', 'p.game_id')
        .select([
          'p.round',
          'p.board',
          'p.attackers_user',
          'p.defenders_user',
          'p.game_id',
          'p.score',
          'p.forfeit',
          'g.id as game_row',
          'g.status',
          'g.winner',
          'g.reason',
          'g.ply',
        ])
        .where('p.tournament_id', '=', id)
        .orderBy('p.round', 'asc')
        .orderBy('p.board', 'asc')
        .execute(),
    ]);
    return {
      tournament: recordOf(row),
      players: players.map((p) => ({
        userId: p.user_id,
        name: p.name,
        rating: Number(p.rating),
        joinedAt: int(p.joined_at),
        active: p.account !== null,
      })),
      pairings: pairings.map((p) => ({
        round: int(p.round),
        board: int(p.board),
        attackersUser: p.attackers_user,
        defendersUser: p.defenders_user,
        gameId: p.game_id,
        score: p.score === null ? null : Number(p.score),
        forfeit: int(p.forfeit) === 1,
        game:
          p.game_row === null || p.status === null
            ? null
            : { status: p.status, winner: p.winner, reason: p.reason, ply: intOrNull(p.ply) ?? 0 },
      })),
    };
  }

  async join(
    id: string,
    player: { readonly id: string; readonly name: string },
    now: number,
  ): Promise<JoinOutcome> {
    return this.db.transaction().execute(async (tx): Promise<JoinOutcome> => {
      const t = await this.locked(tx, id);
      if (!t) return 'unknown';
      if (t.status !== 'open' || int(t.starts_at) <= now) return 'closed';
      const players = await tx
        .selectFrom('tournament_players')
        .select('user_id')
        .where('tournament_id', '=', id)
        .execute();
      if (players.some((p) => p.user_id === player.id)) return 'already';
      if (players.length >= TOURNAMENT_PLAYERS_MAX) return 'full';
      await tx
        .insertInto('tournament_players')
        .values({
          tournament_id: id,
          user_id: player.id,
          name: player.name,
          rating: await this.ratingOf(tx, player.id, familyOf(t.rules_id) ?? 'none'),
          joined_at: now,
        })
        .execute();
      await this.bump(tx, t, now);
      return 'joined';
    });
  }

  async leave(id: string, userId: string, now: number): Promise<LeaveOutcome> {
    return this.db.transaction().execute(async (tx): Promise<LeaveOutcome> => {
      const t = await this.locked(tx, id);
      if (!t) return 'unknown';
      if (t.status !== 'open' || int(t.starts_at) <= now) return 'closed';
      const deleted = await tx
        .deleteFrom('tournament_players')
        .where('tournament_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return 'absent';
      await this.bump(tx, t, now);
      return 'left';
    });
  }

  /** The version moves on with the players, so that a start computed without them fails. */
  private async bump(tx: Transaction<Database>, t: TournamentsTable, now: number): Promise<void> {
    await tx
      .updateTable('tournaments')
      .set({ version: int(t.version) + 1, updated_at: now })
      .where('id', '=', t.id)
      .execute();
  }

  async prune(id: string, expectVersion: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('tournaments')
        .set({ version: expectVersion + 1, updated_at: now })
        .where('id', '=', id)
        .where('version', '=', expectVersion)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await tx
        .deleteFrom('tournament_players')
        .where('tournament_id', '=', id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('users')
                .select('users.id')
                .whereRef('users.id', '=', 'tournament_players.user_id'),
            ),
          ),
        )
        .execute();
      return true;
    });
  }

  openBy(userId: string): Promise<number> {
    return this.countOpen(this.db, userId);
  }

  /** Tournaments created by the account that have not started yet, read by `db` (a transaction). */
  private async countOpen(db: Kysely<Database>, userId: string): Promise<number> {
    const row = await db
      .selectFrom('tournaments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('creator_id', '=', userId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return int(row.n);
  }

  async due(now: number, limit: number): Promise<string[]> {
    const starting = await this.db
      .selectFrom('tournaments')
      .select('id')
      .where('status', '=', 'open')
      .where('starts_at', '<=', now)
      .orderBy('starts_at', 'asc')
      .limit(limit)
      .execute();
    const running = await this.db
      .selectFrom('tournaments as t')
      .select('t.id')
      .where('t.status', '=', 'running')
      .where((eb) =>
        eb.or([
          // A pairing of the round to score: its game is over, or was never made.
          eb.exists(
            eb
              .selectFrom('tournament_pairings as p')
              .leftJoin('games as g', 'g.id', 'p.game_id')
              .select('p.board')
              .whereRef('p.tournament_id', '=', 't.id')
              .whereRef('p.round', '=', 't.round')
              .where('p.score', 'is', null)
              .where((e) => e.or([e('g.id', 'is', null), e('g.status', 'in', ['ended', 'aborted'])])),
          ),
          // Every pairing of the round scored: the next round, or the end.
          eb.not(
            eb.exists(
              eb
                .selectFrom('tournament_pairings as q')
                .select('q.board')
                .whereRef('q.tournament_id', '=', 't.id')
                .whereRef('q.round', '=', 't.round')
                .where('q.score', 'is', null),
            ),
          ),
        ]),
      )
      .orderBy('t.updated_at', 'asc')
      .limit(limit)
      .execute();
    return [...starting.map((r) => r.id), ...running.map((r) => r.id)];
  }

  async settle(
    id: string,
    expectVersion: number,
    status: 'finished' | 'cancelled',
    now: number,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('tournaments')
      .set({ status, version: expectVersion + 1, updated_at: now })
      .where('id', '=', id)
      .where('version', '=', expectVersion)
      .where('status', 'in', ['open', 'running'])
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async pair(
    id: string,
    expectVersion: number,
    round: number,
    pairings: readonly NewPairing[],
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('tournaments')
        .set({ status: 'running', round, version: expectVersion + 1, updated_at: now })
        .where('id', '=', id)
        .where('version', '=', expectVersion)
        .where('status', 'in', ['open', 'running'])
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      if (pairings.length > 0)
        await tx
          .insertInto('tournament_pairings')
          .values(
            pairings.map((p) => ({
              tournament_id: id,
              round,
              board: p.board,
              attackers_user: p.attackersUser,
              defenders_user: p.defendersUser,
              game_id: p.gameId,
              score: p.score,
              forfeit: p.forfeit ? 1 : 0,
            })),
          )
          .execute();
      return true;
    });
  }

  async score(id: string, round: number, board: number, score: number, forfeit: boolean): Promise<boolean> {
    const updated = await this.db
      .updateTable('tournament_pairings')
      .set({ score, forfeit: forfeit ? 1 : 0 })
      .where('tournament_id', '=', id)
      .where('round', '=', round)
      .where('board', '=', board)
      .where('score', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }
}
