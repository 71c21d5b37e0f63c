// perft from the start of opentafl-brandub: OpenTafl's own perft gives 40, 960, 39512, 1007392,
// 41843336, 1111688896 (the rules core issue; two independent implementations agree). Depth 5
// and 6 are left to `npm run bench`, which prints them with nodes per second. The built package is
// tested (`npm test` builds first): Node runs it as it is, not through vitest's transform, 2.5x faster.
import { describe, expect, it } from 'vitest';
import {
  PRESETS,
  PASS,
  makePosition,
  opentaflBrandub,
  perft,
  startingPosition,
  type Position,
} from '@tafl/core';
import { pick, prng } from './random.js';

/** The plainest perft: every move played and taken back, leaves counted one by one. */
function referencePerft(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  let total = 0;
  const moves = pos.mustPass() ? [PASS] : pos.legalMoves();
  for (const move of moves) {
    pos.play(move);
    total += referencePerft(pos, depth - 1);
    pos.undo();
  }
  return total;
}

describe('perft, OpenTafl Brandub rules', () => {
  const expected = [1, 40, 960, 39512, 1007392];
  expected.forEach((nodes, depth) => {
    it(`depth ${depth}: ${nodes}`, () => {
      const pos = startingPosition(opentaflBrandub);
      expect(perft(pos, depth)).toBe(nodes);
      // perft restores the position it walked
      expect(pos.ply).toBe(0);
      expect(pos.legalMoves()).toHaveLength(40);
    });
  });
});

describe('bulk-counting perft agrees with playing every move', () => {
  for (const rules of PRESETS) {
    it(`${rules.id}: from the start and from 40 positions of random games`, () => {
      const random = prng(rules.id.length * 7919);
      const start = startingPosition(rules);
      expect(perft(start, 3)).toBe(referencePerft(start, 3));
      for (let game = 0; game < 8; game++) {
        const pos = startingPosition(rules);
        for (let ply = 0; ply < 120 && !pos.isOver(); ply++) {
          const moves = pos.mustPass() ? [PASS] : pos.legalMoves();
          pos.play(moves[Math.floor(random() * moves.length)]!);
          if (ply % 24 === 23) {
            const before = makePosition(pos.geo.size, pos.toSetup().board);
            expect(perft(pos, 3), `perft 3 of ${before} after ${pos.ply} plies`).toBe(referencePerft(pos, 3));
            expect(makePosition(pos.geo.size, pos.toSetup().board)).toBe(before);
          }
        }
      }
    });
  }
});

/**
 * Pieces walking back and forth: the same positions come again and again, so that perft's
 * leaves meet the third occurrence of a position (a draw where the rules say so) and the limit
 * of quiet plies, which the bulk count decides without playing the quiet moves.
 */
describe('bulk-counting perft agrees with playing every move where positions repeat', () => {
  for (const rules of PRESETS) {
    it(`${rules.id}: from positions of games where each side often takes its last move back`, () => {
      const random = prng(rules.id.length * 104729 + 17);
      const ends = new Set<string>();
      let checked = 0;
      for (let game = 0; game < 12; game++) {
        const pos = startingPosition(rules);
        const mine: (number | undefined)[] = [];
        while (pos.ply < 80 && !pos.isOver()) {
          const moves = pos.mustPass() ? [PASS] : pos.legalMoves();
          const last = mine[pos.ply - 2];
          const back = last === undefined || last === PASS ? PASS : ((last & 0xff) << 8) | (last >> 8);
          const move = back !== PASS && moves.includes(back) && random() < 0.5 ? back : pick(random, moves);
          mine[pos.ply] = move;
          pos.play(move);
          if (pos.ply >= 6 && pos.ply % 3 === 0) {
            checked++;
            expect(perft(pos, 3), `perft 3 after ${pos.ply} plies`).toBe(referencePerft(pos, 3));
          }
        }
        const outcome = pos.outcome();
        if (outcome.status !== 'ongoing') ends.add(outcome.reason);
      }
      expect(checked).toBeGreaterThan(60);
      // the walks do reach the draws they are about
      if (rules.repetitionDraws) expect(ends).toContain('repetition');
      if (rules.quietPlyLimit > 0) expect(ends).toContain('quiet moves');
    });
  }
});
