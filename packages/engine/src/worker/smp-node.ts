/// <reference types="node" />
/**
 * A search's helper threads in Node (smp.ts): worker threads running smp-node-helper.js, the
 * built file next to this one. They do not keep the process alive.
 */

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { helperPool, MAX_THREADS, type HelperFailure, type HelperPool, type SpawnHelper } from './smp.js';

export const spawnNodeHelper: SpawnHelper = (onFailure) => {
  const worker = new Worker(new URL('./smp-node-helper.js', import.meta.url));
  worker.unref();
  worker.on('message', (message: HelperFailure) => onFailure(message.message));
  worker.on('error', (e) => onFailure(e.stack ?? e.message));
  return { post: (message) => worker.postMessage(message), terminate: () => void worker.terminate() };
};

/** Helpers for a search on `threads` threads in all, sharing a table of 2^bits entries. */
export const nodeHelperPool = (threads: number, bits?: number): HelperPool =>
  helperPool(spawnNodeHelper, threads, bits);

/** The threads a search may use here: one per processor, up to MAX_THREADS. */
export const nodeCores = (): number => Math.max(1, Math.min(MAX_THREADS, availableParallelism()));
