/**
 * The search's figures for `npm run bench` (bench.ts): the depth reached in one second from the
 * start of every ruleset on one thread, and the time to a fixed depth on one thread and on two
 * (split points, the engine's worker/smp.ts), with the speed-up. Figures, never a verdict on time.
 */

import { PRESETS, makeMoveSquares, startingPosition, type Ruleset } from '@tafl/core';
import { Search } from '@tafl/engine';
import { nodeHelperPool, sharedBy } from '@tafl/engine/node';
import { columns } from './format.js';

/**
 * Each ruleset's depth for the time-to-depth figures is the first that one thread finishes at
 * least this long after it began (from the start; 13 to 18 here at `31a1119`): a
 * depth as long as a real move's search, where one depth for all would take 40 ms under one
 * ruleset and a second under another, and the helpers' start would weigh on the short ones.
 */
export const TIME_TO_DEPTH_MS = 1000;
/**
 * The table size (log2 of entries) of the search that finds the depth: none of the sizes measured,
 * so that no measured search has chosen its own depth (a depth is chosen where one search's time
 * crosses the line, as often as not by a tree larger than that depth's usual).
 */
const DEPTH_TABLE_BITS = 24;
/**
 * How long each new pool's helper searches each ruleset's start before the measure, so that its
 * code is as warm as a player's (whose pool lives from move to move). It was 100 ms until
 * 2026-11-28: under the first ruleset measured (`plazoleta`), two threads then searched 1.73x to
 * 1.77x one thread's nodes a second, and 1.85x to 1.88x after 400 ms (five runs of each, in turn).
 */
const HELPER_WARM_UP_MS = 400;
/** The table sizes (log2 of entries) each time-to-depth figure is measured with. */
const TABLE_SIZES = [16, 17, 18, 19, 20, 21, 22, 23];
/** Student's t at 97.5% for n - 1 degrees of freedom, n the number of table sizes (7 here). */
const T_975: Readonly<Record<number, number>> = {
  4: 2.776,
  5: 2.571,
  6: 2.447,
  7: 2.365,
  8: 2.306,
  9: 2.262,
};

/** Depth, nodes and speed in one second on one thread from the start of every ruleset. */
export function depthInOneSecond(): string {
  const rows = [['ruleset', 'depth', 'ms used', 'nodes', 'nodes/s', 'score', 'move']];
  for (const rules of PRESETS) {
    const pos = startingPosition(rules);
    const engine = new Search();
    engine.run(pos, { timeMs: 200 }); // warm the code up, then start afresh
    engine.clear();
    // The whole second (an analysis's rule): play's time rule would answer the start of ard-ri-fr
    // at once, its moves all mirror images of one, and stop a stable best move at 0.75 s.
    const result = engine.run(startingPosition(rules), { timeMs: 1000, useAllTime: true });
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

/** A ruleset's depth for the time-to-depth figures (`TIME_TO_DEPTH_MS`). */
function depthFor(rules: Ruleset): number {
  const search = new Search({ ttBits: DEPTH_TABLE_BITS });
  search.clear();
  const stop = new Int32Array(1);
  let depth = 0;
  const last = search.run(startingPosition(rules), { depth: 40, stopFlag: stop }, (info) => {
    if (depth === 0 && info.timeMs >= TIME_TO_DEPTH_MS) {
      depth = info.depth;
      stop[0] = 1;
    }
  });
  return depth === 0 ? last.depth : depth;
}

/**
 * The time to a depth (`depthFor`) from the start of every ruleset on one thread and on two, and
 * the speed-up. One search to a fixed depth is a poor sample: the tree it searches depends on
 * what its table keeps, and a table of another size alone changes the nodes one thread needs by
 * 0.4 to 2.2 times; two threads change it the same way, by the order their results arrive. So
 * each ruleset is searched with tables of `TABLE_SIZES` entries, once on each thread count and
 * from an empty table each time, and the speed-up is the ratio of the geometric means, with its
 * 95% interval from the spread of the single sizes' ratios (Student's t over their logarithms).
 */
export function timeToDepth(): string {
  const depths = new Map(PRESETS.map((rules) => [rules.id, depthFor(rules)]));
  const times = new Map(
    PRESETS.map((rules) => [
      rules.id,
      { one: [] as number[], two: [] as number[], oneNodes: [] as number[], twoNodes: [] as number[] },
    ]),
  );
  for (const bits of TABLE_SIZES) {
    const pool = nodeHelperPool(2, bits);
    try {
      // The helper thread starts cold; the first thread's code is warm from the figures before.
      // A player's pool lives from move to move, so its helpers are warm too (`HELPER_WARM_UP_MS`).
      // Each measured search below is a new Search, and its helpers forget what the warm-up taught
      // them.
      for (const rules of PRESETS)
        new Search(sharedBy(pool)).run(startingPosition(rules), { timeMs: HELPER_WARM_UP_MS });
      for (const rules of PRESETS)
        for (const threads of [1, 2]) {
          // One thread on the same table, without the helpers.
          const search = new Search(threads > 1 ? sharedBy(pool) : { table: pool.table, ttBits: pool.bits });
          search.clear();
          const started = performance.now();
          // A time bound far away lets the helpers run; the depth ends the search, and nothing
          // else does (a timed search would answer at once where every move is a mirror image of
          // one, as at the start of ard-ri-fr).
          const depth = depths.get(rules.id)!;
          const { nodes } = search.run(startingPosition(rules), { depth, timeMs: 600_000, useAllTime: true });
          const ms = performance.now() - started;
          const entry = times.get(rules.id)!;
          (threads > 1 ? entry.two : entry.one).push(ms);
          (threads > 1 ? entry.twoNodes : entry.oneNodes).push(nodes);
        }
    } finally {
      pool.close();
    }
  }
  const rows = [
    [
      'ruleset',
      'depth',
      '1 thread',
      '2 threads',
      'speed-up',
      '95% interval',
      'fewest',
      'most',
      'nodes',
      'nodes/s',
    ],
  ];
  const ratios: number[] = [];
  const trees: number[] = [];
  const rates: number[] = [];
  for (const rules of PRESETS) {
    const { one, two, oneNodes, twoNodes } = times.get(rules.id)!;
    const each = one.map((ms, i) => ms / two[i]!);
    const ratio = geometricMean(one) / geometricMean(two);
    const [low, high] = interval(each);
    // How much larger the tree of two threads is, and how many more nodes a second they search together.
    const tree = geometricMean(twoNodes) / geometricMean(oneNodes);
    ratios.push(ratio);
    trees.push(tree);
    rates.push(ratio * tree);
    rows.push([
      rules.id,
      String(depths.get(rules.id)!),
      `${Math.round(geometricMean(one))} ms`,
      `${Math.round(geometricMean(two))} ms`,
      `${ratio.toFixed(2)}x`,
      `${low.toFixed(2)}x to ${high.toFixed(2)}x`,
      `${Math.min(...each).toFixed(2)}x`,
      `${Math.max(...each).toFixed(2)}x`,
      `${tree.toFixed(2)}x`,
      `${(ratio * tree).toFixed(2)}x`,
    ]);
  }
  return (
    `${columns(rows, [false, true, true, true, true, true, true, true, true, true])}` +
    `geometric mean speed-up on two threads: ${geometricMean(ratios).toFixed(2)}x; ` +
    `their tree ${geometricMean(trees).toFixed(2)}x one thread's, their nodes a second ` +
    `${geometricMean(rates).toFixed(2)}x\n` +
    `(times and nodes: geometric means over tables of 2^${TABLE_SIZES.join(', 2^')} entries; ` +
    `95% interval: of the speed-up, from the single sizes' spread; fewest and most: the speed-up ` +
    `of a single table size; nodes and nodes/s: two threads against one, every thread's nodes counted)\n`
  );
}

const geometricMean = (xs: readonly number[]): number =>
  Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

/** The 95% interval of the geometric mean of `ratios` (Student's t over their logarithms). */
function interval(ratios: readonly number[]): [number, number] {
  const logs = ratios.map(Math.log);
  const n = logs.length;
  const mean = logs.reduce((a, x) => a + x, 0) / n;
  const sd = Math.sqrt(logs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const half = (T_975[n - 1] ?? 1.96) * (sd / Math.sqrt(n));
  return [Math.exp(mean - half), Math.exp(mean + half)];
}
