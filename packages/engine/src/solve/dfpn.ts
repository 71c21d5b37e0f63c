/**
 * Depth-first proof-number search (df-pn, Nagai 2002) of one question: does side X force a win
 * from this position? "No" covers both a loss and a draw, so a position's value takes two such
 * searches (solve.ts). The search keeps its proof and disproof numbers in a ProofTable and uses
 * the 1+ε trick (Pawlewicz and Lew) for the children's thresholds.
 *
 * The game graph has cycles, and that is where a table can lie (the graph-history interaction).
 * The rules are played with their repetition rule set aside (the Position is made with
 * `repetitionDraws: false`); the search itself counts a position that stands again on the
 * current path as "no win for X". From a position with no history this gives the game's true
 * answer whether the rules draw by threefold repetition or ignore repetition: if X can force a
 * win, X can do it without ever letting a position repeat (always move to a position from which
 * the win is shorter), so a repetition never helps X, and a line the opponent can repeat for
 * ever is no win for X. What is stored is sound on every path:
 *
 * - a proof never rests on a repetition (a repeated position is never a win), so it is stored
 *   and used anywhere;
 * - a disproof that rests on a repetition of an ancestor from outside its own subtree records the
 *   deepest such ancestor's ply and the serial number of the node there; it is believed only
 *   while that same node is on the path (so every ancestor it relied on is still there), and is
 *   otherwise searched again. A disproof whose repetitions all lie inside its own subtree (a
 *   cycle the opponent can keep going from there) holds on every path and is stored as such.
 *
 * Where the rules count quiet plies, the count is part of the key: a position with 3 quiet plies
 * behind it and the same one with 12 are different states, and since the count only grows until
 * a capture (which cannot be undone), no state ever repeats and the graph has no cycle.
 */

import { type Position, type Side } from '@tafl/core';
import type { LeafOracle } from './oracle.js';
import { INFINITE, NO_DEPENDENCY, ProofTable, type TableEntry } from './table.js';

/** What one search may spend: positions played, and milliseconds. */
export interface Budget {
  readonly nodes?: number | undefined;
  readonly ms?: number | undefined;
}

/** Beyond this many plies from the root a position is left open (never called solved). */
export const MAX_PLY = 600;
const MAX_MOVES = 512;
const EPSILON_SHIFT = 2; // 1 + ε with ε = 1/4
const OPEN = 0;
const FIXED = 1;

/** The quiet-ply count's part of the key (odd multipliers: distinct for every count). */
export const quietLo = (q: number): number => Math.imul(q + 1, 0x85ebca6b);
export const quietHi = (q: number): number => Math.imul(q + 1, 0xc2b2ae35);

export type Verdict = 'proved' | 'disproved' | 'unknown';

export class DfPn {
  /** Positions played (every child made once per expansion). */
  nodes = 0;
  /** Answers taken from the oracle. */
  oracleHits = 0;
  readonly table: ProofTable;
  private readonly quietLimit: number;
  private maxNodes = Infinity;
  private deadline = Infinity;
  private stopped = false;
  private nextSerial = 1;
  private readonly pathLo = new Int32Array(MAX_PLY + 2);
  private readonly pathHi = new Int32Array(MAX_PLY + 2);
  private readonly serials = new Int32Array(MAX_PLY + 2);
  /** The ply of the last capture on the path up to each ply: nothing before it repeats. */
  private readonly sinceCapture = new Int32Array(MAX_PLY + 2);
  private readonly moves: Int32Array[] = [];
  private readonly scratch = new Int32Array(MAX_MOVES);
  private readonly kind: Int8Array[] = [];
  private readonly childLo: Int32Array[] = [];
  private readonly childHi: Int32Array[] = [];
  private readonly childPn: Float64Array[] = [];
  private readonly childDn: Float64Array[] = [];
  private readonly childDep: Int16Array[] = [];
  private readonly entry: TableEntry = { pn: 0, dn: 0, dep: 0 };
  /** The ply of the node whose children are being read. */
  private top = 0;
  /** The serial number of the node at `ply` on the current path (-1 below the current node). */
  private readonly serialAt = (ply: number): number => (ply <= this.top ? this.serials[ply]! : -1);

  /**
   * `pos` is searched in place (and left as it was); its rules must have `repetitionDraws` off
   * (solve.ts makes it so) and it must have no history before this search.
   */
  constructor(
    private readonly pos: Position,
    private readonly winner: Side,
    options: { table?: ProofTable; oracle?: LeafOracle | undefined } = {},
  ) {
    this.table = options.table ?? new ProofTable();
    this.oracle = options.oracle;
    this.quietLimit = pos.rules.quietPlyLimit;
  }

  private readonly oracle: LeafOracle | undefined;

  /** The key of the current position: pieces, side to move and, where counted, quiet plies. */
  keyLo(): number {
    return this.quietLimit > 0 ? this.pos.keyLo ^ quietLo(this.pos.quietPlies) : this.pos.keyLo;
  }
  keyHi(): number {
    return this.quietLimit > 0 ? this.pos.keyHi ^ quietHi(this.pos.quietPlies) : this.pos.keyHi;
  }

  /**
   * Searches until the question is settled or the budget (from now) is spent; it may be run
   * again with more, resuming from its table.
   */
  run(budget: Budget = {}): { verdict: Verdict; pn: number; dn: number } {
    this.stopped = false;
    this.maxNodes = this.nodes + (budget.nodes ?? Infinity);
    this.deadline = budget.ms === undefined ? Infinity : performance.now() + budget.ms;
    const fixed = this.leafValue();
    if (fixed !== undefined) return { verdict: fixed.pn === 0 ? 'proved' : 'disproved', ...fixed };
    this.pathLo[0] = this.keyLo();
    this.pathHi[0] = this.keyHi();
    this.sinceCapture[0] = 0;
    const { pn, dn } = this.mid(0, INFINITE, INFINITE);
    return { verdict: pn === 0 ? 'proved' : dn === 0 ? 'disproved' : 'unknown', pn, dn };
  }

  /** The value of a finished game, or the oracle's exact answer, for the current position. */
  private leafValue(): { pn: number; dn: number } | undefined {
    const pos = this.pos;
    if (pos.isOver()) return pos.outcome().status === this.winner ? PROVED : DISPROVED;
    if (this.oracle === undefined) return undefined;
    const answer = this.oracle(pos);
    if (answer === undefined) return undefined;
    const xToMove = pos.turn === this.winner;
    const xWins = answer.result === (xToMove ? 'win' : 'loss');
    // A win is exact only when it ends before the quiet plies run out (a win by blocking on
    // the last one would come too late); losing or drawing is "no win" for X whatever the
    // counters do, since they can only add draws. Repetition needs no care: the oracle's
    // values are those of the game with repetition set aside, which is what is searched here.
    if (xWins && this.quietLimit > 0 && pos.quietPlies + answer.plies >= this.quietLimit) return undefined;
    this.oracleHits++;
    return xWins ? PROVED : DISPROVED;
  }

  private buffers(ply: number): void {
    while (this.moves.length <= ply) {
      this.moves.push(new Int32Array(MAX_MOVES));
      this.kind.push(new Int8Array(MAX_MOVES));
      this.childLo.push(new Int32Array(MAX_MOVES));
      this.childHi.push(new Int32Array(MAX_MOVES));
      this.childPn.push(new Float64Array(MAX_MOVES));
      this.childDn.push(new Float64Array(MAX_MOVES));
      this.childDep.push(new Int16Array(MAX_MOVES));
    }
  }

  /**
   * Makes every move of the node at `ply` once: its key, and a fixed value where the child is
   * settled on the spot (a finished game, the oracle, a repetition on the path, a win for the
   * side to move in one move, the ply limit), else 1 and 1 for a new position. (Estimates
   * from the number of moves were tried and cost more: the win-in-one test is what makes a
   * threat's irrelevant replies cheap.)
   */
  private expand(ply: number): number {
    this.buffers(ply);
    const pos = this.pos;
    const moves = this.moves[ply]!;
    const kind = this.kind[ply]!;
    const lo = this.childLo[ply]!;
    const hi = this.childHi[ply]!;
    const cpn = this.childPn[ply]!;
    const cdn = this.childDn[ply]!;
    const dep = this.childDep[ply]!;
    const count = this.ordered(moves);
    const repeatable = this.quietLimit === 0;
    const orNode = pos.turn === this.winner;
    for (let i = 0; i < count; i++) {
      pos.play(moves[i]!);
      this.nodes++;
      const kLo = this.keyLo();
      const kHi = this.keyHi();
      lo[i] = kLo;
      hi[i] = kHi;
      dep[i] = NO_DEPENDENCY;
      kind[i] = FIXED;
      const leaf = this.leafValue();
      if (leaf !== undefined) {
        cpn[i] = leaf.pn;
        cdn[i] = leaf.dn;
      } else if (repeatable && pos.quietPlies > 0 && this.repeated(ply, kLo, kHi, dep, i)) {
        cpn[i] = INFINITE;
        cdn[i] = 0;
      } else if (this.winsAtOnce()) {
        const xToMove = pos.turn === this.winner;
        cpn[i] = xToMove ? 0 : INFINITE;
        cdn[i] = xToMove ? INFINITE : 0;
      } else if (ply + 1 >= MAX_PLY) {
        cpn[i] = INFINITE - 1;
        cdn[i] = INFINITE - 1;
      } else {
        kind[i] = OPEN;
        cpn[i] = 1;
        cdn[i] = 1;
      }
      pos.undo();
      if (i + 1 === count || (this.nodes & 1023) === 0) this.checkBudget();
      // A child that settles the node settles it whatever the others are: stop making them.
      if (kind[i] === FIXED && (orNode ? cpn[i] === 0 : cdn[i] === 0)) return i + 1;
    }
    return count;
  }

  /**
   * The legal moves, those that may end the game at once first: the king's, and every move
   * that may capture (the others cannot win, so a node often settles on one of the first).
   */
  private ordered(moves: Int32Array): number {
    const pos = this.pos;
    const count = pos.generateMoves(moves);
    const king = pos.kingSquare;
    let front = 0;
    for (let i = 0; i < count; i++) {
      const move = moves[i]!;
      if (move >> 8 === king || !pos.isSurelyQuiet(move)) {
        moves[i] = moves[front]!;
        moves[front++] = move;
      }
    }
    return count;
  }

  /**
   * Can the side to move win with its next move? Only the moves that may end the game are
   * tried (the king's and those that may capture), so "no" means "not found": a win by
   * leaving the other side without a move is left to the search.
   */
  private winsAtOnce(): boolean {
    const pos = this.pos;
    const moves = this.scratch;
    const count = pos.generateMoves(moves);
    const king = pos.kingSquare;
    const side = pos.turn;
    for (let i = 0; i < count; i++) {
      const move = moves[i]!;
      if (move >> 8 !== king && pos.isSurelyQuiet(move)) continue;
      pos.play(move);
      this.nodes++;
      const won = pos.isOver() && pos.outcome().status === side;
      pos.undo();
      if (won) return true;
    }
    return false;
  }

  /** Is the child of `ply` with this key a position already on the path? Records the ply. */
  private repeated(ply: number, lo: number, hi: number, dep: Int16Array, i: number): boolean {
    // The child is at ply + 1; the same side is to move two, four... plies earlier.
    for (let p = ply - 1; p >= this.sinceCapture[ply]!; p -= 2)
      if (this.pathLo[p] === lo && this.pathHi[p] === hi) {
        dep[i] = p;
        return true;
      }
    return false;
  }

  private checkBudget(): void {
    if (this.nodes >= this.maxNodes || performance.now() >= this.deadline) this.stopped = true;
  }

  /** The current numbers of child `i` of the node at `ply`, into `this.entry`. */
  private child(ply: number, i: number): TableEntry {
    const e = this.entry;
    if (
      this.kind[ply]![i] === OPEN &&
      this.table.get(this.childLo[ply]![i]!, this.childHi[ply]![i]!, e, this.serialAt)
    )
      return e;
    e.pn = this.childPn[ply]![i]!;
    e.dn = this.childDn[ply]![i]!;
    e.dep = this.childDep[ply]![i]!;
    return e;
  }

  /** Searches the node at `ply` (already made) until a threshold is reached; stores and returns its numbers. */
  private mid(ply: number, thpn: number, thdn: number): { pn: number; dn: number } {
    const pos = this.pos;
    this.serials[ply] = this.nextSerial++;
    const count = this.expand(ply);
    const orNode = pos.turn === this.winner;
    const moves = this.moves[ply]!;
    let pn: number;
    let dn: number;
    let dep: number;
    for (;;) {
      this.top = ply;
      // OR node (X to move): pn = min, dn = sum; AND node: pn = sum, dn = min.
      let best = -1;
      let min = INFINITE + 1;
      let second = INFINITE;
      let sum = 0;
      let bestPn = 0;
      let bestDn = 0;
      dep = orNode ? NO_DEPENDENCY : INFINITE;
      for (let i = 0; i < count; i++) {
        const e = this.child(ply, i);
        const small = orNode ? e.pn : e.dn;
        const big = orNode ? e.dn : e.pn;
        if (small < min) {
          second = min;
          min = small;
          best = i;
          bestPn = e.pn;
          bestDn = e.dn;
        } else if (small < second) second = small;
        sum = big === INFINITE || sum === INFINITE ? INFINITE : Math.min(sum + big, INFINITE - 1);
        if (e.dn === 0) {
          // The ancestors a disproof relies on, if it is one: outside this node only.
          const outside = e.dep < ply ? e.dep : NO_DEPENDENCY;
          dep = orNode ? Math.max(dep, outside) : Math.min(dep, outside);
        }
      }
      if (second > INFINITE) second = INFINITE;
      pn = orNode ? min : sum;
      dn = orNode ? sum : min;
      if (pn >= thpn || dn >= thdn || this.stopped) break;
      let childPn: number;
      let childDn: number;
      const widen = (t: number): number => (t >= INFINITE - 1 ? INFINITE : t + 1 + (t >> EPSILON_SHIFT));
      if (orNode) {
        childPn = Math.min(thpn, widen(second));
        childDn = thdn >= INFINITE ? INFINITE : thdn - dn + bestDn;
      } else {
        childDn = Math.min(thdn, widen(second));
        childPn = thpn >= INFINITE ? INFINITE : thpn - pn + bestPn;
      }
      pos.play(moves[best]!);
      this.pathLo[ply + 1] = this.childLo[ply]![best]!;
      this.pathHi[ply + 1] = this.childHi[ply]![best]!;
      this.sinceCapture[ply + 1] = pos.quietPlies === 0 ? ply + 1 : this.sinceCapture[ply]!;
      this.mid(ply + 1, childPn, childDn);
      pos.undo();
    }
    if (dn !== 0 || dep === INFINITE) dep = NO_DEPENDENCY;
    this.table.put(this.pathLo[ply]!, this.pathHi[ply]!, pn, dn, dep, dep >= 0 ? this.serials[dep]! : 0);
    return { pn, dn };
  }
}

const PROVED = { pn: 0, dn: INFINITE };
const DISPROVED = { pn: INFINITE, dn: 0 };
