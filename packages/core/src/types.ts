/**
 * The game's vocabulary as plain types. Unions come from `as const` tuples so that code can
 * iterate over them and maps can be typed over them (`BySide<T>`), the chessops habit.
 */

export const SIDES = ['attackers', 'defenders'] as const;
export type Side = (typeof SIDES)[number];
export type BySide<T> = { [s in Side]: T };

export const opposite = (side: Side): Side => (side === 'attackers' ? 'defenders' : 'attackers');

/** Piece codes as stored on the board. `EMPTY` is 0 so a fresh typed array is an empty board. */
export const EMPTY = 0;
export const ATTACKER = 1;
export const DEFENDER = 2;
export const KING = 3;
export type PieceCode = typeof EMPTY | typeof ATTACKER | typeof DEFENDER | typeof KING;

export const ROLES = ['attacker', 'defender', 'king'] as const;
export type Role = (typeof ROLES)[number];

export const roleOf = (code: number): Role | undefined =>
  code === ATTACKER ? 'attacker' : code === DEFENDER ? 'defender' : code === KING ? 'king' : undefined;

export const sideOfCode = (code: number): Side | undefined =>
  code === ATTACKER ? 'attackers' : code === DEFENDER || code === KING ? 'defenders' : undefined;

/** A square is an index `rank * size + file`, with a1 = 0 (files a.., ranks 1..). */
export type Square = number;

/**
 * A move in the hot path is a number: `from * 256 + to`. `PASS` is the move of a side with no
 * legal move under rules where a blocked side passes.
 */
export type Move = number;
export const PASS: Move = -1;
export const encodeMove = (from: Square, to: Square): Move => (from << 8) | to;
export const moveFrom = (move: Move): Square => move >> 8;
export const moveTo = (move: Move): Square => move & 0xff;

export const END_REASONS = [
  'escape',
  'king captured',
  'all attackers captured',
  'no legal move',
  'no legal move for either side',
  'repetition',
  'quiet moves',
] as const;
export type EndReason = (typeof END_REASONS)[number];

/** Where the game stands: `ongoing`, won by a side, or drawn, with the rule that ended it. */
export type Outcome =
  { readonly status: 'ongoing' } | { readonly status: Side | 'draw'; readonly reason: EndReason };
