/**
 * Two processes starting at the same moment after an outage credit the clocks once, not twice:
 * each read the same last heartbeat, and `shiftClocks(ms, heartbeat, expectLast)` shifts only
 * when no newer heartbeat was written meanwhile. On PostgreSQL both start truly at once (two
 * stores, two connections); on SQLite one after the other (one process per data folder).
 */

import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type OpenedStore } from '../src/store/index.js';
import type { GameRow } from '../src/store/types.js';
import { BACKENDS, freshDatabase } from './harness.js';
import { gameRow } from './rows.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

function running(startedAt: number): GameRow {
  return gameRow(
    { kind: 'live', baseMs: 300_000, incrementMs: 0 },
    {
      id: 'Shift00001',
      ply: 1,
      clockAttackersMs: 300_000,
      clockDefendersMs: 300_000,
      turnStartedAt: startedAt,
      createdAt: startedAt,
      updatedAt: startedAt,
    },
  );
}

describe.each(BACKENDS)('on %s', (backend) => {
  it('the same outage is credited once when two processes start together', async () => {
    const database = await freshDatabase(backend);
    cleanup.push(database.remove);
    const open = async (origin: string): Promise<OpenedStore> => {
      const store = await openStore({ ...database.setup, origin, log: () => {} });
      cleanup.push(() => store.close());
      return store;
    };
    const first = await open('one');
    await first.migrate();
    const second = backend === 'postgres' ? await open('two') : first;
    const T = 1_800_000_000_000;
    expect(await first.commit({ kind: 'create', row: running(T) })).toBe(true);
    await first.heartbeat('before', T + 1000);
    const last = (await first.lastHeartbeat())!;
    expect(last).toBe(T + 1000);

    // Both read `last` and credit the 60 s since; one of them does it.
    const [a, b] = await Promise.all([
      first.shiftClocks(60_000, { serverId: 'one', at: T + 61_000 }, last),
      second.shiftClocks(60_000, { serverId: 'two', at: T + 61_000 }, last),
    ]);
    expect([a, b].sort()).toEqual([0, 1]);
    expect((await first.loadGame('Shift00001'))!.turnStartedAt).toBe(T + 60_000);
    // Both heartbeats are written, so a third start finds them.
    expect(await first.lastHeartbeat()).toBe(T + 61_000);
    // Without expectLast (the old call), it shifts as before.
    expect(await first.shiftClocks(5, undefined)).toBe(1);
    expect((await first.loadGame('Shift00001'))!.turnStartedAt).toBe(T + 60_005);
  });
});
