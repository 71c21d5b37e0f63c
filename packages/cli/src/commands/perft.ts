/**
 * `tafl perft`: the number of move sequences to each depth, with the time and nodes per second,
 * to compare the move generator with other programs (OpenTafl prints the same counts) and to
 * measure it. `--divide` splits the last depth by first move, to find where two programs differ.
 */

import { makeMoveSquares, perft, type Position } from '@tafl/core';
import {
  EXIT_OK,
  CliError,
  RULES_OPTIONS,
  checkPositionals,
  guarded,
  parseOptions,
  resolvePosition,
  resolveRules,
} from '../args.js';
import type { Command } from '../command.js';
import { columns, rate, seconds } from '../format.js';
import type { Io } from '../io.js';

const usage = `Usage: tafl perft (--rules ID | --rules-string OTN) --depth N [--position P] [--turn SIDE]
                  [--divide]

  Counts the move sequences of 1 to N plies (a game that has ended is not played on), one line
  per depth with the time and nodes per second.

  --rules ID           a ruleset of tafl rules
  --rules-string OTN   an OTN rules string
  --depth N            the deepest depth, 1 or more
  --position P         an OTN position record to start from instead of the ruleset's start
  --turn SIDE          attackers or defenders to move at P (the ruleset's first side by default)
  --divide             instead, the count at depth N below each first move, and the total
  -h, --help           show this help
`;

const OPTIONS = { ...RULES_OPTIONS, depth: { type: 'string' }, divide: { type: 'boolean' } } as const;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { values, positionals } = parseOptions('perft', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    checkPositionals('perft', positionals, 0);
    const depth = parseDepth(values.depth);
    const pos = resolvePosition(resolveRules('perft', values), values);
    if (values.divide) io.stdout.write(divide(pos, depth));
    else byDepth(pos, depth, io);
    return EXIT_OK;
  });
}

function parseDepth(text: string | undefined): number {
  if (text === undefined) throw new CliError('perft needs --depth N');
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new CliError(`--depth must be a whole number from 1, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** Times one perft: the count and the milliseconds it took. */
export function timedPerft(pos: Position, depth: number): { nodes: number; ms: number } {
  const t0 = performance.now();
  const nodes = perft(pos, depth);
  return { nodes, ms: performance.now() - t0 };
}

/** One line a depth, each written as soon as it is counted (the deepest takes the longest). */
function byDepth(pos: Position, depth: number, io: Io): void {
  const row = (cells: readonly string[]): string =>
    cells.map((cell, i) => cell.padStart(WIDTHS[i]!)).join('  ') + '\n';
  io.stdout.write(row(['depth', 'nodes', 'seconds', 'nodes/s']));
  for (let d = 1; d <= depth; d++) {
    const { nodes, ms } = timedPerft(pos, d);
    io.stdout.write(row([String(d), String(nodes), seconds(ms), rate(nodes, ms)]));
  }
}

const WIDTHS = [5, 12, 8, 11];

function divide(pos: Position, depth: number): string {
  const t0 = performance.now();
  const rows: string[][] = [];
  let total = 0;
  for (const move of pos.legalMoves()) {
    pos.play(move);
    const nodes = perft(pos, depth - 1);
    pos.undo();
    total += nodes;
    rows.push([makeMoveSquares(pos.geo, move), String(nodes)]);
  }
  const ms = performance.now() - t0;
  rows.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
  return (
    columns([...rows, ['total', String(total)]], [false, true]) +
    `${rows.length} moves, ${seconds(ms)} s, ${rate(total, ms)} nodes/s\n`
  );
}

export const perftCommand: Command = {
  name: 'perft',
  summary: 'count the move sequences to a depth, with nodes per second',
  usage,
  run,
};
