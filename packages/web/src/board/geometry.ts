/**
 * Where a square is drawn. The board is laid out in display cells (column 0 on the left, row 0
 * at the top), and the only thing that maps squares to cells is `flipped`: every pointer
 * position, keyboard step and animation goes through these few functions, so turning the board
 * round is one boolean here and nowhere else. Pure arithmetic, no DOM.
 */

import type { BoardSquare } from './api.js';

export interface Cell {
  /** Display column, 0 on the left. */
  readonly col: number;
  /** Display row, 0 at the top. */
  readonly row: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The part of a DOMRect the board needs (the grid's client rectangle). */
export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

const FILES = 'abcdefghijklmnopqrstuvwxyz';

export const fileOf = (size: number, sq: BoardSquare): number => sq % size;
export const rankOf = (size: number, sq: BoardSquare): number => Math.floor(sq / size);

/** `d4`: file letter and rank number from 1, as docs/rules.md names squares. */
export const squareName = (size: number, sq: BoardSquare): string =>
  `${FILES[fileOf(size, sq)]}${rankOf(size, sq) + 1}`;

/** The cell a square is drawn in: rank 1 at the bottom and file a on the left, unless flipped. */
export function cellOf(size: number, flipped: boolean, sq: BoardSquare): Cell {
  const file = fileOf(size, sq);
  const rank = rankOf(size, sq);
  return flipped ? { col: size - 1 - file, row: rank } : { col: file, row: size - 1 - rank };
}

/** The square drawn in a cell, or undefined outside the board. */
export function squareOfCell(
  size: number,
  flipped: boolean,
  col: number,
  row: number,
): BoardSquare | undefined {
  if (col < 0 || row < 0 || col >= size || row >= size) return undefined;
  const file = flipped ? size - 1 - col : col;
  const rank = flipped ? row : size - 1 - row;
  return rank * size + file;
}

/** The square under a point of the page, given the grid's rectangle; undefined off the board. */
export function squareAtPoint(rect: Rect, size: number, flipped: boolean, p: Point): BoardSquare | undefined {
  if (rect.width <= 0 || rect.height <= 0) return undefined;
  const col = Math.floor(((p.x - rect.left) / rect.width) * size);
  const row = Math.floor(((p.y - rect.top) / rect.height) * size);
  return squareOfCell(size, flipped, col, row);
}

/** The centre of a square on the page. */
export function centreOf(rect: Rect, size: number, flipped: boolean, sq: BoardSquare): Point {
  const { col, row } = cellOf(size, flipped, sq);
  return {
    x: rect.left + ((col + 0.5) * rect.width) / size,
    y: rect.top + ((row + 0.5) * rect.height) / size,
  };
}

/** The squares in display order: rows from the top, each from the left. */
export function displayRows(size: number, flipped: boolean): BoardSquare[][] {
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => squareOfCell(size, flipped, col, row)!),
  );
}

/** The file letters along the bottom edge, left to right. */
export function fileLabels(size: number, flipped: boolean): string[] {
  const files = [...FILES.slice(0, size)];
  return flipped ? files.reverse() : files;
}

/** The rank numbers along the left edge, top to bottom. */
export function rankLabels(size: number, flipped: boolean): string[] {
  const ranks = Array.from({ length: size }, (_, i) => String(i + 1));
  return flipped ? ranks : ranks.reverse();
}

/** The displacement from one square's cell to another's, in cells (right and down positive). */
export function cellDelta(
  size: number,
  flipped: boolean,
  from: BoardSquare,
  to: BoardSquare,
): { readonly dx: number; readonly dy: number } {
  const a = cellOf(size, flipped, from);
  const b = cellOf(size, flipped, to);
  return { dx: b.col - a.col, dy: b.row - a.row };
}
