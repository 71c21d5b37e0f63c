/**
 * The board's symmetries for the tablebases. A ruleset is played alike on a board turned or
 * mirrored when every square keeps its kind under the turn: the throne, the corners, the edge,
 * and so the escape squares and the squares a piece may not stand on. On the square boards
 * with a central throne of every preset that holds for all eight symmetries, but it is checked
 * from the rule parameters here rather than assumed, and a table built without them is only
 * larger. (The starting layout plays no part in an endgame table.)
 *
 * A position is stored once per class of its images: the king is brought to a representative
 * square of his orbit, and when that square is on a diagonal or the centre, the images that
 * keep him there are compared and the smallest index kept (`TbIndexer.canonical`).
 */

import { geometry, type Ruleset } from '@tafl/core';

export interface TbSymmetry {
  readonly size: number;
  readonly squares: number;
  /** How many transforms are used (8, or 1 when the rules are not symmetric). */
  readonly count: number;
  /** `transform[t * squares + sq]`: the image of `sq` under transform `t` (0 is the identity). */
  readonly transform: Int8Array;
  /** The king's representative squares, in index order; the king's slot is its place here. */
  readonly kingSquares: Int8Array;
  /** The slot of a representative square, -1 for the others and for the escape squares. */
  readonly kingSlot: Int8Array;
  /** `toRep[sq]`: every transform that brings the king on `sq` to his representative square. */
  readonly toRep: readonly Int8Array[];
}

/** The eight symmetries of a square board, as functions of (file, rank) with `last = size - 1`. */
const TRANSFORMS: readonly ((f: number, r: number, last: number) => [number, number])[] = [
  (f, r) => [f, r],
  (f, r, l) => [l - r, f],
  (f, r, l) => [l - f, l - r],
  (f, r, l) => [r, l - f],
  (f, r, l) => [l - f, r],
  (f, r, l) => [f, l - r],
  (f, r) => [r, f],
  (f, r, l) => [l - r, l - f],
];

/**
 * The kind of a square for every piece, as the rules see it: one number that a symmetry must
 * keep. Throne, corner and edge are what the parameters speak of; nothing else has a place.
 */
function squareKind(rules: Ruleset, sq: number): number {
  const geo = geometry(rules.size);
  return (sq === geo.throne ? 1 : 0) | (geo.isCorner[sq] ? 2 : 0) | (geo.isEdge[sq] ? 4 : 0);
}

const cache = new Map<string, TbSymmetry>();

/** The symmetries of the rules' board, with the king's escape squares left out of his slots. */
export function tbSymmetry(rules: Ruleset): TbSymmetry {
  const key = `${rules.size},${rules.escape}`;
  const known = cache.get(key);
  if (known) return known;
  const n = rules.size;
  const squares = n * n;
  const all = new Int8Array(TRANSFORMS.length * squares);
  TRANSFORMS.forEach((t, i) => {
    for (let sq = 0; sq < squares; sq++) {
      const [f, r] = t(sq % n, (sq / n) | 0, n - 1);
      all[i * squares + sq] = r * n + f;
    }
  });
  const keeps = (i: number): boolean => {
    for (let sq = 0; sq < squares; sq++)
      if (squareKind(rules, sq) !== squareKind(rules, all[i * squares + sq]!)) return false;
    return true;
  };
  const used = TRANSFORMS.map((_, i) => i).filter(keeps);
  const transform = new Int8Array(used.length * squares);
  used.forEach((t, i) => transform.set(all.subarray(t * squares, (t + 1) * squares), i * squares));
  const geo = geometry(n);
  const escape = rules.escape === 'edge' ? geo.isEdge : geo.isCorner;
  const rep = (sq: number): number => {
    let best = sq;
    for (let t = 0; t < used.length; t++) best = Math.min(best, transform[t * squares + sq]!);
    return best;
  };
  const kingSquares: number[] = [];
  const kingSlot = new Int8Array(squares).fill(-1);
  for (let sq = 0; sq < squares; sq++)
    if (!escape[sq] && rep(sq) === sq) {
      kingSlot[sq] = kingSquares.length;
      kingSquares.push(sq);
    }
  const toRep = Array.from({ length: squares }, (_, sq) =>
    Int8Array.from(used.map((_, t) => t).filter((t) => transform[t * squares + sq] === rep(sq))),
  );
  const sym: TbSymmetry = {
    size: n,
    squares,
    count: used.length,
    transform,
    kingSquares: Int8Array.from(kingSquares),
    kingSlot,
    toRep,
  };
  cache.set(key, sym);
  return sym;
}
