/**
 * Board geometry for a square board of any size: square names, the four neighbours of a square
 * and the square beyond each neighbour, the throne and the corners. Everything is tabulated once
 * per size into flat typed arrays, so the move generator and the capture test read a table
 * instead of computing coordinates (the "beyond" table is what a custodial capture looks at).
 */

import type { Square } from './types.js';

/** Directions in the order the tables use: up (towards rank N), right, down, left. */
export const DIRECTIONS = 4;

export interface Geometry {
  readonly size: number;
  readonly squares: number;
  readonly throne: Square;
  readonly corners: readonly Square[];
  /** `neighbour[sq * 4 + d]`: the square next to `sq` in direction `d`, or -1 off the board. */
  readonly neighbour: Int16Array;
  /** 1 where the square is a corner. */
  readonly isCorner: Uint8Array;
  /** 1 on the edge of the board (corners included). */
  readonly isEdge: Uint8Array;
}

export const MIN_SIZE = 5;
export const MAX_SIZE = 15;

export const fileOf = (geo: Geometry, sq: Square): number => sq % geo.size;
export const rankOf = (geo: Geometry, sq: Square): number => (sq / geo.size) | 0;
export const squareAt = (geo: Geometry, file: number, rank: number): Square => rank * geo.size + file;

const cache = new Map<number, Geometry>();

/** The geometry of an odd-sized board (the throne needs a centre), built once and cached. */
export function geometry(size: number): Geometry {
  const known = cache.get(size);
  if (known) return known;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE || size % 2 === 0)
    throw new RangeError(`board size must be odd, from ${MIN_SIZE} to ${MAX_SIZE}: ${size}`);
  const squares = size * size;
  const neighbour = new Int16Array(squares * DIRECTIONS);
  const isCorner = new Uint8Array(squares);
  const isEdge = new Uint8Array(squares);
  const steps = [
    [0, 1],
    [1, 0],
    [0, -1],
    [-1, 0],
  ] as const;
  for (let sq = 0; sq < squares; sq++) {
    const f = sq % size;
    const r = (sq / size) | 0;
    steps.forEach(([df, dr], d) => {
      const nf = f + df;
      const nr = r + dr;
      neighbour[sq * DIRECTIONS + d] = nf < 0 || nr < 0 || nf >= size || nr >= size ? -1 : nr * size + nf;
    });
    const edgeF = f === 0 || f === size - 1;
    const edgeR = r === 0 || r === size - 1;
    isEdge[sq] = edgeF || edgeR ? 1 : 0;
    isCorner[sq] = edgeF && edgeR ? 1 : 0;
  }
  const last = size - 1;
  const geo: Geometry = {
    size,
    squares,
    throne: ((size * size) / 2) | 0,
    corners: [0, last, last * size, last * size + last],
    neighbour,
    isCorner,
    isEdge,
  };
  cache.set(size, geo);
  return geo;
}

const FILES = 'abcdefghijklmnopqrstuvwxyz';

export const squareName = (geo: Geometry, sq: Square): string =>
  `${FILES[fileOf(geo, sq)]}${rankOf(geo, sq) + 1}`;

/** Parses `d4` (file letter, rank number from 1); undefined when it is not a square of this board. */
export function parseSquare(geo: Geometry, name: string): Square | undefined {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(name);
  if (!m) return undefined;
  const file = FILES.indexOf(m[1]!);
  const rank = Number(m[2]) - 1;
  if (file >= geo.size || rank >= geo.size) return undefined;
  return squareAt(geo, file, rank);
}
