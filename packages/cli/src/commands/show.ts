/**
 * `tafl show [POSITION] [--rules ID]`: an OTN position record drawn as a board. Without rules
 * any well-formed record of an odd size is drawn; with rules it is also checked against them
 * (size, one king, who may stand where) and the side to move is told.
 */

import { parsePosition } from '@tafl/core';
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
import { LEGEND, drawBoard } from '../board.js';
import type { Command } from '../command.js';
import { describeTurn } from '../format.js';
import { useColor, type Io } from '../io.js';

const usage = `Usage: tafl show POSITION [--rules ID | --rules-string OTN] [--turn SIDE]

  Draws an OTN position record (first row is rank 1), such as
  /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/, with rank 7 at the top. With rules, checks the position
  against them and says who is to move; POSITION may then be left out for the start.

  --rules ID           a ruleset of tafl rules
  --rules-string OTN   an OTN rules string
  --turn SIDE          attackers or defenders (the ruleset's first side by default)
  -h, --help           show this help
`;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { values, positionals } = parseOptions('show', argv, RULES_OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    checkPositionals('show', positionals, 1);
    if (values.position !== undefined)
      throw new CliError('show takes the position as its argument, not --position');
    const record = positionals[0];
    const color = useColor(io);
    if (values.rules === undefined && values['rules-string'] === undefined) {
      if (values.turn !== undefined) throw new CliError('--turn needs rules: add --rules ID');
      if (record === undefined) throw new CliError('show needs a position, or rules to show their start');
      const parsed = parsePosition(record);
      if (!parsed.ok) throw new CliError(`invalid position: ${parsed.message}`);
      io.stdout.write(drawBoard(parsed.value.size, parsed.value.board, color) + `\n${LEGEND}\n`);
      return EXIT_OK;
    }
    const rules = resolveRules('show', values);
    const pos = resolvePosition(rules, { position: record, turn: values.turn });
    io.stdout.write(drawBoard(pos.geo.size, pos.toSetup().board, color));
    io.stdout.write(`\n${LEGEND}\n${rules.id}: ${describeTurn(pos)}\n`);
    return EXIT_OK;
  });
}

export const showCommand: Command = {
  name: 'show',
  summary: 'draw a position in the terminal',
  usage,
  run,
};
