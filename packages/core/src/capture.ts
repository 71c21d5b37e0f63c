/**
 * Captures, as docs/rules.md states them. After side S moves a piece to m, each enemy next to m is
 * checked on its own line: a soldier falls when the square beyond it is hostile to it for S; the
 * king falls by the form his square calls for (two, three beside the throne, four on it, enclosure
 * where the edge never counts), and brandub-fr adds king-and-shield. The rule parameters are read
 * once into per-square tables so the checks are a few array reads.
 */

import type { Geometry } from './geometry.js';
import { classLines, lineSquareOf, type MoveTables } from './movetable.js';
import type { Ruleset } from './rules.js';
import { ATTACKER, DEFENDER, EMPTY, KING, type Square } from './types.js';

const HOSTILITY = { always: 2, empty: 1, never: 0 } as const;

/** `quietWindows` by the rule parameters `quietAt` reads (and the board size). */
const windowCache = new Map<string, Uint8Array>();

export class CaptureRules {
  private readonly geo: Geometry;
  private readonly rules: Ruleset;
  readonly kingArmed: boolean;
  private readonly throneA: number;
  private readonly throneD: number;
  /** Empty squares that close a capture: against the king, attackers, defender soldiers. */
  private readonly hostileToKing: Uint8Array;
  private readonly hostileEmptyToA: Uint8Array;
  private readonly hostileEmptyToD: Uint8Array;
  /**
   * `hostileTo` as a table, one read in the capture test: `hostile[((victim << 2) | code) *
   * squares + sq]` is 1 when the square `sq` holding the code `code` closes a capture of the
   * soldier `victim`.
   */
  private readonly hostile: Uint8Array;
  /** 1 on the squares whose piece cannot be captured (the corners, under `cornerImmune`). */
  private readonly immune: Uint8Array;
  private readonly kingAndShield: boolean;

  constructor(geo: Geometry, rules: Ruleset) {
    this.geo = geo;
    this.rules = rules;
    this.kingArmed = rules.kingArmed;
    this.throneA = HOSTILITY[rules.throneHostileToAttackers];
    this.throneD = HOSTILITY[rules.throneHostileToDefenders];
    const n = geo.squares;
    this.hostileToKing = new Uint8Array(n);
    this.hostileEmptyToA = new Uint8Array(n);
    this.hostileEmptyToD = new Uint8Array(n);
    for (let sq = 0; sq < n; sq++) {
      const corner = geo.isCorner[sq] === 1 && rules.cornersHostile;
      const throne = sq === geo.throne;
      this.hostileToKing[sq] = corner || (throne && rules.throneHostileToKing) ? 1 : 0;
      this.hostileEmptyToA[sq] = corner || (throne && this.throneA > 0) ? 1 : 0;
      this.hostileEmptyToD[sq] = corner || (throne && this.throneD > 0) ? 1 : 0;
    }
    this.kingAndShield = rules.kingAndShield;
    this.immune = Uint8Array.from(geo.isCorner, (corner) => (corner === 1 && rules.cornerImmune ? 1 : 0));
    this.hostile = new Uint8Array(4 * 4 * n);
    const one = new Int8Array(n);
    for (let victim = EMPTY; victim <= KING; victim++)
      for (let code = EMPTY; code <= KING; code++)
        for (let sq = 0; sq < n; sq++) {
          one[sq] = code;
          this.hostile[((victim << 2) | code) * n + sq] = this.hostileSlowly(one, victim, sq) ? 1 : 0;
          one[sq] = EMPTY;
        }
  }

  /**
   * The captures of the piece `code` that has just moved to `m` for `mover` (ATTACKER's side or
   * not), written as square/code pairs into `out` from `at`; returns how many. Nothing changes.
   */
  collect(cells: Int8Array, code: number, m: Square, out: Int32Array, at: number): number {
    if (code === KING && !this.kingArmed) return 0;
    const byAttackers = code === ATTACKER;
    const nb = this.geo.neighbour;
    const squares = this.geo.squares;
    let k = at;
    if (byAttackers && this.kingAndShield) {
      const shield = this.shieldTaken(cells, m);
      if (shield >= 0) {
        out[k++] = shield;
        out[k++] = DEFENDER;
        out[k++] = this.geo.throne;
        out[k++] = KING;
      }
    }
    for (let d = 0; d < 4; d++) {
      const n = nb[m * 4 + d]!;
      if (n < 0) continue;
      const victim = cells[n]!;
      if (victim === EMPTY || (victim === ATTACKER) === byAttackers) continue;
      if (victim === KING) {
        if (this.kingCaptured(cells, n, d)) {
          out[k++] = n;
          out[k++] = KING;
        }
        continue;
      }
      if (k > at && n === out[at]) continue; // the king's shield, taken already
      if (this.immune[n] === 1) continue;
      const beyond = nb[n * 4 + d]!;
      if (beyond >= 0 && this.hostile[((victim << 2) | cells[beyond]!) * squares + beyond] === 1) {
        out[k++] = n;
        out[k++] = victim;
      }
    }
    return (k - at) >> 1;
  }

  /**
   * A quick, conservative test for perft and the search: true only when the piece `code` arriving
   * on `m` surely captures nothing (no enemy soldier with a hostile square beyond it, no enemy
   * king beside it, no possible shield). `collect` gives the exact answer.
   */
  quietAt(cells: Int8Array, code: number, m: Square): boolean {
    if (code === KING && !this.kingArmed) return true;
    const byAttackers = code === ATTACKER;
    const nb = this.geo.neighbour;
    for (let d = 0; d < 4; d++) {
      const n = nb[m * 4 + d]!;
      if (n < 0) continue;
      const victim = cells[n]!;
      if (victim === EMPTY || (victim === ATTACKER) === byAttackers) continue;
      if (victim === KING) return false;
      const beyond = nb[n * 4 + d]!;
      if (beyond < 0) continue;
      if (this.hostileTo(cells, victim, beyond)) return false;
      if (beyond === this.geo.throne && this.kingAndShield) return false;
    }
    return true;
  }

  /**
   * `quietAt` as a table, for counting leaves without playing the moves (`Position.perft2`): a
   * piece captures along the rank and the file it arrives on, and along each only the two
   * squares either side matter. Entry `((lineClass * size + pos) << 10) | window`, where
   * `window` holds the codes of positions `pos - 2` to `pos + 2` of a line two bits each (the
   * line's state shifted, lowest first), has bit `1 << code` set when a piece `code` arriving
   * at `pos` surely captures nothing along that line; an arrival is quiet when the entries of
   * its rank and of its file both say so. Undefined when the board has no line tables.
   */
  quietWindows(tables: MoveTables): Uint8Array | undefined {
    if (tables.lineMobility === undefined) return undefined;
    const r = this.rules;
    const key = [
      this.geo.size,
      r.kingArmed,
      r.throneHostileToAttackers,
      r.throneHostileToDefenders,
      r.cornersHostile,
      r.kingAndShield,
    ].join();
    let windows = windowCache.get(key);
    if (windows === undefined) windowCache.set(key, (windows = this.tabulateQuiet(tables)));
    return windows;
  }

  private tabulateQuiet(tables: MoveTables): Uint8Array {
    const n = this.geo.size;
    const lines = classLines(tables.lineClass);
    const out = new Uint8Array((lines.length * n) << 10);
    const cells = new Int8Array(this.geo.squares);
    for (const [c, line] of lines.entries())
      for (let pos = 0; pos < n; pos++)
        for (let window = 0; window < 1024; window++) {
          cells.fill(EMPTY);
          let possible = ((window >> 4) & 3) === EMPTY;
          for (let j = 0; j < 5; j++) {
            const code = (window >> (2 * j)) & 3;
            const at = pos - 2 + j;
            if (code === EMPTY) continue;
            if (at < 0 || at >= n) possible = false;
            else cells[lineSquareOf(n, line, at)] = code;
          }
          if (!possible) continue; // never looked up: left "maybe a capture"
          const m = lineSquareOf(n, line, pos);
          let bits = 0;
          for (let code = ATTACKER; code <= KING; code++) if (this.quietAt(cells, code, m)) bits |= 1 << code;
          out[((c * n + pos) << 10) | window] = bits;
        }
    return out;
  }

  /**
   * Would an attacker arriving on `s`, next to the king, capture him (king-and-shield aside)?
   * For the engine's evaluation; `cells` is restored before returning.
   */
  kingFallsTo(cells: Int8Array, s: Square): boolean {
    const nb = this.geo.neighbour;
    for (let d = 0; d < 4; d++) {
      const k = nb[s * 4 + d]!;
      if (k < 0 || cells[k] !== KING) continue;
      const before = cells[s]!;
      cells[s] = ATTACKER;
      const falls = this.kingCaptured(cells, k, d);
      cells[s] = before;
      return falls;
    }
    return false;
  }

  /** Is `sq` hostile to the enemy soldier `victim`, for the side that just moved? */
  hostileTo(cells: Int8Array, victim: number, sq: Square): boolean {
    const n = this.geo.squares;
    return this.hostile[((victim << 2) | cells[sq]!) * n + sq] === 1;
  }

  /** `hostileTo` from the rule parameters, which the table `hostile` is made of. */
  private hostileSlowly(cells: Int8Array, victim: number, sq: Square): boolean {
    const code = cells[sq]!;
    if (victim === ATTACKER) {
      if (code === DEFENDER) return true;
      if (code === KING) return this.kingArmed || (sq === this.geo.throne && this.throneA === 2);
      return code === EMPTY && this.hostileEmptyToA[sq] === 1;
    }
    if (code === ATTACKER) return true;
    if (code === KING) return sq === this.geo.throne && this.throneD === 2;
    return code === EMPTY && this.hostileEmptyToD[sq] === 1;
  }

  /** Does `sq` enclose the king: an attacker, or an empty square hostile to him? */
  private enclosesKing(cells: Int8Array, sq: Square): boolean {
    const code = cells[sq]!;
    return code === ATTACKER || (code === EMPTY && this.hostileToKing[sq] === 1);
  }

  /** Is the king at `k` captured by the attacker that has just moved next to him, from direction `d`? */
  private kingCaptured(cells: Int8Array, k: Square, d: number): boolean {
    const rules = this.rules;
    const geo = this.geo;
    const nb = geo.neighbour;
    if (k === geo.throne && rules.kingCaptureOnThrone === 'four') return this.surrounded(cells, k, -1);
    if (rules.kingCaptureNextToThrone === 'three') {
      for (let e = 0; e < 4; e++)
        if (nb[k * 4 + e] === geo.throne) return this.surrounded(cells, k, geo.throne);
    }
    if (rules.kingCapture === 4) return this.surrounded(cells, k, -1);
    const beyond = nb[k * 4 + d]!;
    return beyond >= 0 && this.enclosesKing(cells, beyond);
  }

  /** All four sides of `k` enclose the king (the edge never does); the square `free` always counts. */
  private surrounded(cells: Int8Array, k: Square, free: Square): boolean {
    const nb = this.geo.neighbour;
    for (let e = 0; e < 4; e++) {
      const s = nb[k * 4 + e]!;
      if (s < 0) return false;
      if (s !== free && !this.enclosesKing(cells, s)) return false;
    }
    return true;
  }

  /**
   * King-and-shield (brandub-fr): the king on the throne with attackers on three sides and a
   * defender on the fourth; the attacker that moves to the square beyond that defender takes
   * both. Returns the shield's square, or -1.
   */
  private shieldTaken(cells: Int8Array, m: Square): Square {
    const nb = this.geo.neighbour;
    const throne = this.geo.throne;
    for (let d = 0; d < 4; d++) {
      const shield = nb[m * 4 + d]!;
      if (shield < 0 || cells[shield] !== DEFENDER) continue;
      if (nb[shield * 4 + d] !== throne || cells[throne] !== KING) continue;
      for (let e = 0; e < 4; e++) {
        const s = nb[throne * 4 + e]!;
        if (s !== shield && cells[s] !== ATTACKER) return -1;
      }
      return shield;
    }
    return -1;
  }
}
