/// <reference types="node" />
/**
 * The engine in Node: each engine searches in a worker thread of its own, so neither a server
 * nor the command line is ever blocked by a search (`@tafl/engine/node`). The worker loads the
 * built node-worker.js next to this file. An idle worker does not keep the process alive.
 *
 * The engine package compiles without Node's types (it runs in browsers too); this file and
 * node-worker.ts bring them in with the reference above.
 */

import { Worker } from 'node:worker_threads';
import type { GameAnalysis } from '@tafl/core';
import { analyseGameWith, type AnalyseGameOptions, type GameAnalysisRequest } from './analyse.js';
import { createEngine, type SpawnWorker, type WorkerPort } from './client.js';
import type { Engine, FromWorker } from './protocol.js';

export * from './protocol.js';
export { createEngine, type SpawnWorker, type WorkerPort } from './client.js';
export { moveBudget, timeForMove } from './clock.js';
export * from './analyse.js';
export type { SearchInfo, SearchLine } from '../search.js';
export { nodeCores, nodeHelperPool, spawnNodeHelper } from './smp-node.js';
export { helperPool, sharedBy, type HelperPool, type SpawnHelper } from './smp.js';

/** Starts a worker thread running serve.ts (node-worker.js); an idle one does not hold the process. */
export const spawnNodeWorker: SpawnWorker = (onMessage, onError): WorkerPort => {
  const worker = new Worker(new URL('./node-worker.js', import.meta.url));
  let ending = false;
  worker.unref();
  worker.on('message', (message: FromWorker) => onMessage(message));
  worker.on('error', onError);
  worker.on('exit', (code) => {
    if (!ending) onError(new Error(`the worker thread exited with code ${code}`));
  });
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => {
      ending = true;
      void worker.terminate();
    },
    busy: (busy) => (busy ? worker.ref() : worker.unref()),
  };
};

/** An engine searching in a worker thread; `dispose()` it when done. */
export function createNodeEngine(): Engine {
  return createEngine(spawnNodeWorker);
}

/** Analyses every position of a game on worker threads (two by default); see analyse.ts. */
export function analyseGame(
  request: GameAnalysisRequest,
  options: AnalyseGameOptions = {},
): Promise<GameAnalysis | undefined> {
  return analyseGameWith(spawnNodeWorker, request, options);
}
