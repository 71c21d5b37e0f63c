/**
 * The limits' storage (store/limits.ts) on both databases, through the store as the server opens
 * it (on SQLite, in its worker thread): a throttle's free attempts and its growing wait, an
 * attempt given back, a key cleared; a waiting game's place, freed once the game waits no more;
 * the addresses an account signed in from; and the sweep, which deletes what counts no more and
 * nothing else.
 */

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type OpenedStore } from '../src/store/index.js';
import { PENDING_PLACE_MS, type Throttle } from '../src/store/limits.js';
import { BACKENDS, freshDatabase } from './harness.js';
import { gameRow } from './rows.js';

const MINUTE = 60_000;
const T0 = 1_000_000_000_000;

describe.each(BACKENDS)('the limits store on %s', (backend) => {
  let store: OpenedStore;
  let remove: () => Promise<void>;
  beforeEach(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    const { dataDir, databaseUrl } = database.setup;
    store = await openStore({
      ...(databaseUrl ? { databaseUrl } : { dataDir: dataDir! }),
      origin: 'limits-store-test',
    });
    await store.migrate();
  });
  afterEach(async () => {
    await store?.close();
    await remove?.();
  });

  const pair: Throttle = {
    kind: 'signin-pair',
    key: 'medb addr',
    windowMs: 15 * MINUTE,
    free: 2,
    growFromMs: 1000,
  };
  const flat: Throttle = { kind: 'signup', key: 'addr', windowMs: 60 * MINUTE, free: 2 };

  it('lets the free attempts through, then waits after the last one, twice as long at each further one', async () => {
    expect(await store.limits.take('a1', [pair], T0)).toEqual({ ok: true });
    expect(await store.limits.take('a2', [pair], T0 + 10)).toEqual({ ok: true });
    // Two in the window: the next waits 1 s after the last.
    expect(await store.limits.take('a3', [pair], T0 + 500)).toEqual({
      ok: false,
      kind: 'signin-pair',
      until: T0 + 10 + 1000,
    });
    expect(await store.limits.take('a3', [pair], T0 + 1010)).toEqual({ ok: true });
    // Three: 2 s after the last.
    expect(await store.limits.take('a4', [pair], T0 + 1100)).toMatchObject({ ok: false, until: T0 + 3010 });
    // A refused attempt writes nothing: the wait does not grow by asking.
    expect(await store.limits.take('a4', [pair], T0 + 3010)).toEqual({ ok: true });
    // Given back (a right password), with the key cleared: free again.
    await store.limits.give('a5', [pair]);
    expect(await store.limits.take('a6', [pair], T0 + 3020)).toEqual({ ok: true });
    expect(await store.limits.take('a7', [pair], T0 + 3030)).toEqual({ ok: true });
    expect((await store.limits.take('a8', [pair], T0 + 3040)).ok).toBe(false);
    // Out of the window, they count no more.
    expect(await store.limits.take('a8', [pair], T0 + 3030 + 15 * MINUTE + 1)).toEqual({ ok: true });
  });

  it('holds a flat throttle until the oldest attempt leaves the window; a given-back attempt does not count; a count-only key never refuses', async () => {
    expect((await store.limits.take('s1', [flat], T0)).ok).toBe(true);
    expect((await store.limits.take('s2', [flat], T0 + MINUTE)).ok).toBe(true);
    expect(await store.limits.take('s3', [flat], T0 + 2 * MINUTE)).toEqual({
      ok: false,
      kind: 'signup',
      until: T0 + 60 * MINUTE,
    });
    await store.limits.give('s2');
    expect((await store.limits.take('s3', [flat], T0 + 2 * MINUTE)).ok).toBe(true);
    // Refused by one key, written under none; counted only under another, never refused by it.
    const other: Throttle = { ...flat, key: 'elsewhere' };
    expect((await store.limits.take('s4', [other, flat], T0 + 3 * MINUTE)).ok).toBe(false);
    expect((await store.limits.take('s5', [other, { ...flat, countOnly: true }], T0 + 3 * MINUTE)).ok).toBe(
      true,
    );
    expect((await store.limits.take('s6', [other], T0 + 3 * MINUTE)).ok).toBe(true);
    expect((await store.limits.take('s7', [other], T0 + 3 * MINUTE)).ok).toBe(false);
  });

  it("counts a waiting game's place until the game waits no more", async () => {
    const keys = ['address:x', 'account:u1'];
    expect(await store.limits.claim('p1', keys, 2, T0)).toBe(true);
    expect(await store.limits.claim('p2', ['address:x'], 2, T0)).toBe(true);
    // Both keys must have room: the account has one place, the address two.
    expect(await store.limits.claim('p3', keys, 2, T0)).toBe(false);
    expect(await store.limits.claim('p3', ['account:u1'], 2, T0)).toBe(true);
    // p1's game is made and waits; p2's was refused (freed).
    const waiting = gameRow({ kind: 'none' }, { id: 'Waiting001', status: 'waiting' });
    expect(await store.commit({ kind: 'create', row: waiting })).toBe(true);
    await store.limits.settle('p1', waiting.id);
    await store.limits.settle('p2', null);
    expect(await store.limits.claim('p4', ['address:x'], 2, T0)).toBe(true);
    expect(await store.limits.claim('p5', ['address:x'], 2, T0)).toBe(false);
    // Joined: its place is free.
    const joined = { ...waiting, status: 'playing' as const, version: 2 };
    expect(await store.commit({ kind: 'update', expectVersion: 1, row: joined })).toBe(true);
    expect(await store.limits.claim('p5', ['address:x'], 2, T0)).toBe(true);
    // A place whose game was never made counts a while, then no more.
    expect(await store.limits.claim('p6', ['address:x'], 2, T0 + PENDING_PLACE_MS + 1)).toBe(true);
  });

  it('knows the addresses an account signed in from, since when', async () => {
    expect(
      await store.accounts.signUp({ id: 'u1', name: 'Medb', nameKey: 'medb', password: 'x', createdAt: T0 }),
    ).toBe('created');
    expect(await store.limits.known('medb', 'home', T0)).toBe(false);
    await store.limits.remember('u1', 'home', T0);
    expect(await store.limits.known('medb', 'home', T0)).toBe(true);
    expect(await store.limits.known('medb', 'home', T0 + 1)).toBe(false);
    expect(await store.limits.known('medb', 'away', T0)).toBe(false);
    expect(await store.limits.known('ailill', 'home', T0)).toBe(false);
    await store.limits.remember('u1', 'home', T0 + 5);
    expect(await store.limits.known('medb', 'home', T0 + 5)).toBe(true);
  });

  it('sweeps attempts out of their window, free places and addresses not seen lately, and nothing else', async () => {
    await store.accounts.signUp({ id: 'u1', name: 'Medb', nameKey: 'medb', password: 'x', createdAt: T0 });
    await store.limits.take('old', [pair], T0);
    await store.limits.take('new', [flat], T0 + 10 * MINUTE);
    await store.limits.claim('pending', ['address:x'], 5, T0 + 20 * MINUTE);
    await store.limits.claim('stale', ['address:y'], 5, T0);
    await store.limits.remember('u1', 'old', T0);
    await store.limits.remember('u1', 'new', T0 + 20 * MINUTE);
    const now = T0 + 20 * MINUTE;
    // The pair's attempt (15 minutes), the place pending for 20 minutes, the old address.
    expect(await store.limits.sweep(now, T0 + 1)).toBe(3);
    expect(await store.limits.sweep(now, T0 + 1)).toBe(0);
    expect(await store.limits.known('medb', 'new', T0)).toBe(true);
    expect(await store.limits.known('medb', 'old', 0)).toBe(false);
    // What is left still counts: the sign-up and the pending place.
    expect((await store.limits.take('more', [{ ...flat, free: 1 }], now)).ok).toBe(false);
    expect(await store.limits.claim('more', ['address:x'], 1, now)).toBe(false);
  });
});
