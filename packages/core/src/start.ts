/** The start of a game under a ruleset: its `start` position with its first side to move. */

import { parsePosition } from './notation/position.js';
import { Position } from './position.js';
import { fail, type Result } from './result.js';
import type { Ruleset } from './rules.js';
import type { Setup } from './setup.js';
import type { Side } from './types.js';

/** A setup from an OTN position record and a side to move (the ruleset's first side by default). */
export function setupFromOtn(rules: Ruleset, record: string, turn: Side = rules.firstToMove): Result<Setup> {
  const parsed = parsePosition(record);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { size: parsed.value.size, board: parsed.value.board, turn } };
}

/** A position from an OTN record (the ruleset's start when omitted), checked against the rules. */
export function positionFromOtn(
  rules: Ruleset,
  record: string = rules.start,
  turn: Side = rules.firstToMove,
): Result<Position> {
  const setup = setupFromOtn(rules, record, turn);
  return setup.ok ? Position.fromSetup(rules, setup.value) : fail(setup.code, setup.message);
}

/** The starting position of a ruleset; presets always have a valid one. */
export function startingPosition(rules: Ruleset): Position {
  const pos = positionFromOtn(rules);
  if (!pos.ok) throw new Error(`the ruleset ${rules.id} has an invalid start: ${pos.message}`);
  return pos.value;
}
