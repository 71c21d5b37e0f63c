/**
 * A puzzle's difficulty. Four things make a forced win hard to find, and each adds points:
 *
 * - its distance: a point for every move beyond two (a win in 2 moves scores 0, in 5 scores 3);
 * - the engine: how deep its search must look before it plays the first move (the search of
 *   levels 4 to 6, bounded by depth alone): found at depth 1, 0 points; at depth 2, 0.5; at 3, 1;
 *   at 4, 1.5; not by depth 4, 2.5 — a move a one-ply search sees is one a beginner sees;
 * - the choice: the legal moves at the start, half a point for every doubling beyond 16;
 * - the proof: the df-pn proof's size, half a point for every factor of ten beyond 10 positions,
 *   at most 1.5 (a big proof is a win with many defences to answer).
 *
 * The points make a rating on an Elo-like scale, 1000 + 200 a point, and a difficulty from 1 to 5:
 * 1 below 1 point, 2 below 2, 3 below 3, 4 below 4.5, 5 from 4.5.
 */

import { Position, makeMoveSquares } from '@tafl/core';
import { Search } from '@tafl/engine';

export const ENGINE_DEPTHS = 4;

export interface RatingInput {
  readonly moves: number;
  readonly legalMoves: number;
  readonly proofSize: number;
  /** The shallowest depth whose search plays the first move, 0 when none to ENGINE_DEPTHS. */
  readonly engineFinds: number;
}

export function difficultyPoints(p: RatingInput): number {
  const distance = p.moves - 2;
  const engine = p.engineFinds === 0 ? 2.5 : (p.engineFinds - 1) * 0.5;
  const choice = Math.max(0, Math.log2(p.legalMoves / 16)) * 0.5;
  const proof = Math.min(1.5, Math.max(0, Math.log10(p.proofSize) - 1) * 0.5);
  return distance + engine + choice + proof;
}

export function rate(p: RatingInput): { difficulty: number; rating: number } {
  const points = difficultyPoints(p);
  const difficulty = points < 1 ? 1 : points < 2 ? 2 : points < 3 ? 3 : points < 4.5 ? 4 : 5;
  return { difficulty, rating: Math.round(1000 + 200 * points) };
}

/** The shallowest depth (1 to ENGINE_DEPTHS) at which the engine's search plays `first`; 0 if none. */
export function engineFinds(pos: Position, first: string): number {
  const made = Position.fromSetup(pos.rules, pos.toSetup());
  if (!made.ok) throw new Error(made.message);
  const search = new Search({ ttBits: 16 });
  for (let depth = 1; depth <= ENGINE_DEPTHS; depth++) {
    search.clear();
    const { move } = search.run(made.value, { depth });
    if (move !== undefined && makeMoveSquares(pos.geo, move) === first) return depth;
  }
  return 0;
}
