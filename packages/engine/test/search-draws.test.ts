// A draw's worth in the search (weights.ts's drawScoreFor): nothing in general, but where the
// king steps to the corners the attackers win most games between equal players, so a draw is
// worth STEPPING_KING_DRAW to the defenders and its opposite to the attackers; and where every
// piece steps, the king to the edge, and quiet plies draw, QUIET_LIMIT_DRAW. And which repetitions
// the search counts as a draw.
import {
  PRESETS,
  makeMoveSquares,
  makePosition,
  playMoveRecord,
  presetById,
  startingPosition,
} from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { Search } from '../src/search.js';
import { drawScoreFor, QUIET_LIMIT_DRAW, STEPPING_KING_DRAW, weightsFor } from '../src/weights.js';

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

describe('a repetition in the search', () => {
  // opentafl-brandub: "a position repeated for the third time draws" (tfr:d). Level 6 lost a game
  // as the attackers to OpenTafl (suite c, seed 25) from 1. g4-g6 c4-c3 2. a4-a5 e4-e3 3. g6-g5
  // e3-e4: it played 4. g5-g6, back to the position after 2. a4-a5, which its search scored as a
  // draw, and the defenders did not repeat: d5-g5 took the soldier on g6 against the corner.
  const rules = presetById('opentafl-brandub')!;
  const game = (records: readonly string[]) => {
    const pos = startingPosition(rules);
    for (const r of records) if (!playMoveRecord(pos, r).ok) throw new Error(r);
    return pos;
  };
  const opening = ['g4-g6', 'c4-c3', 'a4-a5', 'e4-e3', 'g6-g5', 'e3-e4'];
  const scoreOf = (pos: ReturnType<typeof game>, move: string, depth: number): number | undefined => {
    const scored = new Search({ weights: weightsFor(rules) }).scoreRootMoves(pos, depth);
    return scored.find((s) => makeMoveSquares(pos.geo, s.move) === move)?.score;
  };

  it('is no draw when the position stood only before the root: the side to move there may leave it', () => {
    const pos = game(opening);
    //   a b c d e f g
    // 7 . . . t . . .
    // 6 . . . t . . .
    // 5 t . . T . . t
    // 4 . t . K T t .
    // 3 . . T T . . .
    // 2 . . . t . . .
    // 1 . . . t . . .   attackers to move
    expect(makePosition(7, pos.toSetup().board)).toBe('/3t3/3t3/2TT3/1t1KTt1/t2T2t/3t3/3t3/');
    // g5-g6 gives the defenders d5-g5, which takes the soldier: a soldier down, not a draw.
    for (const depth of [2, 4, 6]) expect(scoreOf(pos, 'g5-g6', depth)).toBeLessThan(-150);
    const after = game([...opening, 'g5-g6']);
    expect(new Search({ weights: weightsFor(rules) }).run(after, { depth: 4 }).move).toBe(
      after.legalMoves().find((m) => makeMoveSquares(after.geo, m) === 'd5-g5'),
    );
  });

  it('is a draw at the position’s third occurrence', () => {
    // The cycle once more: after 4. g5-g6 e4-e3 5. g6-g5 e3-e4, g5-g6 stands the third time.
    const pos = game([...opening, 'g5-g6', 'e4-e3', 'g6-g5', 'e3-e4']);
    const drawn = game([...opening, 'g5-g6', 'e4-e3', 'g6-g5', 'e3-e4', 'g5-g6']);
    expect(drawn.outcome().status).toBe('draw');
    // (A draw is worth nothing under these rules: 0, or -0 for the attackers.)
    for (const depth of [2, 4]) expect(Math.abs(scoreOf(pos, 'g5-g6', depth)!)).toBe(0);
  });
});
