/**
 * The search's figures for `npm run bench` (bench.ts): the depth reached in one second from the
 * start of every ruleset on one thread, and the time to a fixed depth on one thread and on two
 * (Lazy SMP, the engine's worker/smp.ts), with the speed-up. Figures, never a verdict on time.
 */

import { PRESETS, makeMoveSquares, startingPosition } from '@tafl/core';
import { Search } from '@tafl/engine';
import { nodeHelperPool, sharedBy } from '@tafl/engine/node';
import { columns } from './format.js';

/** The depth of the time-to-depth figures: one thread needs from a quarter of a second to three here. */
export const TIME_TO_DEPTH = 11;
/** Runs of each measure; the median is printed. */
const RUNS = 5;

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** Depth, nodes and speed in one second on one thread from the start of every ruleset. */
export function depthInOneSecond(): string {
  const rows = [['ruleset', 'depth', 'ms used', 'nodes', 'nodes/s', 'score', 'move']];
  for (const rules of PRESETS) {
    const pos = startingPosition(rules);
    const engine = new Search();
    engine.run(pos, { timeMs: 200 }); // warm the code up, then start afresh
    engine.clear();
    const result = engine.run(startingPosition(rules), { timeMs: 1000 });
    const move = result.move === undefined ? '-' : makeMoveSquares(pos.geo, result.move);
    rows.push([
      rules.id,
      String(result.depth),
      String(result.timeMs),
      String(result.nodes),
      String(result.nps),
      String(result.score),
      move,
    ]);
  }
  return columns(rows, [false, true, true, true, true, true, false]);
}

/**
 * The time to depth `TIME_TO_DEPTH` from the start of every ruleset on one thread and on two
 * (the median of five runs each, each from an empty table), and the speed-up.
 */
export function timeToDepth(depth = TIME_TO_DEPTH): string {
  const pool = nodeHelperPool(2);
  const rows = [['ruleset', 'depth', '1 thread', '2 threads', 'speed-up']];
  const ratios: number[] = [];
  try {
    for (const rules of PRESETS) {
      const ms = (threads: number): number => {
        const times: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          // One thread on the same table, without the helpers and their record of busy moves.
          const search = new Search(threads > 1 ? sharedBy(pool) : { table: pool.table, ttBits: pool.bits });
          search.clear();
          const started = performance.now();
          // A time bound far away lets the helpers run; the depth ends the search.
          search.run(startingPosition(rules), { depth, timeMs: 600_000 });
          times.push(performance.now() - started);
        }
        return median(times);
      };
      const one = ms(1);
      const two = ms(2);
      ratios.push(one / two);
      rows.push([
        rules.id,
        String(depth),
        `${Math.round(one)} ms`,
        `${Math.round(two)} ms`,
        `${(one / two).toFixed(2)}x`,
      ]);
    }
  } finally {
    pool.close();
  }
  const mean = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length);
  return `${columns(rows, [false, true, true, true, true])}geometric mean speed-up on two threads: ${mean.toFixed(2)}x\n`;
}
