/**
 * The one query layer of both databases: the same Kysely queries run on SQLite and PostgreSQL;
 * a `Backend` (sqlite.ts, postgres.ts) gives the connection and what only PostgreSQL does
 * (NOTIFY in the batch's transaction, LISTEN on its own connection).
 *
 * Group commit: `commit` queues its change; when none is being written, the queue is flushed on
 * the next turn of the event loop (setImmediate), and while a batch's transaction runs, the
 * changes that arrive wait for the next one. Each batch (at most MAX_BATCH changes, so that a
 * transaction stays short) is one transaction, and its changes' promises settle only once it has
 * committed: true or false for each, or the transaction's error for all of them.
 *
 * On SQLite a batch runs change by change, and a move's two statements (the game's update, the
 * move's insert) are the same SQL every time: Kysely builds and compiles each once (`Reused`) and
 * then only the values change, since building them again for every move was a fifth of the
 * database thread's time at full speed (bench/server.ts).
 */

import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import { KyselyAccounts } from './accounts.js';
import { KyselyLimits } from './limits.js';
import { KyselyMail } from './mail.js';
import { KyselyRatings } from './ratings.js';
import { KyselyTournaments } from './tournaments.js';
import { GAME_STATUSES } from '../protocol.js';
import { migrateToLatest } from './migrations.js';
import {
  analysisFromDb,
  analysisProblem,
  analysisToDb,
  gameFromDb,
  gameToDb,
  gameChangesToDb,
  moveFromDb,
  moveProblem,
  moveToDb,
  rowProblem,
  type Database,
  type GamesTable,
  type MovesTable,
} from './schema.js';
import {
  noticeOf,
  PING_TIMEOUT_MS,
  withTimeout,
  type AnalysisRow,
  type ChangeNotice,
  type GameChange,
  type GameRow,
  type LobbyRows,
  type MoveRow,
  type PresenceNotice,
  type Store,
} from './types.js';

/** The most changes one transaction writes; more wait for the next batch. */
export const MAX_BATCH = 500;

/** What differs between the databases; everything else is the shared query code below. */
export interface Backend {
  readonly dialect: 'sqlite' | 'postgres';
  readonly db: Kysely<Database>;
  /** Inside a batch's transaction: makes the changes known to every process on commit. */
  notify?(trx: Transaction<Database>, notices: readonly ChangeNotice[]): Promise<void>;
  /**
   * Writes a whole batch in one transaction, notices included, in fewer round trips than a
   * statement or two per change (PostgreSQL, pg-batch.ts); which changes applied, in order.
   * Without it, the batch runs change by change (SQLite, where a statement costs no round trip).
   */
  writeBatch?(changes: readonly GameChange[], origin: string): Promise<boolean[]>;
  /** A game's row, read by a statement prepared once per connection (PostgreSQL). */
  loadGameRow?(id: string): Promise<GamesTable | undefined>;
  /** A game's moves after `afterPly`, in order, likewise. */
  loadMoveRows?(id: string, afterPly: number): Promise<MovesTable[]>;
  /** Starts delivering other processes' notices (never called back on SQLite). */
  listen(
    onNotice: (notice: ChangeNotice) => void,
    onReconnect?: () => void,
    onPresence?: (notice: PresenceNotice) => void,
  ): Promise<void>;
  /** Sends a presence notice to the other processes (PostgreSQL only). */
  announce?(notice: PresenceNotice): Promise<void>;
  /** Closes what the backend holds besides `db` (the LISTEN connection). */
  close(): Promise<void>;
}

/** Counters of the group commit, for measurements and tests. */
export interface CommitStats {
  /** Transactions run (committed or not). */
  batches: number;
  /** Changes they carried. */
  changes: number;
  largestBatch: number;
  /** Transactions that failed (all their changes rejected). */
  failedBatches: number;
}

interface Pending {
  readonly change: GameChange;
  readonly resolve: (applied: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/** The first thing wrong with a change (a hub bug), or undefined. */
function changeProblem(change: GameChange): string | undefined {
  const row = (r: GameRow, version?: number): string | undefined => {
    const problem = rowProblem(r);
    if (problem) return `game ${String(r.id)}: ${problem}`;
    if (!GAME_STATUSES.includes(r.status)) return `game ${r.id}: unknown status ${String(r.status)}`;
    if (version !== undefined && r.version !== version)
      return `game ${r.id}: version ${r.version} where ${version} was expected`;
    return undefined;
  };
  switch (change.kind) {
    case 'create':
      return row(change.row, 1);
    case 'update':
      return (
        row(change.row, change.expectVersion + 1) ??
        (change.move ? moveProblem(change.move, change.row) : undefined) ??
        (change.takeback && change.move ? `game ${change.row.id}: a takeback adds no move` : undefined)
      );
    case 'rematch':
      return row(change.from, change.expectVersion + 1) ?? row(change.row, 1);
    default:
      return `unknown change ${JSON.stringify((change as { kind?: unknown }).kind)}`;
  }
}

/** The notices a change sends once applied. */

export class KyselyStore implements Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly stats: CommitStats = { batches: 0, changes: 0, largestBatch: 0, failedBatches: 0 };
  private readonly db: Kysely<Database>;
  readonly accounts: KyselyAccounts;
  readonly ratings: KyselyRatings;
  readonly tournaments: KyselyTournaments;
  readonly limits: KyselyLimits;
  readonly mail: KyselyMail;
  private readonly queue: Pending[] = [];
  /** A flush is scheduled or running: new changes join its queue. */
  private flushing = false;
  /** Settles when the current flush has emptied the queue. */
  private drained: Promise<void> = Promise.resolve();
  private closing: Promise<void> | undefined;
  /** A move's statements, compiled once (SQLite; PostgreSQL writes batches with pg-batch.ts). */
  private readonly statements: ChangeStatements;

  constructor(
    private readonly backend: Backend,
    /** This process's id, sent with every notice. */
    private origin: string,
  ) {
    this.dialect = backend.dialect;
    this.db = backend.db;
    this.accounts = new KyselyAccounts(this.db, this.dialect);
    this.ratings = new KyselyRatings(this.db, this.dialect);
    this.tournaments = new KyselyTournaments(this.db, this.dialect);
    this.limits = new KyselyLimits(this.db, this.dialect);
    this.mail = new KyselyMail(this.db, this.dialect);
    this.statements = changeStatements(this.db);
  }

  migrate(): Promise<void> {
    return migrateToLatest(this.db);
  }

  async secret(name: string): Promise<string> {
    const made = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('secrets')
      .values({ name, value: made })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  // -------------------------------------------------------------------------------------------
  // Group commit

  commit(change: GameChange): Promise<boolean> {
    if (this.closing) return Promise.reject(new Error('the store is closed'));
    const problem = changeProblem(change);
    if (problem) return Promise.reject(new TypeError(`refused change: ${problem}`));
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ change, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        this.drained = new Promise((done) => setImmediate(() => void this.flush().then(done)));
      }
    });
  }

  /** Writes batches until the queue is empty; never throws. */
  private async flush(): Promise<void> {
    while (this.queue.length > 0) await this.write(this.queue.splice(0, MAX_BATCH));
    // No await between the last look at the queue and this: a change queued from now on
    // schedules a new flush.
    this.flushing = false;
  }

  private async write(batch: Pending[]): Promise<void> {
    this.stats.batches++;
    this.stats.changes += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    let applied: boolean[];
    try {
      if (this.backend.writeBatch)
        applied = await this.backend.writeBatch(
          batch.map((p) => p.change),
          this.origin,
        );
      else
        applied = await this.db.transaction().execute(async (trx) => {
          const results: boolean[] = [];
          const notices: ChangeNotice[] = [];
          for (const { change } of batch) {
            const ok = await apply(trx, this.statements, change);
            results.push(ok);
            // Notices only where someone hears them (SQLite has one process and no notify).
            if (ok && this.backend.notify) notices.push(...noticeOf(change, this.origin));
          }
          if (notices.length > 0 && this.backend.notify) await this.backend.notify(trx, notices);
          return results;
        });
    } catch (e) {
      this.stats.failedBatches++;
      for (const pending of batch) pending.reject(e);
      return;
    }
    batch.forEach((pending, i) => pending.resolve(applied[i] === true));
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  async loadGame(id: string): Promise<GameRow | undefined> {
    const row = this.backend.loadGameRow
      ? await this.backend.loadGameRow(id)
      : await this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    return row && gameFromDb(row);
  }

  async loadMoves(id: string, afterPly: number): Promise<MoveRow[]> {
    if (this.backend.loadMoveRows) return (await this.backend.loadMoveRows(id, afterPly)).map(moveFromDb);
    const rows = await this.db
      .selectFrom('moves')
      .selectAll()
      .where('game_id', '=', id)
      .where('ply', '>', afterPly)
      .orderBy('ply')
      .execute();
    return rows.map(moveFromDb);
  }

  async lobby(limit: number): Promise<LobbyRows> {
    const n = Math.max(0, Math.floor(limit));
    const list = async (status: string): Promise<GameRow[]> =>
      n === 0
        ? []
        : (
            await this.db
              .selectFrom('games')
              .selectAll()
              .where('status', '=', status)
              .orderBy('updated_at', 'desc')
              .orderBy('id', 'desc')
              .limit(n)
              .execute()
          ).map(gameFromDb);
    const [open, live, finished] = await Promise.all([list('waiting'), list('playing'), list('ended')]);
    return { open, live, finished };
  }

  async runningClocks(): Promise<GameRow[]> {
    const rows = await this.db
      .selectFrom('games')
      .selectAll()
      .where('status', '=', sql.lit('playing'))
      .where('turn_started_at', 'is not', null)
      .orderBy('turn_started_at')
      .execute();
    return rows.map(gameFromDb);
  }

  async countGames(): Promise<{ waiting: number; playing: number }> {
    const rows = await this.db
      .selectFrom('games')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', 'in', [sql.lit('waiting'), sql.lit('playing')])
      .groupBy('status')
      .execute();
    const count = (status: string): number => Number(rows.find((r) => r.status === status)?.n ?? 0);
    return { waiting: count('waiting'), playing: count('playing') };
  }

  async expiring(waitingBefore: number, unstartedBefore: number, limit: number): Promise<GameRow[]> {
    const rows = await this.db
      .selectFrom('games')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', sql.lit('waiting')), eb('created_at', '<', waitingBefore)]),
          eb.and([
            eb('status', '=', sql.lit('playing')),
            eb('ply', '=', 0),
            eb('turn_started_at', 'is', null),
            eb('updated_at', '<', unstartedBefore),
          ]),
        ]),
      )
      .orderBy('updated_at')
      .limit(limit)
      .execute();
    return rows.map(gameFromDb);
  }

  async shiftClocks(
    ms: number,
    heartbeat?: { serverId: string; at: number },
    expectLast?: number,
  ): Promise<number> {
    if (!Number.isSafeInteger(ms)) throw new TypeError(`shiftClocks: ${ms} is not a whole number of ms`);
    const result = await this.db.transaction().execute(async (trx) => {
      if (expectLast !== undefined) {
        // Processes starting together take turns here (SQLite's writer lock; on PostgreSQL a
        // transaction-scoped advisory lock), and the later one sees the first one's heartbeat.
        if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SHIFT_LOCK})`.execute(trx);
        const newest = await trx
          .selectFrom('heartbeats')
          .select((eb) => eb.fn.max('at').as('at'))
          .executeTakeFirst();
        if (newest?.at != null && Number(newest.at) > expectLast) {
          if (heartbeat) await upsertHeartbeat(trx, heartbeat);
          return undefined;
        }
      }
      const shifted = await trx
        .updateTable('games')
        .set((eb) => ({ turn_started_at: eb('turn_started_at', '+', ms) }))
        .where('status', '=', sql.lit('playing'))
        .where('turn_started_at', 'is not', null)
        .executeTakeFirst();
      if (heartbeat) await upsertHeartbeat(trx, heartbeat);
      return shifted;
    });
    return result === undefined ? 0 : Number(result.numUpdatedRows);
  }

  async loadAnalysis(gameId: string): Promise<AnalysisRow | undefined> {
    const row = await this.db
      .selectFrom('analyses')
      .selectAll()
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return row && analysisFromDb(row);
  }

  async saveAnalysis(row: AnalysisRow): Promise<boolean> {
    if (this.closing) throw new Error('the store is closed');
    const problem = analysisProblem(row);
    if (problem) throw new TypeError(`refused analysis: ${problem}`);
    // Inserted, or replacing a shallower one, in one statement: no window between a read and a
    // write where another process's deeper analysis could be overwritten.
    const result = await this.db
      .insertInto('analyses')
      .values(analysisToDb(row))
      .onConflict((oc) =>
        oc
          .column('game_id')
          .doUpdateSet((eb) => ({
            depth: eb.ref('excluded.depth'),
            analysis: eb.ref('excluded.analysis'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where('analyses.depth', '<', (eb) => eb.ref('excluded.depth')),
      )
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async heartbeat(serverId: string, now: number): Promise<void> {
    await this.db
      .insertInto('heartbeats')
      .values({ server_id: serverId, at: now })
      .onConflict((oc) => oc.column('server_id').doUpdateSet((eb) => ({ at: eb.ref('excluded.at') })))
      .execute();
  }

  async lastHeartbeat(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('heartbeats')
      .select((eb) => eb.fn.max('at').as('at'))
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }

  listen(
    origin: string,
    onNotice: (notice: ChangeNotice) => void,
    onReconnect?: () => void,
    onPresence?: (notice: PresenceNotice) => void,
  ): Promise<void> {
    this.origin = origin;
    const others = onPresence && ((notice: PresenceNotice) => notice.origin !== origin && onPresence(notice));
    return this.backend.listen(onNotice, onReconnect, others);
  }

  announce(notice: PresenceNotice): Promise<void> {
    if (this.closing) return Promise.resolve();
    return this.backend.announce?.(notice) ?? Promise.resolve();
  }

  async ping(timeoutMs = PING_TIMEOUT_MS): Promise<void> {
    if (this.closing) throw new Error('the store is closed');
    try {
      await withTimeout(
        sql`select 1`.execute(this.db),
        timeoutMs,
        `the database did not answer within ${timeoutMs} ms`,
      );
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      throw new Error(
        message.startsWith('the database') ? message : `the database cannot be reached: ${message}`,
        {
          cause: e,
        },
      );
    }
  }

  /** Refuses new changes, writes those queued, then closes every connection. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.drained;
      await this.backend.close();
      await this.db.destroy();
    })();
    return this.closing;
  }
}

// ---------------------------------------------------------------------------------------------
// The statements of one change, inside the batch's transaction

/**
 * A statement that Kysely builds and compiles once, from the first values it runs with, and that
 * then runs with each call's values: its SQL is the same for every call whose values have the
 * same keys (the callers' values come from one function each: gameChangesToDb, moveToDb). It is
 * built with a marker string in place of each value, and the compiled parameters, markers, say
 * which value goes where.
 */
class Reused<V extends object> {
  private compiled: { readonly text: string; readonly keys: readonly (keyof V & string)[] } | undefined;

  constructor(private readonly build: (values: V) => Compilable) {}

  /** Runs it in `trx`: the number of rows it changed. */
  async run(trx: Transaction<Database>, values: V): Promise<bigint> {
    const { text, keys } = (this.compiled ??= this.compile(values));
    const result = await trx.executeQuery(
      CompiledQuery.raw(
        text,
        keys.map((key) => values[key]),
      ),
    );
    return result.numAffectedRows ?? 0n;
  }

  private compile(sample: V): { text: string; keys: (keyof V & string)[] } {
    const names = Object.keys(sample) as (keyof V & string)[];
    const marker = (key: string): string => `\u0000${key}\u0000`;
    const byMarker = new Map<unknown, keyof V & string>(names.map((key) => [marker(key), key]));
    const marked = Object.fromEntries(names.map((key) => [key, marker(key)])) as unknown as V;
    const compiled = this.build(marked).compile();
    const keys = compiled.parameters.map((p) => {
      const key = byMarker.get(p);
      if (key === undefined) throw new Error(`a reused statement has a parameter of no value: ${String(p)}`);
      return key;
    });
    if (new Set(keys).size !== names.length) throw new Error('a reused statement leaves values out');
    return { text: compiled.sql, keys };
  }
}

type GameChanges = ReturnType<typeof gameChangesToDb>;

/** The statements every move runs (SQLite), each compiled once per store. */
interface ChangeStatements {
  readonly updateGame: Reused<GameChanges & { readonly id: string; readonly expect_version: number }>;
  readonly insertMove: Reused<MovesTable>;
}

const changeStatements = (db: Kysely<Database>): ChangeStatements => ({
  updateGame: new Reused(({ id, expect_version, ...columns }) =>
    db.updateTable('games').set(columns).where('id', '=', id).where('version', '=', expect_version),
  ),
  insertMove: new Reused((move) => db.insertInto('moves').values(move)),
});

async function insertGame(trx: Transaction<Database>, row: GameRow): Promise<boolean> {
  const result = await trx
    .insertInto('games')
    .values(gameToDb(row))
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

async function updateGame(
  trx: Transaction<Database>,
  statements: ChangeStatements,
  expectVersion: number,
  row: GameRow,
): Promise<boolean> {
  const values = { ...gameChangesToDb(row), id: row.id, expect_version: expectVersion };
  return (await statements.updateGame.run(trx, values)) > 0n;
}

async function apply(
  trx: Transaction<Database>,
  statements: ChangeStatements,
  change: GameChange,
): Promise<boolean> {
  switch (change.kind) {
    case 'create':
      return insertGame(trx, change.row);
    case 'update': {
      if (!(await updateGame(trx, statements, change.expectVersion, change.row))) return false;
      if (change.move) await statements.insertMove.run(trx, moveToDb(change.move));
      if (change.takeback)
        await trx
          .deleteFrom('moves')
          .where('game_id', '=', change.row.id)
          .where('ply', '>', change.row.ply)
          .execute();
      return true;
    }
    case 'rematch': {
      // The new game first: a duplicate id is refused without touching `from`. If `from` has
      // moved on, the game just inserted (visible to no one else yet) is taken out again.
      if (!(await insertGame(trx, change.row))) return false;
      if (await updateGame(trx, statements, change.expectVersion, change.from)) return true;
      await trx.deleteFrom('games').where('id', '=', change.row.id).execute();
      return false;
    }
  }
}

/** The advisory lock that serialises crediting the clocks at start (PostgreSQL). */
const SHIFT_LOCK = 0x7a_f1_5b;

function upsertHeartbeat(
  trx: Transaction<Database>,
  heartbeat: { serverId: string; at: number },
): Promise<unknown> {
  return trx
    .insertInto('heartbeats')
    .values({ server_id: heartbeat.serverId, at: heartbeat.at })
    .onConflict((oc) => oc.column('server_id').doUpdateSet((eb) => ({ at: eb.ref('excluded.at') })))
    .execute();
}
