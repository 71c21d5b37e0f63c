/**
 * Cross-site request forgery (docs/deploy.md, "Limits"): a state-changing request from another site is refused,
 * with or without a session, and a signed-in one without the session's CSRF token too; and
 * nothing changed by the refused request. Guests and programs (no Origin, no cookie) pass.
 * With the pure checks of sessions.ts first.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossSite, crossSiteRequest, sessionCookie, sessionToken } from '../src/accounts/sessions.js';
import type { ErrorBody, Lobby, SeatGrant, SignedIn } from '../src/protocol.js';
import { apiAs, cookieOf, signIn, signUp, userName } from './accounts-harness.js';
import { api, startServer, type ServerProcess } from './harness.js';

describe('the cross-site checks (sessions.ts)', () => {
  it('refuses another origin or a cross-site fetch, and lets the own origin and programs through', () => {
    const host = 'tafl.example:8080';
    expect(crossSite(undefined, undefined, host)).toBeUndefined();
    expect(crossSite('http://tafl.example:8080', undefined, host)).toBeUndefined();
    // Behind a TLS proxy the scheme differs; the host is what counts.
    expect(crossSite('https://tafl.example', undefined, 'tafl.example')).toBeUndefined();
    expect(crossSite('https://TAFL.example', 'same-origin', 'tafl.example:443')).toBeUndefined();
    expect(crossSite(undefined, 'none', host)).toBeUndefined();
    for (const [origin, site] of [
      ['http://evil.example', undefined],
      ['http://tafl.example:8081', undefined],
      ['http://tafl.example.evil.example:8080', undefined],
      ['null', undefined],
      ['not a url', undefined],
      ['file:///etc/passwd', undefined],
      [undefined, 'cross-site'],
      [undefined, 'same-site'],
      ['http://tafl.example:8080', 'cross-site'],
      // Anything but the two values a browser sends for its own site's requests.
      ['http://tafl.example:8080', 'same-origin, cross-site'],
      ['http://tafl.example:8080', 'unknown'],
    ] as const)
      expect(crossSite(origin, site, host), `${origin} ${site}`).toMatch(/another site|does not read/);
    expect(crossSite('http://tafl.example', undefined, undefined)).toBeDefined();
    // A request's own headers: an Origin sent twice is refused, not read once.
    const at = (headers: Record<string, string | string[]>) => crossSiteRequest({ headers, host });
    expect(at({ origin: 'http://tafl.example:8080', 'sec-fetch-site': 'same-origin' })).toBeUndefined();
    expect(at({ origin: ['http://tafl.example:8080', 'http://evil.example'] })).toBeDefined();
    expect(at({ origin: 'http://tafl.example:8080, http://evil.example' })).toBeDefined();
  });

  it('reads the session cookie among others, and ignores what has not a token’s form', () => {
    const token = 'a'.repeat(43);
    expect(sessionToken(`theme=dark; tafl_session=${token}; lang=fr`)).toBe(token);
    expect(sessionToken(`tafl_session=${token}`)).toBe(token);
    expect(sessionToken(`tafl_session="${token}"`)).toBe(token);
    expect(sessionToken(`tafl_session=short; tafl_session=${token}`)).toBe(token);
    for (const header of [
      undefined,
      '',
      'tafl_session=',
      `tafl_session=${token}x`,
      `other=${token}`,
      `tafl_session=${'é'.repeat(43)}`,
    ])
      expect(sessionToken(header)).toBeUndefined();
    expect(sessionCookie(token, true)).toBe(
      `tafl_session=${token}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(sessionCookie(undefined, false)).toBe('tafl_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
  });
});

describe('cross-site requests against the server', () => {
  let server: ServerProcess;
  let base: string;
  beforeAll(async () => {
    // Behind a proxy on this machine: X-Forwarded-Proto says whether the browser used TLS.
    server = await startServer({ env: { TRUST_PROXY: 'loopback' } });
    base = server.url;
  });
  afterAll(() => server?.stop());

  const evil = { origin: 'http://evil.example' };
  const createRequest = { rules: 'brandub-fr', side: 'attackers', time: { kind: 'none' }, name: 'Guest' };
  const mine = async (name: string) =>
    (await api<Lobby>(base, '/api/lobby')).body.open.filter((g) => g.seats.attackers.player === name);

  it('refuses a forged cross-site request carrying a valid cookie (403), and nothing changes', async () => {
    const name = userName('Victim');
    const victim = await signUp(base, name, 'victim password');
    // The forged requests: the browser sends the cookie (and even the token, were it leaked).
    for (const [path, body] of [
      ['/api/account/password', { current: 'victim password', password: 'attacker password' }],
      ['/api/account/delete', { password: 'victim password' }],
      ['/api/account/signout-all', undefined],
      ['/api/games', createRequest],
    ] as const) {
      const forged = await apiAs<ErrorBody>(base, path, victim, {
        method: 'POST',
        ...(body ? { body } : {}),
        headers: evil,
      });
      expect(forged.status, path).toBe(403);
      expect(forged.body.error.code).toBe('csrf/refused');
      const fetched = await apiAs<ErrorBody>(base, path, victim, {
        method: 'POST',
        ...(body ? { body } : {}),
        headers: { origin: undefined, 'sec-fetch-site': 'cross-site' },
      });
      expect(fetched.status, path).toBe(403);
    }
    // Nothing changed: the session lives, the password is the same, no game was made.
    expect((await apiAs<SignedIn>(base, '/api/account', victim)).body.user?.name).toBe(name);
    expect((await signIn(base, name, 'victim password')).user.name).toBe(name);
    const made = await apiAs<SeatGrant>(base, '/api/games', victim, { body: createRequest });
    expect(made.status).toBe(201);
    expect(await mine(name)).toHaveLength(1);
  });

  it("refuses a signed-in request without the session's CSRF token, or with another's (403)", async () => {
    const name = userName('Tokenless');
    const session = await signUp(base, name);
    const other = await signUp(base, userName('Other'));
    for (const csrf of [undefined, '', 'x'.repeat(43), other.csrf, session.csrf.slice(0, -1)]) {
      const headers = { 'x-tafl-csrf': csrf };
      const game = await apiAs<ErrorBody>(base, '/api/games', session, { body: createRequest, headers });
      expect(game.status, String(csrf)).toBe(403);
      expect(game.body.error.code).toBe('csrf/refused');
      const out = await apiAs(base, '/api/account/signout', session, { method: 'POST', headers });
      expect(out.status).toBe(403);
    }
    expect(await mine(name)).toEqual([]);
    expect((await apiAs<SignedIn>(base, '/api/account', session)).body.user?.name).toBe(name);
  });

  it('lets guests and programs through: no cookie and no Origin, or the own origin (any scheme)', async () => {
    expect((await api(base, '/api/games', createRequest)).status).toBe(201);
    const host = new URL(base).host;
    for (const origin of [base, `https://${host}`]) {
      const got = await apiAs(base, '/api/games', undefined, { body: createRequest, headers: { origin } });
      expect(got.status, origin).toBe(201);
    }
    const guestFromElsewhere = await apiAs<ErrorBody>(base, '/api/games', undefined, {
      body: createRequest,
      headers: evil,
    });
    expect(guestFromElsewhere.status).toBe(403);
    // Sign-in from another site is refused too (a login forgery would sign the victim in as the attacker).
    const name = userName('Lured');
    await signUp(base, name);
    const lured = await apiAs<ErrorBody>(base, '/api/account/signin', undefined, {
      body: { name, password: 'correct horse' },
      headers: evil,
    });
    expect(lured.status).toBe(403);
    expect(cookieOf(lured.response)).toBeUndefined();
  });

  it('marks the cookie Secure when the browser came over TLS (a trusted proxy says so)', async () => {
    const tls = await apiAs(base, '/api/account/signup', undefined, {
      body: { name: userName('Secure'), password: 'correct horse' },
      headers: { 'x-forwarded-proto': 'https', origin: `https://${new URL(base).host}` },
    });
    expect(tls.status).toBe(201);
    expect(tls.response.headers.getSetCookie()[0]).toMatch(/; Secure$/);
    const plain = await apiAs(base, '/api/account/signup', undefined, {
      body: { name: userName('Plain'), password: 'correct horse' },
    });
    expect(plain.response.headers.getSetCookie()[0]).not.toContain('Secure');
  });
});
