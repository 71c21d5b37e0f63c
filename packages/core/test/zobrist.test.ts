// The Zobrist keys (zobrist.ts): two 32-bit halves that must be independent, so that a 64-bit key
// tells positions apart where its low half alone cannot. The engine's transposition table indexes
// by the low half and checks the high half; were the high half a function of the low one, every
// position sharing a table slot's low half would pass the check.
import { describe, expect, it } from 'vitest';
import { presetById, seededRandom, startingPosition } from '../src/index.js';

describe('Zobrist keys', () => {
  it('positions that share the low half of their key differ in the high half', () => {
    const rules = presetById('brandubh-2019')!;
    const random = seededRandom(7);
    const boards = new Map<number, Map<string, number>>(); // low half -> board -> high half
    let positions = 0;
    let sharedLow = 0;
    let sharedKey = 0;
    // 400,000 positions of random games: some 19 pairs are expected to share a 32-bit low half.
    while (positions < 400_000) {
      const pos = startingPosition(rules);
      for (let ply = 0; ply < 60 && !pos.isOver(); ply++) {
        const moves = pos.legalMoves();
        pos.play(moves[Math.floor(random() * moves.length)]!);
        const board = `${pos.toSetup().board.join('')}${pos.turn[0]}`;
        const byBoard = boards.get(pos.keyLo) ?? new Map<string, number>();
        boards.set(pos.keyLo, byBoard);
        if (!byBoard.has(board)) {
          for (const hi of byBoard.values()) {
            sharedLow++;
            if (hi === pos.keyHi) sharedKey++;
          }
          byBoard.set(board, pos.keyHi);
        }
        positions++;
      }
    }
    expect(sharedLow).toBeGreaterThan(0); // the sample is large enough to test something
    expect(sharedKey).toBe(0);
  }, 60_000);
});
