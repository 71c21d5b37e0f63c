/**
 * What the board is given for a position (board/api.ts's `BoardConfig`, less the callbacks the
 * screen adds): the pieces, the special squares, the last move and its captures, the marks, and
 * the accessible name of each square in the player's language. Pure, so it is tested without a
 * DOM.
 */

import {
  PASS,
  geometry,
  moveFrom,
  moveTo,
  roleOf,
  squareName,
  type Geometry,
  type Position,
  type Ruleset,
} from '@tafl/core';
import type { BoardConfig, PieceRole, SquareMarks } from '../board/api.js';
import type { Messages } from '../i18n/index.js';
import type { PlyInfo } from './model.js';

/** The board's squares for a ruleset: its size, the throne, the corners, edge escapes. */
export function boardSquares(
  rules: Ruleset,
  geo: Geometry,
): Pick<BoardConfig, 'size' | 'throne' | 'corners' | 'edgeEscape'> {
  return { size: rules.size, throne: geo.throne, corners: geo.corners, edgeEscape: rules.escape === 'edge' };
}

/** What stands on each square, as the board names it. */
export function boardPieces(pos: Position): (PieceRole | undefined)[] {
  return Array.from({ length: pos.geo.squares }, (_, sq) => roleOf(pos.pieceAt(sq)));
}

export const pieceName = (t: Messages, role: PieceRole): string =>
  role === 'attacker' ? t.pieceAttacker : role === 'defender' ? t.pieceDefender : t.pieceKing;

/** `d2, attacker`, then what the board shows there: `d5, empty, legal move`. */
export function squareLabeler(t: Messages, size: number): BoardConfig['squareLabel'] {
  const geo = geometry(size);
  return (square, piece, marks?: SquareMarks) => {
    const name = squareName(geo, square);
    const parts = [piece ? t.squareWith(name, pieceName(t, piece)) : t.squareEmpty(name)];
    if (marks) {
      if (marks.selected) parts.push(t.markSelected);
      if (marks.dest) parts.push(t.markDest);
      if (marks.lastMove) parts.push(t.markLastMove);
      if (marks.captured) parts.push(t.markCaptured(pieceName(t, marks.captured)));
      if (marks.highlight === 'route') parts.push(t.markRoute);
      if (marks.highlight === 'danger') parts.push(t.markDanger);
      if (marks.highlight === 'hint') parts.push(t.markHint);
    }
    return parts.join(', ');
  };
}

/**
 * The last move and what it captured, for the position after `ply`; a captured king is marked
 * where he fell (`kingCaptured`), a king who escaped stands on his exit square as any piece does.
 */
export function lastMoveMarks(
  ply: PlyInfo | undefined,
): Pick<BoardConfig, 'lastMove' | 'captured' | 'kingCaptured'> {
  if (ply === undefined || ply.move === PASS) return {};
  const king = ply.captured.find((c) => c.role === 'king');
  return {
    lastMove: [moveFrom(ply.move), moveTo(ply.move)],
    ...(ply.captured.length > 0 ? { captured: ply.captured } : {}),
    ...(king ? { kingCaptured: king.square } : {}),
  };
}
