/**
 * Bulk-counting perft: the number of move sequences of a given length. A game that has ended is a
 * leaf that is not expanded; a side that must pass has one move. At the last level the leaves are
 * not played but counted: `play` already keeps the number of legal moves of the side to move,
 * and `Position.perft2` counts two plies at once without playing the quiet moves.
 */

import type { Position } from './position.js';

/** Counts the nodes at `depth` plies below `pos` (1 at depth 0). `pos` is restored. */
export function perft(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = new Int32Array(pos.geo.squares * 2 * (pos.geo.size - 1) + 1);
  const buffers: Int32Array[] = [];
  for (let i = 0; i < depth; i++) buffers.push(i === 0 ? moves : new Int32Array(moves.length));
  const walk = (d: number): number => {
    if (d === 1) return pos.isOver() ? 0 : pos.mustPass() ? 1 : pos.legalMoveCount;
    const buf = buffers[d - 1]!;
    if (d === 2) return pos.perft2(buf);
    const count = pos.generateMoves(buf);
    let total = 0;
    for (let i = 0; i < count; i++) {
      pos.play(buf[i]!);
      total += walk(d - 1);
      pos.undo();
    }
    return total;
  };
  return walk(depth);
}
