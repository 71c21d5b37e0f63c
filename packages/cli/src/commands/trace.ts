/**
 * `tafl trace`: moves in on standard input, one JSON record a position out, exactly as the core's
 * `traceRecord` makes them and as the trace vectors hold them (test fixtures,
 * packages/core/test/fixtures/vectors). Records are written as each move is read, so another
 * program (a test harness, another engine) can play through it move by move and compare; the
 * first move that cannot be played ends the run with exit code 2.
 */

import { playMoveRecord, traceRecord, type Position } from '@tafl/core';
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
import type { Io } from '../io.js';
import { words } from '../tokens.js';
import { badMove } from './moves.js';

const usage = `Usage: tafl trace (--rules ID | --rules-string OTN) [--position P] [--turn SIDE]

  Reads moves (d2-e2, optionally with captures such as e2-d2xd3; pass where the side to move
  has no legal move and must pass) separated by whitespace on standard input, and writes one
  JSON object a line: the start, then the position after each move as soon as it is read,
  with the fields ply, move, captured, position, turn, legal, status, reason. A move that
  cannot be played ends the run with exit code 2.

  --rules ID           a ruleset of tafl rules
  --rules-string OTN   an OTN rules string, such as tafl rules ID --otn prints
  --position P         an OTN position record to start from instead of the ruleset's start
  --turn SIDE          attackers or defenders to move at P (the ruleset's first side by default)
  -h, --help           show this help
`;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, async () => {
    const { values, positionals } = parseOptions('trace', argv, RULES_OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    checkPositionals('trace', positionals, 0);
    const pos = resolvePosition(resolveRules('trace', values), values);
    await trace(pos, io);
    return EXIT_OK;
  });
}

const line = (pos: Position, withMove: boolean): string => `${JSON.stringify(traceRecord(pos, withMove))}\n`;

async function trace(pos: Position, io: Io): Promise<void> {
  io.stdout.write(line(pos, false));
  for await (const text of words(io.stdin)) {
    const played = playMoveRecord(pos, text);
    if (!played.ok) throw new CliError(badMove(pos.ply + 1, played.message));
    io.stdout.write(line(pos, true));
  }
}

export const traceCommand: Command = {
  name: 'trace',
  summary: 'read moves on standard input and write one JSON record a position',
  usage,
  run,
};
