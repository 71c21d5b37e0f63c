/**
 * The pieces and where they can go: a typed array of piece codes plus everything kept up to date
 * alongside it so that nothing has to be recomputed per move. Each rank and file keeps its
 * occupancy as a bit mask (the move tables' index), its piece codes two bits a square (the line
 * mobility tables' index) and, summed over the lines, the number of legal moves of each side;
 * each side keeps a piece list; the Zobrist key of the pieces is updated with every change.
 * Nothing here knows whose turn it is or what a capture is: that is the Position's business.
 */

import type { Geometry } from './geometry.js';
import type { MoveTables } from './movetable.js';
import { ATTACKER, EMPTY, KING, type Move, type Square } from './types.js';
import { KEY_STRIDE, PIECE_HI, PIECE_LO } from './zobrist.js';

/** Side indexes as the board uses them: attackers 0, defenders (and the king) 1. */
export const A = 0;
export const D = 1;

export class Board {
  readonly geo: Geometry;
  readonly tables: MoveTables;
  /** Piece codes by square. */
  readonly cells: Int8Array;
  /** Occupancy bit masks: rows 0..size-1, then files. */
  readonly lineOcc: Int32Array;
  /**
   * Piece codes of each line, two bits a square (movetable.ts). With `mobilityPacked`, read by
   * the Position's leaf count (`Position.perft2`); nobody else writes them.
   */
  readonly lineState: Int32Array;
  private readonly lineMobility: Uint16Array | undefined;
  private readonly lineBase: Int32Array;
  /** Legal moves of the attackers (low 8 bits) and defenders (the bits above), when tabulated. */
  mobilityPacked = 0;
  /** Piece lists: attackers' soldiers; defenders' soldiers and king. */
  readonly lists: readonly [Int16Array, Int16Array];
  readonly counts: Int32Array;
  private readonly listIndex: Int16Array;
  king: Square = -1;
  /**
   * The Zobrist key of the pieces, low and high halves (the side to move is the Position's):
   * in a typed array, as a number field outside the small-integer range would be boxed anew
   * at every change.
   */
  readonly key = new Int32Array(2);

  constructor(geo: Geometry, tables: MoveTables) {
    this.geo = geo;
    this.tables = tables;
    const n = geo.squares;
    this.cells = new Int8Array(n);
    this.lineOcc = new Int32Array(2 * geo.size);
    this.lineState = new Int32Array(2 * geo.size);
    this.lineMobility = tables.lineMobility;
    this.lineBase = tables.lineBase;
    this.lists = [new Int16Array(n), new Int16Array(n)];
    this.counts = new Int32Array(2);
    this.listIndex = new Int16Array(n);
  }

  get hashLo(): number {
    return this.key[0]!;
  }
  get hashHi(): number {
    return this.key[1]!;
  }

  /** Destinations of the piece with code `code` on `sq` along its rank (a mask of files). */
  rowDestinations(sq: Square, code: number): number {
    const t = this.tables;
    return t.destinations[(t.offset[code]! + t.rowIndex[sq]!) | this.lineOcc[t.rowLine[sq]!]!]!;
  }

  /** Destinations along its file (a mask of ranks). */
  colDestinations(sq: Square, code: number): number {
    const t = this.tables;
    return t.destinations[(t.offset[code]! + t.colIndex[sq]!) | this.lineOcc[t.colLine[sq]!]!]!;
  }

  /** Writes the moves of a side into `out` from `offset`; returns the index after the last. */
  generateMoves(side: number, out: Int32Array, offset: number): number {
    const t = this.tables;
    const n = this.geo.size;
    const list = this.lists[side]!;
    const count = this.counts[side]!;
    let k = offset;
    for (let i = 0; i < count; i++) {
      const from = list[i]!;
      const code = this.cells[from]!;
      const row = t.rowLine[from]! * n;
      const col = t.colLine[from]! * n;
      for (let mask = this.rowDestinations(from, code); mask !== 0; mask &= mask - 1)
        out[k++] = (from << 8) | t.lineSquare[row + 31 - Math.clz32(mask & -mask)]!;
      for (let mask = this.colDestinations(from, code); mask !== 0; mask &= mask - 1)
        out[k++] = (from << 8) | t.lineSquare[col + 31 - Math.clz32(mask & -mask)]!;
    }
    return k;
  }

  /** May the piece on `from` move to `to` (same line, path clear, square allowed)? */
  reaches(from: Square, to: Square): boolean {
    const t = this.tables;
    const code = this.cells[from]!;
    if (code === EMPTY) return false;
    if (t.rowLine[to] === t.rowLine[from]) return (this.rowDestinations(from, code) & t.rowBit[to]!) !== 0;
    if (t.colLine[to] === t.colLine[from]) return (this.colDestinations(from, code) & t.colBit[to]!) !== 0;
    return false;
  }

  /** The number of legal moves of a side: O(1) with the line tables, else two lookups a piece. */
  countMoves(side: number): number {
    if (this.lineMobility !== undefined)
      return side === A ? this.mobilityPacked & 0xff : this.mobilityPacked >>> 8;
    const t = this.tables;
    const list = this.lists[side]!;
    let total = 0;
    for (let i = 0; i < this.counts[side]!; i++) {
      const sq = list[i]!;
      const code = this.cells[sq]!;
      total += t.counts[(t.offset[code]! + t.rowIndex[sq]!) | this.lineOcc[t.rowLine[sq]!]!]!;
      total += t.counts[(t.offset[code]! + t.colIndex[sq]!) | this.lineOcc[t.colLine[sq]!]!]!;
    }
    return total;
  }

  /** Could a piece of `side` move to `sq` now (whoever is to move)? */
  reachable(side: number, sq: Square): boolean {
    const t = this.tables;
    const reach = t.lineReach;
    if (reach === undefined) return this.reachableSlowly(side, sq);
    const shift = side === A ? 0 : this.geo.size;
    const row = t.rowLine[sq]!;
    const col = t.colLine[sq]!;
    const base = this.lineBase;
    return (
      ((reach[base[row]! + this.lineState[row]!]! >> shift) & t.rowBit[sq]!) !== 0 ||
      ((reach[base[col]! + this.lineState[col]!]! >> shift) & t.colBit[sq]!) !== 0
    );
  }

  private reachableSlowly(side: number, sq: Square): boolean {
    const list = this.lists[side]!;
    for (let i = 0; i < this.counts[side]!; i++) if (this.reaches(list[i]!, sq)) return true;
    return false;
  }

  /** Can moves be counted after a slide without making it (`mobilityAfterSlide`)? */
  get tabulated(): boolean {
    return this.lineMobility !== undefined;
  }

  /**
   * Both sides' move counts, packed as in `mobilityPacked`, after `move` were made (and nothing
   * captured), without making it. Only when `tabulated`.
   */
  mobilityAfterSlide(move: Move): number {
    const t = this.tables;
    const from = move >> 8;
    const to = move & 0xff;
    const code = this.cells[from]!;
    const fromRow = t.rowLine[from]!;
    const fromCol = t.colLine[from]!;
    const lm = this.lineMobility!;
    const base = this.lineBase;
    const state = this.lineState;
    // The shared line changes by the move, each crossing line by one piece.
    let shared: number, along: number, out: number, into: number, outDelta: number, intoDelta: number;
    if (fromRow === t.rowLine[to]) {
      shared = fromRow;
      along = code * (t.rowWeight[to]! - t.rowWeight[from]!);
      out = fromCol;
      outDelta = -code * t.colWeight[from]!;
      into = t.colLine[to]!;
      intoDelta = code * t.colWeight[to]!;
    } else {
      shared = fromCol;
      along = code * (t.colWeight[to]! - t.colWeight[from]!);
      out = fromRow;
      outDelta = -code * t.rowWeight[from]!;
      into = t.rowLine[to]!;
      intoDelta = code * t.rowWeight[to]!;
    }
    const a = base[shared]! + state[shared]!;
    const b = base[out]! + state[out]!;
    const c = base[into]! + state[into]!;
    const packed =
      this.mobilityPacked +
      lm[a + along]! -
      lm[a]! +
      lm[b + outDelta]! -
      lm[b]! +
      lm[c + intoDelta]! -
      lm[c]!;
    return packed;
  }

  put(sq: Square, code: number): void {
    const t = this.tables;
    this.cells[sq] = code;
    const row = t.rowLine[sq]!;
    const col = t.colLine[sq]!;
    this.lineOcc[row]! |= t.rowBit[sq]!;
    this.lineOcc[col]! |= t.colBit[sq]!;
    if (this.lineMobility !== undefined)
      this.crossLines(row, code * t.rowWeight[sq]!, col, code * t.colWeight[sq]!);
    const side = code === ATTACKER ? A : D;
    const c = this.counts[side]!;
    this.lists[side]![c] = sq;
    this.listIndex[sq] = c;
    this.counts[side] = c + 1;
    this.key[0]! ^= PIECE_LO[code * KEY_STRIDE + sq]!;
    this.key[1]! ^= PIECE_HI[code * KEY_STRIDE + sq]!;
    if (code === KING) this.king = sq;
  }

  /** Takes the piece `code` off `sq`; returns its place in its side's list, for `untake`. */
  take(sq: Square, code: number): number {
    const t = this.tables;
    this.cells[sq] = EMPTY;
    const row = t.rowLine[sq]!;
    const col = t.colLine[sq]!;
    this.lineOcc[row]! &= ~t.rowBit[sq]!;
    this.lineOcc[col]! &= ~t.colBit[sq]!;
    if (this.lineMobility !== undefined)
      this.crossLines(row, -code * t.rowWeight[sq]!, col, -code * t.colWeight[sq]!);
    const side = code === ATTACKER ? A : D;
    const list = this.lists[side]!;
    const last = this.counts[side]! - 1;
    const i = this.listIndex[sq]!;
    const moved = list[last]!;
    list[i] = moved;
    this.listIndex[moved] = i;
    this.counts[side] = last;
    this.key[0]! ^= PIECE_LO[code * KEY_STRIDE + sq]!;
    this.key[1]! ^= PIECE_HI[code * KEY_STRIDE + sq]!;
    if (code === KING) this.king = -1;
    return i;
  }

  /**
   * Undoes `take(sq, code)`, which returned `slot`: the piece goes back to its own place in its
   * side's list and the piece that took that place back to the end, so the list is in the order
   * it had (takes undone last first). Moves are generated in the lists' order, so a search that
   * left them shuffled would order the next search's moves otherwise: a position's move would
   * depend on the searches run on it before, and a game replayed would not play the same.
   */
  untake(sq: Square, code: number, slot: number): void {
    this.put(sq, code);
    const side = code === ATTACKER ? A : D;
    const list = this.lists[side]!;
    const end = this.counts[side]! - 1;
    if (slot >= end) return;
    const moved = list[slot]!;
    list[slot] = sq;
    this.listIndex[sq] = slot;
    list[end] = moved;
    this.listIndex[moved] = end;
  }

  /** Moves a piece along its line: one update of the shared line, one of each crossing line. */
  slide(from: Square, to: Square): void {
    const t = this.tables;
    const cells = this.cells;
    const code = cells[from]!;
    cells[from] = EMPTY;
    cells[to] = code;
    const occ = this.lineOcc;
    const fromRow = t.rowLine[from]!;
    const fromCol = t.colLine[from]!;
    const toRow = t.rowLine[to]!;
    const toCol = t.colLine[to]!;
    occ[fromRow]! &= ~t.rowBit[from]!;
    occ[fromCol]! &= ~t.colBit[from]!;
    occ[toRow]! |= t.rowBit[to]!;
    occ[toCol]! |= t.colBit[to]!;
    if (this.lineMobility !== undefined) this.slideLines(code, from, to);
    const i = this.listIndex[from]!;
    this.lists[code === ATTACKER ? A : D]![i] = to;
    this.listIndex[to] = i;
    const k = code * KEY_STRIDE;
    const key = this.key;
    key[0]! ^= PIECE_LO[k + from]! ^ PIECE_LO[k + to]!;
    key[1]! ^= PIECE_HI[k + from]! ^ PIECE_HI[k + to]!;
    if (code === KING) this.king = to;
  }

  /**
   * The line states and mobility totals alone, as if the piece `code` slid from `from` to `to`:
   * `slide`'s share, and with `lineTotals` the way `Position.perft2` counts the replies to a
   * capture without making it (cells and line tables only, put back before anything else
   * reads the board). Only when `tabulated`.
   */
  slideLines(code: number, from: Square, to: Square): void {
    const t = this.tables;
    const fromRow = t.rowLine[from]!;
    const fromCol = t.colLine[from]!;
    if (fromRow === t.rowLine[to]) {
      this.updateLine(fromRow, code * (t.rowWeight[to]! - t.rowWeight[from]!));
      this.crossLines(fromCol, -code * t.colWeight[from]!, t.colLine[to]!, code * t.colWeight[to]!);
    } else {
      this.updateLine(fromCol, code * (t.colWeight[to]! - t.colWeight[from]!));
      this.crossLines(fromRow, -code * t.rowWeight[from]!, t.rowLine[to]!, code * t.rowWeight[to]!);
    }
  }

  /** The line states and mobility totals alone, as if `count` pieces `code` (-1: one taken) came to `sq`. */
  lineTotals(sq: Square, code: number, count: number): void {
    const t = this.tables;
    const digit = count * code;
    this.crossLines(t.rowLine[sq]!, digit * t.rowWeight[sq]!, t.colLine[sq]!, digit * t.colWeight[sq]!);
  }

  /** Puts back line states and mobility totals saved before `slideLines` and `lineTotals`. */
  restoreLines(states: Int32Array, packed: number): void {
    this.lineState.set(states);
    this.mobilityPacked = packed;
  }

  /** Two lines' updates at once (a piece's rank and file, or the two lines a slide crosses). */
  private crossLines(one: number, oneDelta: number, other: number, otherDelta: number): void {
    const lm = this.lineMobility!;
    const state = this.lineState;
    const a = this.lineBase[one]! + state[one]!;
    const b = this.lineBase[other]! + state[other]!;
    state[one]! += oneDelta;
    state[other]! += otherDelta;
    this.mobilityPacked += lm[a + oneDelta]! - lm[a]! + lm[b + otherDelta]! - lm[b]!;
  }

  /** Adds `delta` to a line's state and moves the mobility totals with it. */
  private updateLine(line: number, delta: number): void {
    const lm = this.lineMobility!;
    const base = this.lineBase[line]!;
    const state = this.lineState[line]!;
    this.lineState[line] = state + delta;
    this.mobilityPacked += lm[base + state + delta]! - lm[base + state]!;
  }
}
