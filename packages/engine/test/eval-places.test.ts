// The place features of the evaluation (eval.ts): how many attackers, defenders and kings stand on
// each class of square under the board's symmetries, named by its square in a corner's eighth of
// a 7x7 board (a1 the corner, a2 beside it, b2 diagonally next to it, d4 the centre).
import { positionFromOtn, presetById, startingPosition, type Position } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { evalContext, FEATURES, features, PLACE_FEATURES, PLACES, placeOf } from '../src/eval.js';
import { DEFAULT_WEIGHTS, weightsFor } from '../src/weights.js';

const rules = presetById('opentafl-brandub')!;

function position(record: string): Position {
  const result = positionFromOtn(rules, record, 'attackers');
  if (!result.ok) throw new Error(`bad position ${record}`);
  return result.value;
}

/** The place features of `pos` that count something, by name. */
function placed(pos: Position): Record<string, number> {
  const f = features(pos, evalContext(pos, weightsFor(rules)));
  const out: Record<string, number> = {};
  for (const name of PLACE_FEATURES) {
    const v = f[FEATURES.indexOf(name)]!;
    if (v !== 0) out[name] = v;
  }
  return out;
}

const square = (file: number, rank: number): string => `${'abcdefg'[file]}${rank + 1}`;

describe('the classes of squares', () => {
  it('give each square of a 7x7 board the class of its image in a1-d4', () => {
    const seen = new Map<number, string[]>();
    for (let file = 0; file < 7; file++)
      for (let rank = 0; rank < 7; rank++) {
        const c = placeOf(file, rank, 7);
        seen.set(c, [...(seen.get(c) ?? []), square(file, rank)]);
        // The eight images of the square under the board's symmetries share its class.
        const m = (x: number): number => 6 - x;
        for (const [f, r] of [
          [m(file), rank],
          [file, m(rank)],
          [m(file), m(rank)],
          [rank, file],
          [m(rank), file],
          [rank, m(file)],
          [m(rank), m(file)],
        ] as const)
          expect(placeOf(f, r, 7)).toBe(c);
      }
    expect(seen.size).toBe(PLACES.length);
    // Each class is named by one of its squares.
    PLACES.forEach((name, c) => expect(seen.get(c)).toContain(name));
    expect(seen.get(PLACES.indexOf('a1'))).toEqual(['a1', 'a7', 'g1', 'g7']);
    expect(seen.get(PLACES.indexOf('d4'))).toEqual(['d4']);
    expect(seen.get(PLACES.indexOf('a2'))).toHaveLength(8);
  });

  it('count squares farther than three from both edges of a larger board as d4, and their rows as a4 to c4', () => {
    // 11x11: f6 is the centre, e5 and g7 lie four and five squares in.
    expect(placeOf(5, 5, 11)).toBe(PLACES.indexOf('d4'));
    expect(placeOf(4, 4, 11)).toBe(PLACES.indexOf('d4'));
    expect(placeOf(3, 6, 11)).toBe(PLACES.indexOf('d4'));
    expect(placeOf(5, 0, 11)).toBe(PLACES.indexOf('a4'));
    expect(placeOf(2, 7, 11)).toBe(PLACES.indexOf('c4'));
  });
});

describe('the place features', () => {
  it('count the pieces of the start where they stand', () => {
    //   . . . t . . .    7
    //   . . . t . . .    6
    //   . . . T . . .    5
    //   t t T K T t t    4
    //   . . . T . . .    3
    //   . . . t . . .    2
    //   . . . t . . .    1
    //   a b c d e f g
    // Attackers on d1, a4, g4 and d7 (like a4), on d2, b4, f4 and d6 (like b4); the defenders on
    // d3, c4, e4 and d5 (like c4); the king on the throne.
    expect(placed(startingPosition(rules))).toEqual({
      attackersOnA4: 4,
      attackersOnB4: 4,
      defendersOnC4: 4,
      kingOnD4: 1,
    });
  });

  it('count each side apart, and the king apart from his defenders', () => {
    //   . . . . . . .    7
    //   . t . . . . .    6   an attacker on b6 (like b2)
    //   . . . . t . .    5   an attacker on e5 (like c3)
    //   . . . . . . .    4
    //   . . T . . . .    3   a defender on c3
    //   K . . . . . .    2   the king on a2
    //   . . . . . . .    1
    //   a b c d e f g
    expect(placed(position('/7/K6/2T4/7/4t2/1t5/7/'))).toEqual({
      attackersOnB2: 1,
      attackersOnC3: 1,
      defendersOnC3: 1,
      kingOnA2: 1,
    });
  });

  it('weigh nothing in the default weights (a ruleset scores by them only once tuned with them)', () => {
    for (const name of PLACE_FEATURES) expect(DEFAULT_WEIGHTS[name]).toBe(0);
  });
});
