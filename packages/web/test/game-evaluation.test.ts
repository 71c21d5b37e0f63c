// Scores as players read them (src/game/evaluation.ts): every score kept for the attackers,
// winning chances in -1..1, wins counted in the winner's moves, a finished position read by its
// result, and the judgement of each move by the fall of its side's winning chances.
import { WIN, finishedEval, type GameAnalysis, type PlyEval } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import {
  JUDGEMENT_THRESHOLDS,
  describeEval,
  describeScore,
  finalScore,
  forAttackers,
  judgePlies,
  judgements,
  movesToWin,
  winningChances,
} from '../src/game/evaluation.js';

const analysis = (scores: readonly (number | PlyEval)[]): GameAnalysis => ({
  version: 2,
  depth: 8,
  plies: scores.map((s) => (typeof s === 'number' ? { score: s } : s)),
});

describe('scores', () => {
  it('keeps every score for the attackers', () => {
    expect(forAttackers(120, 'attackers')).toBe(120);
    expect(forAttackers(120, 'defenders')).toBe(-120);
  });

  it('turns ordinary scores into winning chances inside -1..1, and wins into the ends', () => {
    expect(winningChances(0)).toBe(0);
    expect(winningChances(300)).toBeGreaterThan(0.4);
    expect(winningChances(300)).toBeLessThan(0.5);
    expect(winningChances(-300)).toBeCloseTo(-winningChances(300));
    expect(winningChances(-5000)).toBeGreaterThan(-1);
    expect(winningChances(WIN - 3)).toBe(1);
    expect(winningChances(-(WIN - 3))).toBe(-1);
  });

  it('counts a win in plies as the winner’s moves', () => {
    expect(movesToWin(1)).toBe(1);
    expect(movesToWin(2)).toBe(1); // the loser moves, then the winner
    expect(movesToWin(3)).toBe(2);
    expect(movesToWin(13)).toBe(7);
  });

  it('reads wins in moves for the side the score favours, and advantages in soldiers', () => {
    expect(describeScore(WIN - 3)).toEqual({ kind: 'win', side: 'attackers', moves: 2 });
    expect(describeScore(-(WIN - 4))).toEqual({ kind: 'win', side: 'defenders', moves: 2 });
    expect(describeScore(-150)).toEqual({ kind: 'ahead', side: 'defenders', soldiers: 1.5 });
    expect(describeScore(12)).toEqual({ kind: 'even' });
  });
});

describe('a finished position', () => {
  // The bug: on the final position of a game the attackers won, the app said "defenders win in
  // 0 moves". That position's score is WIN (the attackers' win, 0 plies away); the side was read
  // from the sign of the distance (0, so not "positive", so the defenders) instead of the score's.
  it('regression: a game the attackers won never reads as the defenders winning in 0 moves', () => {
    const d = describeScore(finalScore('attackers'));
    expect(d.kind === 'win' && d.side).toBe('attackers');
    expect(describeScore(finalScore('defenders'))).toMatchObject({ kind: 'win', side: 'defenders' });
  });

  it('reads as its result, never as a score', () => {
    expect(describeEval(finishedEval('attackers'))).toEqual({ kind: 'result', result: 'attackers' });
    expect(describeEval(finishedEval('defenders'))).toEqual({ kind: 'result', result: 'defenders' });
    expect(describeEval(finishedEval('draw'))).toEqual({ kind: 'result', result: 'draw' });
    expect(describeEval({ score: WIN - 5 })).toEqual({ kind: 'win', side: 'attackers', moves: 3 });
  });
});

describe('judgements', () => {
  it('states its thresholds as rising falls of winning chances', () => {
    const { inaccuracy, mistake, blunder } = JUDGEMENT_THRESHOLDS;
    expect(0 < inaccuracy && inaccuracy < mistake && mistake < blunder && blunder <= 2).toBe(true);
  });

  it('marks the moves that lowered the mover’s winning chances, by how much', () => {
    // Attackers first: ply 1 theirs (even to even), ply 2 the defenders' (throws a won game
    // away: a forced win for the attackers), ply 3 the attackers' (lets four soldiers' worth of
    // the win go: winning chances 1 to 0.58).
    expect(judgements(analysis([0, 0, WIN - 5, 400]), 'attackers')).toEqual([
      undefined,
      'blunder',
      'mistake',
    ]);
    // Defenders first: their move gives the attackers 1.5 soldiers (0 to 0.24).
    expect(judgements(analysis([0, 150]), 'defenders')).toEqual(['inaccuracy']);
    // The same move by the attackers is good for them.
    expect(judgements(analysis([0, 150]), 'attackers')).toEqual([undefined]);
  });

  it('judges a move that ends the game by its result, and never marks the winning move', () => {
    expect(judgements(analysis([WIN - 1, finishedEval('attackers')]), 'attackers')).toEqual([undefined]);
    // The defenders, who had a forced win, move into a draw: a blunder.
    expect(judgements(analysis([-(WIN - 3), finishedEval('draw')]), 'defenders')).toEqual(['blunder']);
  });

  it('leaves unjudged the moves whose positions are not analysed yet', () => {
    expect(judgePlies([{ score: 0 }, undefined, { score: WIN - 3 }], 'attackers')).toEqual([
      undefined,
      undefined,
    ]);
  });
});
