/**
 * OTN position records, as OpenTafl writes them: rows between slashes, the first row being rank
 * 1, `t` an attacker, `T` a defender, `K` the king, and a number for a run of empty squares
 * (`/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`). The side to move is not part of the record.
 */

import { MAX_SIZE, MIN_SIZE } from '../geometry.js';
import { fail, ok, type Result } from '../result.js';
import { ATTACKER, DEFENDER, EMPTY, KING } from '../types.js';

export const POSITION_ERRORS = {
  syntax: 'ERR_POSITION_SYNTAX',
  piece: 'ERR_POSITION_PIECE',
  shape: 'ERR_POSITION_SHAPE',
} as const;
export type PositionError = (typeof POSITION_ERRORS)[keyof typeof POSITION_ERRORS];

export interface ParsedBoard {
  readonly size: number;
  /** Piece codes by square, a1 = 0. */
  readonly board: number[];
}

const LETTERS: Record<string, number> = { t: ATTACKER, T: DEFENDER, K: KING };
const CODES = ['', 't', 'T', 'K'];

export function parsePosition(text: string): Result<ParsedBoard, PositionError> {
  const record = text.trim();
  if (!/^\/.*\/$/.test(record) || record.length < 3)
    return fail(POSITION_ERRORS.syntax, `a position record starts and ends with "/": ${quote(record)}`);
  const rows = record.slice(1, -1).split('/');
  const size = rows.length;
  if (size < MIN_SIZE || size > MAX_SIZE || size % 2 === 0)
    return fail(
      POSITION_ERRORS.shape,
      `a position must have an odd number of rows from ${MIN_SIZE} to ${MAX_SIZE}, not ${size}`,
    );
  const board: number[] = [];
  for (let r = 0; r < size; r++) {
    const row = rows[r]!;
    let width = 0;
    for (const token of row.match(/\d+|./g) ?? []) {
      if (/^\d+$/.test(token)) {
        const run = Number(token);
        if (run === 0) return fail(POSITION_ERRORS.syntax, `row ${r + 1} has an empty run of 0 squares`);
        width += run;
        if (width > size) break;
        for (let i = 0; i < run; i++) board.push(EMPTY);
      } else {
        const code = LETTERS[token];
        if (code === undefined)
          return fail(
            POSITION_ERRORS.piece,
            `row ${r + 1} has "${token}", which is not t (attacker), T (defender), K (king) or a number`,
          );
        width++;
        board.push(code);
      }
    }
    if (width !== size)
      return fail(
        POSITION_ERRORS.shape,
        `row ${r + 1} ("${row}") is ${width} squares wide, but the board has ${size} rows`,
      );
  }
  return ok({ size, board });
}

export function makePosition(size: number, board: ArrayLike<number>): string {
  let out = '/';
  for (let r = 0; r < size; r++) {
    let empty = 0;
    for (let f = 0; f < size; f++) {
      const code = board[r * size + f]!;
      if (code === EMPTY) {
        empty++;
        continue;
      }
      if (empty > 0) out += String(empty);
      empty = 0;
      out += CODES[code];
    }
    if (empty > 0) out += String(empty);
    out += '/';
  }
  return out;
}

/**
 * The board with its ranks in reverse order, the top rank first: what the spec's inverted
 * position record (the rules' `starti:`) holds. Applied twice it gives the board back.
 */
export function reverseRanks(size: number, board: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let r = size - 1; r >= 0; r--) for (let f = 0; f < size; f++) out.push(board[r * size + f]!);
  return out;
}

/** Quotes outside input for an error sentence, cut short so a huge string stays readable. */
export const quote = (s: string): string => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s);
