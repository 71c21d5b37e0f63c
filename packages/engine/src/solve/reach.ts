/**
 * How far the proof reaches from a position the solver cannot settle, such as a ruleset's
 * start: the two df-pn searches for half the budget (their root numbers, and how many first
 * moves each has settled), then the plain bounded search depth by depth for the rest: at depth
 * d it settles, for every line of d plies, whether either side forces a win within them. The
 * deepest depth finished with no forced win for either side is a proved fact ("nobody wins
 * within d plies"), the figure a plain search reaches in the time.
 */

import { opposite, type Position } from '@tafl/core';
import { BoundedSearch, OutOfBudget } from './bounded.js';
import { solve, solverPosition, type SolveOptions, type SolveReport } from './solve.js';

export interface DepthRow {
  readonly depth: number;
  /** Does the side to move force a win within `depth` plies? The opponent? */
  readonly sideToMoveWins: boolean;
  readonly opponentWins: boolean;
  /** Positions searched for this depth (both questions), and the milliseconds. */
  readonly nodes: number;
  readonly ms: number;
}

export interface ReachReport {
  readonly solve: SolveReport;
  /** Every depth finished by the bounded search, in order. */
  readonly depths: readonly DepthRow[];
  /** The deepest depth at which neither side forces a win (0 if none was finished). */
  readonly settledDepth: number;
  /** The depth the bounded search was in when its budget ran out, if it ran out. */
  readonly openDepth: number | undefined;
}

/** Spends `ms` milliseconds (half on df-pn, half on the bounded search) on `position`. */
export function reach(position: Position, ms: number, options: SolveOptions = {}): ReachReport {
  const report = solve(position, { ...options, ms: ms / 2, nodes: Infinity });
  const bounded = new BoundedSearch(solverPosition(position));
  const deadline = performance.now() + ms / 2;
  const depths: DepthRow[] = [];
  let openDepth: number | undefined;
  const turn = position.turn;
  for (let depth = 1; depth <= 250; depth++) {
    const t0 = performance.now();
    const n0 = bounded.nodes;
    bounded.limit({ ms: Math.max(0, deadline - t0) });
    try {
      const sideToMoveWins = bounded.wins(turn, depth);
      const opponentWins = bounded.wins(opposite(turn), depth);
      depths.push({
        depth,
        sideToMoveWins,
        opponentWins,
        nodes: bounded.nodes - n0,
        ms: performance.now() - t0,
      });
      if (sideToMoveWins || opponentWins) break;
    } catch (e) {
      if (!(e instanceof OutOfBudget)) throw e;
      openDepth = depth;
      break;
    }
  }
  const settledDepth = depths.filter((d) => !d.sideToMoveWins && !d.opponentWins).at(-1)?.depth ?? 0;
  return { solve: report, depths, settledDepth, openDepth };
}
