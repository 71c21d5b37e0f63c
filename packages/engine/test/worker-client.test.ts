// The caller's side (client.ts) over stand-in workers the test drives by hand: which worker's
// messages count, what a stop and a failed worker do, and the watchdog of a timed search.
import { presetById, startingPosition } from '@tafl/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine, type SpawnWorker } from '../src/worker/client.js';
import { ENGINE_ERRORS, type FromWorker, type ToWorker } from '../src/worker/protocol.js';

interface StandIn {
  readonly posted: ToWorker[];
  terminated: boolean;
  busy: boolean;
  answer(message: FromWorker): void;
  fail(error: Error): void;
}

/** A spawn whose workers only record what they are sent; the test answers for them. */
function standIns(): { spawn: SpawnWorker; workers: StandIn[] } {
  const workers: StandIn[] = [];
  const spawn: SpawnWorker = (onMessage, onError) => {
    const worker: StandIn = { posted: [], terminated: false, busy: false, answer: onMessage, fail: onError };
    workers.push(worker);
    return {
      post: (message) => worker.posted.push(message),
      terminate: () => (worker.terminated = true),
      busy: (busy) => (worker.busy = busy),
    };
  };
  return { spawn, workers };
}

const info = (depth: number, pv: number[]) => ({ depth, score: 0, pv, nodes: 100, timeMs: 1, nps: 100 });

afterEach(() => {
  vi.useRealTimers();
});

describe('the engine client', () => {
  it('starts a worker at once, and sends it the request with an id', () => {
    const { spawn, workers } = standIns();
    const engine = createEngine(spawn);
    expect(workers).toHaveLength(1);
    void engine.start({ rules: 'brandub-fr', limits: { depth: 2 } });
    expect(workers[0]!.posted).toEqual([
      { rules: 'brandub-fr', limits: { depth: 2 }, type: 'search', id: 1, sentAt: expect.any(Number) },
    ]);
    expect(workers[0]!.busy).toBe(true);
  });

  it('reports progress and resolves with the result, ignoring other ids', async () => {
    const { spawn, workers } = standIns();
    const engine = createEngine(spawn);
    const depths: number[] = [];
    const result = engine.start({ rules: 'brandub-fr' }, (i) => depths.push(i.depth));
    const worker = workers[0]!;
    worker.answer({ type: 'progress', id: 7, info: info(9, [1]) }); // not this search's
    worker.answer({ type: 'progress', id: 1, info: info(1, [2]) });
    worker.answer({ type: 'result', id: 1, move: 2, info: info(1, [2]) });
    expect(await result).toEqual({ move: 2, info: info(1, [2]), stopped: false });
    expect(depths).toEqual([1]);
    expect(worker.busy).toBe(false);
  });

  it('stops with the last depth, ends the worker and starts the next one', async () => {
    const { spawn, workers } = standIns();
    const engine = createEngine(spawn);
    const result = engine.start({ rules: 'brandub-fr' });
    workers[0]!.answer({ type: 'progress', id: 1, info: info(3, [5, 6]) });
    engine.stop();
    expect(await result).toEqual({ move: 5, info: info(3, [5, 6]), stopped: true });
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    workers[0]!.answer({ type: 'result', id: 1, move: 9, info: info(4, [9]) }); // too late, ignored
    engine.stop(); // nothing running: nothing happens
    expect(workers).toHaveLength(2);
  });

  it('answers a stop before any depth with a depth-1 search of its own', async () => {
    const { spawn } = standIns();
    const engine = createEngine(spawn);
    const result = engine.start({ rules: 'ard-ri-fr' });
    engine.stop();
    const { move, info: found, stopped } = await result;
    expect(stopped).toBe(true);
    expect(found.depth).toBe(1);
    expect(startingPosition(presetById('ard-ri-fr')!).isLegal(move!)).toBe(true);
  });

  it('rejects with the worker’s error, code and sentence', async () => {
    const { spawn, workers } = standIns();
    const engine = createEngine(spawn);
    const result = engine.start({ rules: 'tablut' });
    workers[0]!.answer({ type: 'error', id: 1, code: ENGINE_ERRORS.rules, message: 'no such ruleset' });
    await expect(result).rejects.toMatchObject({ code: ENGINE_ERRORS.rules, message: 'no such ruleset' });
  });

  it('rejects when the worker fails, and starts another only for the next search', async () => {
    const { spawn, workers } = standIns();
    const engine = createEngine(spawn);
    const result = engine.start({ rules: 'brandub-fr' });
    workers[0]!.fail(new Error('out of memory'));
    await expect(result).rejects.toMatchObject({
      code: ENGINE_ERRORS.worker,
      message: "the engine's worker failed: out of memory",
    });
    expect(workers).toHaveLength(1);
    void engine.start({ rules: 'brandub-fr' });
    expect(workers).toHaveLength(2);
    expect(workers[1]!.posted[0]).toMatchObject({ id: 2 });
  });

  it('stops a timed search that has not answered a little after its budget', async () => {
    vi.useFakeTimers();
    const { spawn, workers } = standIns();
    const engine = createEngine(spawn);
    let settled = false;
    workers[0]!.answer({ type: 'ready' });
    const result = engine.start({ rules: 'brandub-fr', limits: { timeMs: 200 } });
    void result.then(() => (settled = true));
    workers[0]!.answer({ type: 'progress', id: 1, info: info(2, [8]) });
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await result).toMatchObject({ move: 8, stopped: true });
  });

  it('waits for a worker still starting: the watchdog starts when the worker is ready', async () => {
    vi.useFakeTimers();
    const { spawn, workers } = standIns();
    const engine = createEngine(spawn);
    let settled = false;
    const result = engine.start({ rules: 'brandub-fr', limits: { timeMs: 200 } });
    void result.then(() => (settled = true));
    // A loaded machine: the worker takes two seconds to start. Its answer is still awaited.
    await vi.advanceTimersByTimeAsync(2000);
    expect(settled).toBe(false);
    workers[0]!.answer({ type: 'ready' });
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(false);
    workers[0]!.answer({ type: 'result', id: 1, move: 4, info: info(1, [4]) });
    expect(await result).toEqual({ move: 4, info: info(1, [4]), stopped: false });
    // Once ready, the next search's watchdog runs from its start.
    let next = false;
    const second = engine.start({ rules: 'brandub-fr', limits: { timeMs: 200 } });
    void second.then(() => (next = true));
    workers[0]!.answer({ type: 'progress', id: 2, info: info(2, [6]) });
    await vi.advanceTimersByTimeAsync(300);
    expect(next).toBe(true);
    expect(await second).toMatchObject({ move: 6, stopped: true });
  });

  it('rejects a request that is not plain data', async () => {
    const engine = createEngine(() => ({
      post: (message) => void structuredClone(message),
      terminate: () => undefined,
    }));
    const request = { rules: 'brandub-fr', limits: { depth: 1 }, extra: () => 1 };
    await expect(engine.start(request)).rejects.toThrow();
  });

  it('refuses to start once disposed, and ends its worker', async () => {
    const { spawn, workers } = standIns();
    const engine = createEngine(spawn);
    const running = engine.start({ rules: 'brandub-fr' });
    workers[0]!.answer({ type: 'progress', id: 1, info: info(1, [3]) });
    engine.dispose();
    expect(await running).toMatchObject({ move: 3, stopped: true });
    expect(workers.map((w) => w.terminated)).toEqual([true]);
    await expect(engine.start({ rules: 'brandub-fr' })).rejects.toMatchObject({
      code: ENGINE_ERRORS.disposed,
    });
  });
});
