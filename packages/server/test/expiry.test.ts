/**
 * A correspondence game whose player lets the days run out, and the store's query behind the
 * expiry sweep, on a real store of each backend (the hub in this process, as `npm start` runs
 * it): the stored games are made as the server would have left them days ago, then a hub starts.
 *
 * - days run out after a move: the game is lost on time (the opponent wins);
 * - days run out before any move: the game is aborted ("unstarted"), nobody loses;
 * - `expiring` reads old waiting games and old unstarted games, and nothing else; `countGames`
 *   counts the games waiting and being played.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { timeColumns } from '../src/game.js';
import { Hub } from '../src/hub.js';
import { openStore, type OpenedStore } from '../src/store/index.js';
import type { GameRow } from '../src/store/types.js';
import { BACKENDS, freshDatabase } from './harness.js';
import { gameRow } from './rows.js';

const DAY = 86_400_000;
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

let seq = 0;
function game(over: Partial<GameRow>): GameRow {
  const now = Date.now();
  const id = `Exp${String(++seq).padStart(3, '0')}${'x'.repeat(4)}`;
  return gameRow(
    { kind: 'correspondence', days: 1 },
    { id, clockAttackersMs: DAY, clockDefendersMs: DAY, createdAt: now, updatedAt: now, ...over },
  );
}

async function open(backend: 'sqlite' | 'postgres'): Promise<OpenedStore> {
  const database = await freshDatabase(backend);
  const store = await openStore({ ...database.setup, origin: 'test', log: () => {} });
  await store.migrate();
  cleanup.push(database.remove, () => store.close());
  return store;
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(BACKENDS)('on %s', (backend) => {
  it('a correspondence player whose days run out loses on time; before any move, the game is aborted', async () => {
    const store = await open(backend);
    const twoDaysAgo = Date.now() - 2 * DAY;
    // Ply 1: the attackers moved two days ago; the defenders had a day and did not answer.
    const moved = game({ createdAt: twoDaysAgo, updatedAt: twoDaysAgo });
    expect(await store.commit({ kind: 'create', row: moved })).toBe(true);
    const after: GameRow = { ...moved, ply: 1, version: 2, turnStartedAt: twoDaysAgo };
    const move = { gameId: moved.id, ply: 1, move: 'd2-b2', at: twoDaysAgo, clockMs: DAY };
    expect(await store.commit({ kind: 'update', expectVersion: 1, row: after, move })).toBe(true);
    // Ply 0: both seats taken two days ago, and the attackers never moved.
    const unmoved = game({ createdAt: twoDaysAgo, updatedAt: twoDaysAgo, turnStartedAt: twoDaysAgo });
    expect(await store.commit({ kind: 'create', row: unmoved })).toBe(true);

    const hub = new Hub(store, { origin: 'test' });
    await hub.start();
    cleanup.push(() => hub.stop());
    await until(async () => (await store.loadGame(moved.id))?.status === 'ended');
    await until(async () => (await store.loadGame(unmoved.id))?.status === 'aborted');
    const lost = (await hub.gameView(moved.id))!;
    expect(lost.result).toEqual({ winner: 'attackers', reason: 'time' });
    expect(lost.moves).toEqual(['d2-b2']);
    expect((await hub.gameView(unmoved.id))!.result).toEqual({ winner: 'none', reason: 'unstarted' });
  });

  it('the sweep reads old waiting and old unstarted games, not begun, new or finished ones', async () => {
    const store = await open(backend);
    const now = Date.now();
    const old = now - 2 * DAY;
    const rows = {
      oldWaiting: game({ status: 'waiting', defendersName: null, defendersToken: null, createdAt: old }),
      newWaiting: game({ status: 'waiting', defendersName: null, defendersToken: null }),
      oldUnstarted: game({ ...timeColumns({ kind: 'none' }), createdAt: old, updatedAt: old }),
      oldBegun: game({ ...timeColumns({ kind: 'none' }), ply: 0, createdAt: old, updatedAt: old }),
      oldEnded: game({
        status: 'ended',
        winner: 'draw',
        reason: 'agreement',
        createdAt: old,
        updatedAt: old,
      }),
    };
    for (const row of Object.values(rows)) expect(await store.commit({ kind: 'create', row })).toBe(true);
    // One of them has its first move.
    const begun = rows.oldBegun;
    const move = { gameId: begun.id, ply: 1, move: 'd2-b2', at: old, clockMs: null };
    expect(
      await store.commit({ kind: 'update', expectVersion: 1, row: { ...begun, ply: 1, version: 2 }, move }),
    ).toBe(true);
    const found = await store.expiring(now - DAY, now - DAY, 100);
    expect(found.map((r) => r.id).sort()).toEqual([rows.oldWaiting.id, rows.oldUnstarted.id].sort());
    expect(await store.expiring(now - DAY, now - DAY, 1)).toHaveLength(1);
    // The metrics' count of the same games, by status, however many there are.
    expect(await store.countGames()).toEqual({ waiting: 2, playing: 2 });
  });
});
