/**
 * The openings of a balance run, one for each game, drawn from the game's own seed: either a line
 * of the engine's opening book, each move chosen as often as the book's self-play played it
 * (`variety` 1 of `bookMove`), to where the book ends; or a number of random legal moves, as
 * `tafl match` draws them (match/openings.ts).
 *
 * The book is the default: its lines are the ones the engine itself thinks good, so the games
 * measure the rules from sensible openings, where random moves would hand one side an early gift.
 * Random plies reach more distinct positions; the run reports how many distinct openings it had.
 *
 * The games are not paired: one engine plays both sides, so the same opening with the sides
 * swapped would be the same game again (the search bounded by nodes is deterministic).
 */

import { startingPosition, type Move, type Ruleset } from '@tafl/core';
import { bookMove, seededRandom, shippedBook } from '@tafl/engine';
import type { EngineSpec } from '../match/engines.js';
import { mixSeed, randomOpening } from '../match/openings.js';
import type { GameTask } from '../match/tasks.js';

/** Where the openings come from: the book, or this many random plies. */
export type OpeningSource = { readonly kind: 'book' } | { readonly kind: 'random'; readonly plies: number };

/** How widely the book's moves are chosen: 1, nearly as often as its self-play played them. */
export const BOOK_VARIETY = 1;

/** A line of the book of `rules` from its start, each move drawn with `random`, to the book's end. */
export function bookOpening(rules: Ruleset, random: () => number): Move[] {
  const pos = startingPosition(rules);
  const moves: Move[] = [];
  for (;;) {
    const move = bookMove(pos, random, BOOK_VARIETY);
    if (move === undefined || pos.isOver()) return moves;
    pos.play(move);
    moves.push(move);
  }
}

export const hasBook = (rules: Ruleset): boolean => shippedBook(rules.id) !== undefined;

/** The opening of game `index` of a run seeded `seed`; undefined when random plies find none. */
export function gameOpening(
  rules: Ruleset,
  source: OpeningSource,
  seed: number,
  index: number,
): Move[] | undefined {
  if (source.kind === 'book') return bookOpening(rules, seededRandom(mixSeed(seed, index, 0x626b)));
  return randomOpening(rules, source.plies, seededRandom(mixSeed(seed, index, 0x6f70)));
}

/** The engine of both sides: the search bounded by `nodes` a move. */
export const nodesEngine = (nodes: number): EngineSpec => ({ kind: 'nodes', nodes, label: `nodes:${nodes}` });

/**
 * The games of a run, game i from its own opening (the match's players A and B are the same
 * engine, so which plays which side does not matter). Undefined when an opening of random plies
 * cannot be found.
 */
export function balanceTasks(
  rules: Ruleset,
  games: number,
  source: OpeningSource,
  seed: number,
): GameTask[] | undefined {
  const tasks: GameTask[] = [];
  for (let index = 0; index < games; index++) {
    const opening = gameOpening(rules, source, seed, index);
    if (opening === undefined) return undefined;
    const seeds = { a: mixSeed(seed, index, 1), b: mixSeed(seed, index, 2) };
    tasks.push({ index, opening, aSide: index % 2 === 0 ? 'attackers' : 'defenders', seeds });
  }
  return tasks;
}

/** How many of the openings differ. */
export const distinctOpenings = (tasks: readonly GameTask[]): number =>
  new Set(tasks.map((t) => t.opening.join(','))).size;
