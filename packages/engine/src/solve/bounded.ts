/**
 * A plain bounded search: does side X force a win within n plies? Every legal move of both
 * sides, no evaluation, boolean alpha-beta (an OR node stops at its first win, an AND node at
 * its first refutation) and a table of what is known by position: the fewest plies a win was
 * proved within, and the most plies no win was found within.
 *
 * It is the solver's second tool: the shortest win and its line once df-pn has proved a win
 * (df-pn finds a win, not the shortest one), the defences of the tactics suite, and the depth to
 * which the start positions are settled (reach.ts). It plays the rules with repetition set
 * aside, like df-pn (dfpn.ts), and then its table is path-independent: "X wins within n" is the
 * same question on every path, and from a position with no history its answer is the game's
 * (a win within n plies never needs a position to repeat: the shortest win gets shorter at
 * every ply). Where quiet plies are counted, the count is part of the key.
 */

import { type Move, type Position, type Side } from '@tafl/core';
import type { Budget } from './dfpn.js';
import { quietHi, quietLo } from './dfpn.js';

/** Thrown when the budget is spent; caught by the functions that take a budget. */
export class OutOfBudget extends Error {}

const NONE = 255;
const TWO_32 = 4294967296;

export class BoundedSearch {
  nodes = 0;
  private deadline = Infinity;
  private maxNodes = Infinity;
  private readonly tables = new Map<Side, Map<number, number>>([
    ['attackers', new Map()],
    ['defenders', new Map()],
  ]);
  private readonly buffers: Int32Array[] = [];
  private readonly quietLimit: number;

  /** `pos` is searched in place; its rules must have `repetitionDraws` off (solve.ts). */
  constructor(readonly pos: Position) {
    this.quietLimit = pos.rules.quietPlyLimit;
  }

  /** Sets the budget from now on (nodes counted from the search's creation). */
  limit(budget: Budget): void {
    this.maxNodes = budget.nodes ?? Infinity;
    this.deadline = budget.ms === undefined ? Infinity : performance.now() + budget.ms;
  }

  /** Does `x` force a win within `n` plies from the current position? Throws OutOfBudget. */
  wins(x: Side, n: number): boolean {
    return this.search(x, n, 0);
  }

  /** The fewest plies within which `x` forces a win, up to `max`; undefined if none. */
  shortestWin(x: Side, max: number): number | undefined {
    for (let n = this.pos.turn === x ? 1 : 2; n <= max; n += 2) if (this.wins(x, n)) return n;
    return undefined;
  }

  /**
   * A line of a win in exactly `n` plies for `x` (the shortest): x plays a move that keeps
   * the win within the plies left, the other side the move that puts it off longest.
   */
  line(x: Side, n: number): Move[] {
    const pos = this.pos;
    const line: Move[] = [];
    try {
      this.extend(x, line, n);
    } finally {
      for (let i = 0; i < line.length; i++) pos.undo();
    }
    return line;
  }

  /** Plays the line onto the position, move by move (the caller takes them back). */
  private extend(x: Side, line: Move[], plies: number): void {
    const pos = this.pos;
    let left = plies;
    while (!pos.isOver() && left > 0) {
      const moves = pos.legalMoves();
      let choice = moves[0]!;
      if (pos.turn === x) {
        for (const move of moves) {
          pos.play(move);
          const keeps = this.wins(x, left - 1);
          pos.undo();
          if (keeps) {
            choice = move;
            break;
          }
        }
        left--;
      } else {
        let longest = -1;
        for (const move of moves) {
          pos.play(move);
          let k = pos.turn === x ? 1 : 2;
          while (k < left - 1 && !this.wins(x, k)) k += 2;
          pos.undo();
          if (k > longest) {
            longest = k;
            choice = move;
          }
        }
        left = longest;
      }
      pos.play(choice);
      line.push(choice);
    }
  }

  private key(): number {
    const pos = this.pos;
    let lo = pos.keyLo;
    let hi = pos.keyHi;
    if (this.quietLimit > 0) {
      lo ^= quietLo(pos.quietPlies);
      hi ^= quietHi(pos.quietPlies);
    }
    return (hi & 0x1fffff) * TWO_32 + (lo >>> 0);
  }

  private check(): number {
    const pos = this.pos;
    const hi = this.quietLimit > 0 ? pos.keyHi ^ quietHi(pos.quietPlies) : pos.keyHi;
    return hi >>> 21;
  }

  private search(x: Side, n: number, ply: number): boolean {
    const pos = this.pos;
    if (pos.isOver()) return pos.outcome().status === x;
    if (n === 0) return false;
    const table = this.tables.get(x)!;
    const key = this.key();
    const check = this.check();
    const entry = table.get(key);
    let within = NONE;
    let none = 0;
    if (entry !== undefined && entry >>> 16 === check) {
      within = (entry >> 8) & 0xff;
      none = entry & 0xff;
      if (within <= n) return true;
      if (none >= n) return false;
    }
    if (++this.nodes >= this.maxNodes || ((this.nodes & 4095) === 0 && performance.now() > this.deadline))
      throw new OutOfBudget();
    while (this.buffers.length <= ply) this.buffers.push(new Int32Array(512));
    const moves = this.buffers[ply]!;
    const count = pos.generateMoves(moves);
    const xToMove = pos.turn === x;
    let result = !xToMove;
    for (let i = 0; i < count; i++) {
      pos.play(moves[i]!);
      let r: boolean;
      try {
        r = this.search(x, n - 1, ply + 1);
      } finally {
        pos.undo();
      }
      if (r === xToMove) {
        result = r;
        break;
      }
    }
    if (result) within = Math.min(within, n);
    else none = Math.max(none, n);
    if (table.size >= 4_000_000) table.clear();
    table.set(key, check * 65536 + within * 256 + none);
    return result;
  }
}
