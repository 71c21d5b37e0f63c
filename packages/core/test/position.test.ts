// The incremental state of a Position (Zobrist key, line tables, piece lists, mobility) must
// always equal the state built from scratch from the same pieces, and undo must restore all of it,
// the piece lists' order too: moves are generated in that order, so a search's move must not
// depend on the captures that searches before it made and took back.
import { describe, expect, it } from 'vitest';
import {
  PASS,
  PRESETS,
  Position,
  federationBrandubh,
  makePosition,
  positionFromOtn,
  squareName,
  startingPosition,
  type Move,
} from '../src/index.js';
import { pick, prng } from './random.js';

const fresh = (pos: Position): Position => {
  const made = Position.fromSetup(pos.rules, pos.toSetup());
  if (!made.ok) throw new Error(made.message);
  return made.value;
};

const snapshot = (pos: Position) => ({
  board: makePosition(pos.geo.size, pos.toSetup().board),
  turn: pos.turn,
  key: [pos.keyLo, pos.keyHi],
  legal: [...pos.legalMoves()].sort((a, b) => a - b),
  /** The moves in the order they are generated (the piece lists' order). */
  order: pos.legalMoves(),
  outcome: pos.outcome(),
  quiet: pos.quietPlies,
  ply: pos.ply,
});

describe('incremental state', () => {
  for (const rules of PRESETS) {
    it(`${rules.id}: keys, moves and mobility match a fresh position after every move, and undo restores them and the moves' order`, () => {
      const random = prng(rules.id.charCodeAt(0) * 31 + rules.id.length);
      for (let game = 0; game < 6; game++) {
        const pos = startingPosition(rules);
        const history = [snapshot(pos)];
        while (!pos.isOver() && pos.ply < 150) {
          const moves: Move[] = pos.mustPass() ? [PASS] : pos.legalMoves();
          pos.play(pick(random, moves));
          history.push(snapshot(pos));
          if (pos.kingSquare < 0) break; // a board without a king is no setup to compare with
          const scratch = fresh(pos);
          expect([pos.keyLo, pos.keyHi]).toEqual([scratch.keyLo, scratch.keyHi]);
          if (!pos.isOver()) {
            expect(pos.countMoves(0)).toBe(scratch.countMoves(0));
            expect(pos.countMoves(1)).toBe(scratch.countMoves(1));
            expect(new Set(pos.legalMoves())).toEqual(new Set(scratch.legalMoves()));
          }
        }
        for (let i = history.length - 1; i > 0; i--) {
          expect(snapshot(pos)).toEqual(history[i]);
          pos.undo();
        }
        expect(snapshot(pos)).toEqual(history[0]);
      }
    });
  }

  it('isLegal answers exactly for the moves legalMoves lists, for every from-to pair', () => {
    for (const rules of PRESETS) {
      const pos = startingPosition(rules);
      const legal = new Set(pos.legalMoves());
      for (let from = 0; from < pos.geo.squares; from++)
        for (let to = 0; to < pos.geo.squares; to++) {
          const move = (from << 8) | to;
          expect(pos.isLegal(move), `${rules.id} ${from}-${to}`).toBe(legal.has(move));
        }
      expect(pos.isLegal(PASS)).toBe(false);
      expect(pos.isLegal(-5)).toBe(false);
      expect(pos.isLegal(0xffff)).toBe(false);
    }
  });

  it('a clone goes its own way and keeps the history that repetition counts', () => {
    const pos = startingPosition(PRESETS[0]!);
    const moves = pos.legalMoves();
    pos.play(moves[0]!);
    const copy = pos.clone();
    copy.play(copy.legalMoves()[0]!);
    expect(copy.ply).toBe(2);
    expect(pos.ply).toBe(1);
    expect(snapshot(fresh(pos)).board).toBe(snapshot(pos).board);
    copy.undo();
    expect(snapshot(copy)).toEqual(snapshot(pos));
  });
});

describe('escapeRoutes', () => {
  // Regression: the routes were read from a buffer of 28 moves, so a side with more moves lost
  // the king's escape moves. Here the defenders have 35 moves and the king sees a7.
  it('finds the king’s route however many moves his side has', () => {
    const made = positionFromOtn(federationBrandubh, '/1t3T1/2T4/t2T3/5t1/K6/7/3t3/', 'defenders');
    if (!made.ok) throw new Error(made.message);
    expect(made.value.legalMoves().length).toBeGreaterThan(28);
    expect(made.value.escapeRoutes().map((sq) => squareName(made.value.geo, sq))).toEqual(['a7']);
  });
});
