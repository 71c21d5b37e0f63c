/**
 * Random openings for matches: a few random legal moves from the start, so that engines that
 * search without noise do not play the same game again and again. Each opening is played by both
 * engines with the sides swapped, which makes up for an opening that favours one side. An opening
 * that ends the game is drawn again.
 */

import { startingPosition, type Move, type Position, type Ruleset } from '@tafl/core';
import { Search, bookMove, seededRandom } from '@tafl/engine';

/** How many times an opening is drawn again before giving up (random play may end a game early). */
const ATTEMPTS = 1000;

/**
 * `plies` random legal moves from the start of `rules` after which the game goes on, drawn with
 * `random`; undefined when no such opening was found (too many plies for the rules).
 */
export function randomOpening(rules: Ruleset, plies: number, random: () => number): Move[] | undefined {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const pos = startingPosition(rules);
    const moves: Move[] = [];
    while (moves.length < plies && !pos.isOver()) {
      const legal = pos.legalMoves();
      const move = legal[Math.floor(random() * legal.length)]!;
      pos.play(move);
      moves.push(move);
    }
    if (!pos.isOver()) return moves;
  }
  return undefined;
}

/**
 * A 32-bit seed mixed from a match seed and some numbers (a game's index, a side): murmur3's
 * finaliser over the seed, then over each number in turn. The seed is mixed on its own first:
 * xor-ing it with the first number straight away made seed 1's pair p the same as seed 2's pair
 * p ^ 3, so two seeds played the same openings.
 */
export function mixSeed(seed: number, ...parts: readonly number[]): number {
  let h = finalise(seed >>> 0);
  for (const part of parts) h = finalise(Math.imul(h ^ (part >>> 0), 0x9e3779b1) >>> 0);
  return h;
}

/** murmur3's 32-bit finaliser: every bit of the input reaches every bit of the output. */
function finalise(x: number): number {
  let h = x;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** The opening of game pair `pair` of a match seeded `seed`. */
export const pairOpening = (rules: Ruleset, plies: number, seed: number, pair: number): Move[] | undefined =>
  randomOpening(rules, plies, seededRandom(mixSeed(seed, pair, 0x6f70)));

/**
 * The opening of game pair `pair` from the ruleset's opening book (`--openings book`): a line of
 * the book, each move drawn as often as the book's self-play played it, to where the book ends.
 * Random plies hand one side an early gift now and then (a soldier left where it is taken at
 * once); the book's lines are the ones the engine thinks sound. Empty where the ruleset has no book.
 */
export function bookPairOpening(rules: Ruleset, seed: number, pair: number): Move[] {
  const random = seededRandom(mixSeed(seed, pair, 0x626b));
  const pos = startingPosition(rules);
  const moves: Move[] = [];
  for (;;) {
    const move = pos.isOver() ? undefined : bookMove(pos, random, 1);
    if (move === undefined) return moves;
    pos.play(move);
    moves.push(move);
  }
}

/**
 * Positions the search of `evenPairOpening` visits to score an opening by default (`--even-nodes`):
 * 20000 passed openings that a search of two seconds scored -306 for the attackers, who then lost
 * them to OpenTafl at 250 ms and at 1000 ms a move.
 */
export const EVEN_NODES = 200_000;
/**
 * The attackers' score of `pos` by `search` bounded by `nodes` positions, cleared first so that
 * it is the same on any machine and whatever was searched before.
 */
export function attackersScore(search: Search, pos: Position, nodes: number): number {
  search.clear();
  const { score } = search.run(pos, { nodes });
  return pos.turn === 'attackers' ? score : -score;
}

/** Random openings drawn for a pair before `evenPairOpening` gives up. */
const EVEN_ATTEMPTS = 200;

/**
 * The opening of game pair `pair` among the random ones that leave the game about even
 * (`--even MARGIN`): `plies` random plies whose position the engine's search, bounded by `nodes`
 * (the same on any machine), scores within `margin` centi-soldiers of the start's
 * score, from the attackers' side. A random opening now and then decides the game: against
 * OpenTafl, four random plies left the attackers two soldiers short (1. g4-g6 d5-g5xg6 2. d7-c7
 * g5-g4xf4), and whoever played them then lost. Undefined when no such opening is found.
 */
export function evenPairOpening(
  rules: Ruleset,
  plies: number,
  seed: number,
  pair: number,
  margin: number,
  nodes = EVEN_NODES,
  search: Search = new Search(),
): Move[] | undefined {
  const even = attackersScore(search, startingPosition(rules), nodes);
  for (let attempt = 0; attempt < EVEN_ATTEMPTS; attempt++) {
    const opening = randomOpening(rules, plies, seededRandom(mixSeed(seed, pair, 0x6576, attempt)));
    if (opening === undefined) return undefined;
    const pos = startingPosition(rules);
    for (const move of opening) pos.play(move);
    if (Math.abs(attackersScore(search, pos, nodes) - even) <= margin) return opening;
  }
  return undefined;
}
