// The browser build (`@tafl/engine/browser`) run in Node: a stand-in for the Web Worker global
// starts a worker thread that gives browser-worker.js the `self` of a dedicated worker, so that
// browser.ts and browser-worker.ts are exercised as they are shipped, with the same protocol.
import { Worker as ThreadWorker } from 'node:worker_threads';
import { presetById, startingPosition } from '@tafl/core';
import {
  analyseGame,
  createBrowserEngine,
  type Engine,
  type FromWorker,
  type ToWorker,
} from '@tafl/engine/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The worker's global scope as a browser gives it: `self.postMessage` and `self.onmessage`, with
 * the messages that come before the module has run kept for it, as a browser keeps them.
 */
const SCOPE = `
  const { parentPort, workerData } = require('node:worker_threads');
  const early = [];
  globalThis.self = { postMessage: (data) => parentPort.postMessage(data), onmessage: null };
  parentPort.on('message', (data) => (self.onmessage ? self.onmessage({ data }) : early.push(data)));
  import(workerData.url).then(() => early.splice(0).forEach((data) => self.onmessage({ data })));
`;

/** What browser.ts uses of a Web Worker, over a worker thread. */
class StandInWorker {
  static readonly started: { url: string; type: string }[] = [];
  onmessage: ((event: { data: FromWorker }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  private readonly thread: ThreadWorker;

  constructor(url: URL, options: { type: string }) {
    StandInWorker.started.push({ url: url.href, type: options.type });
    this.thread = new ThreadWorker(SCOPE, { eval: true, workerData: { url: url.href } });
    this.thread.on('message', (data: FromWorker) => this.onmessage?.({ data }));
    this.thread.on('error', (e) => this.onerror?.({ message: e.message, preventDefault: () => undefined }));
  }
  postMessage(message: ToWorker): void {
    this.thread.postMessage(message);
  }
  terminate(): void {
    void this.thread.terminate();
  }
}

const global = globalThis as { Worker?: unknown };
let engine: Engine;
beforeAll(() => {
  global.Worker = StandInWorker;
  engine = createBrowserEngine();
});
afterAll(() => {
  engine.dispose();
  delete global.Worker;
});

describe('the engine in a Web Worker', () => {
  it('starts browser-worker.js next to browser.js as a module worker', () => {
    expect(StandInWorker.started[0]).toEqual({
      url: expect.stringMatching(/\/dist\/worker\/browser-worker\.js$/),
      type: 'module',
    });
  });

  it('answers a search with progress and a legal move', async () => {
    const depths: number[] = [];
    const result = await engine.start({ rules: 'ard-ri-fr', limits: { depth: 3 } }, (info) =>
      depths.push(info.depth),
    );
    expect(depths).toEqual([1, 2, 3]);
    expect(startingPosition(presetById('ard-ri-fr')!).isLegal(result.move!)).toBe(true);
  });

  it('stops a search with the best move of its last depth', async () => {
    let stop = (): void => undefined;
    const first = new Promise<void>((resolve) => (stop = resolve));
    const running = engine.start({ rules: 'brandub-fr', limits: {} }, () => stop());
    await first;
    engine.stop();
    const result = await running;
    expect(result.stopped).toBe(true);
    expect(result.move).toBe(result.info.pv[0]);
    expect(StandInWorker.started.length).toBe(2); // a fresh worker waits for the next search
  });

  it('analyses a whole game on Web Workers of the same script, one entry per position', async () => {
    const before = StandInWorker.started.length;
    const moves = ['a4-a2', 'd3-b3', 'd2-e2', 'd4-d2', 'a2-c2'];
    const analysis = await analyseGame({ rules: 'brandubh-2019', moves, depth: 3 }, { workers: 2 });
    const started = StandInWorker.started.slice(before);
    expect(started).toHaveLength(2);
    expect(
      started.every((w) => w.type === 'module' && w.url.endsWith('/dist/worker/browser-worker.js')),
    ).toBe(true);
    expect(analysis?.plies).toHaveLength(6);
    expect(analysis?.plies[5]).toEqual({ score: 30000, result: 'attackers' });
  });
});
