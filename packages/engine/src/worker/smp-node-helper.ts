/// <reference types="node" />
/** A search's helper thread in Node (smp-node.ts): smp.ts's `serveHelper` on the parent port. */

import { parentPort } from 'node:worker_threads';
import { serveHelper, type HelperSearch } from './smp.js';

if (parentPort === null) throw new Error('smp-node-helper.js runs in a worker thread: use nodeHelperPool()');
const port = parentPort;
const handle = serveHelper((failure) => port.postMessage(failure));
port.on('message', (message: HelperSearch) => handle(message));
