// A draw's worth in the search (weights.ts's drawScoreFor): nothing in general, but where the
// king steps to the corners the attackers win most games between equal players, so a draw is
// worth STEPPING_KING_DRAW to the defenders and its opposite to the attackers; and where every
// piece steps, the king to the edge, and quiet plies draw, QUIET_LIMIT_DRAW.
import { PRESETS, makeMoveSquares, presetById, startingPosition } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { Search } from '../src/search.js';
import { drawScoreFor, QUIET_LIMIT_DRAW, STEPPING_KING_DRAW } from '../src/weights.js';

describe('a draw’s worth', () => {
  it('is 0 but where the king steps to the corners, or every piece steps and quiet plies draw', () => {
    for (const rules of PRESETS)
      expect(drawScoreFor(rules)).toBe(
        rules.kingMove === 'step' && rules.escape === 'corners'
          ? STEPPING_KING_DRAW
          : rules.kingMove === 'step' && rules.soldierMove === 'step' && rules.quietPlyLimit > 0
            ? QUIET_LIMIT_DRAW
            : 0,
      );
    expect(drawScoreFor(presetById('plazoleta')!)).toBeGreaterThan(0);
    expect(drawScoreFor(presetById('ard-ri-fr')!)).toBeGreaterThan(0);
    // Pieces that slide, under a quiet-ply limit, keep a draw at 0.
    expect(drawScoreFor(presetById('brandub-fr')!)).toBe(0);
  });

  it('scores a game drawn by the quiet-ply limit for the side to move', () => {
    const rules = presetById('ard-ri-fr')!;
    const pos = startingPosition(rules);
    // Quiet moves (no capture, no escape) until the limit draws the game.
    while (!pos.isOver()) {
      const move = pos.legalMoves().find((m) => {
        pos.play(m);
        const ok =
          pos.quietPlies > 0 && pos.outcome().status !== 'attackers' && pos.outcome().status !== 'defenders';
        pos.undo();
        return ok;
      });
      expect(move).toBeDefined();
      pos.play(move!);
    }
    expect(pos.outcome().status).toBe('draw');
    expect(pos.quietPlies).toBe(rules.quietPlyLimit);
    const worth = pos.turn === 'defenders' ? QUIET_LIMIT_DRAW : -QUIET_LIMIT_DRAW;
    expect(new Search({ ttBits: 10 }).run(pos, { depth: 1 }).score).toBe(worth);
    expect(new Search({ ttBits: 10, drawScore: 0 }).run(pos, { depth: 1 }).score).toBe(0);
  });

  it('scores a game drawn by repetition for the side to move', () => {
    const rules = presetById('plazoleta')!;
    const pos = startingPosition(rules);
    // Both sides shuffle a piece to and fro until the start stands for the third time.
    const cycle = ['d1-e1', 'd3-e3', 'e1-d1', 'e3-d3'];
    for (let i = 0; i < 8 && !pos.isOver(); i++) {
      const move = pos.legalMoves().find((m) => makeMoveSquares(pos.geo, m) === cycle[i % 4]);
      expect(move).toBeDefined();
      pos.play(move!);
    }
    expect(pos.outcome().status).toBe('draw');
    expect(pos.turn).toBe('attackers');
    expect(new Search({ ttBits: 10 }).run(pos, { depth: 1 }).score).toBe(-STEPPING_KING_DRAW);
    expect(new Search({ ttBits: 10, drawScore: 0 }).run(pos, { depth: 1 }).score).toBe(0);
  });
});
