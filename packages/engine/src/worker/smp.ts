/**
 * One search on several threads, young brothers wait: the first thread is an ordinary `Search`;
 * each helper thread runs a `Search` of its own over the same transposition table, a
 * SharedArrayBuffer (tt.ts), on the same position. A thread that has searched the first move of
 * a node while another waits for work opens a split point there, and the waiting threads take
 * its other moves one at a time (`Search.help`, search.ts), until the first thread's search ends
 * and raises the stop flag.
 *
 * This file is the same in Node and in browsers. `helperPool` runs on the thread that searches
 * (an engine's worker, or a match's), starting the helpers with a `SpawnHelper` the platform
 * gives (smp-node.ts, browser-worker.ts); `serveHelper` is what a helper runs. The game crosses as
 * an engine request (its ruleset, start and moves), so a helper's position has the same history
 * and the same repetitions as the first thread's.
 */

import type { Position } from '@tafl/core';
import { requestFor } from '../bot.js';
import { Search, type HelperEvaluation, type SearchHelpers, type SearchOptions } from '../search.js';
import { tableBytes } from '../tt.js';
import { positionOf, rulesOf } from './game.js';
import { MAX_THREADS, type EngineRequest } from './protocol.js';

export { MAX_THREADS };

/** To a helper: work at the split points of a search of this game until `stop[0]` is set. */
export interface HelperSearch {
  readonly type: 'search';
  /** Which helper this is (1, 2, ...). */
  readonly index: number;
  /** The pool's number: a helper keeps its `Search` while the pool and the ruleset stay. */
  readonly pool: number;
  /** The table's memory and its size (log2 of its entries); the same on every search of a pool. */
  readonly table: SharedArrayBuffer;
  readonly bits: number;
  readonly age: number;
  /** The first thread was cleared since its last search (a new game): the helper forgets too. */
  readonly fresh: boolean;
  readonly stop: Int32Array;
  readonly game: EngineRequest;
  /** The first thread's weights and draw's worth: the helper scores positions as it does. */
  readonly evaluation: HelperEvaluation;
}

/** From a helper: a search it could not run (a bug: the first thread's game is valid). */
export interface HelperFailure {
  readonly type: 'failed';
  readonly message: string;
}

export interface HelperPort {
  post(message: HelperSearch): void;
  terminate(): void;
}

/** Starts a helper thread running `serveHelper`; `onFailure` hears of a search it could not run. */
export type SpawnHelper = (onFailure: (message: string) => void) => HelperPort;

/** The helpers of one or more searches, and the table they share. */
export interface HelperPool {
  readonly table: SharedArrayBuffer;
  readonly bits: number;
  readonly helpers: SearchHelpers;
  /** Ends the helper threads. */
  close(): void;
}

/**
 * `threads - 1` helpers (none for one thread) and a table of 2^bits entries for a `Search` to
 * share with them: `new Search({ ...sharedBy(pool), weights })`.
 * The helpers are started at the first search.
 */
export function helperPool(spawn: SpawnHelper, threads: number, bits = 20): HelperPool {
  const pool = ++pools;
  const table = new SharedArrayBuffer(tableBytes(bits));
  const count = Math.max(0, Math.min(threads, MAX_THREADS) - 1);
  const ports: HelperPort[] = [];
  let failure: string | undefined;
  const helpers: SearchHelpers = {
    count,
    start(pos: Position, stop: Int32Array, age: number, fresh: boolean, evaluation: HelperEvaluation) {
      while (ports.length < count) ports.push(spawn((message) => (failure ??= message)));
      if (failure !== undefined) throw new Error(`a search helper failed: ${failure}`);
      const game = gameOf(pos);
      ports.forEach((port, i) =>
        port.post({ type: 'search', index: i + 1, pool, table, bits, age, fresh, stop, game, evaluation }),
      );
    },
  };
  return {
    table,
    bits,
    helpers,
    close() {
      for (const port of ports.splice(0)) port.terminate();
    },
  };
}

let pools = 0;

/** The options of a `Search` that searches with the pool's helpers on their shared table. */
export const sharedBy = (pool: HelperPool): Pick<SearchOptions, 'table' | 'ttBits' | 'helpers'> => ({
  table: pool.table,
  ttBits: pool.bits,
  helpers: pool.helpers,
});

/** The game of `pos` as a request. */
const gameOf = (pos: Position): EngineRequest => ({ ...requestFor(pos), rules: pos.rules });

/**
 * A helper thread's message handler: one `Search` per table, ruleset and evaluation (the first
 * thread's weights and draw's worth), kept between searches.
 */
export function serveHelper(onFailure: (failure: HelperFailure) => void): (message: HelperSearch) => void {
  let search: { key: string; search: Search } | undefined;
  return (message) => {
    try {
      // Before the stop is looked at: a search stopped before its helper got to it still began a new game.
      if (message.fresh) search?.search.clear();
      if (Atomics.load(message.stop, 0) !== 0) return;
      const rules = rulesOf(message.game);
      if (!rules.ok) throw new Error(rules.message);
      const pos = positionOf(rules.value, message.game);
      if (!pos.ok) throw new Error(pos.message);
      const { weights, drawScore } = message.evaluation;
      const key = `${message.pool} ${message.index} ${JSON.stringify([message.game.rules, weights, drawScore])}`;
      if (search?.key !== key)
        search = {
          key,
          search: new Search({
            weights,
            drawScore,
            table: message.table,
            ttBits: message.bits,
            helperIndex: message.index,
          }),
        };
      search.search.tableAge = message.age;
      search.search.help(pos.value, message.stop);
    } catch (e) {
      onFailure({ type: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  };
}
