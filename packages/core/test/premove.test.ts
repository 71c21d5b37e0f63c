// Premoves (premove.ts): the moves a side may choose while the other side is to move. Whatever
// the other side then plays, every move legal afterwards was among them (they are a superset of
// the legal moves after any reply): a premove passes through any piece, which the reply may move
// or capture, but stops nowhere the rules let no such piece stop.
import { describe, expect, it } from 'vitest';
import {
  PASS,
  PRESETS,
  brandubh2019,
  makeMoveSquares,
  premoves,
  startingPosition,
  type Move,
} from '../src/index.js';
import { pick, prng } from './random.js';

describe('premoves', () => {
  it('Brandubh (2019 blog), the start, the defenders to premove while the attackers think', () => {
    //   7 . . . a . . .
    //   6 . . . a . . .
    //   5 . . . d . . .
    //   4 a a d K d a a
    //   3 . . . d . . .
    //   2 . . . a . . .
    //   1 . . . a . . .
    //     a b c d e f g
    const pos = startingPosition(brandubh2019);
    expect(pos.turn).toBe('attackers');
    const shown = premoves(pos, 'defenders').map((m) => makeMoveSquares(pos.geo, m));
    // Through the attackers on d2 and d1, and through the defenders' own pieces, to the edge.
    expect(shown).toEqual(expect.arrayContaining(['d3-d2', 'd3-d1', 'c4-b4', 'c4-a4', 'd5-d7', 'd3-d7']));
    expect(shown).toEqual(expect.arrayContaining(['d4-d1', 'd4-a4', 'd4-g4', 'd4-d7']));
    // Never onto the throne for a soldier, nor into a corner.
    expect(shown).not.toContain('d3-d4');
    expect(shown.filter((m) => /-(a1|a7|g1|g7)$/.test(m))).toEqual([]);
  });

  for (const rules of PRESETS)
    it(`${rules.id}: every legal move after any reply of the other side was a premove`, () => {
      const random = prng(rules.id.length * 7919 + rules.id.charCodeAt(1));
      const missed: string[] = [];
      for (let game = 0; game < 3; game++) {
        const pos = startingPosition(rules);
        while (!pos.isOver() && pos.ply < 60) {
          const waiting = pos.turn === 'attackers' ? 'defenders' : 'attackers';
          const allowed = new Set(premoves(pos, waiting));
          for (const reply of pos.legalMoves()) {
            pos.play(reply);
            if (!pos.isOver())
              for (const move of pos.legalMoves() as Move[])
                if (move !== PASS && !allowed.has(move)) missed.push(makeMoveSquares(pos.geo, move));
            pos.undo();
          }
          pos.play(pick(random, pos.legalMoves()));
        }
      }
      expect(missed).toEqual([]);
    });
});
