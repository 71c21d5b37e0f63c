/**
 * The board's eight symmetries (turns and reflections). Every ruleset's layout and rules are the
 * same under each, so a position and its images are the same game: the book counts them as one,
 * and the search plays one move of each set of mirror images at a symmetric root.
 */

import {
  PASS,
  encodeMove,
  fileOf,
  moveFrom,
  moveTo,
  rankOf,
  squareAt,
  type Geometry,
  type Move,
  type Position,
} from '@tafl/core';

const symmetryTables = new Map<number, Uint8Array[]>();

/** The board's eight symmetries of a size, the identity first: `[t][sq]` is the square `sq` goes to under symmetry t. */
export function symmetries(geo: Geometry): Uint8Array[] {
  let tables = symmetryTables.get(geo.size);
  if (tables === undefined) {
    const n = geo.size - 1;
    const images: ((f: number, r: number) => [number, number])[] = [
      (f, r) => [f, r],
      (f, r) => [n - r, f],
      (f, r) => [n - f, n - r],
      (f, r) => [r, n - f],
      (f, r) => [n - f, r],
      (f, r) => [r, f],
      (f, r) => [f, n - r],
      (f, r) => [n - r, n - f],
    ];
    tables = images.map((image) =>
      Uint8Array.from({ length: geo.squares }, (_, sq) =>
        squareAt(geo, ...image(fileOf(geo, sq), rankOf(geo, sq))),
      ),
    );
    symmetryTables.set(geo.size, tables);
  }
  return tables;
}

/** `move` as symmetry `table` shows it. */
export const mapMove = (table: Uint8Array, move: Move): Move =>
  move === PASS ? PASS : encodeMove(table[moveFrom(move)]!, table[moveTo(move)]!);

/** The symmetries other than the identity under which the board of `pos` is the same. */
export function selfSymmetries(pos: Position): Uint8Array[] {
  const found: Uint8Array[] = [];
  const tables = symmetries(pos.geo);
  for (let t = 1; t < tables.length; t++) {
    const table = tables[t]!;
    let same = true;
    for (let sq = 0; sq < pos.geo.squares && same; sq++) same = pos.pieceAt(table[sq]!) === pos.pieceAt(sq);
    if (same) found.push(table);
  }
  return found;
}

/**
 * The legal moves of `pos` that are mirror images of another legal move with a smaller code under
 * a symmetry of the board (each such move leads to the mirror image of that one's position, so
 * the two are worth the same): none when the board has no symmetry.
 */
export function mirroredMoves(pos: Position): Move[] {
  const tables = selfSymmetries(pos);
  if (tables.length === 0) return [];
  return pos.legalMoves().filter((move) => tables.some((t) => mapMove(t, move) < move));
}
