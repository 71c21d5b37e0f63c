/**
 * A stored puzzle proved again, from its record alone (the test of the shipped data): the
 * position is legal and not over; the side to move wins within the puzzle's plies and not within
 * two fewer (the distance is exact); after the line's first move it still wins within the plies
 * left, after every other first move it does not (unique, as the generator defined it: no other
 * first move wins as fast); and the line is legal under the ruleset's own rules and ends in the
 * winner's win after exactly its plies. The proofs are the solver's bounded search, within a
 * budget of positions; running out of it is a failure, not a pass.
 */

import { makeMoveSquares, playMoveRecord, positionFromOtn, presetById, type Side } from '@tafl/core';
import { BoundedSearch, OutOfBudget, solverPosition } from '@tafl/engine';

export interface StoredPuzzle {
  readonly id: string;
  readonly rules: string;
  readonly position: string;
  readonly turn: Side;
  readonly moves: number;
  readonly plies: number;
  readonly line: readonly string[];
}

/** What is wrong with the puzzle (empty when it is proved again), and the positions searched. */
export function verifyPuzzle(p: StoredPuzzle, nodes: number): { problems: string[]; nodes: number } {
  const problems = checkLine(p);
  if (problems.length > 0) return { problems, nodes: 0 };
  const rules = presetById(p.rules)!;
  const made = positionFromOtn(rules, p.position, p.turn);
  if (!made.ok) return { problems: [made.message], nodes: 0 };
  const search = new BoundedSearch(solverPosition(made.value));
  search.limit({ nodes });
  const pos = search.pos;
  try {
    if (search.wins(p.turn, p.plies - 2))
      problems.push(`wins within ${p.plies - 2} plies: shorter than stored`);
    for (const move of pos.legalMoves()) {
      const name = makeMoveSquares(pos.geo, move);
      pos.play(move);
      const wins = search.wins(p.turn, p.plies - 1);
      pos.undo();
      if (name === p.line[0] && !wins) problems.push(`${name} does not win within ${p.plies} plies`);
      if (name !== p.line[0] && wins) problems.push(`${name} wins as fast: the first move is not unique`);
    }
  } catch (e) {
    if (!(e instanceof OutOfBudget)) throw e;
    problems.push(`budget of ${nodes} positions spent before the proof`);
  }
  return { problems, nodes: search.nodes };
}

/** The record's own checks: the ruleset, the distance, and the line played by the rules to the win. */
export function checkLine(p: StoredPuzzle): string[] {
  const rules = presetById(p.rules);
  if (!rules) return [`unknown ruleset ${p.rules}`];
  if (p.moves < 2 || p.moves > 8 || p.plies !== 2 * p.moves - 1)
    return [`distance ${p.moves} moves, ${p.plies} plies: not 2 to 8 moves of 2N - 1 plies`];
  const made = positionFromOtn(rules, p.position, p.turn);
  if (!made.ok) return [made.message];
  const pos = made.value;
  if (pos.isOver()) return ['the game is already over'];
  if (p.line.length !== p.plies) return [`a line of ${p.line.length} plies, not ${p.plies}`];
  for (const [i, record] of p.line.entries()) {
    if (pos.isOver()) return [`the game ends before ply ${i + 1}`];
    const played = playMoveRecord(pos, record);
    if (!played.ok) return [`ply ${i + 1}: ${played.message}`];
  }
  if (!pos.isOver() || pos.outcome().status !== p.turn)
    return [`the line does not end in the ${p.turn}' win`];
  return [];
}
