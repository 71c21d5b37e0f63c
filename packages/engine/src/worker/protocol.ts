/**
 * The engine's one API, for Node (worker threads) and browsers (Web Workers): the `Engine` a
 * caller talks to and the messages its client (client.ts) and worker (serve.ts) exchange.
 *
 * Messages are plain structured-cloneable data, the same in both environments. A request carries
 * the game, not a `Position` (which holds typed arrays and tables): the ruleset (the whole
 * object, or a preset's id), the start position as an OTN record with its side to move, and the
 * moves played since as OTN move records. The worker replays them, so the position it searches
 * has its history, and repetitions count as they do in the game. Moves going back are the core's
 * numbers (`from * 256 + to`, `PASS`), which mean the same on both sides.
 *
 * Two kinds of request: `search` (one position, with progress after every depth: moves, hints,
 * the analysis board's lines) and `analyse` (a run of positions of one game at one depth, each
 * answered as a core `PlyEval`: the whole-game analysis of analyse.ts).
 */

import type { Move, PlyEval, Ruleset, Side } from '@tafl/core';
import type { SearchInfo } from '../search.js';

/** A player's clock: the time left for the rest of the game, and what each move adds. */
export interface Clock {
  readonly remainingMs: number;
  readonly incrementMs: number;
}

/**
 * What bounds a search; the first bound reached ends it. With none at all the search runs until
 * `stop()` (analysis). A search is deterministic given a seed and a node or depth limit, as long
 * as no time bound is reached first.
 */
export interface EngineLimits {
  /** Play as level 1 to 6 (levels.ts), within the level's time budget. */
  readonly level?: number;
  /** At most this many milliseconds for this move. */
  readonly timeMs?: number;
  /** Take a share of the clock for this move (clock.ts `timeForMove`). */
  readonly clock?: Clock;
  /** The deepest iteration. */
  readonly depth?: number;
  /** About this many nodes at most. */
  readonly nodes?: number;
  /** The seed of the lower levels' noise (a random one when absent). */
  readonly seed?: number;
  /** How many best lines to find, 1 to 5 (`SearchInfo.lines`); ignored when playing at a level. */
  readonly multiPv?: number;
  /**
   * An analysis: the search deepens until its time is spent, where play answers early (a single
   * move, or moves that are all mirror images of one; a best move stable for some depths).
   */
  readonly analysis?: boolean;
  /**
   * Search on this many threads (split points, smp.ts), 1 to 8; 1 by default. More than one is used
   * only where the worker can share memory with helper threads (in browsers, a page that is
   * cross-origin isolated), and not for a search bounded by nodes, or by depth alone: such a
   * search stays on one thread, so that it answers the same every time.
   */
  readonly threads?: number;
}

/** A position to search: a game under a ruleset, and the limits. */
export interface EngineRequest {
  /** The ruleset, or the id of a preset. */
  readonly rules: Ruleset | string;
  /** The position the game started from, an OTN record; the ruleset's start when absent. */
  readonly start?: string;
  /** The side to move at `start`; the ruleset's first side when absent. */
  readonly turn?: Side;
  /** The moves played since `start`, as OTN move records (`d2-e2`, `e2-d2xd3`, `pass`). */
  readonly moves?: readonly string[];
  readonly limits?: EngineLimits;
}

/** What a search found: its move (undefined when the game is over) and the last depth's info. */
export interface EngineResult {
  readonly move: Move | undefined;
  readonly info: SearchInfo;
  /** True when `stop()` (or the time watchdog) ended the search before its limits did. */
  readonly stopped: boolean;
}

/** The engine as the app, a server or the CLI see it, whatever runs the search. */
export interface Engine {
  /**
   * Searches the request's position off the calling thread, calling `onProgress` after every
   * finished depth. A `start` while another search runs stops that one first (its promise
   * resolves with its best move so far). Rejects with an `EngineError` on a bad request.
   */
  start(request: EngineRequest, onProgress?: (info: SearchInfo) => void): Promise<EngineResult>;
  /** Resolves the running search's promise at once with its best move so far. */
  stop(): void;
  /** Stops any search and ends the worker; a disposed engine starts nothing more. */
  dispose(): void;
}

/** The most threads a search may use (`EngineLimits.threads`). */
export const MAX_THREADS = 8;

export const ENGINE_ERRORS = {
  rules: 'ERR_ENGINE_RULES',
  position: 'ERR_ENGINE_POSITION',
  move: 'ERR_ENGINE_MOVE',
  limits: 'ERR_ENGINE_LIMITS',
  worker: 'ERR_ENGINE_WORKER',
  disposed: 'ERR_ENGINE_DISPOSED',
  internal: 'ERR_ENGINE_INTERNAL',
} as const;
export type EngineErrorCode = (typeof ENGINE_ERRORS)[keyof typeof ENGINE_ERRORS];

/** A request the engine cannot serve: a code for programs and one sentence for people. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

// ---------------------------------------------------------------------------------------------
// Messages

/** Client to worker: search this, replying with the same `id`. */
export interface SearchMessage extends EngineRequest {
  readonly type: 'search';
  readonly id: number;
  /** `Date.now()` when the client sent it: waiting for the worker counts against the time. */
  readonly sentAt: number;
}
/**
 * Client to worker: analyse these positions of one game (the position after `plies[i]` moves),
 * each searched to `depth`, answering with a `ply` message for each and `analysed` at the end.
 * The worker takes them from the latest back (the game is replayed once and taken back move by
 * move), and keeps its search's table from one position to the next and across the messages of
 * one game, so the later positions' findings help the earlier ones.
 */
export interface AnalyseMessage {
  readonly type: 'analyse';
  readonly id: number;
  readonly rules: Ruleset | string;
  readonly start?: string;
  readonly turn?: Side;
  readonly moves: readonly string[];
  readonly plies: readonly number[];
  readonly depth: number;
}
export type ToWorker = SearchMessage | AnalyseMessage;

/** A finished depth. */
export interface ProgressMessage {
  readonly type: 'progress';
  readonly id: number;
  readonly info: SearchInfo;
}

/** The end of a search. */
export interface ResultMessage {
  readonly type: 'result';
  readonly id: number;
  readonly move: Move | undefined;
  readonly info: SearchInfo;
}

/** A request that could not be served. */
export interface ErrorMessage {
  readonly type: 'error';
  readonly id: number;
  readonly code: EngineErrorCode;
  readonly message: string;
}

/** One position of an analysis done: its entry, and what its search cost. */
export interface PlyMessage {
  readonly type: 'ply';
  readonly id: number;
  readonly ply: number;
  readonly eval: PlyEval;
  readonly nodes: number;
  readonly timeMs: number;
}

/** Every position of an `analyse` message done. */
export interface AnalysedMessage {
  readonly type: 'analysed';
  readonly id: number;
}

/**
 * The worker builds endgame tables before it searches (`building` true), or has built them
 * (false): the time it takes does not count against the search's budget, so the client holds its
 * watchdog meanwhile.
 */
export interface TablesMessage {
  readonly type: 'tables';
  readonly id: number;
  readonly building: boolean;
}

/**
 * The worker has loaded and reads its messages (sent once, first). A timed search's watchdog
 * starts when its worker is ready: a worker that takes long to start (a loaded machine) is no
 * search overrunning its time, and the search counts the wait against its budget anyway.
 */
export interface ReadyMessage {
  readonly type: 'ready';
}

export type FromWorker =
  | ProgressMessage
  | ResultMessage
  | ErrorMessage
  | PlyMessage
  | AnalysedMessage
  | TablesMessage
  | ReadyMessage;

/** What a worker posts in answer to a request: everything but its one `ready` at the start. */
export type WorkerReply = Exclude<FromWorker, ReadyMessage>;
