// A search on several threads (worker/smp.ts): helper threads searching the moves of a Search's
// split points on one shared table. Real worker threads (the built `@tafl/engine/node`); the
// searches are bounded by depth, and nothing here depends on the machine's speed.
import { playMoveRecord, presetById, startingPosition, type Position } from '@tafl/core';
import { createNodeEngine, helperPool, nodeHelperPool, sharedBy } from '@tafl/engine/node';
import { describe, expect, it } from 'vitest';
import { Search } from '../src/search.js';
import { tableBytes } from '../src/tt.js';
import { drawScoreFor, weightsFor } from '../src/weights.js';
import type { HelperSearch } from '../src/worker/smp.js';

const brandubh = presetById('brandubh-2019')!;
/** A quiet middle position of brandubh-2019 (analysis.test.ts). */
const OPENING = ['d2-e2', 'd3-d2', 'b4-b2', 'd2-d3'];

const after = (moves: readonly string[]): Position => {
  const pos = startingPosition(brandubh);
  for (const m of moves) if (!playMoveRecord(pos, m).ok) throw new Error(m);
  return pos;
};

/** Every position within `plies` plies of `pos` (each once per path), visited in place. */
function walk(pos: Position, plies: number, visit: (p: Position) => void): void {
  visit(pos);
  if (plies === 0 || pos.isOver()) return;
  for (const move of pos.legalMoves()) {
    pos.play(move);
    walk(pos, plies - 1, visit);
    pos.undo();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a search on several threads', () => {
  it("helpers search moves of the first thread's split points, and stop when its search ends", async () => {
    const pool = nodeHelperPool(3, 16);
    try {
      const search = new Search(sharedBy(pool));
      // Deeper until the helpers have had a share (no time bound: a slow machine only takes longer).
      let nodes = 0;
      for (let depth = 6; search.helperNodes === 0; depth++) {
        const result = search.run(after(OPENING), { depth, timeMs: 600_000 });
        expect(result.depth).toBe(depth);
        expect(after(OPENING).isLegal(result.move!)).toBe(true);
        nodes = result.nodes;
      }
      expect(search.helperMoves).toBeGreaterThan(0);
      // The search's positions are every thread's: the helpers' and the first thread's own.
      expect(nodes).toBeGreaterThan(search.helperNodes);
      await sleep(200);
      const words = new Int32Array(pool.table);
      const settled = words.slice();
      await sleep(300);
      expect(words).toEqual(settled); // stopped: nothing more is written
      // One thread: no split points.
      const alone = new Search({ ttBits: 16 });
      alone.run(after(OPENING), { depth: 4 });
      expect(alone.helperMoves).toBe(0);
    } finally {
      pool.close();
    }
  });

  it('two threads on one table never store a move that is not legal in its position', async () => {
    const pool = nodeHelperPool(2, 16);
    try {
      const pos = after(OPENING);
      const search = new Search(sharedBy(pool));
      // A time bound makes the helpers run; the depth ends the search.
      const result = search.run(pos, { depth: 7, timeMs: 600_000 });
      // The answer is of that depth, its line legal.
      expect(result.depth).toBe(7);
      const line = pos.clone();
      for (const move of result.pv) {
        expect(line.isLegal(move)).toBe(true);
        line.play(move);
      }
      await sleep(100); // the helper has seen the stop
      let found = 0;
      walk(pos, 3, (p) => {
        const move = search.tableMove(p);
        if (move === undefined) return;
        found++;
        expect(p.isLegal(move), `${move} in ${p.toSetup().board.join('')}`).toBe(true);
      });
      expect(found).toBeGreaterThan(1000);
    } finally {
      pool.close();
    }
  });

  it('the helpers hear of a new game: their first search, and the first after the search is cleared', () => {
    // The pool's messages to its helper, as the helper thread would receive them; nobody serves
    // them here, so the first thread searches alone (no helper waits, no split point opens).
    const fresh: boolean[] = [];
    const pool = helperPool(() => ({ post: (message) => fresh.push(message.fresh), terminate() {} }), 2, 16);
    const search = new Search(sharedBy(pool));
    const timed = { depth: 2, timeMs: 600_000 }; // a time bound: the helpers are started
    search.run(after(OPENING), timed);
    search.run(after(OPENING), timed);
    search.clear();
    search.run(after(OPENING), timed);
    search.run(after(OPENING), timed);
    expect(fresh).toEqual([true, false, true, false]);
    pool.close();
  });

  it("the helpers score positions as the first thread does: its weights and a draw's worth", () => {
    // Their scores meet in one table. Under ard-ri-fr play values a draw at its ruleset's worth and
    // the app's analysis at 0; a search with weights of its own (a tuning's) hands them over too.
    const ardRi = presetById('ard-ri-fr')!;
    expect(drawScoreFor(ardRi)).not.toBe(0);
    const sent: HelperSearch['evaluation'][] = [];
    const pool = helperPool(
      () => ({ post: (message) => sent.push(message.evaluation), terminate() {} }),
      2,
      16,
    );
    const timed = { depth: 2, timeMs: 600_000 }; // a time bound: the helpers are started
    new Search(sharedBy(pool)).run(startingPosition(ardRi), timed);
    const weights = { ...weightsFor(ardRi), kingMobility: 77 };
    new Search({ ...sharedBy(pool), weights, drawScore: 0 }).run(startingPosition(ardRi), timed);
    expect(sent).toEqual([
      { weights: weightsFor(ardRi), drawScore: drawScoreFor(ardRi) },
      { weights, drawScore: 0 },
    ]);
    pool.close();
  });

  it('a search on a shared table alone answers as a search with its own table', () => {
    const shared = new Search({ table: new SharedArrayBuffer(tableBytes(16)), ttBits: 16 });
    const own = new Search({ ttBits: 16 });
    // Each on a position of its own: playing and taking back reorders a position's piece lists.
    const a = shared.run(after(OPENING), { depth: 6 });
    const b = own.run(after(OPENING), { depth: 6 });
    expect([a.move, a.score, a.nodes]).toEqual([b.move, b.score, b.nodes]);
  });

  it('an engine asked for two threads plays a legal move; a bad thread count is refused', async () => {
    const engine = createNodeEngine();
    try {
      const { move, info } = await engine.start({
        rules: 'brandubh-2019',
        moves: OPENING,
        limits: { threads: 2, timeMs: 300 },
      });
      expect(after(OPENING).isLegal(move!)).toBe(true);
      expect(info.depth).toBeGreaterThanOrEqual(1);
      for (const threads of [0, 9, 1.5])
        await expect(engine.start({ rules: 'brandubh-2019', limits: { threads } })).rejects.toMatchObject({
          code: 'ERR_ENGINE_LIMITS',
        });
    } finally {
      engine.dispose();
    }
  });
});
