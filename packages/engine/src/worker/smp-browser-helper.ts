/** A search's helper thread in a browser: smp.ts's `serveHelper` in a Web Worker started by an engine's worker. */

import { serveHelper, type HelperFailure, type HelperSearch } from './smp.js';

/** The part of a dedicated worker's global scope used here (the engine compiles without the DOM library). */
declare const self: {
  postMessage(message: HelperFailure): void;
  onmessage: ((event: { readonly data: HelperSearch }) => void) | null;
};

const handle = serveHelper((failure) => self.postMessage(failure));
self.onmessage = (event) => handle(event.data);
