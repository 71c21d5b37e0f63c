/**
 * The accounts' storage (store/accounts.ts) on both databases, through the store as the server
 * opens it (on SQLite, in its worker thread: every answer crosses as plain data): names unique
 * whatever their case, sessions (idle expiry, their last use written at most once a minute,
 * revoked one or all), the seat key (replaced with the sessions' end, and waiting for the games
 * until they hold it), and a deleted account (sessions and ratings gone, tournament entries
 * renamed, games left to the hub).
 */

import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELETED_NAME } from '../src/protocol.js';
import { openStore, type OpenedStore } from '../src/store/index.js';
import type { Database } from '../src/store/schema.js';
import { BACKENDS, freshDatabase } from './harness.js';

const IDLE = 30 * 24 * 3_600_000;

describe.each(BACKENDS)('the accounts store on %s', (backend) => {
  let store: OpenedStore;
  let side: Kysely<Database>;
  let remove: () => Promise<void>;
  beforeEach(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    const { dataDir, databaseUrl } = database.setup;
    store = await openStore({
      ...(databaseUrl ? { databaseUrl } : { dataDir: dataDir! }),
      origin: 'accounts-store-test',
    });
    await store.migrate();
    // A connection of the test's own, for what the accounts store does not write.
    side = new Kysely<Database>({
      dialect: databaseUrl
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) })
        : new SqliteDialect({ database: new SQLite(join(dataDir!, 'tafl.sqlite')) }),
    });
  });
  afterEach(async () => {
    await side?.destroy();
    await store?.close();
    await remove?.();
  });

  const user = (id: string, name: string) => ({
    id,
    name,
    nameKey: name.toLowerCase(),
    password: `scrypt$hash-of-${id}`,
    createdAt: 1000,
  });

  it('makes an account once per name, whatever its case', async () => {
    expect(await store.accounts.signUp(user('u1', 'Medb'))).toBe('created');
    expect(await store.accounts.signUp(user('u2', 'MEDB'))).toBe('taken');
    expect(await store.accounts.userByName('medb')).toEqual({
      id: 'u1',
      name: 'Medb',
      password: 'scrypt$hash-of-u1',
      createdAt: 1000,
    });
    expect(await store.accounts.userById('u2')).toBeUndefined();
    await store.accounts.setPassword('u1', 'scrypt$new', 2000);
    expect((await store.accounts.userById('u1'))?.password).toBe('scrypt$new');
  });

  it('keeps sessions: found while used, last use written at most once a minute, gone after the idle time', async () => {
    await store.accounts.signUp(user('u1', 'Medb'));
    await store.accounts.createSession({ id: 's1', userId: 'u1', csrf: 'c1', createdAt: 10_000 });
    const found = await store.accounts.session('s1', 40_000, IDLE, 60_000);
    expect(found).toEqual({
      userId: 'u1',
      name: 'Medb',
      userCreatedAt: 1000,
      csrf: 'c1',
      lastSeenAt: 10_000,
    });
    const lastSeen = async () =>
      (await side.selectFrom('sessions').select('last_seen_at').where('id', '=', 's1').executeTakeFirst())
        ?.last_seen_at;
    expect(Number(await lastSeen())).toBe(10_000); // 30 s later: not written
    expect((await store.accounts.session('s1', 70_000, IDLE, 60_000))?.lastSeenAt).toBe(10_000); // its use before this one
    expect(Number(await lastSeen())).toBe(70_000);
    // Idle for longer than the limit: gone, for good.
    expect(await store.accounts.session('s1', 70_001 + IDLE, IDLE, 60_000)).toBeUndefined();
    expect(await lastSeen()).toBeUndefined();
    expect(await store.accounts.session('s1', 80_000, IDLE, 60_000)).toBeUndefined();
    expect(await store.accounts.session('nothing', 80_000, IDLE, 60_000)).toBeUndefined();
  });

  it('revokes one session, all but one, all, and the expired ones', async () => {
    await store.accounts.signUp(user('u1', 'Medb'));
    await store.accounts.signUp(user('u2', 'Ailill'));
    for (const [id, userId, at] of [
      ['a', 'u1', 1000],
      ['b', 'u1', 1000],
      ['c', 'u1', 5000],
      ['d', 'u2', 1000],
    ] as const)
      await store.accounts.createSession({ id, userId, csrf: `csrf-${id}`, createdAt: at });
    const live = async (id: string) => (await store.accounts.session(id, 6000, IDLE, 60_000)) !== undefined;
    await store.accounts.revokeSession('a');
    expect(await live('a')).toBe(false);
    expect(await store.accounts.revokeSessions('u1', 'c')).toBe(1);
    expect([await live('b'), await live('c'), await live('d')]).toEqual([false, true, true]);
    expect(await store.accounts.sweepSessions(2000)).toBe(1); // d, last used at 1000
    expect(await live('d')).toBe(false);
    expect(await store.accounts.revokeSessions('u1')).toBe(1);
    expect(await live('c')).toBe(false);
  });

  it('replaces the seat key with the end of the sessions, and a key replaced again meanwhile stays waiting', async () => {
    await store.accounts.signUp(user('u1', 'Medb'));
    await store.accounts.signUp(user('u2', 'Ailill'));
    const first = await store.accounts.seatKey('u1');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await store.accounts.seatKey('u2')).not.toBe(first);
    expect(await store.accounts.seatKey('nobody')).toBeUndefined();
    for (const id of ['a', 'b', 'c'])
      await store.accounts.createSession({ id, userId: 'u1', csrf: id, createdAt: 1000 });
    const live = async (id: string) => (await store.accounts.session(id, 6000, IDLE, 60_000)) !== undefined;
    // A rehash of the same password keeps the key.
    await store.accounts.setPassword('u1', 'scrypt$rehashed', 1500);
    expect(await store.accounts.seatKey('u1')).toBe(first);
    expect(await store.accounts.rekeysDue(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);

    // A new password: a new key, waiting since then; every session but the one that changed it ends.
    await store.accounts.changePassword('u1', 'scrypt$new', 2000, 'a');
    const second = await store.accounts.seatKey('u1');
    expect(second).not.toBe(first);
    expect([await live('a'), await live('b'), await live('c')]).toEqual([true, false, false]);
    expect(await store.accounts.rekeysDue(2000, 10)).toEqual([]);
    expect(await store.accounts.rekeysDue(2001, 10)).toEqual(['u1']);
    // Signing out everywhere replaces it again before the games were given the second: the
    // games' word that they hold the second leaves the third waiting.
    expect(await store.accounts.signOutEverywhere('u1', 3000)).toBe(1);
    const third = await store.accounts.seatKey('u1');
    expect(third).not.toBe(second);
    expect(await live('a')).toBe(false);
    await store.accounts.seatsRekeyed('u1', second!);
    expect(await store.accounts.rekeysDue(Number.MAX_SAFE_INTEGER, 10)).toEqual(['u1']);
    await store.accounts.seatsRekeyed('u1', third!);
    expect(await store.accounts.rekeysDue(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    expect(await store.accounts.seatKey('u2')).not.toBe(third);
  });

  it("deletes an account: its sessions and ratings go, its tournament entries show DELETED_NAME, others' stay", async () => {
    await store.accounts.signUp(user('u1', 'Medb'));
    await store.accounts.signUp(user('u2', 'Ailill'));
    await store.accounts.createSession({ id: 's1', userId: 'u1', csrf: 'c', createdAt: 1000 });
    await store.accounts.createSession({ id: 's2', userId: 'u2', csrf: 'c', createdAt: 1000 });
    for (const userId of ['u1', 'u2'])
      await side
        .insertInto('ratings')
        .values({
          user_id: userId,
          family: 'brandubh',
          rating: 1500,
          deviation: 350,
          volatility: 0.06,
          games: 0,
          last_played_at: null,
        })
        .execute();
    await side
      .insertInto('tournaments')
      .values({
        id: 't1',
        name: 'Samhain cup',
        kind: 'swiss',
        rules_id: 'brandub-fr',
        rules_name: 'Brandub',
        time_kind: 'live',
        time_base_ms: 300_000,
        time_increment_ms: 3000,
        rounds: 3,
        rated: 1,
        starts_at: 5000,
        status: 'open',
        round: 0,
        creator_id: 'u1',
        creator_name: 'Medb',
        version: 1,
        created_at: 1000,
        updated_at: 1000,
      })
      .execute();
    for (const [userId, name] of [
      ['u1', 'Medb'],
      ['u2', 'Ailill'],
    ])
      await side
        .insertInto('tournament_players')
        .values({ tournament_id: 't1', user_id: userId!, name: name!, rating: 1500, joined_at: 1000 })
        .execute();

    await store.accounts.deleteUser('u1');

    expect(await store.accounts.userById('u1')).toBeUndefined();
    expect(await store.accounts.userByName('medb')).toBeUndefined();
    expect(await store.accounts.session('s1', 2000, IDLE, 60_000)).toBeUndefined();
    expect((await store.accounts.session('s2', 2000, IDLE, 60_000))?.name).toBe('Ailill');
    const ratings = await side.selectFrom('ratings').select('user_id').execute();
    expect(ratings.map((r) => r.user_id)).toEqual(['u2']);
    const entries = await side
      .selectFrom('tournament_players')
      .select(['user_id', 'name'])
      .orderBy('user_id')
      .execute();
    expect(entries).toEqual([
      { user_id: 'u1', name: DELETED_NAME },
      { user_id: 'u2', name: 'Ailill' },
    ]);
    const tournament = await side
      .selectFrom('tournaments')
      .select(['creator_id', 'creator_name'])
      .executeTakeFirst();
    expect(tournament).toEqual({ creator_id: null, creator_name: DELETED_NAME });
    // The name is free again.
    expect(await store.accounts.signUp(user('u3', 'medb'))).toBe('created');
  });
});
