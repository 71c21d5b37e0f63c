/**
 * The puzzle file: the web app's data (packages/web/src/puzzles/puzzle-data.json). A header says
 * what made it (the command, its seed and settings) and what its words mean; then the puzzles.
 * It is written as the repository's prettier formats JSON (objects one key a line, an array on
 * one line when it fits in 110 columns, unless it holds arrays of two or more items each), so the
 * file is never reformatted by hand.
 */

import type { GeneratedPuzzle } from './generate.js';

export interface PuzzleFile {
  readonly note: string;
  readonly command: string;
  readonly seed: number;
  readonly settings: Readonly<Record<string, number>>;
  /** Per ruleset: games played, candidates examined, puzzles kept. */
  readonly runs: readonly { rules: string; games: number; candidates: number; puzzles: number }[];
  readonly puzzles: readonly (GeneratedPuzzle & { readonly id: string })[];
}

export const NOTE =
  'Proved puzzles from the engine’s self-play, written by tafl puzzles build (never edited by hand). ' +
  'Each position is taken as set up, with no history. “moves” is the distance as players count it: the ' +
  'side to move wins with its moves-th move, plies = 2 moves - 1. The solver’s bounded search proved that ' +
  'the side to move wins within plies, not within plies - 2, that line[0] is the only first move after ' +
  'which it still wins within plies - 1, and that line is a win against the longest defence; ' +
  'alternatives[i] lists the other moves that win as fast at the winner’s move i + 1 of the line; ' +
  'proofSize is the df-pn proof’s size (positions proved), checkNodes the bounded search’s positions; ' +
  'engineFinds is the shallowest depth (1-4) at which the engine’s search plays line[0], 0 for none; ' +
  'difficulty (1-5) and rating (1000 + 200 a point) are from the distance, engineFinds, the legal moves ' +
  'and the proof size (packages/cli/src/puzzles/rate.ts).';

const WIDTH = 110;

/** Prettier breaks an array of two or more arrays that each hold two or more items, whatever its length. */
const breaks = (v: readonly unknown[]): boolean =>
  v.length > 1 && v.every((x) => Array.isArray(x) && x.length > 1);

function value(v: unknown, indent: number, prefix: number): string {
  const flat = inline(v);
  if (!Array.isArray(v) || v.length === 0) return flat;
  if (!breaks(v) && indent + prefix + flat.length + 1 <= WIDTH) return flat;
  const pad = ' '.repeat(indent + 2);
  const items = v.map((item) => pad + value(item, indent + 2, 0));
  return `[\n${items.join(',\n')}\n${' '.repeat(indent)}]`;
}

function inline(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
  return JSON.stringify(v);
}

function object(o: object, indent: number): string {
  const pad = ' '.repeat(indent + 2);
  const rows = Object.entries(o).map(([k, v]) => {
    const key = `${JSON.stringify(k)}: `;
    const text =
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? object(v, indent + 2)
        : Array.isArray(v) && v.some((x) => x !== null && typeof x === 'object' && !Array.isArray(x))
          ? `[\n${v.map((x) => ' '.repeat(indent + 4) + object(x as object, indent + 4)).join(',\n')}\n${pad}]`
          : value(v, indent + 2, key.length);
    return pad + key + text;
  });
  return `{\n${rows.join(',\n')}\n${' '.repeat(indent)}}`;
}

export function makePuzzleFile(file: PuzzleFile): string {
  return object(file, 0) + '\n';
}
