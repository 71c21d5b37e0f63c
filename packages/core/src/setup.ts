/**
 * A `Setup` is plain data: what stands on each square and whose turn it is. `validateSetup`
 * checks it against a ruleset before it becomes a `Position`; every problem is a code and a
 * sentence naming the square, never an exception.
 */

import { geometry, squareName } from './geometry.js';
import { fail, ok, type Result } from './result.js';
import type { Ruleset } from './rules.js';
import { ATTACKER, DEFENDER, EMPTY, KING, type Side } from './types.js';

export interface Setup {
  readonly size: number;
  /** Piece codes by square (a1 = 0, rank by rank). */
  readonly board: readonly number[];
  readonly turn: Side;
}

export const SETUP_ERRORS = {
  size: 'ERR_SIZE',
  piece: 'ERR_PIECE',
  noKing: 'ERR_NO_KING',
  kings: 'ERR_KINGS',
  square: 'ERR_FORBIDDEN_SQUARE',
} as const;
export type SetupError = (typeof SETUP_ERRORS)[keyof typeof SETUP_ERRORS];

export function validateSetup(rules: Ruleset, setup: Setup): Result<Setup, SetupError> {
  if (setup.size !== rules.size || setup.board.length !== rules.size * rules.size)
    return fail(
      SETUP_ERRORS.size,
      `the position is ${setup.size}x${setup.size} but the rules ${rules.id} are played on ${rules.size}x${rules.size}`,
    );
  const geo = geometry(rules.size);
  let kings = 0;
  for (let sq = 0; sq < geo.squares; sq++) {
    const code = setup.board[sq];
    if (code !== EMPTY && code !== ATTACKER && code !== DEFENDER && code !== KING)
      return fail(SETUP_ERRORS.piece, `unknown piece code ${String(code)} on ${squareName(geo, sq)}`);
    if (code === KING) kings++;
    const name = squareName(geo, sq);
    if (sq === geo.throne && (code === ATTACKER || code === DEFENDER))
      return fail(SETUP_ERRORS.square, `only the king may stand on the throne, but ${name} holds a soldier`);
    if (geo.isCorner[sq] && code === ATTACKER)
      return fail(SETUP_ERRORS.square, `an attacker may not stand on the corner ${name}`);
    if (geo.isCorner[sq] && code === DEFENDER && rules.cornerStop === 'king')
      return fail(SETUP_ERRORS.square, `under ${rules.id} a defender may not stand on the corner ${name}`);
  }
  if (kings === 0) return fail(SETUP_ERRORS.noKing, 'the position has no king');
  if (kings > 1) return fail(SETUP_ERRORS.kings, `the position has ${kings} kings; it must have exactly one`);
  return ok(setup);
}
