/**
 * Levels 1 to 6. Levels 1 to 4 score every root move one to three plies deep (and the forcing
 * moves beyond) and then choose among them with seeded noise on their scores, so they play
 * sensible moves (a win in one is always taken, an open line always seen) but miss deeper ideas;
 * level 5 searches normally to a depth limit, so that it differs from level 6 at any time per
 * move; level 6 is the full engine. On the Brandubh board, and where the king steps to the corners,
 * levels 4 and 5 stand lower (`levelUnder`). Each level has a time budget it answers within; a
 * level given a shorter time by its caller keeps to that.
 *
 * Levels 5 and 6 open from the book of the engine's own self-play (book.ts) while the game is in
 * it, choosing with their `random` so that their games differ; the lower levels find their own
 * openings, as a beginner would. The choice is deterministic given `random`.
 */

import {
  ardRiFr,
  opentaflBrandub,
  seededRandom,
  startingPosition,
  type Move,
  type Position,
  type RuleParameters,
  type Ruleset,
} from '@tafl/core';
import { bookMove } from './book.js';
import { steppingToCorners } from './weights.js';
import { WIN_BOUND, type Search, type SearchLimits, type SearchResult } from './search.js';

export interface Level {
  readonly level: number;
  /** The answer comes within this many milliseconds. */
  readonly timeMs: number;
  /** Depth of the root scoring for the noisy levels; undefined for a normal search. */
  readonly depth?: number;
  /** The deepest a normal search may go (the middle levels); undefined for no limit. */
  readonly maxDepth?: number;
  /** The spread of the noise added to root scores, in centi-soldiers. */
  readonly noise: number;
  /**
   * Plays from the opening book while in it, with this variety (0 to 1, `bookWeights`: 0 the
   * book's best-scoring moves, 1 nearly as often as the self-play played them); undefined: no book.
   */
  readonly book?: number;
}

/**
 * Level 4 scores the moves three plies deep with a spread of 30 (a search to depth 3 until
 * 2026-11-28): after the adjusted late move reductions and the counter move (`a6b6dfe`) the
 * depth-3 search gained more than level 5's depth 6, and under `ard-ri-fr` level 5 scored 69.5% and
 * 67.0% against it (seeds 1 and 2 of `npm run bench:ladder`, 50 pairs at 250 ms a move); against
 * this level 4, 71.0% and 74.0%, with level 4 at 77.5% and 81.5% against level 3. Level 5 at depth
 * 7 instead scored 74.0% against the old level 4, but left level 6 at 69.0% (seed 1).
 */
export const LEVELS: readonly Level[] = [
  { level: 1, timeMs: 300, depth: 1, noise: 1200 },
  { level: 2, timeMs: 300, depth: 1, noise: 150 },
  { level: 3, timeMs: 400, depth: 2, noise: 100 },
  { level: 4, timeMs: 400, depth: 3, noise: 30 },
  { level: 5, timeMs: 600, maxDepth: 6, noise: 0, book: 0.5 },
  { level: 6, timeMs: 1000, noise: 0, book: 0.2 },
];

/**
 * Levels 4 and 5 on the Brandubh board (`lowerMiddleLevels`): there a level 4 searching to depth 3
 * (as it then did elsewhere) and a depth-6 level 5 stood too close to level 5 and level 6 for the
 * level above to score 70% (`npm run bench:ladder`, 50 pairs at 250 ms a move). Where the king
 * steps to the corners (`plazoleta`, whose attackers win most games whoever plays them): level 6
 * against a depth-6 level 5 62%, a depth-4 one 75.5%; a depth-4 level 5 against a depth-3 level 4
 * 57.5%, a depth-2 one 67.5%. Under `brandub-fr` and `opentafl-brandub` the depth-6 level 5 left
 * level 6 at 62.5% and 67.0%, the depth-4 one at 69.0% and 80.0%. So level 4 scores the moves two
 * plies deep with a little noise (as level 3 does with more), and level 5 searches to depth 4.
 */
const BRANDUBH_LEVELS: Readonly<Record<number, (level: Level) => Level>> = {
  4: ({ level, timeMs }) => ({ level, timeMs, depth: 2, noise: 30 }),
  5: (level) => ({ ...level, maxDepth: 4 }),
};

/**
 * Do levels 4 and 5 stand lower under `rules` (`BRANDUBH_LEVELS`): on the Brandubh board, or where
 * the king steps to the corners?
 */
export const lowerMiddleLevels = (rules: RuleParameters): boolean =>
  rules.layout === 'brandubh' || steppingToCorners(rules);

/**
 * The level `config` as it plays under `rules` (`levelMove` applies it, and `levelSearch` for its
 * multi-line analysis); applied to its own result it changes nothing.
 */
export function levelUnder(config: Level, rules: RuleParameters): Level {
  const adjust = lowerMiddleLevels(rules) ? BRANDUBH_LEVELS[config.level] : undefined;
  return adjust === undefined ? config : adjust(config);
}

/** A level as it is but without the opening book (for tests of its search, and for matches). */
export function withoutBook(config: Level): Level {
  const copy: { -readonly [K in keyof Level]: Level[K] } = { ...config };
  delete copy.book;
  return copy;
}

export const levelConfig = (level: number): Level => {
  const found = LEVELS.find((l) => l.level === level);
  if (!found) throw new RangeError(`levels run from 1 to 6, not ${level}`);
  return found;
};

/** The seeded PRNG lives in the core; levels and their callers take it from here too. */
export { seededRandom };

/** Positions each search of `warmUp` visits, within `WARM_UP_MS`. */
const WARM_UP_NODES = 20_000;
/**
 * The most each search of `warmUp` takes: on a loaded machine 20000 positions can take seconds,
 * and an OTEP host waits for the `hello` that follows the warm-up (ours gives up after 10 s).
 */
const WARM_UP_MS = 250;

/**
 * How long each search of `warmUp` takes instead where the search has helper threads. A search
 * bounded by positions runs without its helpers, and they start as cold as the first thread: in a
 * match, level 6 on two threads searched 144000 to 330000 positions in its first four moves of
 * 207 ms and 440000 to 630000 in the same moves of its next games, one thread about 300000
 * throughout. A search bounded by time alone sets them to work, and warms the first thread too.
 */
const HELPER_WARM_UP_MS = 500;

/**
 * Warms `search` up before a clock runs, and clears it. A process's first searches run in V8's
 * interpreter and baseline code until the optimizing compiler has seen them hot, several times
 * slower than later ones, and a move's time cannot cover that: `tafl otep --time 180` answered its
 * first searched moves in up to 244 ms, 206 ms and more in a match. So a player searches the
 * start of a Brandubh and an Ard Ri ruleset (`rules`) for `WARM_UP_NODES` positions each (at most
 * `WARM_UP_MS`; with helper threads, for `HELPER_WARM_UP_MS` each instead) before its first game
 * (the OTEP engine before its `hello`, a match's level before its first game), then forgets them:
 * no game learns from the warm-up.
 */
export function warmUp(search: Search, rules: readonly Ruleset[] = [opentaflBrandub, ardRiFr]): void {
  const limits =
    search.helperThreads > 0 ? { timeMs: HELPER_WARM_UP_MS } : { nodes: WARM_UP_NODES, timeMs: WARM_UP_MS };
  for (const r of rules) search.run(startingPosition(r), limits);
  search.clear();
}

/** A normally distributed number (Box-Muller) from a uniform source. */
const gaussian = (random: () => number): number =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** What `levelMove` answers: a search's result, marked when the move came from the book (`book`). */
export type LevelResult = SearchResult;

/**
 * The move of a level in `pos`. `limits` may tighten the level's own budget (a clock); the
 * noisy levels are deterministic given `random`, the searching ones given a node limit; a book
 * move given `random`.
 */
export function levelMove(
  search: Search,
  pos: Position,
  config: Level,
  random: () => number,
  limits: SearchLimits = {},
  onInfo?: Parameters<Search['run']>[2],
): LevelResult {
  config = levelUnder(config, pos.rules);
  if (config.book !== undefined) {
    const move = bookMove(pos, random, config.book);
    if (move !== undefined)
      return { move, score: 0, depth: 0, pv: [move], nodes: 0, timeMs: 0, nps: 0, book: true };
  }
  // The search stops a little early: a move must reach the caller within the budget.
  const budget = Math.min(limits.timeMs ?? config.timeMs, config.timeMs);
  const timeMs = Math.max(5, Math.floor(budget * 0.85) - 5);
  if (config.depth === undefined) {
    const depth = Math.min(limits.depth ?? Infinity, config.maxDepth ?? Infinity);
    return search.run(pos, { ...limits, timeMs, ...(depth < Infinity ? { depth } : {}) }, onInfo);
  }
  const started = Date.now();
  const scored = search.scoreRootMoves(pos, config.depth, timeMs * 0.8);
  const best = scored[0];
  if (best === undefined) return search.run(pos, { depth: 1 });
  let choice: { move: Move; score: number } = best;
  if (best.score < WIN_BOUND) {
    let top = -Infinity;
    for (const candidate of scored) {
      const noisy = candidate.score + config.noise * gaussian(random);
      if (candidate.score > -WIN_BOUND && noisy > top) {
        top = noisy;
        choice = candidate;
      }
    }
  }
  const timeUsed = Date.now() - started;
  return {
    move: choice.move,
    score: choice.score,
    depth: config.depth,
    pv: [choice.move],
    nodes: 0,
    timeMs: timeUsed,
    nps: 0,
  };
}
