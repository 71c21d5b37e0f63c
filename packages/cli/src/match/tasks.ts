/**
 * What the match sends its worker threads and gets back, as plain structured-cloneable data, and
 * the schedule of a match: game pair k is games 2k and 2k+1, from the same opening, engine A the
 * attackers in the first and the defenders in the second.
 */

import type { Move, Ruleset, Side } from '@tafl/core';
import type { EngineSpec } from './engines.js';
import type { GameResult } from './game.js';
import { Search } from '@tafl/engine';
import { bookPairOpening, evenPairOpening, mixSeed, pairOpening } from './openings.js';

/** What every worker of a match is started with. */
export interface WorkerInit {
  /** A preset's id (a worker cannot be sent a frozen Ruleset with its notes). */
  readonly rulesId: string;
  readonly engines: { readonly a: EngineSpec; readonly b: EngineSpec };
  readonly timeMs: number | undefined;
  /** An engine's own time a move, in place of `timeMs` (`--a-time`, `--b-time`). */
  readonly engineTimeMs?: EngineTimes;
  readonly maxPlies: number;
}

/** Each engine's own time a move, where the match gives it one. */
export interface EngineTimes {
  readonly a?: number;
  readonly b?: number;
}

/** One game to play. */
export interface GameTask {
  /** The game's number from 0; games 2k and 2k+1 are pair k. */
  readonly index: number;
  readonly opening: readonly Move[];
  /** The side engine A plays. */
  readonly aSide: Side;
  /** The seeds of engine A and engine B in this game. */
  readonly seeds: { readonly a: number; readonly b: number };
}

export type ToWorker = { readonly type: 'play'; readonly task: GameTask } | { readonly type: 'close' };

export type FromWorker =
  | { readonly type: 'result'; readonly index: number; readonly result: GameResult }
  | {
      readonly type: 'failed';
      readonly index: number;
      readonly error: string;
      /** True when an outside engine failed (not a bug of ours). */
      readonly engineFailure: boolean;
    };

/**
 * The games of a match of `pairs` pairs: openings of `plies` random moves drawn from `seed` (or,
 * with `'book'`, a line of the ruleset's opening book drawn from it, `bookPairOpening`; with
 * `evenMargin`, random ones that leave the game about even, `evenPairOpening`; with a suite, its
 * openings in turn, pair k from opening k, round again when the pairs outnumber them), and the
 * players' seeds. Undefined when no opening of that many plies lets the game go on.
 */
export function matchTasks(
  rules: Ruleset,
  pairs: number,
  plies: number | 'book' | readonly (readonly Move[])[],
  seed: number,
  /** Only random openings the engine scores within this many centi-soldiers of the start's score. */
  evenMargin?: number,
  /** The positions of the search that scores them. */
  evenNodes?: number,
): GameTask[] | undefined {
  const tasks: GameTask[] = [];
  const search = evenMargin === undefined ? undefined : new Search();
  for (let pair = 0; pair < pairs; pair++) {
    const opening =
      typeof plies === 'object'
        ? plies[pair % plies.length]
        : plies === 'book'
          ? bookPairOpening(rules, seed, pair)
          : search !== undefined && evenMargin !== undefined
            ? evenPairOpening(rules, plies, seed, pair, evenMargin, evenNodes, search)
            : pairOpening(rules, plies, seed, pair);
    if (opening === undefined) return undefined;
    for (const aSide of ['attackers', 'defenders'] as const) {
      const index = tasks.length;
      tasks.push({
        index,
        opening,
        aSide,
        seeds: { a: mixSeed(seed, index, 1), b: mixSeed(seed, index, 2) },
      });
    }
  }
  return tasks;
}
