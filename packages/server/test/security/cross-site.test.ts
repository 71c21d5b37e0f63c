/**
 * Cross-site attacks on a signed-in player, against a real server on each backend (sessions.ts):
 *
 * - forged requests from the victim's browser through every combination of Origin,
 *   Sec-Fetch-Site and Content-Type a page of another site can produce (text/plain,
 *   urlencoded and multipart forms; `Origin: null`; another host, port or scheme; `same-site`,
 *   `cross-site`, `none`; headers missing or sent twice), even carrying the victim's CSRF token
 *   had it leaked, are refused (403 `csrf/refused`) and change nothing; so are the victim's
 *   cookie without the token, or with another session's;
 * - session fixation: a session cookie planted in the victim's browser before the victim signs
 *   in is not the session the victim gets, and signs nobody in afterwards;
 * - a cookie copied before its session ended (sign-out, sign-out everywhere, a new password)
 *   acts for nobody after;
 * - cross-site WebSocket hijacking: a page of another site cannot open the game socket in a
 *   visitor's browser (refused at the upgrade, 403), whatever the spelling of its path; the app
 *   itself and programs (no Origin) still can.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AccountState, ErrorBody, TournamentView } from '../../src/protocol.js';
import { apiAs, cookieOf, signIn, signUp, userName, type Session } from '../accounts-harness.js';
import { BACKENDS, api, freshDatabase, startServer, type ServerProcess } from '../harness.js';
import { TOURNAMENT_ENV, tournamentRequest } from '../tournament-harness.js';
import { errorCode, raw } from './cross-site-harness.js';

const PASSWORD = 'correct horse';
const EVIL = 'http://evil.example';

type Header = readonly [string, string];

/**
 * The forged requests' headers beside the victim's cookie: what a page elsewhere makes a browser
 * send (and a few no browser would, refused all the same). `token`: the victim's CSRF token is
 * sent too, as if it had leaked. `body`: a form's body for its content type.
 */
interface Combination {
  readonly what: string;
  readonly headers: (base: string, host: string) => readonly Header[];
  readonly token: 'victim' | 'none' | 'other' | 'case';
  readonly body?: string;
}

const TEXT = { type: ['Content-Type', 'text/plain'] as Header, body: '{"name":"x"}' };
const FORM = { type: ['Content-Type', 'application/x-www-form-urlencoded'] as Header, body: 'name=x' };
const MULTIPART = {
  type: ['Content-Type', 'multipart/form-data; boundary=b'] as Header,
  body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
};

const COMBINATIONS: readonly Combination[] = [
  {
    what: 'a text/plain form from another site',
    headers: () => [['Origin', EVIL], ['Sec-Fetch-Site', 'cross-site'], TEXT.type],
    token: 'victim',
    body: TEXT.body,
  },
  {
    what: 'an urlencoded form from another site',
    headers: () => [['Origin', EVIL], ['Sec-Fetch-Site', 'cross-site'], FORM.type],
    token: 'victim',
    body: FORM.body,
  },
  {
    what: 'a multipart form from another site',
    headers: () => [['Origin', EVIL], ['Sec-Fetch-Site', 'cross-site'], MULTIPART.type],
    token: 'victim',
    body: MULTIPART.body,
  },
  {
    what: 'Origin: null (a sandboxed frame, a data: page)',
    headers: () => [['Origin', 'null'], ['Sec-Fetch-Site', 'cross-site'], TEXT.type],
    token: 'victim',
    body: TEXT.body,
  },
  {
    what: 'Origin: null without fetch metadata',
    headers: () => [['Origin', 'null'], TEXT.type],
    token: 'victim',
    body: TEXT.body,
  },
  {
    what: 'another site’s Origin without fetch metadata (an older browser)',
    headers: () => [['Origin', EVIL], FORM.type],
    token: 'victim',
    body: FORM.body,
  },
  {
    what: 'the Origin of another port of this host',
    headers: (base) => {
      const url = new URL(base);
      return [['Origin', `http://${url.hostname}:${Number(url.port) + 1}`], FORM.type];
    },
    token: 'victim',
    body: FORM.body,
  },
  {
    what: 'the Origin of another scheme and its port (https)',
    headers: (base) => [['Origin', `https://${new URL(base).hostname}`], FORM.type],
    token: 'victim',
    body: FORM.body,
  },
  {
    what: 'the Origin of a scheme that is not the web’s, with this host',
    headers: (_base, host) => [['Origin', `ftp://${host}`], FORM.type],
    token: 'victim',
    body: FORM.body,
  },
  {
    what: 'an Origin whose name starts with this host’s',
    headers: (base) => {
      const url = new URL(base);
      return [['Origin', `http://${url.hostname}.evil.example:${url.port}`], FORM.type];
    },
    token: 'victim',
    body: FORM.body,
  },
  {
    what: 'an Origin with this host as its user name',
    headers: (_base, host) => [['Origin', `http://${host}@evil.example`], FORM.type],
    token: 'victim',
    body: FORM.body,
  },
  {
    what: 'Sec-Fetch-Site: cross-site without Origin',
    headers: () => [['Sec-Fetch-Site', 'cross-site'], TEXT.type],
    token: 'victim',
    body: TEXT.body,
  },
  {
    what: 'Sec-Fetch-Site: same-site (a sibling host) without Origin',
    headers: () => [['Sec-Fetch-Site', 'same-site'], TEXT.type],
    token: 'victim',
    body: TEXT.body,
  },
  {
    what: 'Sec-Fetch-Site: cross-site beside this site’s Origin',
    headers: (base) => [
      ['Origin', base],
      ['Sec-Fetch-Site', 'cross-site'],
    ],
    token: 'victim',
  },
  {
    what: 'Sec-Fetch-Site: CROSS-SITE in upper case',
    headers: (base) => [
      ['Origin', base],
      ['Sec-Fetch-Site', 'CROSS-SITE'],
    ],
    token: 'victim',
  },
  {
    what: 'Sec-Fetch-Site: none beside another site’s Origin',
    headers: () => [['Origin', EVIL], ['Sec-Fetch-Site', 'none'], TEXT.type],
    token: 'victim',
    body: TEXT.body,
  },
  {
    what: 'an unknown Sec-Fetch-Site',
    headers: (base) => [
      ['Origin', base],
      ['Sec-Fetch-Site', 'same-origin-ish'],
    ],
    token: 'victim',
  },
  {
    what: 'two Origins, this site’s and another’s',
    headers: (base) => [
      ['Origin', base],
      ['Origin', EVIL],
    ],
    token: 'victim',
  },
  {
    what: 'two Sec-Fetch-Site headers, same-origin and cross-site',
    headers: (base) => [
      ['Origin', base],
      ['Sec-Fetch-Site', 'same-origin'],
      ['Sec-Fetch-Site', 'cross-site'],
    ],
    token: 'victim',
  },
  {
    what: 'the cookie alone: no Origin, no fetch metadata, no token',
    headers: () => [TEXT.type],
    token: 'none',
    body: TEXT.body,
  },
  {
    what: 'this site’s Origin and the cookie, but no token',
    headers: (base) => [
      ['Origin', base],
      ['Sec-Fetch-Site', 'same-origin'],
    ],
    token: 'none',
  },
  {
    what: 'this site’s Origin and the cookie, with another session’s token',
    headers: (base) => [
      ['Origin', base],
      ['Sec-Fetch-Site', 'same-origin'],
    ],
    token: 'other',
  },
  {
    what: 'this site’s Origin and the cookie, with the token in swapped case',
    headers: (base) => [
      ['Origin', base],
      ['Sec-Fetch-Site', 'same-origin'],
    ],
    token: 'case',
  },
];

const swapCase = (s: string): string =>
  [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

const accountOf = async (base: string, session: Pick<Session, 'cookie' | 'csrf'>): Promise<string | null> =>
  (await apiAs<AccountState>(base, '/api/account', session)).body.user?.name ?? null;

/** A WebSocket upgrade: 101 when it opens, else the HTTP status and error code it was refused with. */
function upgrade(
  url: string,
  options: { origin?: string; headers?: Record<string, string> },
): Promise<{ status: number; code?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options);
    socket.once('open', () => {
      socket.once('message', () => {
        socket.terminate();
        resolve({ status: 101 });
      });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        const code = (JSON.parse(body) as { error?: { code?: string } }).error?.code;
        resolve({ status: response.statusCode ?? 0, ...(code ? { code } : {}) });
      });
    });
    socket.once('error', reject);
  });
}

describe.each(BACKENDS)('on %s', (backend) => {
  let server: ServerProcess;
  let remove: () => Promise<void>;
  let base: string;
  let host: string;
  let tournament: string;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    server = await startServer({ ...database.setup, env: TOURNAMENT_ENV });
    base = server.url;
    host = new URL(base).host;
    const organiser = await signUp(base, userName('Organiser'));
    const made = await apiAs<TournamentView>(base, '/api/tournaments', organiser, {
      body: tournamentRequest({ startsAt: Date.now() + 3_600_000 }),
    });
    expect(made.status).toBe(201);
    tournament = made.body.id;
  });
  afterAll(async () => {
    await server?.stop();
    await remove?.();
  });

  const entrants = async (): Promise<readonly string[]> =>
    (await api<TournamentView>(base, `/api/tournaments/${tournament}`)).body.entrants;

  it(`refuses ${COMBINATIONS.length} combinations of cross-site headers, and nothing changes`, async () => {
    const victim = await signUp(base, userName('Victim'));
    const other = await signUp(base, userName('Other'));
    const token = { victim: victim.csrf, other: other.csrf, case: swapCase(victim.csrf) } as const;
    const notRefused: string[] = [];
    for (const c of COMBINATIONS)
      for (const path of ['/api/account/signout-all', `/api/tournaments/${tournament}/join`]) {
        const r = await raw(base, {
          method: 'POST',
          target: path,
          headers: [
            ...c.headers(base, host),
            ['Cookie', victim.cookie],
            ...(c.token === 'none' ? [] : ([['x-tafl-csrf', token[c.token]]] as const)),
          ],
          ...(c.body === undefined ? {} : { body: c.body }),
        });
        if (r.status !== 403 || errorCode(r) !== 'csrf/refused')
          notRefused.push(`${c.what}, ${path}: ${r.status} ${errorCode(r) ?? ''}`);
      }
    expect(notRefused).toEqual([]);
    expect(await accountOf(base, victim)).toBe(victim.user.name);
    expect(await entrants()).not.toContain(victim.user.name);

    // The app's own requests pass: the forged ones were refused for what they were.
    const joined = await apiAs(base, `/api/tournaments/${tournament}/join`, victim, { method: 'POST' });
    expect(joined.status).toBe(200);
    expect(await entrants()).toContain(victim.user.name);
    const out = await apiAs(base, '/api/account/signout-all', victim, { method: 'POST' });
    expect(out.status).toBe(204);
    expect(await accountOf(base, victim)).toBeNull();
  });

  it('session fixation: a cookie planted before the sign-in is not the session the victim gets', async () => {
    const name = userName('Fixed');
    await signUp(base, name);
    // A token the attacker made up, and a real session of the attacker's own account.
    const attacker = await signUp(base, userName('Fixer'));
    for (const planted of [`tafl_session=${'A'.repeat(43)}`, attacker.cookie]) {
      // The app reads the session's token first (a real session's must go with the sign-in).
      const before = await apiAs<AccountState>(base, '/api/account', undefined, {
        headers: { cookie: planted },
      });
      const signedIn = await apiAs<AccountState>(base, '/api/account/signin', undefined, {
        body: { name, password: PASSWORD },
        headers: { cookie: planted, ...(before.body.csrf ? { 'x-tafl-csrf': before.body.csrf } : {}) },
      });
      expect(signedIn.status).toBe(200);
      const given = cookieOf(signedIn.response);
      expect(given).toBeDefined();
      expect(given).not.toBe(planted);
      expect(await accountOf(base, { cookie: given!, csrf: '' })).toBe(name);
      // The planted cookie signs nobody in: neither the victim, nor (any longer) the attacker.
      expect(await accountOf(base, { cookie: planted, csrf: '' })).toBeNull();
    }
  });

  it('a cookie copied before its session ended acts for nobody after', async () => {
    const name = userName('Ended');
    await signUp(base, name);
    const act = (session: Session) =>
      apiAs(base, `/api/tournaments/${tournament}/join`, session, { method: 'POST' });
    // The new password comes last: the sign-ins before it use the first.
    const endings: readonly [string, (session: Session, device: Session) => Promise<unknown>][] = [
      ['sign-out', (s) => apiAs(base, '/api/account/signout', s, { method: 'POST' })],
      [
        'sign-out everywhere, on another device',
        (_s, d) => apiAs(base, '/api/account/signout-all', d, { method: 'POST' }),
      ],
      [
        'a new password, on another device',
        async (_s, d) => {
          const changed = await apiAs(base, '/api/account/password', d, {
            body: { current: PASSWORD, password: 'another horse' },
          });
          expect(changed.status).toBe(204);
        },
      ],
    ];
    for (const [what, end] of endings) {
      const copied = await signIn(base, name);
      const device = await signIn(base, name);
      await end(copied, device);
      expect(await accountOf(base, copied), what).toBeNull();
      const refused = await act(copied);
      expect(refused.status, what).toBe(401);
      expect((refused.body as ErrorBody).error.code, what).toBe('auth/required');
    }
    expect(await entrants()).not.toContain(name);
  });

  it('a page of another site cannot open the game socket in a visitor’s browser', async () => {
    const ws = server.ws;
    const spelled = ws.replace('/api/ws', '/%61pi/ws');
    for (const [what, url, options] of [
      ['another site’s Origin', ws, { origin: EVIL }],
      ['Origin: null', ws, { origin: 'null' }],
      ['the Origin of another port', ws, { origin: `http://127.0.0.1:${Number(new URL(base).port) + 1}` }],
      ['Sec-Fetch-Site: cross-site', ws, { headers: { 'sec-fetch-site': 'cross-site' } }],
      ['Sec-Fetch-Site: same-site', ws, { origin: base, headers: { 'sec-fetch-site': 'same-site' } }],
      ['another site’s Origin, the path encoded', spelled, { origin: EVIL }],
    ] as const)
      expect(await upgrade(url, options), what).toEqual({ status: 403, code: 'csrf/refused' });
    // The app's own page, and a program that sends no Origin, open it.
    expect(await upgrade(ws, { origin: base, headers: { 'sec-fetch-site': 'same-origin' } })).toEqual({
      status: 101,
    });
    expect(await upgrade(ws, {})).toEqual({ status: 101 });
    expect(await upgrade(spelled, { origin: base })).toEqual({ status: 101 });
  });
});
