/**
 * Retrograde analysis of one material, the smaller ones already built.
 *
 * A move that captures leads to a smaller material, whose table says what it is worth; a move
 * that captures nothing stays in this one. So the first pass goes forward over every position
 * once: the moves that end the game (the king escapes or is taken, the last attacker falls where
 * that wins) and the captures are valued at once from the smaller tables, and the quiet moves
 * are only counted. Then positions are settled by distance, 0, 1, 2...: a position lost in d
 * plies makes each of its quiet predecessors won in d + 1; a position won in d takes one from
 * the count of each predecessor, and a predecessor whose count reaches 0 (every move loses) is
 * lost in one more than its longest move. Predecessors are found by sliding the side that just
 * moved backwards (or by a pass, where a blocked side passes), each checked forward against the
 * core's move tables and capture rules: the move must be legal and capture nothing. What is
 * never settled is a draw.
 *
 * The board's symmetries make one position several entries only through `TbIndexer.canonical`; a
 * position's moves are counted by the distinct positions they lead to, and its predecessors
 * are taken once each, so both passes see the same links. Counters (repetition, quiet plies)
 * are set aside: the tables answer the game without them.
 *
 * The core plays the moves: its move tables (`moveTables`) say where a piece may go and its
 * `CaptureRules.collect` what a move captures, on a plain array of cells.
 */

import {
  ATTACKER,
  CaptureRules,
  DEFENDER,
  EMPTY,
  KING,
  geometry,
  moveTables,
  type MoveTables,
  type Ruleset,
} from '@tafl/core';
import { TbIndexer, newPlacement, type TbPlacement } from './indexer.js';
import { tbMaterials, type TbMaterial } from './material.js';
import { Tablebase } from './probe.js';
import { tbSymmetry } from './symmetry.js';
import { makeTbTable, TB_DRAW, TB_LOSS, TB_NONE, TB_WIN, type TbTable } from './table.js';

const UNSETTLED = 0;
/** `count` of a position that cannot lose (a move wins or draws outside this table). */
const SAFE = 255;
/** The longest distance a build can record. */
const MAX_DISTANCE = 250;

export type TbProgress = (done: number, total: number) => void;

/** The tables of smaller materials a build reads, by material. */
export type TbTableSource = (m: TbMaterial) => TbTable | undefined;

export function buildTbTable(
  rules: Ruleset,
  m: TbMaterial,
  smaller: TbTableSource,
  progress?: TbProgress,
): TbTable {
  return new Retrograde(rules, m, smaller, progress).run();
}

class Retrograde {
  private readonly rules: Ruleset;
  private readonly m: TbMaterial;
  private readonly ix: TbIndexer;
  private readonly smaller: TbTableSource;
  private readonly progress: TbProgress | undefined;
  private readonly t: MoveTables;
  private readonly captures: CaptureRules;
  private readonly n: number;
  private readonly throne: number;
  private readonly escape: Uint8Array;
  private readonly isCorner: Uint8Array;
  private readonly neighbour: Int16Array;
  private readonly defenderOnCorner: boolean;
  private readonly blockedLoses: boolean;
  /** Settled value (TB_WIN/TB_LOSS for the side to move), TB_NONE, or UNSETTLED. */
  private readonly state: Uint8Array;
  /** A settled position's distance; before that, the tentative win's or the longest capture's. */
  private readonly dist: Uint8Array;
  /** Distinct quiet moves not yet known to lose, or SAFE. */
  private readonly count: Uint8Array;
  private readonly cells: Int8Array;
  private readonly occ: Int32Array;
  private readonly p = newPlacement();
  private readonly q = newPlacement();
  private readonly out = new Int32Array(16);
  private readonly seen = new Int32Array(128);
  private pending = 0;

  constructor(rules: Ruleset, m: TbMaterial, smaller: TbTableSource, progress?: TbProgress) {
    this.rules = rules;
    this.m = m;
    this.ix = new TbIndexer(tbSymmetry(rules), m);
    this.smaller = smaller;
    this.progress = progress;
    const geo = geometry(rules.size);
    this.t = moveTables(geo, rules);
    this.captures = new CaptureRules(geo, rules);
    this.n = geo.size;
    this.throne = geo.throne;
    this.escape = rules.escape === 'edge' ? geo.isEdge : geo.isCorner;
    this.isCorner = geo.isCorner;
    this.neighbour = geo.neighbour;
    this.defenderOnCorner = rules.cornerStop === 'king-and-defenders';
    this.blockedLoses = rules.blocked === 'loses';
    this.state = new Uint8Array(this.ix.size);
    this.dist = new Uint8Array(this.ix.size);
    this.count = new Uint8Array(this.ix.size);
    this.cells = new Int8Array(geo.squares);
    this.occ = new Int32Array(2 * geo.size);
    for (const s of [m.defenders, m.attackers]) if (s > 7) throw new RangeError('too many pieces');
  }

  run(): TbTable {
    const size = this.ix.size;
    const step = Math.max(1, size >> 6);
    for (let i = 0; i < size; i++) {
      this.first(i);
      if (this.progress && i % step === 0) this.progress(i / size / 2, 1);
    }
    let settledAtLevel = 1;
    for (let level = 0; level <= this.pending || settledAtLevel > 0; level++) {
      if (level > MAX_DISTANCE) throw new RangeError('a distance beyond what a table records');
      settledAtLevel = this.level(level);
      this.progress?.(0.5 + Math.min(0.49, level / 100), 1);
    }
    const value = this.state;
    for (let i = 0; i < size; i++) {
      if (value[i] === UNSETTLED) {
        value[i] = TB_DRAW;
        this.dist[i] = 0;
      }
    }
    this.progress?.(1, 1);
    // state and TB_* agree: UNSETTLED is TB_DRAW (0) once the build is over.
    return makeTbTable(this.rules, this.m, value, this.dist);
  }

  private place(p: TbPlacement): void {
    const t = this.t;
    this.put(p.king, KING, t);
    for (let i = 0; i < this.m.defenders; i++) this.put(p.defenders[i]!, DEFENDER, t);
    for (let i = 0; i < this.m.attackers; i++) this.put(p.attackers[i]!, ATTACKER, t);
  }

  private put(sq: number, code: number, t: MoveTables): void {
    this.cells[sq] = code;
    this.occ[t.rowLine[sq]!]! |= t.rowBit[sq]!;
    this.occ[t.colLine[sq]!]! |= t.colBit[sq]!;
  }

  private clear(p: TbPlacement): void {
    this.cells[p.king] = EMPTY;
    for (let i = 0; i < this.m.defenders; i++) this.cells[p.defenders[i]!] = EMPTY;
    for (let i = 0; i < this.m.attackers; i++) this.cells[p.attackers[i]!] = EMPTY;
    this.occ.fill(0);
  }

  /** May a soldier or the king stand on `sq` in a table position? */
  private standable(code: number, sq: number): boolean {
    if (code === KING) return this.escape[sq] === 0;
    if (sq === this.throne) return false;
    if (this.isCorner[sq]) return code === DEFENDER && this.defenderOnCorner;
    return true;
  }

  private legalPlacement(p: TbPlacement): boolean {
    for (let i = 0; i < this.m.defenders; i++) if (!this.standable(DEFENDER, p.defenders[i]!)) return false;
    for (let i = 0; i < this.m.attackers; i++) if (!this.standable(ATTACKER, p.attackers[i]!)) return false;
    return true;
  }

  /** The destinations mask of the piece `code` on `sq` along its rank (row) or file. */
  private dests(code: number, sq: number, row: boolean): number {
    const t = this.t;
    return row
      ? t.destinations[(t.offset[code]! + t.rowIndex[sq]!) | this.occ[t.rowLine[sq]!]!]!
      : t.destinations[(t.offset[code]! + t.colIndex[sq]!) | this.occ[t.colLine[sq]!]!]!;
  }

  /** The number of moves of a side (0 attackers, 1 defenders) on the placed cells. */
  private mobility(p: TbPlacement, side: number): number {
    let total = 0;
    const add = (code: number, sq: number): void => {
      total += popcount(this.dests(code, sq, true)) + popcount(this.dests(code, sq, false));
    };
    if (side === 0) for (let i = 0; i < this.m.attackers; i++) add(ATTACKER, p.attackers[i]!);
    else {
      add(KING, p.king);
      for (let i = 0; i < this.m.defenders; i++) add(DEFENDER, p.defenders[i]!);
    }
    return total;
  }

  /** Could two distinct moves of this position lead to images of one position? */
  private nearlySymmetric(p: TbPlacement): boolean {
    const sym = this.ix.sym;
    const cells = this.cells;
    for (let t = 1; t < sym.count; t++) {
      const base = t * sym.squares;
      let misses = cells[sym.transform[base + p.king]!] === KING ? 0 : 1;
      for (let i = 0; i < this.m.defenders; i++)
        if (cells[sym.transform[base + p.defenders[i]!]!] !== DEFENDER) misses++;
      for (let i = 0; i < this.m.attackers; i++)
        if (cells[sym.transform[base + p.attackers[i]!]!] !== ATTACKER) misses++;
      if (misses <= 2) return true;
    }
    return false;
  }

  /** The first pass over entry `i`. */
  private first(i: number): void {
    const ix = this.ix;
    const p = this.p;
    ix.decode(i, p);
    // Decoded, a position is its own image unless the king's square has other symmetries.
    const images = ix.sym.toRep[p.king]!.length;
    if (
      !this.legalPlacement(p) ||
      (images > 1 && ix.canonical(p.king, p.defenders, p.attackers, p.side) !== i)
    ) {
      this.state[i] = TB_NONE;
      return;
    }
    this.place(p);
    const side = p.side;
    let moves = 0;
    let quiet = 0;
    let win = SAFE; // the shortest win found outside the table
    let safe = false;
    let longest = 0;
    const dedupe = this.nearlySymmetric(p);
    let seenCount = 0;
    const q = this.q;
    const cells = this.cells;
    const t = this.t;
    const n = this.n;
    const pieces = side === 0 ? this.m.attackers : this.m.defenders + 1;
    for (let k = 0; k < pieces; k++) {
      const from = side === 0 ? p.attackers[k]! : k === 0 ? p.king : p.defenders[k - 1]!;
      const code = side === 0 ? ATTACKER : k === 0 ? KING : DEFENDER;
      for (let dir = 0; dir < 2; dir++) {
        const row = dir === 0;
        const line = row ? t.rowLine[from]! : t.colLine[from]!;
        for (let mask = this.dests(code, from, row); mask !== 0; mask &= mask - 1) {
          const to = t.lineSquare[line * n + 31 - Math.clz32(mask & -mask)]!;
          moves++;
          if (code === KING && this.escape[to]) {
            win = 1;
            continue;
          }
          cells[from] = EMPTY;
          cells[to] = code;
          const taken = this.captures.collect(cells, code, to, this.out, 0);
          if (taken === 0) {
            if (dedupe) {
              this.moved(p, q, side, k, to);
              q.side = side ^ 1;
              const c = ix.canonical(q.king, q.defenders, q.attackers, q.side);
              let dup = false;
              for (let j = 0; j < seenCount && !dup; j++) dup = this.seen[j] === c;
              if (!dup) {
                this.seen[seenCount++] = c;
                quiet++;
              }
            } else quiet++;
          } else {
            const v = this.captureValue(p, k, to, taken);
            if (v < 0) win = Math.min(win, -v);
            else if (v === 0) safe = true;
            else longest = Math.max(longest, v - 1);
          }
          cells[to] = EMPTY;
          cells[from] = code;
        }
      }
    }
    if (moves === 0) {
      if (this.blockedLoses) this.settle(i, TB_LOSS, 0);
      else if (this.mobility(p, side ^ 1) === 0)
        this.count[i] = SAFE; // neither can move: a draw
      else this.count[i] = 1; // the pass
    } else if (win !== SAFE) {
      this.count[i] = SAFE;
      this.dist[i] = win;
      if (win > this.pending) this.pending = win;
    } else if (safe) this.count[i] = SAFE;
    else if (quiet === 0) this.settle(i, TB_LOSS, longest + 1);
    else {
      this.count[i] = quiet;
      this.dist[i] = longest;
    }
    this.clear(p);
  }

  /** `q` = `p` with the `k`-th piece of `side` (0 attackers; the king first) moved to `to`. */
  private moved(p: TbPlacement, q: TbPlacement, side: number, k: number, to: number): void {
    q.king = p.king;
    for (let j = 0; j < this.m.defenders; j++) q.defenders[j] = p.defenders[j]!;
    for (let j = 0; j < this.m.attackers; j++) q.attackers[j] = p.attackers[j]!;
    if (side === 0) q.attackers[k] = to;
    else if (k === 0) q.king = to;
    else q.defenders[k - 1] = to;
  }

  /**
   * A capturing move's worth for the mover, from the smaller tables: -d for a win in d plies,
   * 0 for a draw, d + 1 for a loss in d. The cells hold the board after the move, before the
   * captures are taken off (`this.out` lists them).
   */
  private captureValue(p: TbPlacement, k: number, to: number, taken: number): number {
    const out = this.out;
    let defenders = this.m.defenders;
    let attackers = this.m.attackers;
    for (let j = 0; j < taken; j++) {
      const code = out[2 * j + 1]!;
      if (code === KING) return -1;
      if (code === DEFENDER) defenders--;
      else attackers--;
    }
    if (attackers === 0 && this.rules.allAttackersCapturedWins) return -1;
    const q = this.q;
    this.moved(p, q, p.side, k, to);
    const isTaken = (sq: number): boolean => {
      for (let j = 0; j < taken; j++) if (out[2 * j] === sq) return true;
      return false;
    };
    let nd = 0;
    for (let j = 0; j < this.m.defenders; j++) {
      const sq = q.defenders[j]!;
      if (!isTaken(sq)) q.defenders[nd++] = sq;
    }
    let na = 0;
    for (let j = 0; j < this.m.attackers; j++) {
      const sq = q.attackers[j]!;
      if (!isTaken(sq)) q.attackers[na++] = sq;
    }
    const table = this.smaller({ defenders, attackers });
    if (table === undefined) throw new Error(`the table K+${defenders}D+${attackers}A is needed first`);
    const c = table.indexer.canonical(q.king, q.defenders, q.attackers, p.side ^ 1);
    const v = table.value(c);
    const d = table.distance(c);
    if (v === TB_LOSS) return -(d + 1);
    if (v === TB_WIN) return d + 1;
    if (v === TB_DRAW) return 0;
    throw new Error(`a capture leads to no position of K+${defenders}D+${attackers}A`);
  }

  private settle(i: number, value: number, distance: number): void {
    this.state[i] = value;
    this.dist[i] = distance;
    if (distance > this.pending) this.pending = distance;
  }

  /** Settles the tentative wins of `level`, then passes every position settled at it back. */
  private level(level: number): number {
    const state = this.state;
    const dist = this.dist;
    const count = this.count;
    let settled = 0;
    for (let i = 0; i < state.length; i++) {
      let s = state[i]!;
      if (dist[i] !== level) continue;
      if (s === UNSETTLED) {
        if (count[i] !== SAFE || level === 0) continue;
        state[i] = s = TB_WIN;
      }
      if (s === TB_WIN || s === TB_LOSS) {
        settled++;
        this.back(i, s, level);
      }
    }
    return settled;
  }

  /** Passes position `i`, settled as `value` in `level` plies, to its predecessors. */
  private back(i: number, value: number, level: number): void {
    const ix = this.ix;
    const p = this.p;
    ix.decode(i, p);
    this.place(p);
    const mover = p.side ^ 1;
    const dedupe = this.nearlySymmetric(p);
    let found = 0;
    const seen = this.seen;
    const q = this.q;
    const cells = this.cells;
    const t = this.t;
    const nb = this.neighbour;
    const pieces = mover === 0 ? this.m.attackers : this.m.defenders + 1;
    for (let k = 0; k < pieces; k++) {
      const at = mover === 0 ? p.attackers[k]! : k === 0 ? p.king : p.defenders[k - 1]!;
      const code = mover === 0 ? ATTACKER : k === 0 ? KING : DEFENDER;
      // Arriving here must capture nothing: the board after the move is this one.
      if (this.captures.collect(cells, code, at, this.out, 0) !== 0) continue;
      for (let d = 0; d < 4; d++) {
        const row = d === 1 || d === 3;
        const line = row ? t.rowLine[at]! : t.colLine[at]!;
        const bitAt = row ? t.rowBit[at]! : t.colBit[at]!;
        for (let from = nb[at * 4 + d]!; from >= 0 && cells[from] === EMPTY; from = nb[from * 4 + d]!) {
          if (!this.standable(code, from)) continue;
          // Forward check on the line as it was: the piece on `from`, `at` empty.
          const bitFrom = row ? t.rowBit[from]! : t.colBit[from]!;
          const before = (this.occ[line]! & ~bitAt) | bitFrom;
          const index = (t.offset[code]! + (row ? t.rowIndex[from]! : t.colIndex[from]!)) | before;
          if ((t.destinations[index]! & bitAt) === 0) continue;
          this.moved(p, q, mover, k, from);
          const c = ix.canonical(q.king, q.defenders, q.attackers, mover);
          let dup = false;
          for (let j = 0; dedupe && j < found && !dup; j++) dup = seen[j] === c;
          if (!dup) seen[found++] = c;
        }
      }
    }
    // A pass: the mover had no move on this very board.
    if (!this.blockedLoses && this.mobility(p, mover) === 0) seen[found++] = i ^ 1;
    this.clear(p);
    for (let j = 0; j < found; j++) this.link(seen[j]!, value, level);
  }

  private link(c: number, value: number, level: number): void {
    if (this.state[c] !== UNSETTLED) return;
    if (value === TB_LOSS) {
      this.state[c] = TB_WIN;
      this.dist[c] = level + 1;
      if (level + 1 > this.pending) this.pending = level + 1;
      return;
    }
    const left = this.count[c]!;
    if (left === SAFE) return;
    if (left > 1) this.count[c] = left - 1;
    else {
      this.count[c] = 0;
      this.settle(c, TB_LOSS, Math.max(level, this.dist[c]!) + 1);
    }
  }
}

function popcount(x: number): number {
  let c = 0;
  for (let v = x; v !== 0; v &= v - 1) c++;
  return c;
}

/**
 * Every table up to `pieces` pieces (king included) of the rules, built here one after the
 * other: for tests and small sets; the command line builds on worker threads.
 */
export function buildTablebase(
  rules: Ruleset,
  pieces: number,
  progress?: (m: TbMaterial) => void,
): Tablebase {
  const tb = new Tablebase(rules);
  for (const m of tbMaterials(rules, pieces)) {
    progress?.(m);
    tb.add(buildTbTable(rules, m, (s) => tb.table(s)));
  }
  return tb;
}
