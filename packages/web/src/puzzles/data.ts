/**
 * The puzzles: puzzle-data.json, written by `tafl puzzles build` (packages/cli, its puzzles/),
 * never by hand, and bundled with the page's chunk. Its shape is restated here, as the app does
 * not depend on the command line's package; packages/cli/test/puzzles.test.ts proves the shipped
 * puzzles again and test/puzzle-data.test.ts checks their shape and lines. The rest are pure
 * helpers of the page: the puzzles of a ruleset and difficulty, the next one to offer, what a move
 * played by the player means.
 */

import {
  makeMoveSquares,
  positionFromOtn,
  presetById,
  type Move,
  type Position,
  type Side,
} from '@tafl/core';
import raw from './puzzle-data.json';

export interface Puzzle {
  readonly id: string;
  readonly rules: string;
  /** The position as an OTN record; `turn` moves first and wins. */
  readonly position: string;
  readonly turn: Side;
  /** The distance in moves as players count them (the winner's moves); plies = 2 moves - 1. */
  readonly moves: number;
  readonly plies: number;
  /** The winner's moves and the best defence, as move squares (`d1-d4`). */
  readonly line: readonly string[];
  /** At the winner's move i + 1 of the line, the other moves that win as fast. */
  readonly alternatives: readonly (readonly string[])[];
  readonly legalMoves: number;
  readonly proofSize: number;
  readonly checkNodes: number;
  readonly engineFinds: number;
  /** 1 (easy) to 5 (hard). */
  readonly difficulty: number;
  readonly rating: number;
}

export interface PuzzleData {
  readonly note: string;
  readonly command: string;
  readonly seed: number;
  readonly puzzles: readonly Puzzle[];
}

export const PUZZLE_DATA = raw as unknown as PuzzleData;

export const DIFFICULTIES = [1, 2, 3, 4, 5] as const;

/** The rulesets that have puzzles, in the data's order. */
export function puzzleRulesets(data: PuzzleData = PUZZLE_DATA): string[] {
  return [...new Set(data.puzzles.map((p) => p.rules))];
}

/** The puzzles of a ruleset, of one difficulty or of all (`undefined`). */
export function puzzlesOf(rules: string, difficulty: number | undefined, data = PUZZLE_DATA): Puzzle[] {
  return data.puzzles.filter(
    (p) => p.rules === rules && (difficulty === undefined || p.difficulty === difficulty),
  );
}

/**
 * The puzzle to offer after `current` (or first): the next one in the list not yet solved,
 * else the next one at all.
 */
export function nextPuzzle(
  list: readonly Puzzle[],
  solved: ReadonlySet<string>,
  current?: string,
): Puzzle | undefined {
  const at = list.findIndex((p) => p.id === current);
  const order = [...list.slice(at + 1), ...list.slice(0, at + 1)];
  return order.find((p) => !solved.has(p.id) && p.id !== current) ?? order[0];
}

/** The puzzle's position after `plies` plies of its line. */
export function positionAt(puzzle: Puzzle, plies: number): Position {
  const rules = presetById(puzzle.rules);
  if (!rules) throw new Error(`unknown ruleset ${puzzle.rules}`);
  const made = positionFromOtn(rules, puzzle.position, puzzle.turn);
  if (!made.ok) throw new Error(made.message);
  const pos = made.value;
  for (const name of puzzle.line.slice(0, plies)) {
    const move = pos.legalMoves().find((m) => makeMoveSquares(pos.geo, m) === name);
    if (move === undefined) throw new Error(`${puzzle.id}: ${name} is not legal`);
    pos.play(move);
  }
  return pos;
}

/**
 * What a move of the player at ply `plies` of the line is: `right` (the line's move), `wins` (not
 * the line's, but the last move and it wins at once: the rules say so), `also` (another move the
 * solver proved to win as fast, but the page follows the line it found), or `wrong`.
 */
export type Verdict = 'right' | 'wins' | 'also' | 'wrong';

export function judgeMove(puzzle: Puzzle, pos: Position, plies: number, move: Move): Verdict {
  const name = makeMoveSquares(pos.geo, move);
  if (name === puzzle.line[plies]) return 'right';
  if (plies === puzzle.line.length - 1) {
    pos.play(move);
    const won = pos.isOver() && pos.outcome().status === puzzle.turn;
    pos.undo();
    if (won) return 'wins';
  }
  if (plies > 0 && puzzle.alternatives[plies / 2 - 1]?.includes(name)) return 'also';
  return 'wrong';
}
