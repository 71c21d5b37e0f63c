/**
 * Whole-game analysis on several workers: every position of a game searched to one depth, the
 * result a `GameAnalysis` (core's analysis.ts) ready to be kept with the game.
 *
 * The positions are cut into runs of consecutive plies, handed out latest first to whichever
 * worker is free; a worker searches its run from the latest position back and keeps its table
 * for the whole game (serve-analysis.ts), so each run profits from the runs it did before. A
 * position the rules have finished (only the last can be) takes its result, without a search.
 * Stopping ends the workers at once (a synchronous search reads no message) and resolves
 * `undefined`.
 */

import {
  MAX_ANALYSIS_DEPTH,
  finishedEval,
  type GameAnalysis,
  type PlyEval,
  type Ruleset,
  type Side,
} from '@tafl/core';
import type { SpawnWorker, WorkerPort } from './client.js';
import { positionOf, rulesOf } from './game.js';
import { ENGINE_ERRORS, EngineError, type FromWorker } from './protocol.js';

/**
 * The depth a game is analysed at by default. Measured on the first 60 plies of a real Brandubh
 * game (line 509 of core's brandubh-525.csv) against depth 10: depth 8's best move agrees in
 * 42 of 61 positions and its winning chances are 0.09 off on average (depth 6: 37 and 0.16;
 * depth 9: 48 and 0.06 but twice the nodes). The whole game is about 6.4 million nodes, 3.2
 * million a worker: 5 to 8 s on two workers of a 2-core machine that other work kept busy (load
 * 3 to 5), within the 10 s budget (`npm run bench` prints it).
 */
export const ANALYSIS_DEPTH = 8;

/** The game to analyse, as the engine's requests give a game. */
export interface GameAnalysisRequest {
  /** The ruleset, or the id of a preset. */
  readonly rules: Ruleset | string;
  /** The start position, an OTN record; the ruleset's start when absent. */
  readonly start?: string;
  /** The side to move at `start`; the ruleset's first side when absent. */
  readonly turn?: Side;
  /** The moves played, OTN move records. */
  readonly moves: readonly string[];
  /** The depth of every search, 1 to MAX_ANALYSIS_DEPTH; ANALYSIS_DEPTH when absent. */
  readonly depth?: number;
}

/** The part of an `AbortSignal` used here (the engine compiles without the DOM library). */
export interface StopSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** What one position's search cost. */
export interface PlyCost {
  readonly nodes: number;
  readonly timeMs: number;
}

export interface AnalyseGameOptions {
  /** How many workers to start (2 by default). */
  readonly workers?: number;
  /** Stops the analysis: the workers end and the promise resolves `undefined`. */
  readonly signal?: StopSignal;
  /** Called as each position is done, in the order they finish (not the order of the game). */
  readonly onPly?: (ply: number, entry: PlyEval, cost: PlyCost) => void;
  /**
   * Positions per run handed to a worker; by default a quarter of a worker's share (longer runs
   * share more of the table, shorter ones keep both workers busy to the end).
   */
  readonly run?: number;
}

/**
 * Analyses every position of a game at one depth on workers started by `spawn`. Rejects with an
 * `EngineError` on a request that is not a playable game; resolves `undefined` if stopped.
 */
export function analyseGameWith(
  spawn: SpawnWorker,
  request: GameAnalysisRequest,
  options: AnalyseGameOptions = {},
): Promise<GameAnalysis | undefined> {
  const depth = request.depth ?? ANALYSIS_DEPTH;
  if (!(Number.isInteger(depth) && depth >= 1 && depth <= MAX_ANALYSIS_DEPTH))
    return Promise.reject(
      new EngineError(
        ENGINE_ERRORS.limits,
        `the depth must be a whole number from 1 to ${MAX_ANALYSIS_DEPTH}, not ${depth}`,
      ),
    );
  const rules = rulesOf(request);
  if (!rules.ok) return Promise.reject(new EngineError(rules.code, rules.message));
  const pos = positionOf(rules.value, request);
  if (!pos.ok) return Promise.reject(new EngineError(pos.code, pos.message));
  const last = request.moves.length;
  const plies: (PlyEval | undefined)[] = new Array<PlyEval | undefined>(last + 1).fill(undefined);
  const outcome = pos.value.outcome();
  if (outcome.status !== 'ongoing') {
    plies[last] = finishedEval(outcome.status);
    options.onPly?.(last, plies[last], { nodes: 0, timeMs: 0 });
  }
  const toSearch = outcome.status === 'ongoing' ? last + 1 : last;
  const workers = Math.max(1, Math.min(options.workers ?? 2, toSearch));
  const run = Math.max(1, options.run ?? Math.ceil(toSearch / (workers * 4)));
  /** Runs of plies, latest first. */
  const runs: number[][] = [];
  for (let end = toSearch; end > 0; end -= run)
    runs.push(Array.from({ length: Math.min(run, end) }, (_, i) => end - 1 - i));
  if (options.signal?.aborted) return Promise.resolve(undefined);
  if (runs.length === 0) return Promise.resolve({ version: 2, depth, plies: plies as PlyEval[] });

  return new Promise<GameAnalysis | undefined>((resolve, reject) => {
    const ports: WorkerPort[] = [];
    let active = 0;
    let nextId = 1;
    let over = false;
    const end = (): void => {
      over = true;
      options.signal?.removeEventListener('abort', onAbort);
      for (const port of ports) port.terminate();
    };
    const onAbort = (): void => {
      if (over) return;
      end();
      resolve(undefined);
    };
    const failWith = (error: Error): void => {
      if (over) return;
      end();
      reject(error);
    };
    const next = (port: WorkerPort): void => {
      const chunk = runs.shift();
      if (chunk === undefined) {
        port.busy?.(false);
        if (--active === 0 && !over) {
          end();
          resolve({ version: 2, depth, plies: plies as PlyEval[] });
        }
        return;
      }
      port.post({
        type: 'analyse',
        id: nextId++,
        rules: request.rules,
        ...(request.start !== undefined && { start: request.start }),
        ...(request.turn !== undefined && { turn: request.turn }),
        moves: request.moves,
        plies: chunk,
        depth,
      });
    };
    const receive = (port: WorkerPort, message: FromWorker): void => {
      if (over) return;
      if (message.type === 'ply') {
        plies[message.ply] = message.eval;
        options.onPly?.(message.ply, message.eval, { nodes: message.nodes, timeMs: message.timeMs });
      } else if (message.type === 'analysed') next(port);
      else if (message.type === 'error') failWith(new EngineError(message.code, message.message));
    };
    options.signal?.addEventListener('abort', onAbort);
    try {
      for (let i = 0; i < workers; i++) {
        const port: WorkerPort = spawn(
          (message) => receive(port, message),
          (error) =>
            failWith(new EngineError(ENGINE_ERRORS.worker, `the engine's worker failed: ${error.message}`)),
        );
        ports.push(port);
        port.busy?.(true);
        active++;
        next(port);
      }
    } catch (e) {
      failWith(e instanceof Error ? e : new Error(String(e)));
    }
  });
}
