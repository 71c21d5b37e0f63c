/**
 * The transposition table: typed arrays indexed by the low bits of the core's Zobrist key, four
 * 32-bit words an entry (key check, move, score, depth and bound). Always-replace: simple, and
 * with iterative deepening the newest entry is almost always the most useful one.
 */

export const BOUND_EXACT = 1;
export const BOUND_LOWER = 2;
export const BOUND_UPPER = 3;

export class TranspositionTable {
  private readonly mask: number;
  private readonly data: Int32Array;

  constructor(bits = 20) {
    this.mask = (1 << bits) - 1;
    this.data = new Int32Array((1 << bits) * 4);
  }

  clear(): void {
    this.data.fill(0);
  }

  /** The index of the entry of the key (lo, hi) if it is there, else -1. */
  probe(lo: number, hi: number): number {
    const i = (lo & this.mask) * 4;
    return this.data[i] === (hi | 1) ? i : -1;
  }

  move(i: number): number {
    return this.data[i + 1]!;
  }
  score(i: number): number {
    return this.data[i + 2]!;
  }
  depth(i: number): number {
    return this.data[i + 3]! >> 2;
  }
  bound(i: number): number {
    return this.data[i + 3]! & 3;
  }

  store(lo: number, hi: number, move: number, score: number, depth: number, bound: number): void {
    const i = (lo & this.mask) * 4;
    this.data[i] = hi | 1;
    this.data[i + 1] = move;
    this.data[i + 2] = score;
    this.data[i + 3] = (Math.max(depth, 0) << 2) | bound;
  }
}
