/**
 * The move generator's figures for `npm run bench` (bench.ts): perft(6) from the start of every
 * ruleset, its time and nodes per second (the best of two runs, the machine being shared), and
 * opentafl-brandub's counts at depth 5 and 6 against OpenTafl's own, with a word on whether
 * they agree. Figures, never a verdict on time.
 *
 * To compare with a C program, give its time: `TAFL_BENCH_C_PERFT6_MS=<milliseconds>` is the
 * time a C perft(6) of opentafl-brandub from the start takes on the same machine (one core;
 * for example a bitboard perft with bulk counting at the last ply, built with gcc -O2), and the
 * bench prints how many times longer ours takes. Without it the plain figures only.
 */

import { PRESETS, opentaflBrandub, startingPosition, type Ruleset } from '@tafl/core';
import { timedPerft } from './commands/perft.js';
import { columns, millions, seconds } from './format.js';

/** The depth of the figures: a second or two a ruleset here. */
export const PERFT_DEPTH = 6;
const RUNS = 2;

/** OpenTafl's perft of its Brandub from the start (the rules core's perft test). */
const OPENTAFL_COUNTS: Readonly<Record<number, number>> = { 5: 41843336, 6: 1111688896 };

/** The count and the best time of `RUNS` runs of perft from the start of a ruleset. */
function bestOf(rules: Ruleset, depth: number, runs: number): { nodes: number; ms: number } {
  let best = { nodes: 0, ms: Infinity };
  for (let i = 0; i < runs; i++) {
    const run = timedPerft(startingPosition(rules), depth);
    if (run.ms < best.ms) best = run;
  }
  return best;
}

/** The C reference's time from the environment, or undefined when none (or no number) is given. */
export function cReferenceMs(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const text = env['TAFL_BENCH_C_PERFT6_MS'];
  if (text === undefined || text.trim() === '') return undefined;
  const ms = Number(text);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** The perft part of the bench, as text. */
export function perftFigures(): string {
  const rows = [['ruleset', 'nodes', 'seconds', 'nodes/s']];
  let reference = { nodes: 0, ms: 0 };
  for (const rules of PRESETS) {
    const run = bestOf(rules, PERFT_DEPTH, RUNS);
    if (rules.id === opentaflBrandub.id) reference = run;
    rows.push([rules.id, String(run.nodes), seconds(run.ms), millions(run.nodes, run.ms)]);
  }
  let text = `perft(${PERFT_DEPTH}) from the start of every ruleset, best of ${RUNS} runs\n`;
  text += columns(rows, [false, true, true, true]);

  const counts = [
    { depth: 5, nodes: bestOf(opentaflBrandub, 5, 1).nodes },
    { depth: PERFT_DEPTH, nodes: reference.nodes },
  ];
  const agree = counts.every(({ depth, nodes }) => nodes === OPENTAFL_COUNTS[depth]);
  const listed = counts.map(
    ({ depth, nodes }) => `${nodes} at depth ${depth} (OpenTafl ${OPENTAFL_COUNTS[depth]})`,
  );
  text += agree
    ? `opentafl-brandub agrees with OpenTafl's perft: ${listed.join(', ')}.\n`
    : `opentafl-brandub DIFFERS from OpenTafl's perft, the move generator or the rules have a bug: ${listed.join(', ')}.\n`;

  const cMs = cReferenceMs();
  text +=
    cMs === undefined
      ? `No C reference (TAFL_BENCH_C_PERFT6_MS=<ms of a C perft(${PERFT_DEPTH}) of opentafl-brandub> prints the ratio).\n`
      : `C reference: ${seconds(cMs)} s for perft(${PERFT_DEPTH}) of opentafl-brandub; ours takes ${(reference.ms / cMs).toFixed(2)} times as long.\n`;
  return text;
}
