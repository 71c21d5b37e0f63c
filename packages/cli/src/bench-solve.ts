/**
 * `npm run bench`, the solver's part: its speed in positions played a second (df-pn's unit of
 * work, see packages/engine/src/solve), on the 70 wins of the engine's tactics suite (proved,
 * with the shortest line) and on 300 000 positions of each question from the start of
 * brandubh-2019, where nothing gets proved. A few seconds in all.
 */

import { readFileSync } from 'node:fs';
import { positionFromOtn, presetById, startingPosition, type Side } from '@tafl/core';
import { solve } from '@tafl/engine';
import { columns, rate, seconds } from './format.js';

interface Tactic {
  readonly rules: string;
  readonly position: string;
  readonly turn: Side;
  readonly kind: string;
}

export function solverFigures(): string {
  const file = new URL('../../engine/test/fixtures/tactics.json', import.meta.url);
  const { tactics } = JSON.parse(readFileSync(file, 'utf8')) as { tactics: Tactic[] };
  const rows = [['positions', 'result', 'nodes', 'seconds', 'nodes/s']];
  let nodes = 0;
  let ms = 0;
  let proved = 0;
  const wins = tactics.filter((t) => t.kind === 'win');
  for (const t of wins) {
    const pos = positionFromOtn(presetById(t.rules)!, t.position, t.turn);
    if (!pos.ok) throw new Error(pos.message);
    const report = solve(pos.value, { nodes: 1_000_000 });
    nodes += report.nodes;
    ms += report.ms;
    if (report.result === 'win') proved++;
  }
  rows.push([
    `${wins.length} tactics (wins)`,
    `${proved} proved`,
    String(nodes),
    seconds(ms),
    rate(nodes, ms),
  ]);
  const start = solve(startingPosition(presetById('brandubh-2019')!), { nodes: 600_000 });
  rows.push([
    'brandubh-2019 start',
    start.result,
    String(start.nodes),
    seconds(start.ms),
    rate(start.nodes, start.ms),
  ]);
  return columns(rows, [false, false, true, true, true]);
}
