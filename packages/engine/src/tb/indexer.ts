/**
 * The index of a position in its material's table: the king's slot (his representative square
 * under the board's symmetries), then the defenders' squares as a combination of the 48 squares
 * the king leaves, then the attackers' as a combination of the squares left after that, then
 * the side to move:
 *
 *     index = ((kingSlot * C(48, d) + defenders) * C(48 - d, a) + attackers) * 2 + side
 *
 * Combinations are ranked in colexicographic order (the sum of C(c_i, i + 1) over the sorted
 * squares), which is cheap both ways. A position whose king stands on a square with more than
 * one symmetry (a diagonal, the centre) has several images with him there: the smallest index
 * among them is the position's, and the others are entries that are never used. Squares a
 * piece may not stand on (the throne, the corners) are entries that are never used either:
 * the table's simplicity is worth the few percent.
 */

import type { TbMaterial } from './material.js';
import type { TbSymmetry } from './symmetry.js';

const K = 8;
/** `BINOM[n * 8 + k]`: n choose k, for n up to 49 and k up to 7. */
const BINOM = (() => {
  const b = new Float64Array(50 * K);
  for (let n = 0; n < 50; n++) {
    b[n * K] = 1;
    for (let k = 1; k < K; k++) b[n * K + k] = n === 0 ? 0 : b[(n - 1) * K + k - 1]! + b[(n - 1) * K + k]!;
  }
  return Int32Array.from(b);
})();

export const binomial = (n: number, k: number): number => (n < 0 || k < 0 || k >= K ? 0 : BINOM[n * K + k]!);

/** A decoded position: king square, soldiers' squares, side to move (0 attackers, 1 defenders). */
export interface TbPlacement {
  king: number;
  readonly defenders: Int32Array;
  readonly attackers: Int32Array;
  side: number;
}

export const newPlacement = (): TbPlacement => ({
  king: 0,
  defenders: new Int32Array(K),
  attackers: new Int32Array(K),
  side: 0,
});

export class TbIndexer {
  readonly sym: TbSymmetry;
  readonly d: number;
  readonly a: number;
  readonly defenderCombos: number;
  readonly attackerCombos: number;
  /** The number of entries. */
  readonly size: number;
  private readonly sd = new Int32Array(K);
  private readonly sa = new Int32Array(K);
  private readonly occ = new Int32Array(K + 1);

  constructor(sym: TbSymmetry, m: TbMaterial) {
    this.sym = sym;
    this.d = m.defenders;
    this.a = m.attackers;
    const free = sym.squares - 1;
    this.defenderCombos = binomial(free, this.d);
    this.attackerCombos = binomial(free - this.d, this.a);
    this.size = sym.kingSquares.length * this.defenderCombos * this.attackerCombos * 2;
    if (!Number.isSafeInteger(this.size) || this.size > 2 ** 31) throw new RangeError('table too large');
  }

  /**
   * The index of a position, the king on any square but an escape square (-1 there): the
   * smallest over the symmetries that bring him to his representative square.
   */
  canonical(king: number, defenders: ArrayLike<number>, attackers: ArrayLike<number>, side: number): number {
    const list = this.sym.toRep[king]!;
    let best = -1;
    for (let i = 0; i < list.length; i++) {
      const x = this.indexUnder(list[i]!, king, defenders, attackers, side);
      if (best < 0 || x < best) best = x;
    }
    return best;
  }

  /** The index of the position's image under transform `t` (which must bring the king to a slot). */
  indexUnder(
    t: number,
    king: number,
    defenders: ArrayLike<number>,
    attackers: ArrayLike<number>,
    side: number,
  ): number {
    const sym = this.sym;
    const tr = sym.transform;
    const base = t * sym.squares;
    const k = tr[base + king]!;
    const slot = sym.kingSlot[k]!;
    if (slot < 0) return -1;
    const sd = this.sd;
    const sa = this.sa;
    const d = this.d;
    const a = this.a;
    for (let i = 0; i < d; i++) {
      const s = tr[base + defenders[i]!]!;
      let j = i;
      for (; j > 0 && sd[j - 1]! > s; j--) sd[j] = sd[j - 1]!;
      sd[j] = s;
    }
    for (let i = 0; i < a; i++) {
      const s = tr[base + attackers[i]!]!;
      let j = i;
      for (; j > 0 && sa[j - 1]! > s; j--) sa[j] = sa[j - 1]!;
      sa[j] = s;
    }
    let rd = 0;
    for (let i = 0; i < d; i++) {
      const s = sd[i]!;
      rd += BINOM[(s > k ? s - 1 : s) * K + i + 1]!;
    }
    let ra = 0;
    let below = 0; // defenders below the current attacker
    for (let i = 0; i < a; i++) {
      const s = sa[i]!;
      while (below < d && sd[below]! < s) below++;
      ra += BINOM[(s - below - (s > k ? 1 : 0)) * K + i + 1]!;
    }
    return ((slot * this.defenderCombos + rd) * this.attackerCombos + ra) * 2 + side;
  }

  /** The position of an index, in its stored orientation (defenders and attackers ascending). */
  decode(index: number, out: TbPlacement): void {
    out.side = index & 1;
    let x = (index - out.side) / 2;
    let ra = x % this.attackerCombos;
    x = (x - ra) / this.attackerCombos;
    let rd = x % this.defenderCombos;
    const slot = (x - rd) / this.defenderCombos;
    const k = this.sym.kingSquares[slot]!;
    out.king = k;
    const occ = this.occ;
    occ[0] = k;
    let c = this.sym.squares - 1;
    for (let i = this.d; i >= 1; i--) {
      while (BINOM[c * K + i]! > rd) c--;
      rd -= BINOM[c * K + i]!;
      out.defenders[i - 1] = c >= k ? c + 1 : c;
    }
    // The occupied squares in ascending order, to skip over when unranking the attackers.
    let m = 0;
    let placed = false;
    for (let i = 0; i < this.d; i++) {
      const s = out.defenders[i]!;
      if (!placed && k < s) {
        occ[m++] = k;
        placed = true;
      }
      occ[m++] = s;
    }
    if (!placed) occ[m++] = k;
    c = this.sym.squares - 1 - this.d;
    for (let i = this.a; i >= 1; i--) {
      while (BINOM[c * K + i]! > ra) c--;
      ra -= BINOM[c * K + i]!;
      let s = c;
      for (let j = 0; j < m; j++) if (occ[j]! <= s) s++;
      out.attackers[i - 1] = s;
    }
  }
}
