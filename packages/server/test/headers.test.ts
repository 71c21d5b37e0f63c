/**
 * The security headers, on every kind of response of a real `npm start` process: the page, a
 * script, a 304, the API, a refusal, a missing file. The CSP lets the app load only from its
 * own origin and no other site frame it.
 */

import { request } from 'node:http';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_ROOT } from '../src/app.js';
import { startServer, type ServerProcess } from './harness.js';

type Headers = Record<string, string | string[] | undefined>;

function send(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = request(
      base + path,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The policy's directives by name: `script-src 'self'` → { 'script-src': ["'self'"] }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

let s: ServerProcess;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

describe('security headers', () => {
  const script = readdirSync(join(DEFAULT_WEB_ROOT, 'assets')).find((f) => /^main-.*\.js$/.test(f));

  it('every kind of response carries them', async () => {
    const page = await send(s.url, '/');
    const responses = {
      page,
      script: await send(s.url, `/assets/${script!}`, { headers: { 'accept-encoding': 'br' } }),
      revalidated: await send(s.url, '/', { headers: { 'if-none-match': String(page.headers.etag) } }),
      lobby: await send(s.url, '/api/lobby'),
      refused: await send(s.url, '/api/games', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"rules":"nonsense"}',
      }),
      missing: await send(s.url, '/nothing/here'),
      // A path that does not decode (an overlong UTF-8 letter): refused before any route.
      unreadable: await send(s.url, '/%C1%A1pi/account'),
      health: await send(s.url, '/healthz'),
    };
    expect(Object.fromEntries(Object.entries(responses).map(([k, r]) => [k, r.status]))).toEqual({
      page: 200,
      script: 200,
      revalidated: 304,
      lobby: 200,
      refused: 400,
      missing: 404,
      unreadable: 400,
      health: 200,
    });
    for (const [what, r] of Object.entries(responses)) {
      expect(r.headers['content-security-policy'], what).toBe(page.headers['content-security-policy']);
      expect(r.headers['x-content-type-options'], what).toBe('nosniff');
      expect(r.headers['referrer-policy'], what).toBe('no-referrer');
      expect(r.headers['x-frame-options'], what).toBe('DENY');
      // Cross-origin isolated, so the engine's workers may share memory (a search on every core).
      expect(r.headers['cross-origin-opener-policy'], what).toBe('same-origin');
      expect(r.headers['cross-origin-embedder-policy'], what).toBe('require-corp');
    }
  });

  it('the policy: everything from the app itself, no framing, no plugins, no base or foreign forms', async () => {
    const csp = (await send(s.url, '/')).headers['content-security-policy'];
    expect(typeof csp).toBe('string');
    const d = directives(csp as string);
    expect(d['default-src']).toEqual(["'self'"]);
    for (const name of ['script-src', 'worker-src', 'connect-src', 'style-src', 'font-src', 'media-src'])
      expect(d[name], name).toEqual(["'self'"]);
    // The board's CSS draws the throne and corners as data: SVG images.
    expect(d['img-src']).toEqual(["'self'", 'data:']);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'none'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    // Nothing unsafe anywhere.
    expect(csp).not.toMatch(/unsafe|\*|https?:|blob:/);
  });
});
