/**
 * `solve`: the value of a position for its side to move — win, loss, draw, or unknown when the
 * budget runs out — from two df-pn searches (dfpn.ts): "does the side to move win?" and "does
 * its opponent win?". A win or a loss is one of them proved; a draw is both disproved; anything
 * else is unknown, with the open question named. Never a guess.
 *
 * The two searches take turns in slices of the budget, each resuming from its own table, so
 * that a quick answer to either is not starved by the other. Once a win is proved, a bounded
 * search (bounded.ts) looks for the shortest win to give its line; if the win is longer than it
 * can look, the line is read off df-pn's table instead (a winning line, maybe not the shortest).
 *
 * The position is taken as set up: no history, no quiet plies behind it (an OTN position has
 * none), and the rules' repetition draw set aside in favour of the solver's own handling (see
 * dfpn.ts, which explains why that changes no answer).
 */

import { Position, opposite, withParameters, type Move, type Ruleset, type Side } from '@tafl/core';
import { BoundedSearch, OutOfBudget } from './bounded.js';
import { DfPn, type Verdict } from './dfpn.js';
import type { LeafOracle } from './oracle.js';
import { ProofTable } from './table.js';

export type SolveResult = 'win' | 'loss' | 'draw' | 'unknown';

export interface SolveOptions {
  /** The whole budget: positions played by df-pn (default 2 million) and milliseconds. */
  readonly nodes?: number | undefined;
  readonly ms?: number | undefined;
  readonly oracle?: LeafOracle | undefined;
  /** The most plies the shortest win is looked for within (default 15). */
  readonly lineDepth?: number | undefined;
  /** Positions the bounded search for the line may visit (default 2 million). */
  readonly lineNodes?: number | undefined;
  /** The proof tables' largest size in slots (22 bytes each; default 4M). */
  readonly tableSlots?: number | undefined;
}

export interface QuestionReport {
  /** The side whose win is asked about. */
  readonly winner: Side;
  readonly verdict: Verdict;
  /** The root's proof and disproof numbers when the search stopped (0 and 2^32-1 when settled). */
  readonly pn: number;
  readonly dn: number;
  readonly nodes: number;
  /** Positions stored as solved in this question's table: proved (wins) and disproved. */
  readonly proved: number;
  readonly disproved: number;
  readonly oracleHits: number;
  /** The root's moves after which this question is settled: proved, disproved (on any path). */
  readonly movesProved: number;
  readonly movesDisproved: number;
  readonly moves: number;
}

export interface SolveReport {
  readonly result: SolveResult;
  readonly turn: Side;
  /** "Does the side to move win?" then "does the opponent win?". */
  readonly questions: readonly [QuestionReport, QuestionReport];
  /** Positions played by the two df-pn searches, and their milliseconds. */
  readonly nodes: number;
  readonly ms: number;
  /** Milliseconds in all, the line's search included. */
  readonly totalMs: number;
  /**
   * The proof's size: for a win or a loss, the positions stored as proved by the question that
   * was proved; for a draw, those stored as disproved by both (the proof tree is a subset of
   * them plus the finished games at its leaves, which are not stored).
   */
  readonly proofSize: number | undefined;
  /** The winner's line: the shortest win when `shortest`, else a winning line from the table. */
  readonly line: readonly Move[];
  readonly shortest: boolean;
  /** Positions the bounded search for the line visited. */
  readonly lineNodes: number;
}

/** The position the solver searches: the same pieces and side to move, no history, repetition set aside. */
export function solverPosition(pos: Position): Position {
  const rules = solverRules(pos.rules);
  const made = Position.fromSetup(rules, pos.toSetup());
  if (!made.ok) throw new Error(made.message);
  return made.value;
}

const variants = new WeakMap<Ruleset, Ruleset>();

/** The rules with their repetition draw set aside, one object per ruleset (the move tables are cached by it). */
function solverRules(rules: Ruleset): Ruleset {
  if (!rules.repetitionDraws) return rules;
  let variant = variants.get(rules);
  if (variant === undefined) {
    variant = withParameters(rules, { repetitionDraws: false });
    variants.set(rules, variant);
  }
  return variant;
}

const DEFAULT_NODES = 2_000_000;

/** Solves `position` for its side to move within the budget. */
export function solve(position: Position, options: SolveOptions = {}): SolveReport {
  const start = performance.now();
  const turn = position.turn;
  const total = options.nodes ?? (options.ms === undefined ? DEFAULT_NODES : Infinity);
  const deadline = options.ms === undefined ? Infinity : start + options.ms;
  const slots = options.tableSlots ?? 1 << 22;
  const searches = [turn, opposite(turn)].map((winner) => {
    const pos = solverPosition(position);
    const table = new ProofTable(1 << 14, slots);
    const search = new DfPn(pos, winner, { table, oracle: options.oracle });
    return { winner, pos, table, search, verdict: 'unknown' as Verdict, pn: 1, dn: 1 };
  });
  let spent = 0;
  let slice = Math.max(10_000, Math.min(total / 16, 200_000));
  for (;;) {
    const open = searches.filter((s) => s.verdict === 'unknown');
    if (open.length === 0 || searches.some((s) => s.verdict === 'proved')) break;
    if (spent >= total || performance.now() >= deadline) break;
    for (const s of open) {
      const nodes = Math.min(slice, total - spent);
      const ms = deadline === Infinity ? undefined : Math.max(0, deadline - performance.now());
      if (nodes <= 0 || ms === 0) break;
      const before = s.search.nodes;
      const r = s.search.run({ nodes, ms });
      s.verdict = r.verdict;
      s.pn = r.pn;
      s.dn = r.dn;
      spent += s.search.nodes - before;
      if (r.verdict === 'proved') break;
    }
    slice *= 2;
  }
  const searchMs = performance.now() - start;
  const questions = searches.map((s) => {
    const counts = s.table.counts();
    const moves = settledMoves(s.pos, s.winner, s.table);
    return {
      movesProved: moves.proved,
      movesDisproved: moves.disproved,
      moves: moves.of,
      winner: s.winner,
      verdict: s.verdict,
      pn: s.pn,
      dn: s.dn,
      nodes: s.search.nodes,
      proved: counts.proved,
      disproved: counts.disproved,
      oracleHits: s.search.oracleHits,
    };
  }) as unknown as [QuestionReport, QuestionReport];
  const [mine, theirs] = questions;
  const result: SolveResult =
    mine.verdict === 'proved'
      ? 'win'
      : theirs.verdict === 'proved'
        ? 'loss'
        : mine.verdict === 'disproved' && theirs.verdict === 'disproved'
          ? 'draw'
          : 'unknown';
  const proofSize =
    result === 'win'
      ? mine.proved
      : result === 'loss'
        ? theirs.proved
        : result === 'draw'
          ? mine.disproved + theirs.disproved
          : undefined;
  const winner = result === 'win' ? turn : result === 'loss' ? opposite(turn) : undefined;
  let line: Move[] = [];
  let shortest = false;
  let lineNodes = 0;
  if (winner !== undefined) {
    const bounded = new BoundedSearch(solverPosition(position));
    bounded.limit({ nodes: options.lineNodes ?? 2_000_000 });
    try {
      const n = bounded.shortestWin(winner, options.lineDepth ?? 15);
      if (n !== undefined) {
        line = bounded.line(winner, n);
        shortest = true;
      }
    } catch (e) {
      if (!(e instanceof OutOfBudget)) throw e;
    }
    lineNodes = bounded.nodes;
    if (!shortest)
      line = tableLine(
        searches[winner === turn ? 0 : 1]!.pos,
        winner,
        searches[winner === turn ? 0 : 1]!.table,
      );
  }
  const nodes = questions[0].nodes + questions[1].nodes;
  const totalMs = performance.now() - start;
  return { result, turn, questions, nodes, ms: searchMs, totalMs, proofSize, line, shortest, lineNodes };
}

/** How many of the root's moves lead to a position settled for the question, as stored. */
function settledMoves(
  pos: Position,
  winner: Side,
  table: ProofTable,
): { proved: number; disproved: number; of: number } {
  const probe = new DfPn(pos, winner, { table });
  const moves = pos.legalMoves();
  let proved = 0;
  let disproved = 0;
  for (const move of moves) {
    pos.play(move);
    const known = pos.isOver()
      ? pos.outcome().status === winner
        ? 'proved'
        : 'disproved'
      : table.solved(probe.keyLo(), probe.keyHi());
    pos.undo();
    if (known === 'proved') proved++;
    else if (known === 'disproved') disproved++;
  }
  return { proved, disproved, of: moves.length };
}

/**
 * A winning line read off a proof table: the winner plays a move to a proved position (a
 * finished win first), the other side its first move; it stops at the end of the game, at a
 * position already on the line, or after 200 plies.
 */
function tableLine(pos: Position, winner: Side, table: ProofTable): Move[] {
  const probe = new DfPn(pos, winner, { table });
  const line: Move[] = [];
  const seen = new Set<string>();
  while (!pos.isOver() && line.length < 200) {
    const key = `${probe.keyLo()},${probe.keyHi()}`;
    if (seen.has(key)) break;
    seen.add(key);
    const moves = pos.legalMoves();
    const reaches =
      (proved: boolean) =>
      (move: Move): boolean => {
        pos.play(move);
        const won = pos.isOver()
          ? pos.outcome().status === winner
          : proved && table.solved(probe.keyLo(), probe.keyHi()) === 'proved';
        pos.undo();
        return won;
      };
    const choice = pos.turn !== winner ? moves[0] : (moves.find(reaches(false)) ?? moves.find(reaches(true)));
    if (choice === undefined) break;
    pos.play(choice);
    line.push(choice);
  }
  for (let i = 0; i < line.length; i++) pos.undo();
  return line;
}
