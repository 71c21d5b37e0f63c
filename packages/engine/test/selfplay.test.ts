// "Every level plays legal moves only, through whole games, in every ruleset (self-play test)."
// In each ruleset, levels 1-6 meet in three pairs (1 and 6, 2 and 5, 3 and 4), each pair twice
// with sides swapped, so every level plays a whole game as attackers and one as defenders. The
// searching levels get a node limit so the test does not depend on the machine's speed.
import { describe, expect, it } from 'vitest';
import { PASS, PRESETS, makeMoveSquares, makePosition, startingPosition } from '@tafl/core';
import { LEVELS, Search, levelMove, seededRandom } from '../src/index.js';

const MAX_PLIES = 160;
const PAIRS = [
  [1, 6],
  [2, 5],
  [3, 4],
] as const;

describe('self-play: every level, every ruleset, whole games', () => {
  for (const rules of PRESETS) {
    it(`${rules.id}: each level as attackers and as defenders plays only legal moves`, () => {
      const played = new Set<string>();
      for (const [a, b] of PAIRS) {
        for (const [attacker, defender] of [
          [a, b],
          [b, a],
        ] as const) {
          const pos = startingPosition(rules);
          const engines = { attackers: new Search({ ttBits: 14 }), defenders: new Search({ ttBits: 14 }) };
          const levels = { attackers: attacker, defenders: defender };
          const random = seededRandom(attacker * 10 + defender);
          while (!pos.isOver() && pos.ply < MAX_PLIES) {
            const side = pos.turn;
            const config = LEVELS[levels[side] - 1]!;
            const result = levelMove(engines[side], pos, config, random, { nodes: 1500, timeMs: 5000 });
            const where = `${rules.id}, level ${levels[side]} (${side}) at ply ${pos.ply} of ${makePosition(pos.geo.size, pos.toSetup().board)}`;
            expect(result.move, where).toBeDefined();
            const move = result.move!;
            expect(
              pos.isLegal(move),
              `${where}: ${move === PASS ? 'pass' : makeMoveSquares(pos.geo, move)}`,
            ).toBe(true);
            pos.play(move);
          }
          played.add(`${attacker}A`).add(`${defender}D`);
        }
      }
      expect(played.size).toBe(12);
    });
  }
});
