/**
 * `npm run bench`: the speed of the move generator, measured by perft, the figure other tafl
 * programs publish too (bench-perft.ts: perft(6) of every ruleset, the counts of
 * opentafl-brandub against OpenTafl's own, and the ratio to a C program's time when
 * TAFL_BENCH_C_PERFT6_MS gives it); it never fails on time: it is a script that prints figures.
 * Then the search (bench-search.ts): the depth it reaches in one second from the start of every
 * ruleset and its speed, and the time to a fixed depth on one thread and on two.
 * Last, the analysis board's figures: a real 60-ply game analysed whole at the default depth on
 * two worker threads (the budget is 10 s), and what three best lines cost against one. After it, the
 * endgame tablebases (bench-tb.ts): each ruleset's tables up to four pieces, their build time,
 * size and probe time.
 */

import { readFileSync } from 'node:fs';
import {
  federationBrandubh,
  parseMoveLists,
  playMoveRecord,
  startingPosition,
  withParameters,
  type Position,
} from '@tafl/core';
import { Search } from '@tafl/engine';
import { ANALYSIS_DEPTH, analyseGameWith, spawnNodeWorker, type SpawnWorker } from '@tafl/engine/node';
import { perftFigures } from './bench-perft.js';
import { solverFigures } from './bench-solve.js';
import { TIME_TO_DEPTH_MS, depthInOneSecond, timeToDepth } from './bench-search.js';
import { BENCH_TB_PIECES, tablebaseFigures } from './bench-tb.js';
import { columns, seconds } from './format.js';

/**
 * The game of the analysis bench: the first 60 plies of line 509 of core's real games (a
 * 62-ply Brandubh game played by people), under the rules those games follow.
 */
function benchGame(): { rules: typeof federationBrandubh; moves: string[] } {
  const rules = withParameters(federationBrandubh, { repetitionDraws: false });
  const file = new URL('../../core/test/fixtures/games/brandubh-525.csv', import.meta.url);
  const games = parseMoveLists(readFileSync(file, 'utf8'));
  if (!games.ok) throw new Error(games.message);
  return { rules, moves: games.value[508]!.moves.slice(0, 60) };
}

async function gameAnalysis(): Promise<string> {
  const { rules, moves } = benchGame();
  const rows = [['ply', 'worker', 'depth', 'nodes', 'ms', 'score']];
  const byPort = new Map<number, number>();
  // Each worker's ply messages are counted as they pass, to show how the work was shared.
  const spawn: SpawnWorker = (onMessage, onError) => {
    const worker = byPort.size + 1;
    byPort.set(worker, 0);
    return spawnNodeWorker((message) => {
      if (message.type === 'ply') {
        byPort.set(worker, byPort.get(worker)! + message.nodes);
        const e = message.eval;
        const cells = [String(message.ply), String(worker), String(e.depth ?? '-'), String(message.nodes)];
        rows.push([...cells, String(message.timeMs), e.result ?? String(e.score)]);
      }
      onMessage(message);
    }, onError);
  };
  const start = Date.now();
  const analysis = await analyseGameWith(spawn, { rules, moves }, { workers: 2 });
  const ms = Date.now() - start;
  if (analysis === undefined) throw new Error('the analysis stopped');
  const nodes = [...byPort.values()].reduce((a, b) => a + b, 0);
  rows.sort((a, b) => (a[0] === 'ply' ? -1 : b[0] === 'ply' ? 1 : Number(a[0]) - Number(b[0])));
  const shares = [...byPort].map(([w, n]) => `worker ${w} ${n} nodes`).join(', ');
  return (
    `${columns(rows, [true, true, true, true, true, true])}` +
    `${moves.length} plies at depth ${ANALYSIS_DEPTH} on 2 workers: ${seconds(ms)} s, ${nodes} nodes (${shares})\n`
  );
}

/** Three best lines against one: the time to the default depth from ten positions of the game. */
function multiPvCost(): string {
  const { rules, moves } = benchGame();
  const positions: Position[] = [];
  const pos = startingPosition(rules);
  for (const [i, m] of moves.entries()) {
    playMoveRecord(pos, m);
    if (i % 6 === 5) positions.push(pos.clone());
  }
  const rows = [['lines', 'ms', 'nodes']];
  for (const multiPv of [1, 3]) {
    let ms = 0;
    let nodes = 0;
    for (const p of positions) {
      const result = new Search().run(p, { depth: ANALYSIS_DEPTH, multiPv });
      ms += result.timeMs;
      nodes += result.nodes;
    }
    rows.push([String(multiPv), String(ms), String(nodes)]);
  }
  return columns(rows, [true, true, true]);
}

process.stdout.write(perftFigures());
process.stdout.write(`\nsearch from the start of every ruleset, 1 s on one thread\n${depthInOneSecond()}`);
process.stdout.write(
  `\ntime to a depth from the start of every ruleset, one thread and two (the depth: the first one thread finishes ${TIME_TO_DEPTH_MS} ms or more after it began)\n${timeToDepth()}`,
);
process.stdout.write(
  `\nwhole-game analysis of a real 60-ply game (the budget: under 10 s)\n${await gameAnalysis()}`,
);
process.stdout.write(
  `\nbest lines at depth ${ANALYSIS_DEPTH}, ten positions of that game, one core\n${multiPvCost()}`,
);
process.stdout.write(
  `\nendgame tablebases up to ${BENCH_TB_PIECES} pieces (king included), every ruleset, one thread, in memory\n${tablebaseFigures()}`,
);
process.stdout.write(`\nthe solver (df-pn), one thread\n${solverFigures()}`);
