/**
 * The storage layer against both databases: one suite, run on SQLite (always, in a fresh
 * temporary directory per test) and on PostgreSQL when TAFL_TEST_PG holds a postgres:// URL to
 * a server where we may create databases (scripts/pg-temp.sh starts one): each test gets a
 * fresh database, dropped after it.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { openStore, type OpenedStore } from '../src/store/index.js';
import { MAX_BATCH } from '../src/store/kysely-store.js';
import { migrateTo } from '../src/store/migrations.js';
import { gameToDb, type Database, type GamesTable } from '../src/store/schema.js';
import {
  withoutRules,
  type ChangeNotice,
  type GameChange,
  type GameRow,
  type MoveRow,
} from '../src/store/types.js';

const ADMIN = process.env.TAFL_TEST_PG;

/** Where one test's data lives: a SQLite directory or a PostgreSQL database. */
interface Place {
  open(origin?: string): Promise<OpenedStore>;
  remove(): Promise<void>;
  readonly sqliteFile?: string;
  readonly dataDir?: string;
  /** PostgreSQL: runs a statement on this test's database, on a connection of its own. */
  readonly query?: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  readonly database?: string;
}

interface Backend {
  readonly name: string;
  readonly dialect: 'sqlite' | 'postgres';
  readonly available: boolean;
  place(): Promise<Place>;
}

async function query(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

function sqlite(name: string, thread: boolean): Backend {
  return {
    name,
    dialect: 'sqlite',
    available: true,
    place: () => {
      const dir = mkdtempSync(join(tmpdir(), 'tafl-store-'));
      return Promise.resolve({
        open: (origin = 'here') => openStore({ dataDir: dir, origin, thread }),
        remove: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
        sqliteFile: join(dir, 'tafl.sqlite'),
        dataDir: dir,
      });
    },
  };
}

const backends: Backend[] = [
  // As the server runs it: the database in a worker thread of its own.
  sqlite('sqlite', true),
  // The same store on the calling thread.
  sqlite('sqlite on the calling thread', false),
  {
    name: 'postgres',
    dialect: 'postgres',
    available: ADMIN !== undefined && /^postgres(ql)?:\/\//.test(ADMIN),
    place: async () => {
      const database = `tafl_store_${randomBytes(6).toString('hex')}`;
      await query(ADMIN!, `create database ${database}`);
      const url = new URL(ADMIN!);
      url.pathname = `/${database}`;
      return {
        open: (origin = 'here') => openStore({ databaseUrl: url.toString(), origin, log: () => {} }),
        remove: async () => void (await query(ADMIN!, `drop database if exists ${database} with (force)`)),
        query: (text, values) => query(url.toString(), text, values),
        database,
      };
    },
  },
];

/** A Kysely of its own on a test's database, closed after `work`. */
async function withDb<T>(
  place: Place,
  dialect: 'sqlite' | 'postgres',
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const db = new Kysely<Database>({
    dialect:
      dialect === 'sqlite'
        ? new SqliteDialect({ database: new SQLite(place.sqliteFile!) })
        : new PostgresDialect({ pool: new pg.Pool({ connectionString: placeUrl(place) }) }),
  });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const placeUrl = (place: Place): string => {
  const url = new URL(ADMIN!);
  url.pathname = `/${place.database!}`;
  return url.toString();
};

/** The schema as it was at migration `name`. */
const migrateUpTo = (place: Place, dialect: 'sqlite' | 'postgres', name: string): Promise<void> =>
  withDb(place, dialect, (db) => migrateTo(db, name));

/** A game written with the columns the games had before migration 0003-players only (nor takebacks, 0008). */
const insertOldGame = (place: Place, dialect: 'sqlite' | 'postgres', row: GameRow): Promise<void> =>
  withDb(place, dialect, async (db) => {
    const {
      rated,
      rating_min,
      rating_max,
      tournament_id,
      attackers_user,
      defenders_user,
      takeback_offer,
      takebacks,
      ...old
    } = gameToDb(row);
    void [rated, rating_min, rating_max, tournament_id, attackers_user, defenders_user];
    void [takeback_offer, takebacks];
    await db
      .insertInto('games')
      .values(old as GamesTable)
      .execute();
  });

// ---------------------------------------------------------------------------------------------
// Rows

const T0 = 1_767_225_600_000; // 2026-01-01, in ms: beyond 2^32, as every time is
let serial = 0;
const newId = (): string => `g${String(++serial).padStart(5, '0')}${randomBytes(2).toString('hex')}`;

function game(over: Partial<GameRow> = {}): GameRow {
  return {
    id: newId(),
    rules: 'brandubh x-size=7',
    rulesId: 'brandubh',
    rulesName: 'Brandubh',
    timeKind: 'live',
    timeBaseMs: 300_000,
    timeIncrementMs: 5_000,
    status: 'waiting',
    winner: null,
    reason: null,
    ply: 0,
    version: 1,
    attackersName: 'Ann',
    attackersToken: 'a'.repeat(64),
    defendersName: null,
    defendersToken: null,
    clockAttackersMs: 300_000,
    clockDefendersMs: 300_000,
    turnStartedAt: null,
    drawOffer: null,
    takebackOffer: null,
    takebacks: 0,
    rematchOffer: null,
    rematchId: null,
    createdAt: T0,
    updatedAt: T0,
    rated: false,
    ratingMin: null,
    ratingMax: null,
    tournamentId: null,
    attackersUser: null,
    defendersUser: null,
    ...over,
  };
}

/** The update that plays one more move in `row`. */
function moveIn(
  row: GameRow,
  text = `m${row.ply + 1}`,
  at = row.updatedAt + 1000,
): Extract<GameChange, { kind: 'update' }> & { move: MoveRow } {
  const next: GameRow = {
    ...row,
    status: 'playing',
    ply: row.ply + 1,
    version: row.version + 1,
    updatedAt: at,
  };
  const move: MoveRow = { gameId: row.id, ply: next.ply, move: text, at, clockMs: 290_000 - row.ply };
  return { kind: 'update', expectVersion: row.version, row: next, move };
}

/** Collects notices; `until(n)` resolves once n have arrived. */
function collector(): {
  notices: ChangeNotice[];
  on: (n: ChangeNotice) => void;
  until: (n: number) => Promise<void>;
} {
  const notices: ChangeNotice[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  return {
    notices,
    on: (notice) => {
      notices.push(notice);
      for (const w of waiting) if (notices.length >= w.n) w.resolve();
    },
    until: (n) =>
      notices.length >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve })),
  };
}

// ---------------------------------------------------------------------------------------------

describe.each(backends)('store on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let place: Place;
    let opened: OpenedStore[] = [];
    /** A store on this test's database, migrated; closed after the test. */
    const open = async (origin?: string): Promise<OpenedStore> => {
      const store = await place.open(origin);
      opened.push(store);
      await store.migrate();
      return store;
    };

    beforeEach(async () => {
      place = await backend.place();
      opened = [];
    });
    afterEach(async () => {
      await Promise.allSettled(opened.map((s) => s.close()));
      await place.remove();
    });

    it(`migrates on every start${backend.dialect === 'postgres' ? ', from two stores at once too' : ''}`, async () => {
      const a = await place.open();
      const b = await place.open();
      opened.push(a, b);
      expect(a.dialect).toBe(backend.dialect);
      // PostgreSQL: two processes starting at once on a fresh database (Kysely's Migrator takes
      // an advisory lock). SQLite serves one process: its stores migrate one after the other.
      if (backend.dialect === 'postgres') await Promise.all([a.migrate(), b.migrate()]);
      else await a.migrate().then(() => b.migrate());
      await a.migrate();
      await b.migrate();
      const row = game();
      expect(await a.commit({ kind: 'create', row })).toBe(true);
      expect(await b.loadGame(row.id)).toEqual(row);
    });

    it('round-trips every field of a game: numbers as numbers, nulls as nulls', async () => {
      const store = await open();
      const full = game({
        status: 'ended',
        winner: 'defenders',
        reason: 'resignation',
        ply: 37,
        version: 1,
        defendersName: 'Bo',
        defendersToken: 'b'.repeat(64),
        clockAttackersMs: 123_456,
        clockDefendersMs: 7,
        turnStartedAt: T0 + 55_555,
        drawOffer: 'attackers',
        rematchOffer: 'defenders',
        rematchId: 'R123456789',
        createdAt: T0 - 1,
        updatedAt: T0 + 99_999,
        // A rated seek's game of a tournament, both seats an account's.
        rated: true,
        ratingMin: 1350,
        ratingMax: 1750,
        tournamentId: 'T123456789',
        attackersUser: 'u-attacker',
        defendersUser: 'u-defender',
      });
      const sparse = game({
        rulesId: null,
        timeKind: 'none',
        timeBaseMs: 0,
        timeIncrementMs: 0,
        attackersName: null,
        attackersToken: null,
        clockAttackersMs: null,
        clockDefendersMs: null,
      });
      for (const row of [full, sparse]) expect(await store.commit({ kind: 'create', row })).toBe(true);
      const loadedFull = await store.loadGame(full.id);
      const loadedSparse = await store.loadGame(sparse.id);
      expect(loadedFull).toStrictEqual(full);
      expect(loadedSparse).toStrictEqual(sparse);
      for (const key of [
        'timeBaseMs',
        'ply',
        'version',
        'turnStartedAt',
        'clockDefendersMs',
        'updatedAt',
      ] as const)
        expect(typeof loadedFull![key]).toBe('number');
      expect(loadedSparse!.rulesId).toBeNull();
      expect(loadedSparse!.clockAttackersMs).toBeNull();
      expect(loadedSparse!.turnStartedAt).toBeNull();
      expect(loadedFull!.rated).toBe(true);
      expect(loadedSparse!.rated).toBe(false);
      expect(await store.loadGame('nosuchgame')).toBeUndefined();
      // An update rewrites the seats' accounts (a guest's seat attached, a deleted account's let go).
      const attached = { ...sparse, defendersUser: 'u-new', attackersUser: null, version: 2 };
      expect(await store.commit({ kind: 'update', expectVersion: 1, row: attached })).toBe(true);
      expect(await store.loadGame(sparse.id)).toStrictEqual(attached);
    });

    it('keeps a secret made once: the same to every store on the database, one per name', async () => {
      const a = await open('a');
      const b = await open('b');
      const [first, second] = await Promise.all([a.secret('seat'), b.secret('seat')]);
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second).toBe(first);
      expect(await a.secret('seat')).toBe(first);
      expect(await a.secret('other')).not.toBe(first);
    });

    it("migrates a database of before accounts: its games stay, casual and with guests' seats", async () => {
      // The schema as it was before migration 0003, with a game in it.
      const store = await place.open();
      opened.push(store);
      await migrateUpTo(place, backend.dialect, '0002-analyses');
      const row = game({ attackersName: 'Ailill', defendersName: 'Medb' });
      await insertOldGame(place, backend.dialect, row);
      await store.migrate();
      const upgraded = {
        ...row,
        rated: false,
        ratingMin: null,
        ratingMax: null,
        tournamentId: null,
        attackersUser: null,
        defendersUser: null,
      };
      expect(await store.loadGame(row.id)).toStrictEqual(upgraded);
      await store.migrate(); // once more: nothing to do
      expect(await store.loadGame(row.id)).toStrictEqual(upgraded);
    });

    it('refuses a second create of the same id, leaving the first', async () => {
      const store = await open();
      const row = game();
      expect(await store.commit({ kind: 'create', row })).toBe(true);
      expect(await store.commit({ kind: 'create', row: { ...row, rulesName: 'Other' } })).toBe(false);
      expect((await store.loadGame(row.id))!.rulesName).toBe('Brandubh');
    });

    it('applies a conditional update once: the same expectVersion again is refused and writes no move', async () => {
      const store = await open();
      const row = game();
      await store.commit({ kind: 'create', row });
      const first = moveIn(row, 'd4-d6');
      const second = moveIn(row, 'c4-c6');
      expect(await store.commit(first)).toBe(true);
      expect(await store.commit(second)).toBe(false);
      expect(await store.loadGame(row.id)).toEqual(first.row);
      expect((await store.loadMoves(row.id, 0)).map((m) => m.move)).toEqual(['d4-d6']);
      // An update of a game that does not exist applies to nothing.
      expect(await store.commit(moveIn(game()))).toBe(false);
    });

    it('commits many concurrent changes in batches, in order, a refused one harming no other', async () => {
      const store = await open();
      const games = Array.from({ length: 300 }, () => game());
      // All created at once, with a duplicate among them: it alone is refused.
      const created = await Promise.all([
        ...games.map((row) => store.commit({ kind: 'create', row })),
        store.commit({ kind: 'create', row: games[5]! }),
      ]);
      expect(created.slice(0, -1).every((ok) => ok)).toBe(true);
      expect(created.at(-1)).toBe(false);
      // Then four moves in every game, all fired at once: each game's moves land in order.
      const before = { ...store.stats };
      const changes: Promise<boolean>[] = [];
      let rows = games;
      for (let k = 0; k < 4; k++) {
        const updates = rows.map((row) => moveIn(row));
        changes.push(...updates.map((u) => store.commit(u)));
        rows = updates.map((u) => u.row);
      }
      expect(await Promise.all(changes)).toEqual(changes.map(() => true));
      const batches = store.stats.batches - before.batches;
      expect(store.stats.changes - before.changes).toBe(1200);
      expect(batches).toBeLessThan(1200); // grouped
      expect(batches).toBeGreaterThanOrEqual(Math.ceil(1200 / MAX_BATCH)); // and capped
      expect(store.stats.largestBatch).toBeLessThanOrEqual(MAX_BATCH);
      for (const row of [rows[0]!, rows[150]!, rows[299]!]) {
        expect(await store.loadGame(row.id)).toEqual(row);
        expect((await store.loadMoves(row.id, 0)).map((m) => m.move)).toEqual(['m1', 'm2', 'm3', 'm4']);
      }
    });

    it('in one batch, a change sees the one before it to the same game, and a stale one fails alone', async () => {
      const store = await open();
      const [a, b, c] = [game(), game(), game()];
      await Promise.all([b, c].map((row) => store.commit({ kind: 'create', row })));
      const a1 = moveIn(a);
      const a2 = moveIn(a1.row);
      const b1 = moveIn(b);
      // Stale: b is at version 1, not 6.
      const staleB = moveIn({ ...b, version: b.version + 5 }, 'stale');
      const c1 = moveIn(c);
      const c2 = moveIn(c1.row);
      // Stale: c's version 1 is taken by c1, queued just before it in the same batch.
      const staleC = moveIn(c, 'late');
      const before = { ...store.stats };
      // All queued in one tick: one batch. a is created and moved twice in it.
      const results = await Promise.all([
        store.commit({ kind: 'create', row: a }),
        store.commit(a1),
        store.commit(staleB),
        store.commit(c1),
        store.commit(b1),
        store.commit(a2),
        store.commit(staleC),
        store.commit(c2),
      ]);
      // In a worker thread, the messages may reach the worker over two turns of its event loop.
      if (backend.name === 'sqlite') expect(store.stats.batches - before.batches).toBeLessThanOrEqual(2);
      else expect(store.stats.batches - before.batches).toBe(1);
      expect(results).toEqual([true, true, false, true, true, true, false, true]);
      expect(await store.loadGame(a.id)).toEqual(a2.row);
      expect(await store.loadGame(b.id)).toEqual(b1.row);
      expect(await store.loadGame(c.id)).toEqual(c2.row);
      expect((await store.loadMoves(a.id, 0)).map((m) => m.move)).toEqual(['m1', 'm2']);
      expect((await store.loadMoves(b.id, 0)).map((m) => m.move)).toEqual(['m1']);
      expect((await store.loadMoves(c.id, 0)).map((m) => m.move)).toEqual(['m1', 'm2']);
    });

    it('rejects every change of a batch whose transaction fails, and keeps working', async () => {
      const store = await open();
      const a = game();
      await store.commit({ kind: 'create', row: a });
      const played = moveIn(a);
      await store.commit(played);
      // A change that conflicts in the database (move 1 again, as if the hub had lost count)
      // fails the transaction of its batch: the create batched with it is not written either.
      const bad: GameChange = {
        kind: 'update',
        expectVersion: played.row.version,
        row: { ...played.row, version: played.row.version + 1 },
        move: { ...played.move!, move: 'again' },
      };
      const b = game();
      const results = await Promise.allSettled([store.commit({ kind: 'create', row: b }), store.commit(bad)]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(await store.loadGame(b.id)).toBeUndefined();
      expect(await store.loadGame(a.id)).toEqual(played.row);
      // Later batches work.
      expect(await store.commit({ kind: 'create', row: b })).toBe(true);
      expect(await store.commit(moveIn(played.row))).toBe(true);
      expect((await store.loadMoves(a.id, 0)).map((m) => m.move)).toEqual(['m1', 'm2']);
    });

    it('refuses a malformed change before it reaches a batch', async () => {
      const store = await open();
      const row = game();
      await store.commit({ kind: 'create', row });
      await expect(
        store.commit({ kind: 'update', expectVersion: 1, row: { ...row, version: 5 } }),
      ).rejects.toThrow(/version/);
      await expect(
        store.commit({ kind: 'create', row: { ...game(), ply: undefined as unknown as number } }),
      ).rejects.toThrow(/ply/);
      expect(await store.loadGame(row.id)).toEqual(row);
    });

    it('commits a rematch both or neither', async () => {
      const store = await open();
      const from = game({ status: 'ended', winner: 'attackers', reason: 'resignation' });
      await store.commit({ kind: 'create', row: from });
      const rematch = (next: GameRow, expectVersion = from.version): GameChange => ({
        kind: 'rematch',
        expectVersion,
        from: { ...from, rematchId: next.id, version: expectVersion + 1 },
        row: next,
      });
      // `from` has moved on: the new game is not created.
      const stale = game();
      expect(await store.commit(rematch(stale, from.version + 1))).toBe(false);
      expect(await store.loadGame(stale.id)).toBeUndefined();
      expect(await store.loadGame(from.id)).toEqual(from);
      // The new game's id is taken: `from` is not updated.
      const taken = game();
      await store.commit({ kind: 'create', row: taken });
      expect(await store.commit(rematch({ ...game(), id: taken.id }))).toBe(false);
      expect(await store.loadGame(from.id)).toEqual(from);
      expect(await store.loadGame(taken.id)).toEqual(taken);
      // Both.
      const next = game({ attackersName: 'Bo', defendersName: 'Ann' });
      expect(await store.commit(rematch(next))).toBe(true);
      expect(await store.loadGame(next.id)).toEqual(next);
      expect(await store.loadGame(from.id)).toEqual({
        ...from,
        rematchId: next.id,
        version: from.version + 1,
      });
    });

    it('loads the moves after a ply, in order, every field', async () => {
      const store = await open();
      let row = game({ timeKind: 'none', clockAttackersMs: null, clockDefendersMs: null });
      await store.commit({ kind: 'create', row });
      const moves: MoveRow[] = [];
      for (const text of ['d1-d3', 'c4-c2', 'a4-a2x']) {
        const change = moveIn(row, text);
        const move = { ...change.move!, clockMs: moves.length === 1 ? null : change.move!.clockMs };
        expect(await store.commit({ ...change, move })).toBe(true);
        moves.push(move);
        row = change.row;
      }
      expect(await store.loadMoves(row.id, 0)).toStrictEqual(moves);
      expect(await store.loadMoves(row.id, 1)).toStrictEqual(moves.slice(1));
      expect(await store.loadMoves(row.id, 3)).toEqual([]);
      expect(await store.loadMoves('nosuchgame', 0)).toEqual([]);
      const [, second] = await store.loadMoves(row.id, 0);
      expect(second!.clockMs).toBeNull();
      expect(typeof second!.at).toBe('number');
    });

    it('lists the lobby: each kind newest first, up to the limit; aborted games nowhere', async () => {
      const store = await open();
      const at = (status: GameRow['status'], updatedAt: number, id?: string): GameRow =>
        game({ status, updatedAt, ...(id ? { id } : {}) });
      const rows = [
        at('waiting', T0 + 1),
        at('waiting', T0 + 3),
        at('waiting', T0 + 2),
        at('playing', T0 + 10),
        at('playing', T0 + 30, 'zzzzzzzzzz'),
        at('playing', T0 + 30, 'aaaaaaaaaa'),
        at('ended', T0 + 5),
        at('ended', T0 + 6),
        at('aborted', T0 + 100),
      ];
      for (const row of rows) await store.commit({ kind: 'create', row });
      const ids = (list: readonly GameRow[]): string[] => list.map((r) => r.id);
      const all = await store.lobby(10);
      expect(ids(all.open)).toEqual([rows[1]!.id, rows[2]!.id, rows[0]!.id]);
      // Same time: the larger id first, so that the order is total.
      expect(ids(all.live)).toEqual(['zzzzzzzzzz', 'aaaaaaaaaa', rows[3]!.id]);
      expect(ids(all.finished)).toEqual([rows[7]!.id, rows[6]!.id]);
      const two = await store.lobby(2);
      expect(ids(two.open)).toEqual([rows[1]!.id, rows[2]!.id]);
      expect(ids(two.live)).toEqual(['zzzzzzzzzz', 'aaaaaaaaaa']);
      expect(ids(two.finished)).toEqual([rows[7]!.id, rows[6]!.id]);
      expect(all.open[0]).toEqual(rows[1]);
      expect(await store.lobby(0)).toEqual({ open: [], live: [], finished: [] });
    });

    it('finds the running clocks and shifts them, and only them', async () => {
      const store = await open();
      const running = game({ status: 'playing', turnStartedAt: T0 + 500 });
      const running2 = game({ status: 'playing', turnStartedAt: T0 + 100 });
      const stopped = game({ status: 'playing', turnStartedAt: null });
      const ended = game({ status: 'ended', turnStartedAt: T0 + 200 });
      const waiting = game({ status: 'waiting', turnStartedAt: null });
      for (const row of [running, running2, stopped, ended, waiting])
        await store.commit({ kind: 'create', row });
      expect(await store.runningClocks()).toEqual([running2, running]);
      expect(await store.shiftClocks(60_000)).toBe(2);
      expect((await store.loadGame(running.id))!.turnStartedAt).toBe(T0 + 60_500);
      expect((await store.loadGame(running2.id))!.turnStartedAt).toBe(T0 + 60_100);
      expect(await store.loadGame(ended.id)).toEqual(ended);
      expect(await store.loadGame(stopped.id)).toEqual(stopped);
      // Shifting touches neither the version nor anything else.
      expect(await store.loadGame(running.id)).toEqual({ ...running, turnStartedAt: T0 + 60_500 });
      // With a heartbeat, written in the same transaction.
      expect(await store.shiftClocks(1000, { serverId: 'p', at: T0 + 90_000 })).toBe(2);
      expect((await store.loadGame(running.id))!.turnStartedAt).toBe(T0 + 61_500);
      expect(await store.lastHeartbeat()).toBe(T0 + 90_000);
    });

    it('keeps heartbeats: one per process, replaced; the latest of all', async () => {
      const store = await open();
      expect(await store.lastHeartbeat()).toBeUndefined();
      await store.heartbeat('a', T0 + 1000);
      await store.heartbeat('b', T0 + 3000);
      expect(await store.lastHeartbeat()).toBe(T0 + 3000);
      await store.heartbeat('a', T0 + 5000);
      expect(await store.lastHeartbeat()).toBe(T0 + 5000);
      // An upsert: a's later beat replaces its earlier one, so b's is now the latest.
      await store.heartbeat('a', T0 + 2000);
      expect(await store.lastHeartbeat()).toBe(T0 + 3000);
    });

    it('keeps the data through close and reopen; close writes the changes already queued', async () => {
      const store = await open();
      const row = game();
      await store.commit({ kind: 'create', row });
      const queued = store.commit(moveIn(row));
      await store.close();
      expect(await queued).toBe(true);
      await expect(store.commit({ kind: 'create', row: game() })).rejects.toThrow(/closed/);
      const again = await open();
      expect(await again.loadGame(row.id)).toEqual(moveIn(row).row);
      expect(await again.loadMoves(row.id, 0)).toEqual([moveIn(row).move]);
    });

    if (backend.dialect === 'sqlite') {
      it('uses a WAL journal, and never calls listen back', async () => {
        const store = await open();
        const heard = collector();
        await store.listen('here', heard.on);
        await store.commit({ kind: 'create', row: game() });
        const db = new SQLite(place.sqliteFile!, { readonly: true });
        try {
          expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
        } finally {
          db.close();
        }
        expect(heard.notices).toEqual([]);
      });

      it('refuses a data directory it cannot use with a clear error', async () => {
        // A file where the directory should be: the store is not opened, and says why.
        const file = join(place.dataDir!, 'not-a-directory');
        writeFileSync(file, 'x');
        await expect(
          openStore({ dataDir: file, origin: 'here', thread: backend.name === 'sqlite' }),
        ).rejects.toThrow(/not-a-directory/);
      });
    }

    if (backend.dialect === 'postgres') {
      it('notifies the other stores of each applied change, after commit, with its origin', async () => {
        const a = await open('process-a');
        const b = await open('process-b');
        const heard = collector();
        await b.listen('process-b', heard.on);
        const row = game();
        const first = moveIn(row);
        const batch = [
          a.commit({ kind: 'create', row }),
          a.commit(first),
          a.commit(moveIn(row, 'stale')), // refused: no notice
          a.commit(moveIn(first.row)),
        ];
        expect(await Promise.all(batch)).toEqual([true, true, false, true]);
        await heard.until(3);
        // A move's notice carries the move and the game after it (but its rules).
        const moved = (change: ReturnType<typeof moveIn>) => ({
          row: withoutRules(change.row),
          move: change.move,
        });
        const second = moveIn(first.row);
        expect(heard.notices).toEqual([
          { id: row.id, version: 1, origin: 'process-a' },
          { id: row.id, version: 2, origin: 'process-a', moved: moved(first) },
          { id: row.id, version: 3, origin: 'process-a', moved: moved(second) },
        ]);
        // A rematch tells of both games.
        const next = game();
        const from = (await a.loadGame(row.id))!;
        await a.commit({ kind: 'rematch', expectVersion: 3, from: { ...from, version: 4 }, row: next });
        await heard.until(5);
        expect(heard.notices.slice(3)).toEqual([
          { id: row.id, version: 4, origin: 'process-a' },
          { id: next.id, version: 1, origin: 'process-a' },
        ]);
      });

      it('sends nothing for a failed transaction, and ignores malformed payloads', async () => {
        const a = await open('process-a');
        const b = await open('process-b');
        const heard = collector();
        await b.listen('process-b', heard.on);
        const row = game();
        await a.commit({ kind: 'create', row });
        const played = moveIn(row);
        await a.commit(played);
        const bad: GameChange = {
          kind: 'update',
          expectVersion: 2,
          row: { ...played.row, version: 3 },
          move: played.move!,
        };
        const lost = game();
        await expect(Promise.all([a.commit({ kind: 'create', row: lost }), a.commit(bad)])).rejects.toThrow();
        for (const payload of [
          'not json',
          '{"id":1,"version":2,"origin":"x"}',
          '[]',
          '{"id":"x"}',
          '',
          'x'.repeat(5000),
        ])
          await place.query!(`select pg_notify('tafl_games', $1)`, [payload]);
        await place.query!(`select pg_notify('another_channel', $1)`, [
          JSON.stringify({ id: 'x', version: 1, origin: 'y' }),
        ]);
        const last = game();
        await a.commit({ kind: 'create', row: last });
        await heard.until(3);
        expect(heard.notices.map(({ moved: _moved, ...notice }) => notice)).toEqual([
          { id: row.id, version: 1, origin: 'process-a' },
          { id: row.id, version: 2, origin: 'process-a' },
          { id: last.id, version: 1, origin: 'process-a' },
        ]);
      });

      it('listens again after losing its connection, and says so', async () => {
        const a = await open('process-a');
        const b = await open('process-b');
        const heard = collector();
        let reconnected!: () => void;
        const reconnect = new Promise<void>((resolve) => (reconnected = resolve));
        await b.listen('process-b', heard.on, () => reconnected());
        const killed = await place.query!(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and query ilike 'listen %'`,
          [place.database],
        );
        expect(killed.rowCount).toBe(1);
        await reconnect;
        const row = game();
        await a.commit({ kind: 'create', row });
        await heard.until(1);
        expect(heard.notices).toEqual([{ id: row.id, version: 1, origin: 'process-a' }]);
      });
    }
  });
});
