/**
 * The solver's leaf oracle: anything that knows the exact value of some positions, such as the
 * endgame tablebases (packages/engine/src/tb). The solver asks it at every new position it
 * meets and believes the answer where it is exact under the position's counters (dfpn.ts).
 */

import type { Position } from '@tafl/core';
import type { Tablebase } from '../tb/index.js';

/**
 * The value of a position for its side to move, with the counters set aside (no repetition, no
 * quiet-ply limit): `win` or `loss` in `plies` plies with best play, or `draw` (neither side can
 * force a win; `plies` is then not used). `undefined` when the oracle does not know the position.
 */
export interface OracleAnswer {
  readonly result: 'win' | 'loss' | 'draw';
  readonly plies: number;
}

export type LeafOracle = (position: Position) => OracleAnswer | undefined;

/** The endgame tablebases as a leaf oracle: their answer for every position a table holds. */
export function tablebaseOracle(tb: Tablebase): LeafOracle {
  return (position) => {
    const answer = tb.probe(position);
    return answer === undefined ? undefined : { result: answer.value, plies: answer.distance };
  };
}
