/**
 * Diagrams for the rule tests. A test draws its position as docs/rules.md does, rank 7 at the top:
 *
 *     7 . . . A . . .
 *     6 . . . . . . .
 *     5 . . . D . . .
 *     4 A . . K . . A
 *     3 . . . . . . .
 *     2 . . . . . . .
 *     1 . . . . . . .
 *       a b c d e f g
 *
 * (A attacker, D defender, K king, `.` empty; the rank numbers and the file letters may be left
 * out). `setUp` turns it into a Position through an OTN position record, which lists rank 1
 * first, and `positionFromOtn`, so the test goes through the same door as any outside position.
 *
 * `play` plays moves by name and asserts that each is legal; it also takes every move back and
 * plays it again, so every rule test checks that `undo()` restores the exact position (record,
 * side to move, Zobrist key, legal moves, outcome). `draw` turns a Position back into a diagram,
 * to be the message of an assertion, so that a failure shows the board.
 */

import { expect } from 'vitest';
import {
  ATTACKER,
  DEFENDER,
  EMPTY,
  KING,
  makeMoveSquares,
  makePosition,
  moveFrom,
  moveTo,
  parseMove,
  parseSquare,
  positionFromOtn,
  squareName,
  type Move,
  type Position,
  type Result,
  type Ruleset,
  type Side,
} from '../../src/index.js';

const CODES: Readonly<Record<string, number>> = { '.': EMPTY, A: ATTACKER, D: DEFENDER, K: KING };
const LETTERS = ['.', 'A', 'D', 'K'] as const;
const FILES = 'abcdefghijklmno';

/** The OTN position record (rank 1 first) of a diagram (rank 7 at the top). */
export function otn(diagram: string): string {
  const rows = diagram
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^[a-o](\s+[a-o])*$/.test(line));
  const size = rows.length;
  const board: number[] = [];
  rows.forEach((row, i) => {
    const rank = size - i;
    let cells = row.split(/\s+/);
    if (/^\d+$/.test(cells[0]!)) {
      if (Number(cells[0]) !== rank)
        throw new Error(`diagram row ${i + 1} is numbered ${cells[0]}, but it is rank ${rank}:\n${diagram}`);
      cells = cells.slice(1);
    }
    if (cells.length !== size)
      throw new Error(`diagram rank ${rank} has ${cells.length} squares, not ${size}:\n${diagram}`);
    const codes = cells.map((cell) => {
      const code = CODES[cell];
      if (code === undefined) throw new Error(`diagram rank ${rank} has "${cell}", not A, D, K or .`);
      return code;
    });
    board.splice(0, 0, ...codes); // lower ranks come later in the diagram and first in the record
  });
  return makePosition(size, board);
}

/** The position of a diagram under `rules`, with `turn` to move; a diagram the rules reject throws. */
export function setUp(rules: Ruleset, turn: Side, diagram: string): Position {
  const pos = tryToSetUp(rules, turn, diagram);
  if (!pos.ok) throw new Error(`${rules.id} rejects the diagram (${pos.code}: ${pos.message}):\n${diagram}`);
  return pos.value;
}

/** `setUp` for the tests of what a ruleset may not set up: the Result of `positionFromOtn`. */
export const tryToSetUp = (rules: Ruleset, turn: Side, diagram: string): Result<Position> =>
  positionFromOtn(rules, otn(diagram), turn);

/** The position as a diagram, with the side to move and the outcome: an assertion's message. */
export function draw(pos: Position): string {
  const n = pos.geo.size;
  const lines: string[] = [''];
  for (let rank = n - 1; rank >= 0; rank--) {
    const cells: string[] = [];
    for (let file = 0; file < n; file++) cells.push(LETTERS[pos.pieceAt(rank * n + file)]!);
    lines.push(`${rank + 1} ${cells.join(' ')}`);
  }
  lines.push(`  ${FILES.slice(0, n).split('').join(' ')}`);
  lines.push(`  ${pos.rules.id}, ${pos.turn} to move, ply ${pos.ply}: ${outcome(pos)}`, '');
  return lines.join('\n');
}

/** `ongoing`, `attackers win: king captured`, `draw: repetition`... */
export function outcome(pos: Position): string {
  const o = pos.outcome();
  if (o.status === 'ongoing') return 'ongoing';
  return o.status === 'draw' ? `draw: ${o.reason}` : `${o.status} win: ${o.reason}`;
}

const moveOf = (pos: Position, name: string): Move => {
  const parsed = parseMove(pos.geo, name);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value.move;
};

const squareOf = (pos: Position, name: string): number => {
  const sq = parseSquare(pos.geo, name);
  if (sq === undefined) throw new Error(`${name} is not a square`);
  return sq;
};

/** Is the move (`d7-d5`, or `pass`) legal for the side to move? */
export const isLegal = (pos: Position, name: string): boolean => pos.isLegal(moveOf(pos, name));

/** Every legal move of the side to move, by name, sorted (`pass` for a side that must pass). */
export const legalMoves = (pos: Position): string[] =>
  pos
    .legalMoves()
    .map((m) => makeMoveSquares(pos.geo, m))
    .sort();

/** The squares the piece on `from` may move to (it must belong to the side to move), sorted. */
export function destinations(pos: Position, from: string): string[] {
  const sq = squareOf(pos, from);
  return pos
    .legalMoves()
    .filter((m) => m >= 0 && moveFrom(m) === sq)
    .map((m) => squareName(pos.geo, moveTo(m)))
    .sort();
}

/** The OTN position record of the board, to compare with `otn(diagram)`. */
export const record = (pos: Position): string => makePosition(pos.geo.size, pos.toSetup().board);

/** What stands on a square, as a diagram letter: `A`, `D`, `K` or `.`. */
export const at = (pos: Position, square: string): string => LETTERS[pos.pieceAt(squareOf(pos, square))]!;

/** The squares the last move captured (the king's included), sorted. */
export const captured = (pos: Position): string[] =>
  pos
    .lastCaptured()
    .map((sq) => squareName(pos.geo, sq))
    .sort();

/** Everything a move changes and `undo()` must restore. */
export function state(pos: Position) {
  return {
    position: record(pos),
    turn: pos.turn,
    keyLo: pos.keyLo,
    keyHi: pos.keyHi,
    legal: legalMoves(pos),
    outcome: pos.outcome(),
    ply: pos.ply,
    quietPlies: pos.quietPlies,
    lastCaptured: captured(pos),
  };
}

/**
 * Plays moves by name (`d7-d5`, `pass`), asserting that each is legal. Each move is then taken
 * back, which must restore the position exactly, and played again, which must give the same
 * position; its Zobrist key must be the key of the same position set up afresh.
 */
export function play(pos: Position, ...moves: string[]): void {
  for (const name of moves) {
    const move = moveOf(pos, name);
    const piece = name === 'pass' ? [] : destinations(pos, name.slice(0, name.indexOf('-')));
    expect(
      pos.isLegal(move),
      `${name} should be legal; the piece may go to [${piece.join(' ')}]${draw(pos)}`,
    ).toBe(true);
    const before = state(pos);
    pos.play(move);
    const after = state(pos);
    pos.undo();
    expect(state(pos), `undo() of ${name} restores the position${draw(pos)}`).toEqual(before);
    pos.play(move);
    expect(state(pos), `${name} played again after undo() gives the same position${draw(pos)}`).toEqual(
      after,
    );
    const fresh = positionFromOtn(pos.rules, after.position, after.turn);
    if (fresh.ok)
      expect(
        [pos.keyLo, pos.keyHi],
        `the Zobrist key after ${name} is the key of the position set up afresh${draw(pos)}`,
      ).toEqual([fresh.value.keyLo, fresh.value.keyHi]);
  }
}
