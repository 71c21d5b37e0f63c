/**
 * Probing the tables: a `Tablebase` holds the tables of one ruleset, given to it as bytes (the
 * engine does no I/O), and answers a core `Position` with win, loss or draw for the side to
 * move and the distance to the end in plies, the counters set aside.
 *
 * The counters can change an answer: a position's third occurrence draws where the rules say
 * so, and so does a run of quiet plies. `isExact` says when they cannot: a draw always (the
 * counters only add draws); a win or a loss when the winner's shortest line (its positions all
 * different, their distances falling) cannot meet a position already seen twice, which is
 * sure while fewer than four plies have been played since the last capture, and ends before
 * the quiet plies run out.
 */

import { A, D, KING, Position, type Move, type Ruleset } from '@tafl/core';
import type { TbMaterial } from './material.js';
import { parseTbTable, tbRulesKey, type TbTable } from './table.js';

export type TbValue = 'win' | 'loss' | 'draw';

export interface TbAnswer {
  /** For the side to move. */
  readonly value: TbValue;
  /** Plies to the end with best play (the winner fastest, the loser slowest); 0 for a draw. */
  readonly distance: number;
}

const VALUES: readonly TbValue[] = ['draw', 'win', 'loss'];

export class Tablebase {
  readonly rules: Ruleset;
  private readonly rulesText: string;
  private readonly tables: (TbTable | undefined)[] = [];
  private readonly defenders = new Int32Array(16);
  private readonly attackers = new Int32Array(16);

  constructor(rules: Ruleset) {
    this.rules = rules;
    this.rulesText = tbRulesKey(rules);
  }

  /** Adds a table from its bytes (uncompressed); throws when they are not a table of these rules. */
  addBytes(bytes: Uint8Array): TbTable {
    const table = parseTbTable(this.rules, bytes);
    this.add(table);
    return table;
  }

  add(table: TbTable): void {
    if (table.header.rules !== this.rulesText) throw new Error('a table of other rules');
    this.tables[table.material.defenders * 16 + table.material.attackers] = table;
  }

  table(m: TbMaterial): TbTable | undefined {
    return m.defenders < 16 && m.attackers < 16 ? this.tables[m.defenders * 16 + m.attackers] : undefined;
  }

  get loaded(): TbTable[] {
    return this.tables.filter((t): t is TbTable => t !== undefined);
  }

  /**
   * The answer as one number, without allocating: `value << 16 | distance` (TB_WIN, TB_LOSS,
   * TB_DRAW), or -1 when no table holds the position (or the game is over). For the search.
   */
  probeCode(pos: Position): number {
    if (pos.isOver()) return -1;
    const board = pos.board;
    const nd = board.counts[D]! - 1;
    const na = board.counts[A]!;
    if (nd < 0 || nd >= 16 || na >= 16) return -1;
    const table = this.tables[nd * 16 + na];
    if (table === undefined || (pos.rules !== this.rules && !this.sameRules(pos.rules))) return -1;
    const defenders = this.defenders;
    const attackers = this.attackers;
    const cells = board.cells;
    const dl = board.lists[D]!;
    let j = 0;
    for (let i = 0; i <= nd; i++) {
      const sq = dl[i]!;
      if (cells[sq] !== KING) defenders[j++] = sq;
    }
    const al = board.lists[A]!;
    for (let i = 0; i < na; i++) attackers[i] = al[i]!;
    const index = table.indexer.canonical(board.king, defenders, attackers, pos.turn === 'attackers' ? 0 : 1);
    if (index < 0) return -1;
    return (table.value(index) << 16) | table.distance(index);
  }

  private lastRules: Ruleset | undefined;

  /** Do other rules play the tables alike (they may differ in the counters, start or name)? */
  private sameRules(rules: Ruleset): boolean {
    if (rules === this.lastRules) return true;
    if (tbRulesKey(rules) !== this.rulesText) return false;
    this.lastRules = rules;
    return true;
  }

  /** The tables' answer for the side to move, the counters set aside; undefined when none has it. */
  probe(pos: Position): TbAnswer | undefined {
    const code = this.probeCode(pos);
    return code < 0 ? undefined : { value: VALUES[code >> 16]!, distance: code & 0xffff };
  }

  /** Is the answer also the game's, counters and all, from this position and its history? */
  isExact(pos: Position, answer: TbAnswer): boolean {
    if (answer.value === 'draw') return true;
    if (this.rules.repetitionDraws && pos.quietPlies >= 4) return false;
    const limit = this.rules.quietPlyLimit;
    return limit === 0 || pos.quietPlies + answer.distance < limit;
  }

  /**
   * A best move by the tables (the fastest win, the slowest loss, a move that keeps the draw)
   * with the answer after it, or undefined when a needed table is missing or the game is over.
   * Counters are set aside here too: the position is taken as if newly set up.
   */
  bestMove(pos: Position): { move: Move; after: TbAnswer } | undefined {
    const fresh = Position.fromSetup(pos.rules, pos.toSetup());
    if (!fresh.ok) return undefined;
    const p = fresh.value;
    const here = this.probe(p);
    if (here === undefined) return undefined;
    let best: { move: Move; after: TbAnswer } | undefined;
    for (const move of p.legalMoves()) {
      p.play(move);
      const after = this.valueAfter(p);
      p.undo();
      if (after === undefined) return undefined;
      const good =
        here.value === 'win'
          ? after.value === 'loss' && after.distance === here.distance - 1
          : here.value === 'loss'
            ? after.value === 'win' && after.distance === here.distance - 1
            : after.value === 'draw';
      if (good && best === undefined) best = { move, after };
    }
    return best;
  }

  /** The line of best moves from the position to the end (or `maxPlies` of a draw). */
  line(pos: Position, maxPlies = 400): Move[] {
    const fresh = Position.fromSetup(pos.rules, pos.toSetup());
    if (!fresh.ok) return [];
    let p = fresh.value;
    const moves: Move[] = [];
    while (moves.length < maxPlies && !p.isOver()) {
      const best = this.bestMove(p);
      if (best === undefined) break;
      moves.push(best.move);
      p.play(best.move);
      const next = Position.fromSetup(p.rules, p.toSetup());
      if (!next.ok) break;
      p = next.value;
    }
    return moves;
  }

  /** The value of the position after a move for its side to move: from the outcome or the tables. */
  private valueAfter(p: Position): TbAnswer | undefined {
    const outcome = p.outcome();
    if (outcome.status === 'ongoing' || outcome.reason === 'repetition' || outcome.reason === 'quiet moves')
      return this.probeFresh(p);
    if (outcome.status === 'draw') return { value: 'draw', distance: 0 };
    return { value: outcome.status === p.turn ? 'win' : 'loss', distance: 0 };
  }

  private probeFresh(p: Position): TbAnswer | undefined {
    const fresh = Position.fromSetup(p.rules, p.toSetup());
    return fresh.ok ? this.probe(fresh.value) : undefined;
  }
}
