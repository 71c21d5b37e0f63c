/**
 * The making of an opening book (`tafl book build`): the engine plays itself from a ruleset's
 * start, choosing at random among its best lines in the first plies so that the games spread over
 * the openings it thinks good, then plays on at its best to the end; each position of those first
 * plies is kept with the moves played there, how often, and the mover's points in those games.
 * Positions seen in too few games are dropped, and so are those no longer reachable from the start
 * through the moves kept, so that every book position can be replayed from the start.
 *
 * With a node budget (no time limit) the same options give the same book on any machine.
 */

import { WIN_BOUND, startingPosition, type Move, type Position, type Ruleset } from '@tafl/core';
import {
  Search,
  bookKey,
  bookLookup,
  bookRecord,
  type Book,
  type BookEntry,
  type SearchLine,
} from '@tafl/engine';

export interface BuildOptions {
  /** Self-play games. */
  readonly games: number;
  /** The book's depth: positions before this ply are kept, and the moves there vary. */
  readonly plies: number;
  /** The search's nodes a move (deterministic). */
  readonly nodes?: number;
  /** The search's milliseconds a move. */
  readonly timeMs?: number;
  /** A position is kept when at least this many games went through it. */
  readonly minGames: number;
  /** A game still going at this ply is a draw. */
  readonly maxPlies: number;
  readonly random: () => number;
  /** Told after each game. */
  readonly onGame?: (done: number, summary: GamesSummary) => void;
}

export interface GamesSummary {
  readonly games: number;
  readonly attackers: number;
  readonly defenders: number;
  readonly draws: number;
  /** Plies played in all. */
  readonly plies: number;
}

export interface BuiltBook {
  readonly book: Book;
  readonly summary: GamesSummary;
  /** Distinct positions seen in the book's plies, before pruning. */
  readonly seen: number;
}

/** The best lines the search is asked for in the book's plies. */
export const BOOK_LINES = 4;
/** Lines scored more than this (centi-soldiers) below the best are never chosen. */
export const BOOK_MARGIN = 40;
/** A line's chance goes as exp((score - best) / BOOK_TEMPERATURE). */
export const BOOK_TEMPERATURE = 15;

/** The moves played in one position: how often, and the mover's points after them. */
type Tally = Map<string, { count: number; points: number }>;

/** A random choice among the search's lines within `BOOK_MARGIN` of the best (a proved result: the best). */
export function chooseLine(lines: readonly SearchLine[], random: () => number): Move | undefined {
  const playable = lines.filter((l) => l.pv.length > 0);
  const best = playable[0];
  if (best === undefined) return undefined;
  if (Math.abs(best.score) > WIN_BOUND) return best.pv[0];
  const near = playable.filter((l) => l.score >= best.score - BOOK_MARGIN && Math.abs(l.score) < WIN_BOUND);
  const weights = near.map((l) => Math.exp((l.score - best.score) / BOOK_TEMPERATURE));
  let pick = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < near.length; i++) {
    pick -= weights[i]!;
    if (pick < 0) return near[i]!.pv[0];
  }
  return best.pv[0];
}

/** Plays the games and makes the book of `rules`. */
export function buildBook(rules: Ruleset, options: BuildOptions): BuiltBook {
  const search = new Search();
  const tallies = new Map<string, Tally>();
  const limits = {
    ...(options.nodes !== undefined && { nodes: options.nodes }),
    ...(options.timeMs !== undefined && { timeMs: options.timeMs }),
  };
  const summary = { games: 0, attackers: 0, defenders: 0, draws: 0, plies: 0 };
  for (let game = 0; game < options.games; game++) {
    search.clear();
    const pos = startingPosition(rules);
    const opening: { key: string; move: string; mover: string }[] = [];
    while (!pos.isOver() && pos.ply < options.maxPlies) {
      const inBook = pos.ply < options.plies;
      const result = search.run(pos, inBook ? { ...limits, multiPv: BOOK_LINES } : limits);
      const lines = result.lines ?? [
        { score: result.score, pv: result.move === undefined ? [] : [result.move] },
      ];
      const move = inBook ? chooseLine(lines, options.random) : result.move;
      if (move === undefined || !pos.isLegal(move))
        throw new Error(`the search gave no legal move at ply ${pos.ply}`);
      if (inBook) opening.push({ ...bookRecord(pos, move), mover: pos.turn });
      pos.play(move);
    }
    const outcome = pos.outcome();
    const winner = outcome.status === 'ongoing' ? 'draw' : outcome.status;
    if (winner === 'draw') summary.draws++;
    else summary[winner]++;
    summary.games++;
    summary.plies += pos.ply;
    for (const { key, move, mover } of opening) {
      let tally = tallies.get(key);
      if (tally === undefined) tallies.set(key, (tally = new Map()));
      const stats = tally.get(move) ?? { count: 0, points: 0 };
      stats.count++;
      stats.points += winner === 'draw' ? 0.5 : winner === mover ? 1 : 0;
      tally.set(move, stats);
    }
    options.onGame?.(game + 1, { ...summary });
  }
  return { book: prune(rules, tallies, options), summary, seen: tallies.size };
}

/**
 * The book of the positions seen in at least `minGames` games, with every move played there,
 * keeping only those reachable from the start through kept positions' moves, in the order they
 * are reached (breadth first, so the file reads from the start outwards).
 */
function prune(rules: Ruleset, tallies: ReadonlyMap<string, Tally>, options: BuildOptions): Book {
  const positions = new Map<string, BookEntry[]>();
  const book = { positions, plies: options.plies };
  const frontier: Position[] = [startingPosition(rules)];
  while (frontier.length > 0) {
    const pos = frontier.shift()!;
    const key = bookKey(pos);
    const tally = tallies.get(key);
    if (positions.has(key) || tally === undefined) continue;
    const entries = [...tally].map(([move, s]) => ({ move, count: s.count, score: s.points / s.count }));
    if (entries.reduce((n, e) => n + e.count, 0) < options.minGames) continue;
    entries.sort((a, b) => b.count - a.count || (a.move < b.move ? -1 : 1));
    positions.set(key, entries);
    for (const { move } of bookLookup(book, pos) ?? []) {
      if (!pos.isLegal(move)) continue;
      const next = pos.clone();
      next.play(move);
      frontier.push(next);
    }
  }
  return book;
}
