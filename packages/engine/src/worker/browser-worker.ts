/**
 * The Web Worker of `createBrowserEngine` (browser.ts): serve.ts bound to the worker's scope.
 * Where the page is cross-origin isolated (so threads may share memory), a search asked for
 * several threads starts its helpers as Web Workers of this worker (smp.ts).
 */

import type { FromWorker, ToWorker } from './protocol.js';
import { serve } from './serve.js';
import type { HelperFailure, HelperSearch, SpawnHelper } from './smp.js';

/** The part of a dedicated worker's global scope used here (the engine compiles without the DOM library). */
declare const self: {
  postMessage(message: FromWorker): void;
  onmessage: ((event: { readonly data: ToWorker }) => void) | null;
  readonly crossOriginIsolated?: boolean;
};

interface HelperWorker {
  postMessage(message: HelperSearch): void;
  terminate(): void;
  onmessage: ((event: { readonly data: HelperFailure }) => void) | null;
  onerror: ((event: { readonly message?: string; preventDefault(): void }) => void) | null;
}
declare const Worker: new (url: URL, options: { type: 'module' }) => HelperWorker;

const spawnHelper: SpawnHelper = (onFailure) => {
  const worker = new Worker(new URL('./smp-browser-helper.js', import.meta.url), { type: 'module' });
  worker.onmessage = (event) => onFailure(event.data.message);
  worker.onerror = (event) => {
    event.preventDefault();
    onFailure(event.message ?? 'the helper could not run');
  };
  return { post: (message) => worker.postMessage(message), terminate: () => worker.terminate() };
};

const shared = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
const handle = serve((message) => self.postMessage(message), shared ? spawnHelper : undefined);
self.onmessage = (event) => handle(event.data);
