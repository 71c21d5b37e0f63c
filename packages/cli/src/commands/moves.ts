/**
 * `tafl moves`: the legal moves of the side to move after some moves from the start or from a
 * given position. Each move is checked as `trace` checks it, and a bad one is named with its ply.
 */

import { makeMoveSquares, playMoveRecord, type Position } from '@tafl/core';
import {
  EXIT_OK,
  CliError,
  RULES_OPTIONS,
  guarded,
  parseOptions,
  resolvePosition,
  resolveRules,
} from '../args.js';
import type { Command } from '../command.js';
import { describeTurn } from '../format.js';
import type { Io } from '../io.js';

const usage = `Usage: tafl moves (--rules ID | --rules-string OTN) [--position P] [--turn SIDE]
                  [--moves "M M ..."]... [M ...]

  Prints the side to move and its legal moves (sorted, from-to), ten to a line, after playing
  the given moves from the start (or from P); or how the game ended.

  --rules ID           a ruleset of tafl rules
  --rules-string OTN   an OTN rules string
  --position P         an OTN position record to start from instead of the ruleset's start
  --turn SIDE          attackers or defenders to move at P (the ruleset's first side by default)
  --moves M            moves to play first, space-separated; may be repeated, and moves may
                       also follow the options
  -h, --help           show this help
`;

const OPTIONS = { ...RULES_OPTIONS, moves: { type: 'string', multiple: true } } as const;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { values, positionals } = parseOptions('moves', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    const pos = resolvePosition(resolveRules('moves', values), values);
    playMoves(pos, [...(values.moves ?? []), ...positionals].flatMap(splitMoves));
    io.stdout.write(`${describeTurn(pos)}\n${listMoves(pos)}`);
    return EXIT_OK;
  });
}

export const splitMoves = (text: string): string[] => text.split(/\s+/).filter((m) => m !== '');

/** The sentence for a move that cannot be played; core's message names the move. */
export const badMove = (ply: number, message: string): string => `at ply ${ply}, ${message}`;

/** Plays moves on `pos`, failing on the first that cannot be played, named with its ply. */
export function playMoves(pos: Position, moves: readonly string[]): void {
  for (const text of moves) {
    const played = playMoveRecord(pos, text);
    if (!played.ok) throw new CliError(badMove(pos.ply + 1, played.message));
  }
}

/** The legal moves, sorted as `trace` sorts them, ten to a line; nothing when there are none. */
function listMoves(pos: Position): string {
  if (pos.isOver() || pos.mustPass()) return '';
  const names = pos
    .legalMoves()
    .map((m) => makeMoveSquares(pos.geo, m))
    .sort();
  const lines: string[] = [];
  for (let i = 0; i < names.length; i += 10) lines.push(names.slice(i, i + 10).join(' ') + '\n');
  return lines.join('');
}

export const movesCommand: Command = {
  name: 'moves',
  summary: 'list the legal moves after some moves',
  usage,
  run,
};
