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
  /**
   * Destination masks of the three kinds one after the other. The entry of a piece with code `c`
   * on square `sq` along its rank is `destinations[offset[c] + rowIndex[sq] | lineOcc[rowLine[sq]]]`
   * and along its file `destinations[offset[c] + colIndex[sq] | lineOcc[colLine[sq]]]`.
   */
  readonly destinations: Uint16Array;
  /** The number of destinations of each entry (the popcount of the mask). */
  readonly counts: Uint8Array;
  /** Table offset by piece code (attacker 1, defender 2, king 3; 0 unused). */
  readonly offset: Int32Array;
  readonly rowIndex: Int32Array;
  readonly colIndex: Int32Array;
  /** The line numbers of a square's rank and file in `lineOcc`. */
  readonly rowLine: Int32Array;
  readonly colLine: Int32Array;
  /** The bit of a square in its rank's and its file's occupancy mask. */
  readonly rowBit: Int32Array;
  readonly colBit: Int32Array;
  /** `lineSquare[line * size + pos]`: the square at that position of the line. */
  readonly lineSquare: Int16Array;
  /**
   * Lines alike (the same corners and throne at the same positions: on 7x7 the edges, the two
   * middle lines and the rest) share their entries in the line tables below, which makes them
   * a few times smaller and keeps them in the processor's cache. `lineClass[line]` is the
   * line's kind, numbered from 0; `lineBase[line]` is `lineClass[line] * 4^size`.
   */
  readonly lineClass: Int32Array;
  readonly lineBase: Int32Array;
  /**
   * Mobility by line, for boards up to `MAX_MOBILITY_SIZE`: a line's state is its piece codes,
   * two bits a square (`rowWeight`/`colWeight` give a square's digit), and
   * `lineMobility[lineBase[line] + state]` is the number of moves along that line of its
   * attackers (low 8 bits) and of its defenders (high 8 bits). Summed over the lines and kept
   * up to date as pieces come and go, it makes counting every legal move of a side O(1).
   */
  readonly lineMobility: Uint16Array | undefined;
  /**
   * `lineReach[lineBase[line] + state]`: the positions along the line that its attackers can
   * reach in one move (low `size` bits) and those its defenders can (the next `size` bits).
   */
  readonly lineReach: Uint16Array | undefined;
  readonly rowWeight: Int32Array;
  readonly colWeight: Int32Array;
}

/** Larger boards count moves piece by piece (4^size states a line would make the table too big). */
export const MAX_MOBILITY_SIZE = 7;

/** Numbers the kinds of line: two lines are alike when their squares are, position by position. */
export function lineClasses(geo: Geometry): Int32Array {
  const n = geo.size;
  const kinds = new Map<string, number>();
  return Int32Array.from({ length: 2 * n }, (_, line) => {
    let name = '';
    for (let pos = 0; pos < n; pos++) {
      const sq = lineSquareOf(n, line, pos);
      name += sq === geo.throne ? 'T' : geo.isCorner[sq] ? 'C' : '.';
    }
    if (!kinds.has(name)) kinds.set(name, kinds.size);
    return kinds.get(name)!;
  });
}

/** The first line of each kind, whose entries stand for every line of that kind. */
export function classLines(lineClass: Int32Array): number[] {
  const first: number[] = [];
  lineClass.forEach((c, line) => {
    if (first[c] === undefined) first[c] = line;
  });
  return first;
}

function buildLineTables(
  n: number,
  t: Omit<MoveTables, 'lineMobility' | 'lineReach' | 'rowWeight' | 'colWeight' | 'lineBase'>,
): { mobility: Uint16Array; reach: Uint16Array } {
  const states = 1 << (2 * n);
  const lines = classLines(t.lineClass);
  const table = new Uint16Array(lines.length * states);
  const reach = new Uint16Array(lines.length * states);
  for (const [c, line] of lines.entries()) {
    for (let state = 0; state < states; state++) {
      let occ = 0;
      for (let pos = 0; pos < n; pos++) if ((state >> (2 * pos)) & 3) occ |= 1 << pos;
      let packed = 0;
      let reached = 0;
      for (let pos = 0; pos < n; pos++) {
        const code = (state >> (2 * pos)) & 3;
        if (code === 0) continue;
        const index = (t.offset[code]! + ((line * n + pos) << n)) | occ;
        const moves = t.counts[index]!;
        packed += code === 1 ? moves : moves << 8;
        reached |= code === 1 ? t.destinations[index]! : t.destinations[index]! << n;
      }
      table[c * states + state] = packed;
      reach[c * states + state] = reached;
    }
  }
  return { mobility: table, reach };
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
  const parts = [build(KIND_ATTACKER), build(KIND_DEFENDER), build(KIND_KING)];
  const part = parts[0]!.length;
  const destinations = new Uint16Array(3 * part);
  parts.forEach((t, i) => destinations.set(t, i * part));
  const counts = destinations.map((mask) => popcount[mask]!);
  const squares = geo.squares;
  const perSquare = (f: (rank: number, file: number) => number): Int32Array =>
    Int32Array.from({ length: squares }, (_, sq) => f((sq / n) | 0, sq % n));
  const base = {
    destinations,
    counts: new Uint8Array(counts),
    offset: Int32Array.from([0, 0, part, 2 * part]),
    rowIndex: perSquare((rank, file) => (rank * n + file) << n),
    colIndex: perSquare((rank, file) => ((n + file) * n + rank) << n),
    rowLine: perSquare((rank) => rank),
    colLine: perSquare((_, file) => n + file),
    rowBit: perSquare((_, file) => 1 << file),
    colBit: perSquare((rank) => 1 << rank),
    lineSquare,
    lineClass: lineClasses(geo),
  };
  const lineTables = n <= MAX_MOBILITY_SIZE ? buildLineTables(n, base) : undefined;
  // Every field written out in one order (no spread), so that the tables of every rule
  // combination share one hidden class and the hot paths stay monomorphic across rulesets.
  const tables: MoveTables = {
    destinations: base.destinations,
    counts: base.counts,
    offset: base.offset,
    rowIndex: base.rowIndex,
    colIndex: base.colIndex,
    rowLine: base.rowLine,
    colLine: base.colLine,
    rowBit: base.rowBit,
    colBit: base.colBit,
    lineSquare: base.lineSquare,
    lineClass: base.lineClass,
    lineBase: base.lineClass.map((c) => (lineTables ? c << (2 * n) : 0)),
    lineMobility: lineTables?.mobility,
    lineReach: lineTables?.reach,
    rowWeight: perSquare((_, file) => 1 << (2 * file)),
    colWeight: perSquare((rank) => 1 << (2 * rank)),
  };
  cache.set(key, tables);
  return tables;
}
