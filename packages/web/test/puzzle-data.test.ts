// The puzzle page's data and helpers (src/puzzles): the shipped file has the shape the page
// reads, every puzzle's line is legal under its ruleset and ends in the win of the side to move;
// a move of the player is judged right, wrong, another win as fast, or a last move that wins at
// once; the next puzzle offered is the next one not solved; progress adds a solved puzzle once.
import { makeMoveSquares, PRESETS } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import {
  DIFFICULTIES,
  PUZZLE_DATA,
  judgeMove,
  nextPuzzle,
  positionAt,
  puzzleRulesets,
  puzzlesOf,
  type Puzzle,
} from '../src/puzzles/data.js';
import { markSolved } from '../src/puzzles/progress.js';

const moveNamed = (p: Puzzle, plies: number, name: string) => {
  const pos = positionAt(p, plies);
  return { pos, move: pos.legalMoves().find((m) => makeMoveSquares(pos.geo, m) === name)! };
};

describe('the shipped puzzles', () => {
  it('cover every named ruleset, each with a difficulty of 1 to 5', () => {
    expect(new Set(puzzleRulesets())).toEqual(new Set(PRESETS.map((r) => r.id)));
    for (const p of PUZZLE_DATA.puzzles) expect(DIFFICULTIES).toContain(p.difficulty);
  });

  it('have lines that are legal and end in the win of the side to move', () => {
    for (const p of PUZZLE_DATA.puzzles) {
      const end = positionAt(p, p.line.length);
      expect(end.isOver(), p.id).toBe(true);
      expect(end.outcome().status, p.id).toBe(p.turn);
      expect(positionAt(p, p.line.length - 1).isOver(), p.id).toBe(false);
    }
  });
});

describe('a move of the player', () => {
  const p = PUZZLE_DATA.puzzles[0]!;

  it('is right when it is the line’s', () => {
    const { pos, move } = moveNamed(p, 0, p.line[0]!);
    expect(judgeMove(p, pos, 0, move)).toBe('right');
  });

  it('is wrong when it is another first move (the first move is unique)', () => {
    const pos = positionAt(p, 0);
    const other = pos.legalMoves().find((m) => makeMoveSquares(pos.geo, m) !== p.line[0])!;
    expect(judgeMove(p, pos, 0, other)).toBe('wrong');
  });

  it('is another win as fast when the solver listed it at that move', () => {
    const withAlternative = PUZZLE_DATA.puzzles.find((q) => q.alternatives.some((a) => a.length > 0));
    if (withAlternative === undefined) return;
    const i = withAlternative.alternatives.findIndex((a) => a.length > 0);
    const plies = 2 * (i + 1);
    const { pos, move } = moveNamed(withAlternative, plies, withAlternative.alternatives[i]![0]!);
    const verdict = judgeMove(withAlternative, pos, plies, move);
    expect(['also', 'wins']).toContain(verdict);
  });
});

describe('the next puzzle', () => {
  const list = puzzlesOf(PUZZLE_DATA.puzzles[0]!.rules, undefined);

  it('is the first not solved, then the one after the current', () => {
    expect(nextPuzzle(list, new Set())).toBe(list[0]);
    expect(nextPuzzle(list, new Set([list[0]!.id]))).toBe(list[1]);
    expect(nextPuzzle(list, new Set(), list[0]!.id)).toBe(list[1]);
  });

  it('is the next one at all when every puzzle is solved', () => {
    expect(nextPuzzle(list, new Set(list.map((q) => q.id)), list[0]!.id)).toBe(list[1]);
  });
});

describe('progress', () => {
  it('adds a solved puzzle to its ruleset once', () => {
    const one = markSolved({}, 'plazoleta', 'plazoleta-1');
    expect(one).toEqual({ plazoleta: ['plazoleta-1'] });
    expect(markSolved(one, 'plazoleta', 'plazoleta-1')).toBe(one);
    expect(markSolved(one, 'ard-ri-fr', 'ard-ri-fr-2')).toEqual({
      plazoleta: ['plazoleta-1'],
      'ard-ri-fr': ['ard-ri-fr-2'],
    });
  });
});
