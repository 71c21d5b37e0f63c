// perft from the start of opentafl-brandub: OpenTafl's own perft gives 40, 960, 39512, 1007392,
// 41843336, 1111688896 (the rules core issue; two independent implementations agree). Depth 5
// and 6 are left to `npm run bench`, which prints them with nodes per second.
import { describe, expect, it } from 'vitest';
import { opentaflBrandub, perft, startingPosition } from '../src/index.js';

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
