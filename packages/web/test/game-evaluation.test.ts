// Scores as players read them (src/game/evaluation.ts): every score kept for the attackers,
// winning chances in -1..1, wins counted in the winner's moves, a finished position read by its
// result, and the judgement of each move by the fall of its side's winning chances.
import { WIN, finishedEval, type GameAnalysis, type PlyEval } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import {
  JUDGEMENT_THRESHOLDS,
  STANDING_THRESHOLDS,
  describeEval,
  describeScore,
  finalScore,
  forAttackers,
  judgePlies,
  judgementCounts,
  judgements,
  movesToWin,
  scoreOfChances,
  winningChances,
} from '../src/game/evaluation.js';
import { scoreSentence } from '../src/game/EvalBar.js';

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

  it('reads wins in moves for the side the score favours, and advantages as how far a side stands better', () => {
    expect(describeScore(WIN - 3)).toEqual({ kind: 'win', side: 'attackers', moves: 2 });
    expect(describeScore(-(WIN - 4))).toEqual({ kind: 'win', side: 'defenders', moves: 2 });
    expect(describeScore(-150)).toEqual({ kind: 'standing', side: 'defenders', standing: 'slight' });
    expect(describeScore(-220)).toEqual({ kind: 'standing', side: 'defenders', standing: 'clear' });
    expect(describeScore(600)).toEqual({ kind: 'standing', side: 'attackers', standing: 'decisive' });
    expect(describeScore(12)).toEqual({ kind: 'even' });
    expect(describeScore(55)).toEqual({ kind: 'even' });
  });

  it('turns winning chances back into the score that has them', () => {
    for (const score of [-400, -120, 0, 60, 255])
      expect(scoreOfChances(winningChances(score))).toBeCloseTo(score, 6);
    // The standings start at about 0.6, 1.9 and 4.2 soldiers.
    expect(scoreOfChances(STANDING_THRESHOLDS.slight)).toBeCloseTo(60, 0);
    expect(scoreOfChances(STANDING_THRESHOLDS.clear)).toBeCloseTo(186, 0);
    expect(scoreOfChances(STANDING_THRESHOLDS.decisive)).toBeCloseTo(416, 0);
  });
});

describe('the evaluation in words, from the side chosen', () => {
  // The bug: with no capture made, the game screen said "The defenders are ahead by 2.2 soldiers
  // (for the attackers)": a count of soldiers no capture had made, and a side the sentence did not
  // speak for.
  it('regression: a score of −2.2 says how the chosen side stands, never soldiers ahead, never another side', () => {
    expect(scoreSentence('en', -220, 'attackers')).toBe('The attackers stand worse');
    expect(scoreSentence('en', -220, 'defenders')).toBe('The defenders stand better');
    for (const lang of ['en', 'es', 'fr'] as const)
      for (const pov of ['attackers', 'defenders'] as const)
        expect(scoreSentence(lang, -220, pov)).not.toMatch(/soldi|soldat|2[.,]2|\(/);
  });

  it('says slightly, clearly or decisively, and even below the first', () => {
    expect(scoreSentence('en', 100, 'attackers')).toBe('The attackers stand slightly better');
    expect(scoreSentence('en', 100, 'defenders')).toBe('The defenders stand slightly worse');
    expect(scoreSentence('en', -700, 'defenders')).toBe('The defenders are winning');
    expect(scoreSentence('en', 30, 'defenders')).toBe('The position is even');
    expect(scoreSentence('es', -220, 'attackers')).toBe('Los atacantes están peor');
    expect(scoreSentence('fr', 220, 'attackers')).toBe('Les assaillants sont mieux');
  });

  it('says a forced result as the chosen side’s win or loss in its moves', () => {
    // The defenders win in 4 of their moves (7 plies).
    expect(scoreSentence('en', -(WIN - 7), 'defenders')).toBe('The defenders win in 4 moves');
    expect(scoreSentence('en', -(WIN - 7), 'attackers')).toBe('The attackers lose in 4 moves');
    expect(scoreSentence('fr', WIN - 1, 'defenders')).toBe('Les défenseurs perdent en 1 coup');
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

  it('counts each side’s inaccuracies, mistakes and blunders by the side that played them', () => {
    // Attackers first: plies 1 and 3 are theirs, 2 and 4 the defenders'.
    expect(judgementCounts(['blunder', 'mistake', 'blunder', undefined, 'inaccuracy'], 'attackers')).toEqual({
      attackers: { inaccuracy: 1, mistake: 0, blunder: 2 },
      defenders: { inaccuracy: 0, mistake: 1, blunder: 0 },
    });
    // Defenders first: the first ply is theirs.
    expect(judgementCounts(['blunder'], 'defenders')).toEqual({
      attackers: { inaccuracy: 0, mistake: 0, blunder: 0 },
      defenders: { inaccuracy: 0, mistake: 0, blunder: 1 },
    });
  });

  it('leaves unjudged the moves whose positions are not analysed yet', () => {
    expect(judgePlies([{ score: 0 }, undefined, { score: WIN - 3 }], 'attackers')).toEqual([
      undefined,
      undefined,
    ]);
  });
});
