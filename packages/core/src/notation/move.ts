/**
 * OTN move records: `d2-e2`, with the capture list and info symbols on output (`e2-d2xd3`,
 * `xd3/f3`, `+` king in danger, `-` an open route to escape, `++` king captured, `--` king
 * escaped), and `pass` for a side that must pass. Game records write a move as OpenTafl does,
 * the king's moves and a captured king marked `K` (`Kd4-d5`, `c2-a2xKa3++`). On input captures and info symbols are
 * optional, an optional `K` may stand before the king's moves, and captures that are given must
 * be exactly the captures the move makes.
 */

import { parseSquare, squareName, type Geometry } from '../geometry.js';
import type { Position } from '../position.js';
import { fail, ok, type Result } from '../result.js';
import { KING, PASS, encodeMove, moveFrom, moveTo, type Move, type Square } from '../types.js';
import { quote } from './position.js';

export const MOVE_ERRORS = {
  syntax: 'ERR_MOVE_SYNTAX',
  square: 'ERR_MOVE_SQUARE',
  illegal: 'ERR_MOVE_ILLEGAL',
  captures: 'ERR_MOVE_CAPTURES',
  over: 'ERR_GAME_OVER',
} as const;
export type MoveError = (typeof MOVE_ERRORS)[keyof typeof MOVE_ERRORS];

export interface ParsedMove {
  readonly move: Move;
  /** The captured squares the record lists, or undefined when it lists none. */
  readonly captures: readonly Square[] | undefined;
}

const MOVE_RE =
  /^(K?)([a-z][0-9]{1,2})-([a-z][0-9]{1,2})(?:x(K?[a-z][0-9]{1,2}(?:\/K?[a-z][0-9]{1,2})*))?(\+\+|--|\+|-)?$/;

/** Reads a move record's squares and captures; says nothing yet about legality. */
export function parseMove(geo: Geometry, text: string): Result<ParsedMove, MoveError> {
  const record = text.trim();
  if (record === 'pass') return ok({ move: PASS, captures: undefined });
  const m = MOVE_RE.exec(record);
  if (!m) return fail(MOVE_ERRORS.syntax, `${quote(record)} is not a move such as d2-e2 or e2-d2xd3`);
  const from = parseSquare(geo, m[2]!);
  const to = parseSquare(geo, m[3]!);
  if (from === undefined || to === undefined)
    return fail(
      MOVE_ERRORS.square,
      `${quote(record)} names a square that is not on a ${geo.size}x${geo.size} board`,
    );
  let captures: Square[] | undefined;
  if (m[4] !== undefined) {
    captures = [];
    for (const name of m[4].split('/')) {
      const sq = parseSquare(geo, name.replace(/^K/, ''));
      if (sq === undefined)
        return fail(
          MOVE_ERRORS.square,
          `${quote(record)} captures ${name}, which is not on a ${geo.size}x${geo.size} board`,
        );
      captures.push(sq);
    }
  }
  return ok({ move: encodeMove(from, to), captures });
}

export const makeMoveSquares = (geo: Geometry, move: Move): string =>
  move === PASS ? 'pass' : `${squareName(geo, moveFrom(move))}-${squareName(geo, moveTo(move))}`;

/**
 * Parses a move record for `pos`, checks that it is legal and that the captures it lists (if
 * any) are the ones it makes, and plays it. On any error `pos` is left as it was.
 */
export function playMoveRecord(pos: Position, text: string): Result<Move, MoveError> {
  const parsed = parseMove(pos.geo, text);
  if (!parsed.ok) return parsed;
  const { move, captures } = parsed.value;
  const name = makeMoveSquares(pos.geo, move);
  if (pos.isOver()) return fail(MOVE_ERRORS.over, `${name} cannot be played: the game has ended`);
  if (!pos.isLegal(move)) {
    if (move === PASS) return fail(MOVE_ERRORS.illegal, `pass is not legal: ${pos.turn} have a legal move`);
    if (pos.mustPass())
      return fail(MOVE_ERRORS.illegal, `${name} is not legal: ${pos.turn} have no legal move and must pass`);
    return fail(MOVE_ERRORS.illegal, `${name} is not a legal move for the ${pos.turn}`);
  }
  pos.play(move);
  if (captures !== undefined) {
    const codes = pos.lastCapturedCodes();
    const taken = pos.lastCaptured();
    const soldiers = taken.filter((_, i) => codes[i] !== KING);
    const king = taken.find((_, i) => codes[i] === KING);
    const listed = captures.filter((sq) => sq !== king);
    const same = listed.length === soldiers.length && soldiers.every((sq) => listed.includes(sq));
    if (!same) {
      pos.undo();
      const names = (sqs: readonly Square[]): string =>
        sqs
          .map((sq) => squareName(pos.geo, sq))
          .sort()
          .join(', ') || 'nothing';
      return fail(
        MOVE_ERRORS.captures,
        `${quote(text.trim())} lists captures on ${names(captures)}, but the move captures ${names(soldiers)}`,
      );
    }
  }
  return ok(move);
}

/**
 * The OTN record of the move just played in `pos`, with the soldiers it captured and the info
 * symbol: the short form of the move lists (a captured king shows as `++` alone; game records
 * write him as OpenTafl does, `makeMoveRecord`).
 */
export function makeLastMoveRecord(pos: Position): string {
  const move = pos.lastMove();
  if (move === undefined) return '';
  const geo = pos.geo;
  let out = makeMoveSquares(geo, move);
  const codes = pos.lastCapturedCodes();
  const soldiers = pos
    .lastCaptured()
    .filter((_, i) => codes[i] !== KING)
    .map((sq) => squareName(geo, sq))
    .sort();
  if (soldiers.length > 0) out += `x${soldiers.join('/')}`;
  return out + infoSymbol(pos);
}

/**
 * The OTN record of the move just played in `pos` as OpenTafl writes it (its `MoveSerializer`):
 * the king's moves marked `K` (`Kd4-d5`), every captured piece's square listed, a captured king's
 * marked `K` too (`c2-a2xKa3`, where `makeLastMoveRecord` writes `c2-a2++`), then the info symbol,
 * which OpenTafl reads though it writes none. Game records and OTEP's full notation use it.
 */
export function makeMoveRecord(pos: Position): string {
  const move = pos.lastMove();
  if (move === undefined) return '';
  if (move === PASS) return 'pass';
  const geo = pos.geo;
  const mover = pos.pieceAt(moveTo(move)) === KING ? 'K' : '';
  const codes = pos.lastCapturedCodes();
  const taken = pos
    .lastCaptured()
    .map((sq, i) => ({ name: squareName(geo, sq), king: codes[i] === KING }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, king }) => (king ? `K${name}` : name));
  const captures = taken.length > 0 ? `x${taken.join('/')}` : '';
  return mover + makeMoveSquares(geo, move) + captures + infoSymbol(pos);
}

/** `++`/`--` when the move won, `+` when the attackers threaten the king, `-` an escape route. */
function infoSymbol(pos: Position): string {
  const outcome = pos.outcome();
  if (outcome.status !== 'ongoing') {
    if (outcome.reason === 'king captured') return '++';
    if (outcome.reason === 'escape') return '--';
    return '';
  }
  if (pos.turn === 'defenders') return pos.kingCaptureThreats().length > 0 ? '+' : '';
  return pos.escapeRoutes().length > 0 ? '-' : '';
}
