/**
 * The app's side of the analysis kept with a finished online game (online/api.ts): the requests
 * it makes and what it makes of the server's answers. The server's side is
 * packages/server/test/analysis.test.ts, over a real server.
 */

import type { GameAnalysis } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { ApiError, createApi, fetchAnalysis, saveAnalysis, type Fetch } from '../src/online/api.js';

const ANALYSIS: GameAnalysis = { version: 2, depth: 4, plies: [{ score: 12, pv: ['d2-c2'], depth: 4 }] };

/** A server that answers every request with `status` and `body`, and keeps what it was sent. */
function server(
  status: number,
  body: unknown,
): { fetch: Fetch; sent: { url: string; init?: RequestInit }[] } {
  const sent: { url: string; init?: RequestInit }[] = [];
  return {
    sent,
    fetch: (url, init) => {
      sent.push({ url, ...(init ? { init } : {}) });
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    },
  };
}

const refusal = (code: string, message = 'said by the server') => ({ error: { code, message } });
const BASE = 'http://tafl.example/app/';

describe('fetchAnalysis', () => {
  it('reads the analysis of the game beside the page', async () => {
    const s = server(200, ANALYSIS);
    expect(await fetchAnalysis('Ab12Cd34Ef', createApi(s.fetch, BASE))).toEqual(ANALYSIS);
    expect(s.sent[0]!.url).toBe('http://tafl.example/app/api/games/Ab12Cd34Ef/analysis');
  });

  it('gives undefined when the server keeps none', async () => {
    const s = server(404, refusal('analysis/none'));
    expect(await fetchAnalysis('Ab12Cd34Ef', createApi(s.fetch, BASE))).toBeUndefined();
  });

  it('rejects with the code for an unknown game, an answer that is not an analysis, or no server', async () => {
    await expect(
      fetchAnalysis('Ab12Cd34Ef', createApi(server(404, refusal('game/unknown')).fetch, BASE)),
    ).rejects.toMatchObject({
      code: 'game/unknown',
    });
    await expect(
      fetchAnalysis('Ab12Cd34Ef', createApi(server(200, { version: 1 }).fetch, BASE)),
    ).rejects.toBeInstanceOf(ApiError);
    const down: Fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(fetchAnalysis('Ab12Cd34Ef', createApi(down, BASE))).rejects.toMatchObject({
      code: 'net/failed',
    });
  });
});

describe('saveAnalysis', () => {
  it('sends the analysis as JSON with PUT', async () => {
    const s = server(200, { depth: 4 });
    await saveAnalysis('Ab12Cd34Ef', ANALYSIS, createApi(s.fetch, BASE));
    const { url, init } = s.sent[0]!;
    expect(url).toBe('http://tafl.example/app/api/games/Ab12Cd34Ef/analysis');
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(ANALYSIS);
  });

  it('resolves when a deeper analysis is already kept (it stays)', async () => {
    const s = server(409, refusal('analysis/shallower'));
    await expect(saveAnalysis('Ab12Cd34Ef', ANALYSIS, createApi(s.fetch, BASE))).resolves.toBeUndefined();
  });

  it('rejects with the code and the server’s sentence otherwise', async () => {
    for (const [status, code] of [
      [409, 'analysis/not-over'],
      [422, 'analysis/invalid'],
      [429, 'rate/limited'],
      [413, 'msg/size'],
    ] as const) {
      const s = server(status, refusal(code, `because ${code}`));
      await expect(saveAnalysis('Ab12Cd34Ef', ANALYSIS, createApi(s.fetch, BASE))).rejects.toMatchObject({
        code,
        message: `because ${code}`,
      });
    }
  });
});
