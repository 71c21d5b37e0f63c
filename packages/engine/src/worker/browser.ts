/**
 * The engine in browsers: each engine searches in a Web Worker (a module worker) of its own, so
 * the page never waits for a search (`@tafl/engine/browser`). The worker is written as
 * `new Worker(new URL('./browser-worker.js', import.meta.url), { type: 'module' })`, the form
 * bundlers (Vite, webpack, esbuild, Parcel) recognise and bundle; a page without a bundler
 * serves dist/worker/ as it is. Elsewhere, `createEngine` takes any other way to start a worker.
 */

import type { GameAnalysis } from '@tafl/core';
import { analyseGameWith, type AnalyseGameOptions, type GameAnalysisRequest } from './analyse.js';
import { createEngine, type SpawnWorker } from './client.js';
import type { Engine, FromWorker, ToWorker } from './protocol.js';

export * from './protocol.js';
export { createEngine, type SpawnWorker, type WorkerPort } from './client.js';
export { moveBudget, timeForMove } from './clock.js';
export * from './analyse.js';
export type { SearchInfo, SearchLine } from '../search.js';

/**
 * The part of a Web Worker used here, declared locally: the engine compiles without the DOM
 * library, which would make every browser global look available to the portable code.
 */
interface WebWorker {
  postMessage(message: ToWorker): void;
  terminate(): void;
  onmessage: ((event: { readonly data: FromWorker }) => void) | null;
  onerror: ((event: { readonly message?: string; preventDefault(): void }) => void) | null;
}
declare const Worker: new (url: URL, options: { type: 'module' }) => WebWorker;

/** Starts a Web Worker running serve.ts (browser-worker.js). */
export const spawnBrowserWorker: SpawnWorker = (onMessage, onError) => {
  const worker = new Worker(new URL('./browser-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (event) => onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onError(new Error(event.message ?? 'the Web Worker could not run'));
  };
  return { post: (message) => worker.postMessage(message), terminate: () => worker.terminate() };
};

/** An engine searching in a Web Worker; `dispose()` it when done. */
export function createBrowserEngine(): Engine {
  return createEngine(spawnBrowserWorker);
}

/** The processors the browser reports, for as many workers (2 when it does not say, at most 4). */
declare const navigator: { readonly hardwareConcurrency?: number } | undefined;
export const browserCores = (): number =>
  Math.max(
    1,
    Math.min(4, (typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency) ?? 2),
  );

/** Analyses every position of a game on Web Workers, one per core by default; see analyse.ts. */
export function analyseGame(
  request: GameAnalysisRequest,
  options: AnalyseGameOptions = {},
): Promise<GameAnalysis | undefined> {
  return analyseGameWith(spawnBrowserWorker, request, { workers: browserCores(), ...options });
}
