/**
 * A match: its games shared out among `jobs` worker threads, each worker given its next game as
 * soon as it is done with one, and every result handed to `onGame` as it comes (for progress).
 * Workers load the built dist/match/worker.js, so a match runs from the built program only. An
 * outside engine's failure loses its game and the match goes on (game.ts); a game that fails (a
 * level's illegal move is a bug; an engine that cannot be started at all) ends the whole match
 * with its error.
 */

import { Worker } from 'node:worker_threads';
import type { Ruleset } from '@tafl/core';
import type { EngineSpec } from './engines.js';
import type { GameResult } from './game.js';
import type { GameScore } from './stats.js';
import type { EngineTimes, FromWorker, GameTask, ToWorker, WorkerInit } from './tasks.js';

export interface MatchOptions {
  readonly rules: Ruleset;
  readonly engines: { readonly a: EngineSpec; readonly b: EngineSpec };
  /** The games, from `matchTasks`. */
  readonly tasks: readonly GameTask[];
  /** The time of a move, or undefined for the engines' own. */
  readonly timeMs: number | undefined;
  /** An engine's own time a move, in place of `timeMs`. */
  readonly engineTimeMs?: EngineTimes;
  readonly maxPlies: number;
  /** How many games are played at a time, each in a worker thread. */
  readonly jobs: number;
}

export interface PlayedGame extends GameScore {
  readonly task: GameTask;
  readonly result: GameResult;
}

/** A game of the match failed: an outside engine's failure, or a bug (an illegal move of a level). */
export class MatchGameError extends Error {
  constructor(
    readonly index: number,
    readonly detail: string,
    readonly engineFailure: boolean,
  ) {
    super(`game ${index + 1} of the match failed: ${detail}`);
  }
}

const WORKER_URL = new URL('./worker.js', import.meta.url);

/** Plays the match; resolves to the games in the order of `tasks`. */
export async function runMatch(
  options: MatchOptions,
  onGame: (game: PlayedGame) => void = () => undefined,
): Promise<PlayedGame[]> {
  const { tasks } = options;
  const init: WorkerInit = {
    rulesId: options.rules.id,
    engines: options.engines,
    timeMs: options.timeMs,
    ...(options.engineTimeMs !== undefined && { engineTimeMs: options.engineTimeMs }),
    maxPlies: options.maxPlies,
  };
  const jobs = Math.max(1, Math.min(options.jobs, tasks.length));
  const workers = Array.from({ length: jobs }, () => {
    const worker = new Worker(WORKER_URL, { workerData: init });
    return { worker, exited: new Promise<void>((resolve) => worker.once('exit', () => resolve())) };
  });
  const played: PlayedGame[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      const feed = (worker: Worker): void => {
        const task = tasks[next++];
        if (task !== undefined) worker.postMessage({ type: 'play', task } satisfies ToWorker);
      };
      for (const { worker } of workers) {
        worker.on('message', (message: FromWorker) => {
          if (message.type === 'failed')
            reject(new MatchGameError(message.index, message.error, message.engineFailure));
          if (message.type !== 'result') return;
          const task = tasks[message.index]!;
          const game = { task, aSide: task.aSide, winner: message.result.winner, result: message.result };
          played[message.index] = game;
          try {
            onGame(game);
          } catch (e) {
            reject(e);
            return;
          }
          if (++done === tasks.length) resolve();
          else feed(worker);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => reject(new Error(`a match worker stopped early with exit code ${code}`)));
        feed(worker);
      }
      if (tasks.length === 0) resolve();
    });
  } finally {
    await Promise.all(workers.map(close));
  }
  return played;
}

/** How long a worker has to close its players (an OTEP program's process) before it is ended. */
const CLOSE_GRACE_MS = 10_000;

/** Asks a worker to close its players and waits until it has ended, or ends it. */
async function close({ worker, exited }: { worker: Worker; exited: Promise<void> }): Promise<void> {
  worker.postMessage({ type: 'close' } satisfies ToWorker);
  const timer = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
