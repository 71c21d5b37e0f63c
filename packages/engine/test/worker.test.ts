// The engine in worker threads, as Node programs use it: the built `@tafl/engine/node` (the root
// `npm test` builds first), searching off the main thread, with progress, stop and levels. No
// test depends on how fast anything runs: searches are bounded by nodes or depth, or stopped by
// the test once it has seen what it waits for.
import { PRESETS, playMoveRecord, positionFromOtn, presetById, type Move } from '@tafl/core';
import {
  ENGINE_ERRORS,
  EngineError,
  createNodeEngine,
  type Engine,
  type EngineRequest,
} from '@tafl/engine/node';
import type { SearchInfo } from '@tafl/engine';
import { afterEach, describe, expect, it } from 'vitest';

const engines: Engine[] = [];
const engine = (): Engine => {
  const e = createNodeEngine();
  engines.push(e);
  return e;
};
afterEach(() => {
  for (const e of engines.splice(0)) e.dispose();
});

/** Is `move` legal in the request's position (its start, then its moves)? */
function legalIn(request: EngineRequest, move: Move | undefined): boolean {
  const rules = typeof request.rules === 'string' ? presetById(request.rules)! : request.rules;
  const pos = positionFromOtn(rules, request.start, request.turn);
  if (!pos.ok) throw new Error(pos.message);
  for (const m of request.moves ?? []) expect(playMoveRecord(pos.value, m).ok).toBe(true);
  return move !== undefined && pos.value.isLegal(move);
}

/** Resolves with the first progress reported; the search goes on. */
function started(
  e: Engine,
  request: EngineRequest,
): { first: Promise<SearchInfo>; result: ReturnType<Engine['start']> } {
  let seen: (info: SearchInfo) => void = () => undefined;
  const first = new Promise<SearchInfo>((resolve) => (seen = resolve));
  return { first, result: e.start(request, (info) => seen(info)) };
}

const brandubh: EngineRequest = { rules: 'brandub-fr', moves: ['d2-c2', 'd3-d2'] };

describe('the engine in a worker thread', () => {
  it('answers a node-limited search with a legal move after progress of increasing depth', async () => {
    const progress: SearchInfo[] = [];
    const request = { ...brandubh, limits: { nodes: 20_000 } };
    const result = await engine().start(request, (info) => progress.push(info));
    expect(legalIn(request, result.move)).toBe(true);
    expect(result.stopped).toBe(false);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.map((p) => p.depth)).toEqual(progress.map((_, i) => i + 1));
    expect(result.info.pv[0]).toBe(result.move);
  });

  it('stops at the depth asked for', async () => {
    const result = await engine().start({ rules: 'ard-ri-fr', limits: { depth: 3 } });
    expect(result.info.depth).toBe(3);
    expect(legalIn({ rules: 'ard-ri-fr' }, result.move)).toBe(true);
  });

  it('gives the same move for the same seed and node limit, on one engine and on another', async () => {
    const request: EngineRequest = {
      rules: 'opentafl-brandub',
      moves: ['d2-e2'],
      limits: { nodes: 15_000, seed: 7 },
    };
    const e = engine();
    const first = await e.start(request);
    const again = await e.start(request);
    const elsewhere = await engine().start(request);
    expect(again.move).toBe(first.move);
    expect(again.info).toEqual({ ...first.info, timeMs: again.info.timeMs, nps: again.info.nps });
    expect(elsewhere.move).toBe(first.move);
  });

  it('resolves a stopped search with a legal move, the best of its last finished depth', async () => {
    const request = { ...brandubh, limits: {} }; // no limit: it runs until stopped
    const e = engine();
    const { first, result } = started(e, request);
    const info = await first;
    e.stop();
    const stopped = await result;
    expect(stopped.stopped).toBe(true);
    expect(stopped.info.depth).toBeGreaterThanOrEqual(info.depth);
    expect(stopped.move).toBe(stopped.info.pv[0]);
    expect(legalIn(request, stopped.move)).toBe(true);
  });

  it('resolves a search stopped before its first depth with a legal move all the same', async () => {
    const request = { rules: 'ard-ri-es', limits: {} };
    const e = engine();
    const result = e.start(request);
    e.stop();
    const stopped = await result;
    expect(stopped.stopped).toBe(true);
    expect(legalIn(request, stopped.move)).toBe(true);
  });

  it('searches again after a stop, in a new worker', async () => {
    const e = engine();
    const { first, result } = started(e, { ...brandubh, limits: {} });
    await first;
    e.stop();
    await result;
    const next = await e.start({ ...brandubh, limits: { depth: 2 } });
    expect(next.stopped).toBe(false);
    expect(next.info.depth).toBe(2);
  });

  it('stops the running search when another starts', async () => {
    const e = engine();
    const { first, result } = started(e, { ...brandubh, limits: {} });
    await first;
    const second = e.start({ rules: 'ard-ri-fr', limits: { depth: 2 } });
    expect((await result).stopped).toBe(true);
    expect(legalIn({ rules: 'ard-ri-fr' }, (await second).move)).toBe(true);
  });

  it('runs two engines at the same time', async () => {
    const a = engine();
    const b = engine();
    const requestA = { rules: 'brandub-fr', limits: {} };
    const requestB = { rules: 'ard-ri-fr', limits: {} };
    const runA = started(a, requestA);
    const runB = started(b, requestB);
    await Promise.all([runA.first, runB.first]); // both are searching now
    a.stop();
    b.stop();
    const [resultA, resultB] = await Promise.all([runA.result, runB.result]);
    expect(legalIn(requestA, resultA.move)).toBe(true);
    expect(legalIn(requestB, resultB.move)).toBe(true);
  });

  it('leaves the main thread free: timers keep firing while a search runs', async () => {
    const e = engine();
    const { first, result } = started(e, { ...brandubh, limits: {} });
    await first;
    let ticks = 0;
    // A search blocking this thread would keep these ticks from ever coming, and the test would
    // time out; in a worker it runs on until the test has counted them and stops it.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (++ticks < 5) return;
        clearInterval(timer);
        resolve();
      }, 5);
    });
    e.stop();
    expect((await result).stopped).toBe(true);
    expect(ticks).toBe(5);
  });

  for (const rules of [presetById('brandub-fr')!, presetById('ard-ri-fr')!]) {
    it(`plays a legal move at every level, 1 to 6 (${rules.id})`, async () => {
      const e = engine();
      for (let level = 1; level <= 6; level++) {
        const request = { rules, moves: [], limits: { level, seed: level } };
        const result = await e.start(request);
        expect(legalIn(request, result.move), `level ${level}`).toBe(true);
      }
    });
  }

  it('replays the moves with their history: a third repetition has ended the game', async () => {
    const moves = 'd1-e1 c4-c3 e1-d1 c3-c4 d1-e1 c4-c3 e1-d1 c3-c4'.split(' ');
    const result = await engine().start({ rules: 'opentafl-brandub', moves, limits: { depth: 3 } });
    expect(result.move).toBeUndefined();
  });

  it('takes a ruleset as a whole object as well as by id', async () => {
    const rules = PRESETS.find((r) => r.id === 'plazoleta')!;
    const request = { rules, limits: { depth: 2 } };
    expect(legalIn(request, (await engine().start(request)).move)).toBe(true);
  });

  it('refuses a bad request with a code and one sentence', async () => {
    const e = engine();
    const refusal = (request: EngineRequest) => e.start(request).catch((error: unknown) => error);
    const unknown = await refusal({ rules: 'tablut' });
    expect(unknown).toBeInstanceOf(EngineError);
    expect(unknown).toMatchObject({
      code: ENGINE_ERRORS.rules,
      message: 'there is no ruleset with the id "tablut"',
    });
    expect(await refusal({ rules: 'brandub-fr', moves: ['d2-c2', 'd1-d8'] })).toMatchObject({
      code: ENGINE_ERRORS.move,
      message: expect.stringMatching(/^at ply 2, /),
    });
    expect(await refusal({ rules: 'brandub-fr', start: '/7/' })).toMatchObject({
      code: ENGINE_ERRORS.position,
    });
    expect(await refusal({ rules: 'brandub-fr', limits: { level: 7 } })).toMatchObject({
      code: ENGINE_ERRORS.limits,
    });
    expect(await refusal({ rules: 'brandub-fr', limits: { nodes: -1 } })).toMatchObject({
      code: ENGINE_ERRORS.limits,
    });
    // and the engine goes on serving
    expect((await e.start({ rules: 'brandub-fr', limits: { depth: 1 } })).move).toBeDefined();
  });

  it('starts nothing once disposed', async () => {
    const e = engine();
    e.dispose();
    await expect(e.start({ rules: 'brandub-fr', limits: { depth: 1 } })).rejects.toMatchObject({
      code: ENGINE_ERRORS.disposed,
    });
  });
});
