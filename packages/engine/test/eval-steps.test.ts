// The stepping king's features of the evaluation (eval.ts): his fewest steps over empty squares
// to an escape square and how many escape squares he can reach, counted only for a king who
// steps and only when they weigh something, and the weights that give them a say only where he
// steps to the corners (weights.ts).
import { positionFromOtn, presetById, startingPosition, type Position } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { evalContext, FEATURES, features, type Feature } from '../src/eval.js';
import { seededRandom } from '../src/levels.js';
import { DEFAULT_WEIGHTS, STEPPING_KING_WEIGHTS, weightsFor } from '../src/weights.js';

function position(rulesId: string, record: string): Position {
  const rules = presetById(rulesId)!;
  const result = positionFromOtn(rules, record, 'defenders');
  if (!result.ok) throw new Error(`bad position ${record}`);
  return result.value;
}

/** A feature of `pos` as the ruleset's evaluation counts it (with the step features' weights). */
function feature(
  pos: Position,
  name: Feature,
  weights = { ...DEFAULT_WEIGHTS, ...STEPPING_KING_WEIGHTS },
): number {
  return features(pos, evalContext(pos, weights))[FEATURES.indexOf(name)]!;
}

describe('the stepping king’s features', () => {
  it('count the fewest steps to a corner and the corners within reach (plazoleta)', () => {
    // (Records list rank 1 first.) The king on c5: four steps to a7 (c6 c7 b7 a7); every corner
    // within reach, a1 and g1 through the empty throne.
    const open = position('plazoleta', '/7/1t5/7/ttT1Ttt/2K4/7/7/');
    expect(feature(open, 'kingStepsNear')).toBe(7 - 4);
    expect(feature(open, 'kingEscapesReachable')).toBe(4);
    // On b1, next to a1: one step.
    const near = position('plazoleta', '/1K5/7/7/ttT1Ttt/7/7/7/');
    expect(feature(near, 'kingStepsNear')).toBe(7 - 1);
  });

  it('see a king shut in by pieces as reaching nothing', () => {
    // The king on the throne with his four defenders around him.
    const start = position('plazoleta', presetById('plazoleta')!.start);
    expect(feature(start, 'kingStepsNear')).toBe(0);
    expect(feature(start, 'kingEscapesReachable')).toBe(0);
    // The king on b3 with attackers on a3, c3, b2 and b4: no step at all.
    const shut = position('plazoleta', '/7/1t5/tKt4/1t5/7/7/7/');
    expect(feature(shut, 'kingEscapesReachable')).toBe(0);
  });

  it('go round pieces in the way', () => {
    // The king on b3: three steps to a1 (a3 a2 a1) on an empty board...
    expect(feature(position('plazoleta', '/7/7/1K5/7/7/7/7/'), 'kingStepsNear')).toBe(7 - 3);
    // ...five with attackers on a2 and b2 (c3 c2 c1 b1 a1, or b4 b5 b6 b7 a7).
    expect(feature(position('plazoleta', '/7/tt5/1K5/7/7/7/7/'), 'kingStepsNear')).toBe(7 - 5);
  });

  it('are not counted for a king who slides', () => {
    const slides = position('brandubh-2019', '/7/1t5/7/ttT1Ttt/2K4/7/7/');
    expect(feature(slides, 'kingStepsNear')).toBe(0);
    expect(feature(slides, 'kingEscapesReachable')).toBe(0);
  });

  it('are not counted where they weigh nothing', () => {
    const open = position('plazoleta', '/7/1t5/7/ttT1Ttt/2K4/7/7/');
    expect(feature(open, 'kingStepsNear', DEFAULT_WEIGHTS)).toBe(0);
    expect(feature(open, 'kingEscapesReachable', DEFAULT_WEIGHTS)).toBe(0);
  });

  it('come out the same from the bit sets (a board of 49 squares) as from a queue (larger boards)', () => {
    const weights = { ...DEFAULT_WEIGHTS, ...STEPPING_KING_WEIGHTS };
    let compared = 0;
    for (const id of ['plazoleta', 'ard-ri-fr']) {
      const random = seededRandom(3);
      for (let game = 0; game < 40; game++) {
        const pos = startingPosition(presetById(id)!);
        const ctx = evalContext(pos, weights);
        expect(ctx.stepBits).toBeDefined();
        const byQueue = { ...ctx, stepBits: undefined, features: new Float64Array(FEATURES.length) };
        for (let ply = 0; ply < 120 && !pos.isOver(); ply++) {
          expect(Array.from(features(pos, byQueue))).toEqual(Array.from(features(pos, ctx)));
          compared++;
          const moves = pos.legalMoves();
          pos.play(moves[Math.floor(random() * moves.length)]!);
        }
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('are weighed only where the king steps to the corners', () => {
    expect(weightsFor(presetById('plazoleta')!).kingStepsNear).toBe(STEPPING_KING_WEIGHTS.kingStepsNear);
    // ard-ri-fr's king steps too, but to the edge: its tuned weights, without these features, stand.
    expect(weightsFor(presetById('ard-ri-fr')!).kingStepsNear).toBe(0);
    expect(weightsFor(presetById('brandubh-2019')!).kingEscapesReachable).toBe(0);
  });
});
