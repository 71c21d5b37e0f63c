// The solver on the engine's tactics suite (fixtures/tactics.json, written and proved by
// scripts/make-tactics.mjs's own exhaustive search). What is checked, entry by entry:
// - a win in n plies: the solver proves a win for the side to move, its main line is a
//   shortest win of exactly n plies (found by the bounded re-search), and its first move is one
//   of the listed winning moves (the list holds every first move that wins in n);
// - a defence: after every move that is not listed, df-pn proves that the opponent wins; after
//   every listed move, the bounded search finds no forced win for the opponent within the
//   suite's depth (solverDepth plies from the position, so solverDepth - 1 after the move).
// Budgets: 1 million positions for a win, 200 000 for each wrong defence (the whole suite takes
// about 1.4 million positions in all).
import { makeMoveSquares, opposite } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { setUp, suite } from './tactics-fixture.js';
import { BoundedSearch, DfPn, solve, solverPosition } from '../src/solve/index.js';

describe('the solver proves the tactics suite', () => {
  it('has the 96 tactics', () => expect(suite.tactics.length).toBe(96));

  const wins = suite.tactics.filter((t) => t.kind === 'win');
  it.each(wins)('$id: a win in $plies plies, first move among the listed ones', (t) => {
    const pos = setUp(t);
    const report = solve(pos, { nodes: 1_000_000 });
    expect(report.result).toBe('win');
    expect(report.shortest).toBe(true);
    expect(report.line.length).toBe(t.plies);
    expect(t.moves).toContain(makeMoveSquares(pos.geo, report.line[0]!));
    // The line is played out to the win.
    for (const move of report.line) pos.play(move);
    expect(pos.outcome().status).toBe(t.turn);
  });

  const defences = suite.tactics.filter((t) => t.kind === 'defence');
  it.each(defences)(
    '$id: every other move proved lost, the listed ones hold $provenance.solverDepth plies',
    (t) => {
      const pos = setUp(t);
      const opponent = opposite(t.turn);
      const listed = new Set(t.moves);
      const lost: string[] = [];
      const held: string[] = [];
      for (const move of pos.legalMoves()) {
        const name = makeMoveSquares(pos.geo, move);
        pos.play(move);
        if (listed.has(name)) {
          const bounded = new BoundedSearch(solverPosition(pos));
          if (!bounded.wins(opponent, t.provenance.solverDepth - 1)) held.push(name);
        } else if (new DfPn(solverPosition(pos), opponent).run({ nodes: 200_000 }).verdict === 'proved')
          lost.push(name);
        pos.undo();
      }
      expect(held.sort()).toEqual([...t.moves].sort());
      expect(lost.length).toBe(pos.legalMoves().length - t.moves.length);
    },
  );
});
