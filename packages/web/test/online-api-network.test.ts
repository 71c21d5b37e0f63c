// The API's requests and the page's network (src/online/api.ts, src/app/network.ts): a request
// that gets no answer is `net/failed` and makes the server unreachable; the next answer, whatever
// it says, makes it reachable again; no request waits for ever (each carries a time-out signal).
import { describe, expect, it } from 'vitest';
import { pageNetwork } from '../src/app/network.js';
import { REQUEST_TIMEOUT_MS, createApi, type Fetch } from '../src/online/api.js';
import { fetchPlayer } from '../src/players/api.js';

const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status });

describe('requests and the network', () => {
  it('no answer: net/failed and unreachable; an answer, even a refusal: reachable', async () => {
    const stop = pageNetwork().subscribe(() => {});
    try {
      const failing: Fetch = () => Promise.reject(new TypeError('Failed to fetch'));
      const lobby = await createApi(failing, 'http://test/').lobby();
      expect(lobby).toEqual({ ok: false, code: 'net/failed', message: 'Failed to fetch' });
      expect(pageNetwork().snapshot().state).toBe('unreachable');

      const refusing: Fetch = () =>
        Promise.resolve(json({ error: { code: 'player/unknown', message: 'no such player' } }, 404));
      const player = await fetchPlayer('Nobody', refusing);
      expect(player).toMatchObject({ ok: false, code: 'player/unknown' });
      expect(pageNetwork().snapshot().state).toBe('online');

      // The players' pages' requests tell it too.
      await fetchPlayer('Nobody', failing);
      expect(pageNetwork().snapshot().state).toBe('unreachable');
      await createApi(
        () => Promise.resolve(json({ open: [], live: [], finished: [] })),
        'http://test/',
      ).lobby();
      expect(pageNetwork().snapshot().state).toBe('online');
    } finally {
      stop();
    }
  });

  it('each request is given up after 30 s (a time-out signal), and a time-out is net/failed', async () => {
    const seen: (AbortSignal | null | undefined)[] = [];
    const timingOut: Fetch = (_url, init) => {
      seen.push(init?.signal);
      return Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'));
    };
    const answer = await createApi(timingOut, 'http://test/').game('Gggggggg01');
    expect(answer).toMatchObject({ ok: false, code: 'net/failed' });
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(seen[0]).toBeInstanceOf(AbortSignal);
    expect(seen[0]!.aborted).toBe(false);
  });
});
