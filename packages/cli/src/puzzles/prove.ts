/**
 * The proof of a puzzle: the side to move wins in exactly N moves (2N - 1 plies: its own N moves
 * and the N - 1 replies between them) with one first move only.
 *
 * Everything here is the solver's plain bounded search (BoundedSearch, packages/engine/src/solve):
 * "does X force a win within n plies?" over every legal move of both sides, exact, with the
 * repetition draw set aside as the solver does (a shortest win never needs a position to repeat,
 * and the puzzle starts from its position with no history). It answers the three questions a
 * puzzle asks, each a complete search, never a guess:
 *
 * - the distance: X wins within n plies and not within n - 2 (the shortest win);
 * - uniqueness: after the first move X still wins within n - 1 plies, after every other first
 *   move X does not (a slower win is not the puzzle's solution, as in chess's "mate in N");
 * - the line: X's moves that keep the win within the plies left, the other side's reply the one
 *   that puts the end off longest (the best defence).
 *
 * A budget in positions bounds each proof; a puzzle whose proof does not fit is dropped.
 */

import { makeMoveSquares, type Move, type Position, type Side } from '@tafl/core';
import { BoundedSearch, OutOfBudget, solverPosition } from '@tafl/engine';

/** A proved puzzle, before it is rated. */
export interface Proof {
  /** The shortest win in plies (odd: the side to move plays first and last). */
  readonly plies: number;
  /** The line: the winner's moves and the best defence, in move squares (`d1-d4`). */
  readonly line: readonly string[];
  /**
   * For each of the winner's moves of the line after the first, the other moves that also win
   * within the plies left (the first move has none: it is unique).
   */
  readonly alternatives: readonly (readonly string[])[];
  /** The legal moves at the start. */
  readonly legalMoves: number;
  /** Positions the bounded search visited to prove all of it. */
  readonly nodes: number;
}

export type ProofOutcome =
  | { readonly kind: 'proved'; readonly proof: Proof }
  | { readonly kind: 'rejected'; readonly why: 'no-win' | 'too-short' | 'not-unique' | 'budget' };

/**
 * Proves that the side to move in `pos` wins in at most `maxPlies` plies with a unique first
 * move, within `nodes` positions of search; `pos` is not changed.
 */
export function provePuzzle(pos: Position, maxPlies: number, nodes: number): ProofOutcome {
  const search = new BoundedSearch(solverPosition(pos));
  search.limit({ nodes });
  const x = pos.turn;
  try {
    const plies = search.shortestWin(x, maxPlies);
    if (plies === undefined) return { kind: 'rejected', why: 'no-win' };
    if (plies < 3) return { kind: 'rejected', why: 'too-short' };
    const winning = winningMoves(search, x, plies);
    if (winning.length !== 1) return { kind: 'rejected', why: 'not-unique' };
    const moves = search.line(x, plies);
    const alternatives = lineAlternatives(search, x, moves);
    const names = namesOf(search.pos, moves);
    return {
      kind: 'proved',
      proof: {
        plies,
        line: names,
        alternatives: alternatives.map((alts) => alts.map((m) => makeMoveSquares(search.pos.geo, m))),
        legalMoves: search.pos.legalMoves().length,
        nodes: search.nodes,
      },
    };
  } catch (e) {
    if (e instanceof OutOfBudget) return { kind: 'rejected', why: 'budget' };
    throw e;
  }
}

/** The moves of `x` at the search's position after which `x` still wins within `plies - 1`. */
export function winningMoves(search: BoundedSearch, x: Side, plies: number): Move[] {
  const pos = search.pos;
  const found: Move[] = [];
  for (const move of pos.legalMoves()) {
    pos.play(move);
    try {
      if (search.wins(x, plies - 1)) found.push(move);
    } finally {
      pos.undo();
    }
  }
  return found;
}

/** At each of the winner's moves of `line` after the first, the other moves that win as fast. */
function lineAlternatives(search: BoundedSearch, x: Side, line: readonly Move[]): Move[][] {
  const pos = search.pos;
  const out: Move[][] = [];
  let played = 0;
  try {
    for (let i = 0; i < line.length; i++) {
      if (i > 0 && i % 2 === 0)
        out.push(winningMoves(search, x, line.length - i).filter((m) => m !== line[i]));
      pos.play(line[i]!);
      played++;
    }
  } finally {
    for (let i = 0; i < played; i++) pos.undo();
  }
  return out;
}

function namesOf(pos: Position, moves: readonly Move[]): string[] {
  return moves.map((m) => makeMoveSquares(pos.geo, m));
}
