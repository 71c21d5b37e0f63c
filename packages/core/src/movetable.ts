/**
 * Move tables. In tafl every move slides along one rank or one file, so the destinations of a
 * piece depend only on the occupancy of its rank and of its file. We keep each line's occupancy
 * as a small bit mask (the "rotated bitboard" idea, one word per line) and look the destinations
 * up in a table built once per rule combination: `table[(line * size + pos) << size | occupancy]`
 * is the mask of squares, along that line, where the piece may stop. The table already knows the
 * throne (who may stop, who may pass when it is empty), the corners and step moves, so move
 * generation is two lookups per piece and counting moves is two popcounts, with no allocation.
 * It works for any odd board size up to 15 (2^15 occupancies per line and position).
 */

import type { Geometry } from './geometry.js';
import type { RuleParameters } from './rules.js';

/** Which table a piece reads: attacker soldiers, defender soldiers, the king. */
export const KIND_ATTACKER = 0;
export const KIND_DEFENDER = 1;
export const KIND_KING = 2;

export interface MoveTables {
  /** Three tables (by kind) of `lines * size * 2^size` destination masks. */
  readonly byKind: readonly [Uint16Array, Uint16Array, Uint16Array];
  /** `popcount[mask]` for masks of `size` bits. */
  readonly popcount: Uint8Array;
  /** `lineSquare[line * size + pos]`: the square at that position of the line. */
  readonly lineSquare: Int16Array;
}

const cache = new Map<string, MoveTables>();

type MoveRules = Pick<
  RuleParameters,
  'soldierMove' | 'kingMove' | 'kingReturns' | 'thronePassage' | 'cornerStop'
>;

/** Rows are lines 0..size-1 (position = file); files are lines size..2*size-1 (position = rank). */
export const lineSquareOf = (size: number, line: number, pos: number): number =>
  line < size ? line * size + pos : pos * size + (line - size);

export function moveTables(geo: Geometry, rules: MoveRules): MoveTables {
  const key = [
    geo.size,
    rules.soldierMove,
    rules.kingMove,
    rules.kingReturns,
    rules.thronePassage,
    rules.cornerStop,
  ].join();
  const known = cache.get(key);
  if (known) return known;
  const n = geo.size;
  const lines = 2 * n;
  const lineSquare = new Int16Array(lines * n);
  for (let line = 0; line < lines; line++)
    for (let pos = 0; pos < n; pos++) lineSquare[line * n + pos] = lineSquareOf(n, line, pos);

  const build = (kind: number): Uint16Array => {
    const isKing = kind === KIND_KING;
    const step = (isKing ? rules.kingMove : rules.soldierMove) === 'step';
    const stopsOnThrone = isKing && rules.kingReturns;
    const passesThrone = isKing || rules.thronePassage === 'everyone';
    const stopsOnCorner = isKing || (kind === KIND_DEFENDER && rules.cornerStop === 'king-and-defenders');
    const table = new Uint16Array((lines * n) << n);
    for (let line = 0; line < lines; line++) {
      for (let pos = 0; pos < n; pos++) {
        for (let occ = 0; occ < 1 << n; occ++) {
          let mask = 0;
          for (const dir of [1, -1]) {
            for (let i = pos + dir; i >= 0 && i < n; i += dir) {
              if (occ & (1 << i)) break;
              const sq = lineSquare[line * n + i]!;
              if (sq === geo.throne) {
                if (stopsOnThrone) mask |= 1 << i;
                if (!passesThrone) break;
              } else if (geo.isCorner[sq]) {
                if (stopsOnCorner) mask |= 1 << i;
              } else mask |= 1 << i;
              if (step) break;
            }
          }
          table[((line * n + pos) << n) | occ] = mask;
        }
      }
    }
    return table;
  };

  const popcount = new Uint8Array(1 << n);
  for (let m = 1; m < 1 << n; m++) popcount[m] = popcount[m >> 1]! + (m & 1);
  const tables: MoveTables = {
    byKind: [build(KIND_ATTACKER), build(KIND_DEFENDER), build(KIND_KING)],
    popcount,
    lineSquare,
  };
  cache.set(key, tables);
  return tables;
}
