// The board's symmetries at the root (src/symmetry.ts). Every ruleset's start is the same under
// the board's eight turns and reflections, so two moves that are mirror images of each other lead
// to positions that are the same game, and the search plays one move of each such set there. The
// check is the book's key, which is the same for a position and its mirror images and nothing
// else: two moves are mirror images when the positions after them have the same key.
import { PRESETS, playMoveRecord, presetById, startingPosition, type Move, type Position } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { bookKey } from '../src/book.js';
import { Search } from '../src/search.js';
import { mirroredMoves, selfSymmetries } from '../src/symmetry.js';

const keyAfter = (pos: Position, move: Move): string => {
  const next = pos.clone();
  next.play(move);
  return bookKey(next);
};

describe('mirroredMoves', () => {
  it.each(PRESETS.map((rules) => [rules.id, rules] as const))(
    'leaves out all but one move of each set of mirror images at the start of %s',
    (_, rules) => {
      const pos = startingPosition(rules);
      expect(selfSymmetries(pos)).toHaveLength(7);
      const left = new Set(mirroredMoves(pos));
      const kept = pos.legalMoves().filter((m) => !left.has(m));
      const keptKeys = kept.map((m) => keyAfter(pos, m));
      expect(left.size).toBeGreaterThan(0);
      // No two moves kept are mirror images of each other...
      expect(new Set(keptKeys).size).toBe(kept.length);
      // ...and each move left out is the mirror image of one kept.
      for (const m of left) expect(keptKeys).toContain(keyAfter(pos, m));
    },
  );

  it('leaves out nothing where the board has no symmetry', () => {
    // brandubh-2019 after a4-a2: the attacker off the middle rank breaks every symmetry.
    //   7 . . . A . . .
    //   6 . . . A . . .
    //   5 . . . D . . .
    //   4 . A D K D A A
    //   3 . . . D . . .
    //   2 A . . A . . .
    //   1 . . . A . . .
    //     a b c d e f g
    const pos = startingPosition(presetById('brandubh-2019')!);
    expect(playMoveRecord(pos, 'a4-a2').ok).toBe(true);
    expect(selfSymmetries(pos)).toEqual([]);
    expect(mirroredMoves(pos)).toEqual([]);
  });
});

describe('the search at a symmetric root', () => {
  it.each(['brandubh-2019', 'ard-ri-es'])(
    'plays no move left out, and its lines from the start of %s are no mirror images of each other',
    (id) => {
      const pos = startingPosition(presetById(id)!);
      const left = new Set(mirroredMoves(pos));
      const result = new Search().run(pos, { depth: 4, multiPv: 4 });
      const firsts = result.lines!.map((line) => line.pv[0]!);
      expect(firsts).toHaveLength(4);
      expect(firsts.some((m) => left.has(m))).toBe(false);
      expect(new Set(firsts.map((m) => keyAfter(pos, m))).size).toBe(4);
      expect(left.has(result.move!)).toBe(false);
    },
  );

  it('gives one line where every move is the mirror image of one (the start of ard-ri-fr)', () => {
    // The defenders move first, and each of their eight moves is one of the corner soldiers
    // stepping out: the same move seen from another side of the board.
    const pos = startingPosition(presetById('ard-ri-fr')!);
    expect(pos.legalMoveCount).toBe(8);
    expect(mirroredMoves(pos)).toHaveLength(7);
    const result = new Search().run(pos, { depth: 4, multiPv: 3 });
    expect(result.lines!.map((line) => line.pv[0])).toEqual([result.move]);
  });
});
