/** The Web Worker of `createBrowserEngine` (browser.ts): serve.ts bound to the worker's scope. */

import type { FromWorker, ToWorker } from './protocol.js';
import { serve } from './serve.js';

/** The part of a dedicated worker's global scope used here (the engine compiles without the DOM library). */
declare const self: {
  postMessage(message: FromWorker): void;
  onmessage: ((event: { readonly data: ToWorker }) => void) | null;
};

const handle = serve((message) => self.postMessage(message));
self.onmessage = (event) => handle(event.data);
