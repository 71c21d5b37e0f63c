/**
 * `npm run bench`: the speed of the move generator, measured by perft, the figure other tafl
 * programs publish too. It checks the counts of opentafl-brandub against OpenTafl's own perft and
 * says whether they agree, but never fails on time: it is a script that prints figures. Then the
 * search: the depth it reaches in one second from the start of every ruleset, and its speed.
 */

import { PRESETS, makeMoveSquares, opentaflBrandub, startingPosition } from '@tafl/core';
import { Search } from '@tafl/engine';
import { timedPerft } from './commands/perft.js';
import { columns, millions, seconds } from './format.js';

/** OpenTafl's perft of its Brandub from the start (the rules core's perft test). */
const OPENTAFL_COUNTS: Readonly<Record<number, number>> = { 5: 41843336, 6: 1111688896 };

function reference(): string {
  const rows = [['depth', 'nodes', 'seconds', 'nodes/s', 'OpenTafl']];
  let agree = true;
  for (const depth of [5, 6]) {
    const { nodes, ms } = timedPerft(startingPosition(opentaflBrandub), depth);
    const expected = OPENTAFL_COUNTS[depth]!;
    agree &&= nodes === expected;
    const verdict = nodes === expected ? `${expected}, agrees` : `${expected}, DIFFERS`;
    rows.push([String(depth), String(nodes), seconds(ms), millions(nodes, ms), verdict]);
  }
  const summary = agree
    ? 'Both counts agree with OpenTafl.\n'
    : 'The counts DIFFER from OpenTafl: the move generator or the rules have a bug.\n';
  return columns(rows, [true, true, true, true]) + summary;
}

function everyPreset(): string {
  const rows = [['ruleset', 'nodes', 'seconds', 'nodes/s']];
  for (const rules of PRESETS) {
    const { nodes, ms } = timedPerft(startingPosition(rules), 5);
    rows.push([rules.id, String(nodes), seconds(ms), millions(nodes, ms)]);
  }
  return columns(rows, [false, true, true, true]);
}

function search(): string {
  const rows = [['ruleset', 'depth', 'nodes', 'nodes/s', 'score', 'move']];
  for (const rules of PRESETS) {
    const pos = startingPosition(rules);
    const engine = new Search();
    engine.run(pos, { timeMs: 200 }); // warm the code up, then start afresh
    engine.clear();
    const result = engine.run(pos, { timeMs: 1000 });
    const move = result.move === undefined ? '-' : makeMoveSquares(pos.geo, result.move);
    rows.push([
      rules.id,
      String(result.depth),
      String(result.nodes),
      String(result.nps),
      String(result.score),
      move,
    ]);
  }
  return columns(rows, [false, true, true, true, true, false]);
}

process.stdout.write(`perft of opentafl-brandub from the start, against OpenTafl's counts\n${reference()}\n`);
process.stdout.write(`perft(5) from the start of every ruleset\n${everyPreset()}`);
process.stdout.write(`\nsearch from the start of every ruleset, 1 s on one core\n${search()}`);
