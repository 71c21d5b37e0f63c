/**
 * The proof table of the df-pn search: proof and disproof numbers by position, in typed arrays
 * with open addressing (a JavaScript Map of objects costs five times the memory and twice the
 * time). A position is its 64-bit Zobrist key, with the quiet-ply count mixed in where the rules
 * count quiet plies (the key then names the whole game state, see dfpn.ts).
 *
 * A disproof may depend on the path it was found on (a position repeated on that path counted as
 * "no win"): such an entry carries the ply of the deepest ancestor it relied on and the serial
 * number of the node that stood there, and is only believed while that same node is on the
 * current path. Proofs, and disproofs that relied on no ancestor, hold everywhere.
 *
 * The table starts small and doubles when full up to its limit; there, the unsolved entries are
 * dropped (their numbers are only estimates) and the solved ones kept, and once the solved ones
 * fill half of it, only solved positions are stored. A solved position is never overwritten or
 * dropped, so a proof tree can be walked again from the table (`overflowed` says when one could
 * not be stored at all).
 */

/** The proof number of a proved position's opponent, and every number's ceiling. */
export const INFINITE = 0xffffffff;

/** A path-independent entry's ancestor ply. */
export const NO_DEPENDENCY = -1;

export interface TableEntry {
  pn: number;
  dn: number;
  dep: number;
}

export class ProofTable {
  private lo: Int32Array;
  private hi: Int32Array;
  private pn: Uint32Array;
  private dn: Uint32Array;
  /** Ply of the ancestor a path-dependent disproof relies on, or -1; -2 marks an empty slot. */
  private dep: Int16Array;
  private serial: Int32Array;
  private mask: number;
  private used = 0;
  private readonly maxSlots: number;
  /** When true, only solved positions are stored (the table is full of them). */
  private solvedOnly = false;
  /** Set when a solved position could not be stored: the table is full of solved ones. */
  overflowed = false;

  /** `slots` to start with, doubled when full up to `maxSlots` (22 bytes each). */
  constructor(slots = 1 << 14, maxSlots = 1 << 22) {
    const size = 1 << Math.ceil(Math.log2(Math.max(1024, Math.min(slots, maxSlots))));
    this.maxSlots = Math.max(size, maxSlots);
    this.mask = size - 1;
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.pn = new Uint32Array(size);
    this.dn = new Uint32Array(size);
    this.dep = new Int16Array(size).fill(-2);
    this.serial = new Int32Array(size);
  }

  get size(): number {
    return this.used;
  }

  private slotOf(lo: number, hi: number): number {
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    const dep = this.dep;
    while (dep[i] !== -2 && (this.lo[i] !== lo || this.hi[i] !== hi)) i = (i + 1) & this.mask;
    return i;
  }

  /** Reads a position into `out`; false when it is absent. */
  get(lo: number, hi: number, out: TableEntry, serialAt: (dep: number) => number): boolean {
    const i = this.slotOf(lo, hi);
    const dep = this.dep[i]!;
    if (dep === -2) return false;
    if (dep >= 0 && serialAt(dep) !== this.serial[i]) return false;
    out.pn = this.pn[i]!;
    out.dn = this.dn[i]!;
    out.dep = dep;
    return true;
  }

  /** Proved (pn 0) or disproved independently of the path (dn 0, no dependency). */
  solved(lo: number, hi: number): 'proved' | 'disproved' | undefined {
    const i = this.slotOf(lo, hi);
    const dep = this.dep[i]!;
    if (dep === -2) return undefined;
    if (this.pn[i] === 0) return 'proved';
    if (this.dn[i] === 0 && dep === NO_DEPENDENCY) return 'disproved';
    return undefined;
  }

  put(lo: number, hi: number, pn: number, dn: number, dep: number, serial: number): void {
    const solved = pn === 0 || (dn === 0 && dep === NO_DEPENDENCY);
    if (this.solvedOnly && !solved) return;
    let i = this.slotOf(lo, hi);
    if (this.dep[i] === -2) {
      if ((this.used + 1) * 4 > (this.mask + 1) * 3) {
        this.makeRoom();
        if ((this.used + 1) * 4 > (this.mask + 1) * 3 || (this.solvedOnly && !solved)) {
          if (solved) this.overflowed = true;
          return;
        }
        i = this.slotOf(lo, hi);
      }
      this.used++;
    } else if (this.pn[i] === 0 || (this.dn[i] === 0 && this.dep[i] === NO_DEPENDENCY)) return;
    this.lo[i] = lo;
    this.hi[i] = hi;
    this.pn[i] = pn;
    this.dn[i] = dn;
    this.dep[i] = dep;
    this.serial[i] = serial;
  }

  private isSolved(i: number): boolean {
    return this.pn[i] === 0 || (this.dn[i] === 0 && this.dep[i] === NO_DEPENDENCY);
  }

  /**
   * A full table doubles while it may; at its limit it drops the unsolved entries, and when the
   * solved ones alone fill half of it, it takes only solved ones from then on.
   */
  private makeRoom(): void {
    const size = this.mask + 1;
    if (size * 2 <= this.maxSlots) return this.rehash(size * 2, true);
    if (this.solvedOnly) return;
    this.rehash(size, false);
    if (this.used * 2 > size) this.solvedOnly = true;
  }

  private rehash(size: number, keepUnsolved: boolean): void {
    const { lo, hi, pn, dn, dep, serial } = this;
    const old = { pn, dn, dep };
    this.mask = size - 1;
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.pn = new Uint32Array(size);
    this.dn = new Uint32Array(size);
    this.dep = new Int16Array(size).fill(-2);
    this.serial = new Int32Array(size);
    this.used = 0;
    for (let i = 0; i < lo.length; i++) {
      if (old.dep[i] === -2) continue;
      const solved = old.pn[i] === 0 || (old.dn[i] === 0 && old.dep[i] === NO_DEPENDENCY);
      if (!solved && !keepUnsolved) continue;
      const j = this.slotOf(lo[i]!, hi[i]!);
      this.lo[j] = lo[i]!;
      this.hi[j] = hi[i]!;
      this.pn[j] = old.pn[i]!;
      this.dn[j] = old.dn[i]!;
      this.dep[j] = old.dep[i]!;
      this.serial[j] = serial[i]!;
      this.used++;
    }
  }

  /** The numbers of proved and of path-independent disproved positions stored. */
  counts(): { proved: number; disproved: number } {
    let proved = 0;
    let disproved = 0;
    for (let i = 0; i <= this.mask; i++) {
      if (this.dep[i] === -2 || !this.isSolved(i)) continue;
      if (this.pn[i] === 0) proved++;
      else disproved++;
    }
    return { proved, disproved };
  }
}
