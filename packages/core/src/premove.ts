/**
 * Premoves (lichess's): a move chosen while the other side is to move, played the moment it
 * becomes the chooser's turn if it is legal then. What the other side's move will change is not
 * known: it shifts one of its pieces, and it may capture some of the chooser's, clearing their
 * squares. So a premove goes along its piece's lines to the edge of the board, through any piece
 * (as lichess's premoves go through any piece), stopping only where the rules let no such piece
 * stop (a soldier on the throne or in a corner): pseudo-legal moves, a superset of the legal
 * ones after any reply, checked again (`Position.isLegal`) when the turn comes.
 */

import { A, Board, D } from './board.js';
import type { Position } from './position.js';
import { ATTACKER, EMPTY, type Move, type Side } from './types.js';

/** The premoves of `side` in `pos`: each of its pieces' moves on a board where it stands alone. */
export function premoves(pos: Position, side: Side): Move[] {
  const own = side === 'attackers' ? A : D;
  const alone = new Board(pos.geo, pos.board.tables);
  const cells = pos.board.cells;
  const moves: Move[] = [];
  const out = new Int32Array(4 * pos.geo.size);
  for (let sq = 0; sq < cells.length; sq++) {
    const code = cells[sq]!;
    if (code === EMPTY || (code === ATTACKER ? A : D) !== own) continue;
    alone.put(sq, code);
    const n = alone.generateMoves(own, out, 0);
    for (let i = 0; i < n; i++) moves.push(out[i]!);
    alone.take(sq, code);
  }
  return moves;
}
