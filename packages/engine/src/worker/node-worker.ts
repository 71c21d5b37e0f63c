/// <reference types="node" />
/** The worker thread of `createNodeEngine` (node.ts): serve.ts bound to the parent port. */

import { parentPort } from 'node:worker_threads';
import type { ToWorker } from './protocol.js';
import { serve } from './serve.js';
import { spawnNodeHelper } from './smp-node.js';

if (parentPort === null) throw new Error('node-worker.js runs in a worker thread: use createNodeEngine()');
const port = parentPort;
const handle = serve((message) => port.postMessage(message), spawnNodeHelper);
port.on('message', (message: ToWorker) => handle(message));
