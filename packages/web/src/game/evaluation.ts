/**
 * The engine's scores as players see them. The engine scores a position for the side to move,
 * in centi-soldiers, a win or loss in N plies as ±(WIN - N) (search.ts, `mateIn`); the app keeps
 * every score for the attackers, so a graph over a game reads one way. For display a score is
 * squashed into -1..1 (a winning chance, as lichess draws its graph): ordinary scores along a
 * logistic curve, wins at the ends. The moves where that value swung against the side that moved
 * are the ones the graph and the move list mark.
 *
 * The two constants are the engine's (search.ts); they are repeated here so that this module,
 * which the game screen needs at once, does not pull the engine into the initial bundle.
 */

import type { Side } from '@tafl/core';

export const WIN = 30000;
export const WIN_BOUND = WIN - 1000;
/** Centi-soldiers at which the squashed value reaches about ±0.46 (three soldiers ahead). */
const SCALE = 300;

/** A side-to-move score turned into the attackers' score. */
export const forAttackers = (score: number, toMove: Side): number =>
  toMove === 'attackers' ? score : -score;

/** Plies to a forced win (positive: the attackers win) or undefined for an ordinary score. */
export function winIn(score: number): number | undefined {
  if (score > WIN_BOUND) return WIN - score;
  if (score < -WIN_BOUND) return -(WIN + score);
  return undefined;
}

/** The score squashed into -1 (defenders win) .. 1 (attackers win). */
export function squash(score: number): number {
  if (score > WIN_BOUND) return 1;
  if (score < -WIN_BOUND) return -1;
  return 2 / (1 + Math.exp(-score / SCALE)) - 1;
}

/** The attackers' score of a finished game's last position: a win at the ends, a draw 0. */
export const finalScore = (winner: Side | 'draw'): number =>
  winner === 'attackers' ? WIN : winner === 'defenders' ? -WIN : 0;

export const SWINGS = ['swing', 'blunder'] as const;
export type Swing = (typeof SWINGS)[number];

/** How far the squashed value must fall, for the side that moved, to mark the move. */
export const SWING_THRESHOLD = 0.3;
export const BLUNDER_THRESHOLD = 0.6;

/**
 * The swing of each move (index = ply - 1) given the attackers' scores of every position
 * (index = ply, 0 the start) and the side to move at the start.
 */
export function swings(scores: readonly number[], firstSide: Side): (Swing | undefined)[] {
  const out: (Swing | undefined)[] = [];
  for (let ply = 1; ply < scores.length; ply++) {
    const mover: Side =
      (ply - 1) % 2 === 0 ? firstSide : firstSide === 'attackers' ? 'defenders' : 'attackers';
    const before = squash(scores[ply - 1]!);
    const after = squash(scores[ply]!);
    const loss = mover === 'attackers' ? before - after : after - before;
    out.push(loss >= BLUNDER_THRESHOLD ? 'blunder' : loss >= SWING_THRESHOLD ? 'swing' : undefined);
  }
  return out;
}

/** How a score reads: who is ahead and by how much, or who wins in how many moves. */
export type ScoreText =
  | { readonly kind: 'even' }
  | { readonly kind: 'ahead'; readonly side: Side; readonly soldiers: number }
  | { readonly kind: 'win'; readonly side: Side; readonly plies: number };

export function describeScore(score: number): ScoreText {
  const plies = winIn(score);
  if (plies !== undefined)
    return { kind: 'win', side: plies > 0 ? 'attackers' : 'defenders', plies: Math.abs(plies) };
  const soldiers = Math.round(Math.abs(score) / 10) / 10;
  if (soldiers < 0.2) return { kind: 'even' };
  return { kind: 'ahead', side: score > 0 ? 'attackers' : 'defenders', soldiers };
}
