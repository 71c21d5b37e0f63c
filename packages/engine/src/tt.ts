/**
 * The transposition table: an Int32Array of entries indexed by the low bits of the core's Zobrist
 * key, in buckets of two entries of four 32-bit words (key check, move, score, and depth, age and
 * bound packed in one word). The first entry of a bucket keeps the deepest result of the current
 * search, the second takes whatever the first refuses, so deep results survive the flood of
 * shallow ones and every result is stored somewhere.
 *
 * The table may live in a SharedArrayBuffer and be written by several threads at once (a search on
 * several threads, smp.ts). Two threads writing one entry can interleave their words, so each entry is stored
 * with its key check xor-ed with the other three words ("lockless hashing", Hyatt and Mann,
 * 2002): a torn entry no longer matches any key and reads as a miss. A probe copies the entry's
 * words once and checks them together, so what the search reads is one writer's entry, whole.
 * The search still never plays a table move it has not generated itself.
 */

export const BOUND_EXACT = 1;
export const BOUND_LOWER = 2;
export const BOUND_UPPER = 3;

/** Words an entry, entries a bucket. */
const WORDS = 4;
const BUCKET = 2 * WORDS;

/** Bytes of a table of 2^bits entries (for a SharedArrayBuffer of the right size). */
export const tableBytes = (bits: number): number => (1 << bits) * WORDS * 4;

/** The depth, age and bound of an entry, packed in its fourth word. */
const pack = (depth: number, age: number, bound: number): number =>
  (Math.max(0, Math.min(depth, 255)) << 10) | ((age & 0xff) << 2) | bound;

export class TranspositionTable {
  private readonly mask: number;
  readonly data: Int32Array;
  private age = 0;
  /** The entry found by the last successful `probe`. */
  hitMove = 0;
  hitScore = 0;
  hitDepth = 0;
  hitBound = 0;

  /**
   * A table of 2^bits entries (at least 2), or the table over `buffer` (a SharedArrayBuffer that
   * other threads' tables use too; `tableBytes(bits)` long).
   */
  constructor(bits = 20, buffer?: SharedArrayBuffer) {
    const entries = 1 << Math.max(bits, 1);
    this.mask = (entries >> 1) - 1;
    this.data =
      buffer !== undefined ? new Int32Array(buffer, 0, entries * WORDS) : new Int32Array(entries * WORDS);
  }

  /** Empties the table (every thread sharing it sees it empty). */
  clear(): void {
    this.data.fill(0);
    this.age = 0;
  }

  /** A new search begins: the entries of older searches give way to its own. */
  nextAge(): void {
    this.age = (this.age + 1) & 0xff;
  }

  /** The age of the current search (a helper thread's table takes its first thread's). */
  get currentAge(): number {
    return this.age;
  }
  set currentAge(age: number) {
    this.age = age & 0xff;
  }

  /** Whether the key (lo, hi) has an entry; its contents are then in the `hit` fields. */
  probe(lo: number, hi: number): boolean {
    const data = this.data;
    const b = (lo & this.mask) * BUCKET;
    const check = hi | 1;
    for (let i = b; i < b + BUCKET; i += WORDS) {
      const move = data[i + 1]!;
      const score = data[i + 2]!;
      const meta = data[i + 3]!;
      if ((data[i]! ^ move ^ score ^ meta) === check) {
        this.hitMove = move;
        this.hitScore = score;
        this.hitDepth = meta >>> 10;
        this.hitBound = meta & 3;
        return true;
      }
    }
    return false;
  }

  store(lo: number, hi: number, move: number, score: number, depth: number, bound: number): void {
    const data = this.data;
    const b = (lo & this.mask) * BUCKET;
    const check = hi | 1;
    const meta = pack(depth, this.age, bound);
    // The first entry if it holds this key, is shallower, or comes from an older search.
    const m0 = data[b + 3]!;
    const own0 = (data[b]! ^ data[b + 1]! ^ data[b + 2]! ^ m0) === check;
    const i = own0 || m0 >>> 10 <= depth || ((m0 >> 2) & 0xff) !== this.age ? b : b + WORDS;
    data[i] = check ^ move ^ score ^ meta;
    data[i + 1] = move;
    data[i + 2] = score;
    data[i + 3] = meta;
  }
}
