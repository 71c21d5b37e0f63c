// The king's shape features of the evaluation (eval.ts, `kingShape`): the attackers and the
// defenders within two squares of the king, either way (`attackersNearKing`, `defendersNearKing`),
// and where he escapes to the corners the attackers standing in the rectangle between him and his
// nearest corner, the fewest where two or four corners are as near (`attackersTowardCorner`).
import { positionFromOtn, presetById, startingPosition, type Position, type Ruleset } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { evalContext, FEATURES, features, SHAPE_FEATURES } from '../src/eval.js';
import { DEFAULT_WEIGHTS, weightsFor } from '../src/weights.js';

const brandub = presetById('opentafl-brandub')!;

function position(record: string, rules: Ruleset = brandub): Position {
  const result = positionFromOtn(rules, record, 'attackers');
  if (!result.ok) throw new Error(`bad position ${record}`);
  return result.value;
}

/** The shape features of `pos`, by name (every feature counted, as the tuner counts them). */
function shape(pos: Position): Record<string, number> {
  const f = features(pos, evalContext(pos, weightsFor(pos.rules), true));
  return Object.fromEntries(SHAPE_FEATURES.map((name) => [name, f[FEATURES.indexOf(name)]!]));
}

describe('the king’s shape', () => {
  it('counts the start’s four attackers in each quarter, and the pieces two squares about the king', () => {
    //   . . . t . . .    7
    //   . . . t . . .    6
    //   . . . T . . .    5
    //   t t T K T t t    4
    //   . . . T . . .    3
    //   . . . t . . .    2
    //   . . . t . . .    1
    //   a b c d e f g
    // The king on the throne is as near to every corner: between him and a1 stand d1, d2, a4 and
    // b4, and as many between him and each other corner. Within two squares of him: the attackers
    // on d2, b4, f4 and d6, his four defenders.
    expect(shape(startingPosition(brandub))).toEqual({
      attackersTowardCorner: 4,
      attackersNearKing: 4,
      defendersNearKing: 4,
    });
  });

  it('counts the attackers between the king and his one nearest corner', () => {
    //   . . . . . . .    7
    //   . . . . . . T    6
    //   . . T . . . .    5   a defender on c5, two squares above the king
    //   t . . . . . .    4   an attacker on a4, above the rectangle a1-c3
    //   . . K . t . .    3   the king on c3, an attacker on e3 beside the rectangle
    //   . t . . . . .    2   an attacker on b2, inside it
    //   . . . . . . .    1
    //   a b c d e f g
    // a1 is his nearest corner, and only b2 stands between them. Within two squares of him: the
    // attackers on b2, e3 and a4, the defender on c5 (not g6).
    expect(shape(position('/7/1t5/2K1t2/t6/2T4/6T/7/'))).toEqual({
      attackersTowardCorner: 1,
      attackersNearKing: 3,
      defendersNearKing: 1,
    });
  });

  it('takes the emptier side where two corners are as near', () => {
    //   . . . . . . .    7
    //   . . . . . . .    6
    //   . . . . . . .    5
    //   . . . . . . .    4
    //   . . . . . . .    3
    //   . . t K . . .    2   the king on d2, the middle file: a1 and g1 are as near
    //   . t . . . t .    1
    //   a b c d e f g
    // Two attackers (b1, c2) stand between him and a1, one (f1) between him and g1: he runs
    // towards g1, and the feature counts 1.
    expect(shape(position('/1t3t1/2tK3/7/7/7/7/7/'))).toEqual({
      attackersTowardCorner: 1,
      attackersNearKing: 3,
      defendersNearKing: 0,
    });
  });

  it('counts no corner where the king escapes to the edge', () => {
    const ardRi = presetById('ard-ri-fr')!;
    expect(ardRi.escape).toBe('edge');
    const f = shape(startingPosition(ardRi));
    expect(f.attackersTowardCorner).toBe(0);
    expect(f.defendersNearKing).toBeGreaterThan(0);
  });

  it('weighs nothing in the default weights (a ruleset scores by them only once tuned with them)', () => {
    for (const name of SHAPE_FEATURES) expect(DEFAULT_WEIGHTS[name]).toBe(0);
  });

  it('is counted only where it weighs something, or for the tuner, which asks for every feature', () => {
    // brandubh-2019's tuned weights leave the shape features out: its search does not count them.
    const rules = presetById('brandubh-2019')!;
    const pos = startingPosition(rules);
    for (const name of SHAPE_FEATURES) expect(weightsFor(rules)[name]).toBe(0);
    const counted = (countAll: boolean): number[] => {
      const f = features(pos, evalContext(pos, weightsFor(rules), countAll));
      return SHAPE_FEATURES.map((name) => f[FEATURES.indexOf(name)]!);
    };
    expect(counted(false)).toEqual([0, 0, 0]);
    expect(counted(true)).toEqual([4, 4, 4]);
  });
});
