// The worker's side (serve.ts) run in this thread with its messages collected: what it answers,
// and that its answers depend on the request and its game alone, so that a seed and a node limit
// make them reproducible.
import { geometry, makeMoveSquares, presetById } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { serve } from '../src/worker/serve.js';
import {
  ENGINE_ERRORS,
  type EngineRequest,
  type FromWorker,
  type WorkerReply,
  type ResultMessage,
} from '../src/worker/protocol.js';

/** A fresh worker's handler and the messages it has posted. */
function worker(): { ask: (request: EngineRequest, sentAt?: number) => WorkerReply[] } {
  const posted: WorkerReply[] = [];
  const handle = serve((message) => message.type !== 'ready' && posted.push(message));
  let id = 0;
  const ask = (request: EngineRequest, sentAt = Date.now()): WorkerReply[] => {
    const from = posted.length;
    handle({ ...request, type: 'search', id: ++id, sentAt });
    return posted.slice(from);
  };
  return { ask };
}

const resultOf = (messages: WorkerReply[]): ResultMessage => {
  const last = messages[messages.length - 1]!;
  if (last.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(last)}`);
  return last;
};

/** The parts of a result that do not depend on time. */
const untimed = (r: ResultMessage) => ({
  move: r.move,
  depth: r.info.depth,
  score: r.info.score,
  pv: r.info.pv,
  nodes: r.info.nodes,
});

describe('serve, the worker side', () => {
  it('says it is ready once, before any request (the client’s watchdog waits for it)', () => {
    const posted: FromWorker[] = [];
    const handle = serve((message) => posted.push(message));
    expect(posted).toEqual([{ type: 'ready' }]);
    handle({ rules: 'brandub-fr', limits: { depth: 1 }, type: 'search', id: 1, sentAt: Date.now() });
    expect(posted.filter((m) => m.type === 'ready')).toHaveLength(1);
  });

  it('posts a progress message per depth, then the result, all with the request id', () => {
    const { ask } = worker();
    const messages = ask({ rules: 'brandub-fr', limits: { depth: 4 } });
    expect(messages.map((m) => m.type)).toEqual(['progress', 'progress', 'progress', 'progress', 'result']);
    expect(messages.every((m) => m.id === 1)).toBe(true);
    expect(resultOf(messages).info.depth).toBe(4);
  });

  it('answers a request as a fresh worker would after searching another game', () => {
    const request: EngineRequest = { rules: 'ard-ri-es', moves: ['c1-c2'], limits: { nodes: 8_000 } };
    const fresh = resultOf(worker().ask(request));
    const busy = worker();
    busy.ask({ rules: 'plazoleta', limits: { nodes: 8_000 } });
    busy.ask({ rules: 'ard-ri-es', moves: ['c1-b1'], limits: { nodes: 8_000 } });
    expect(untimed(resultOf(busy.ask(request)))).toEqual(untimed(fresh));
    expect(untimed(resultOf(busy.ask(request)))).toEqual(untimed(fresh)); // the same request again
  });

  it('plays a game the same way twice, move after move, given node limits', () => {
    const play = (): (number | undefined)[] => {
      const { ask } = worker();
      const moves: string[] = [];
      const played: (number | undefined)[] = [];
      for (let ply = 0; ply < 4; ply++) {
        const { move } = resultOf(ask({ rules: 'brandubh-en', moves, limits: { nodes: 4_000 } }));
        played.push(move);
        moves.push(makeMoveSquares(geometry(7), move!));
      }
      return played;
    };
    expect(play()).toEqual(play());
  });

  for (const level of [1, 2, 3]) {
    it(`chooses the same move at level ${level} for the same seed`, () => {
      const request: EngineRequest = { rules: 'ard-ri-fr', moves: ['c3-b3'], limits: { level, seed: 42 } };
      expect(resultOf(worker().ask(request)).move).toBe(resultOf(worker().ask(request)).move);
    });
  }

  it('still searches a request that waited past its time, for the shortest time', () => {
    const { ask } = worker();
    const result = resultOf(ask({ rules: 'brandub-fr', limits: { timeMs: 50 } }, Date.now() - 60_000));
    expect(result.move).toEqual(expect.any(Number));
  });

  it('answers an exception with an error message, and serves on', () => {
    const { ask } = worker();
    const broken = { ...presetById('brandub-fr')!, start: undefined as unknown as string };
    const [error] = ask({ rules: broken });
    expect(error).toMatchObject({ type: 'error', code: ENGINE_ERRORS.internal });
    expect(resultOf(ask({ rules: 'brandub-fr', limits: { depth: 1 } })).move).toBeDefined();
  });

  it('refuses limits of the wrong kind, naming them', () => {
    const { ask } = worker();
    const refusal = (limits: object) => ask({ rules: 'brandub-fr', limits })[0];
    expect(refusal({ timeMs: 0 })).toMatchObject({
      code: ENGINE_ERRORS.limits,
      message: expect.stringContaining('time'),
    });
    expect(refusal({ depth: 1.5 })).toMatchObject({ message: expect.stringContaining('depth') });
    expect(refusal({ clock: { remainingMs: -5, incrementMs: 0 } })).toMatchObject({
      message: expect.stringContaining('remaining'),
    });
    expect(refusal({ seed: Number.NaN })).toMatchObject({ message: expect.stringContaining('seed') });
  });
});
