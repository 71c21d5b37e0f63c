/**
 * Accounts through the real server (docs/online.md, "Accounts"), on both databases: sign up, sign in, the wrong
 * password, signing out (and a replayed cookie after it), every session out, the password
 * changed, hostile input, and nothing secret in the logs.
 */

import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  SESSION_IDLE_MS,
  type AccountState,
  type AttachResult,
  type ErrorBody,
  type SeatGrant,
  type SignedIn,
} from '../src/protocol.js';
import { apiAs, cookieOf, signIn, signUp, userName, type Session } from './accounts-harness.js';
import { BACKENDS, api, freshDatabase, startServer, type ServerProcess } from './harness.js';

/** A refusal's code, after checking that it comes with a sentence. */
function codeOf(body: unknown): string {
  const error = (body as ErrorBody).error;
  expect(ERROR_CODES).toContain(error.code);
  expect(error.message.length).toBeGreaterThan(8);
  return error.code;
}

const createRequest = { rules: 'brandub-fr', side: 'attackers', time: { kind: 'none' }, name: 'Guest' };

describe.each(BACKENDS)('accounts on %s', (backend) => {
  let server: ServerProcess;
  let remove: () => Promise<void>;
  let base: string;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    server = await startServer(database.setup);
    base = server.url;
  });
  afterAll(async () => {
    await server?.stop();
    await remove?.();
  });

  const account = (session: Session | undefined) =>
    apiAs<AccountState>(base, '/api/account', session).then((r) => r.body);

  it('signs up: 201, the account, a session cookie (httpOnly, SameSite=Lax, Path=/) and a CSRF token', async () => {
    const name = userName('Alice');
    const { status, body, response } = await apiAs<SignedIn>(base, '/api/account/signup', undefined, {
      body: { name, password: 'correct horse' },
    });
    expect(status).toBe(201);
    expect(body.user.name).toBe(name);
    expect(body.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.seats).toEqual([]);
    const [line] = response.headers.getSetCookie();
    expect(line).toMatch(/^tafl_session=[A-Za-z0-9_-]{43}; /);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Path=/');
    expect(line).toContain(`Max-Age=${SESSION_IDLE_MS / 1000}`);
    expect(line).not.toContain('Secure'); // plain HTTP here; over TLS it is Secure (csrf.test.ts)
    const session = { cookie: cookieOf(response)!, csrf: body.csrf };
    expect(await account({ ...session, user: body.user, seats: [] })).toEqual({
      user: body.user,
      csrf: body.csrf,
    });
    expect(await account(undefined)).toEqual({ user: null, csrf: null });
  });

  it('refuses a name taken in another case (409), and the first account is untouched', async () => {
    const name = userName('Brigid');
    await signUp(base, name, 'first password');
    const { status, body } = await apiAs(base, '/api/account/signup', undefined, {
      body: { name: name.toUpperCase(), password: 'second password' },
    });
    expect(status).toBe(409);
    expect(codeOf(body)).toBe('auth/name-taken');
    expect((await signIn(base, name.toLowerCase(), 'first password')).user.name).toBe(name);
    const wrong = await apiAs(base, '/api/account/signin', undefined, {
      body: { name, password: 'second password' },
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses bad names and passwords, each with a sentence, and makes no account', async () => {
    const cases: [unknown, unknown, string][] = [
      ['ab', 'correct horse', 'auth/name'],
      ['x'.repeat(21), 'correct horse', 'auth/name'],
      ['two words', 'correct horse', 'auth/name'],
      ['Éamonn', 'correct horse', 'auth/name'],
      ['name.dot', 'correct horse', 'auth/name'],
      [userName('Cian'), 'short', 'auth/password'],
      [userName('Cian'), 'p'.repeat(201), 'auth/password'],
    ];
    for (const [name, password, code] of cases) {
      const { status, body } = await apiAs(base, '/api/account/signup', undefined, {
        body: { name, password },
      });
      expect(status, `${String(name).slice(0, 30)}`).toBe(400);
      expect(codeOf(body)).toBe(code);
    }
    // The names refused for their password were not taken.
    const refused = cases[5]![0] as string;
    const signin = await apiAs(base, '/api/account/signin', undefined, {
      body: { name: refused, password: 'short' },
    });
    expect(signin.status).toBe(401);
    expect((await signUp(base, refused)).user.name).toBe(refused);
  });

  it('signs in (any case of the name); a wrong password or an unknown name is 401, with no cookie', async () => {
    const name = userName('Deirdre');
    const made = await signUp(base, name);
    const again = await signIn(base, name.toLowerCase());
    expect(again.user).toEqual(made.user);
    expect(again.cookie).not.toBe(made.cookie);
    expect(again.csrf).not.toBe(made.csrf);
    for (const body of [
      { name, password: 'wrong horse' },
      { name: userName('Nobody'), password: 'correct horse' },
    ]) {
      const {
        status,
        body: refused,
        response,
      } = await apiAs(base, '/api/account/signin', undefined, { body });
      expect(status).toBe(401);
      expect(codeOf(refused)).toBe('auth/wrong');
      expect(cookieOf(response)).toBeUndefined();
    }
    // Both sessions are live: two devices.
    expect((await account(made)).user?.name).toBe(name);
    expect((await account(again)).user?.name).toBe(name);
  });

  it('signs out: the replayed cookie is signed out (401) and changes nothing; the other device stays', async () => {
    const name = userName('Eithne');
    const phone = await signUp(base, name);
    const laptop = await signIn(base, name);
    const out = await apiAs(base, '/api/account/signout', phone, { method: 'POST' });
    expect(out.status).toBe(204);
    expect(out.response.headers.getSetCookie()[0]).toMatch(/^tafl_session=; .*Max-Age=0/);
    // The same cookie again, with its CSRF token, as an attacker who copied it would send it.
    expect(await account(phone)).toEqual({ user: null, csrf: null });
    for (const [path, body] of [
      ['/api/account/signout', undefined],
      ['/api/account/signout-all', undefined],
      ['/api/account/password', { current: 'correct horse', password: 'hijacked pass' }],
      ['/api/account/delete', { password: 'correct horse' }],
      ['/api/account/seats', { seats: [] }],
    ] as const) {
      const replay = await apiAs(base, path, phone, { method: 'POST', ...(body ? { body } : {}) });
      expect(replay.status, path).toBe(401);
      expect(codeOf(replay.body)).toBe('auth/required');
    }
    const seat = await apiAs(base, '/api/games/AAAAAAAAAA/seat', phone);
    expect(seat.status).toBe(401);
    // On the game routes the replayed cookie is a guest's: the seat is not the account's.
    const game = await apiAs<SeatGrant>(base, '/api/games', phone, { body: createRequest });
    expect(game.status).toBe(201);
    expect(game.body.game.seats.attackers.name).toBe('Guest');
    expect(game.body.game.seats.attackers.player ?? null).toBeNull();
    // Nothing changed: the password is the same, the account is there, the laptop signed in.
    expect((await signIn(base, name, 'correct horse')).user.name).toBe(name);
    expect((await account(laptop)).user?.name).toBe(name);
  });

  it('signs out everywhere: every session of the account is revoked, other accounts keep theirs', async () => {
    const name = userName('Fionn');
    const one = await signUp(base, name);
    const two = await signIn(base, name);
    const other = await signUp(base, userName('Grainne'));
    expect((await apiAs(base, '/api/account/signout-all', two, { method: 'POST' })).status).toBe(204);
    expect((await account(one)).user).toBeNull();
    expect((await account(two)).user).toBeNull();
    expect((await account(other)).user?.name).toBe(other.user.name);
  });

  it('changes the password: the current one is checked, other sessions revoked, this one kept', async () => {
    const name = userName('Oisin');
    const here = await signUp(base, name, 'old password');
    const elsewhere = await signIn(base, name, 'old password');
    const change = (current: unknown, password: unknown) =>
      apiAs(base, '/api/account/password', here, { body: { current, password } });
    const wrong = await change('not my password', 'new password');
    expect(wrong.status).toBe(401);
    expect(codeOf(wrong.body)).toBe('auth/wrong');
    const weak = await change('old password', 'short');
    expect(weak.status).toBe(400);
    expect(codeOf(weak.body)).toBe('auth/password');
    // Neither changed anything.
    expect((await account(elsewhere)).user?.name).toBe(name);
    expect((await change('old password', 'new password')).status).toBe(204);
    expect((await account(here)).user?.name).toBe(name);
    expect((await account(elsewhere)).user).toBeNull();
    const old = await apiAs(base, '/api/account/signin', undefined, {
      body: { name, password: 'old password' },
    });
    expect(old.status).toBe(401);
    expect((await signIn(base, name, 'new password')).user.name).toBe(name);
  });

  it('answers hostile input with clear errors, changes nothing, and keeps running', async () => {
    const name = userName('Hostile');
    const cases: [unknown, number, string][] = [
      [{ name: 'n'.repeat(10_000), password: 'correct horse' }, 400, 'auth/name'],
      [{ name: 12345, password: 'correct horse' }, 400, 'msg/schema'],
      [{ name, password: 12345678 }, 400, 'msg/schema'],
      [{ name: [name], password: 'correct horse' }, 400, 'msg/schema'],
      [{ name, password: { toString: 'x' } }, 400, 'msg/schema'],
      [{ name, password: 'correct horse', admin: true }, 400, 'msg/schema'],
      [{ name, password: 'correct horse', toString: 'x' }, 400, 'msg/schema'],
      ['{"name": "x_y_z", "password": "correct horse", "__proto__": {"admin": true}}', 400, 'msg/json'],
      [{ name, password: 'correct horse', seats: 'all' }, 400, 'msg/schema'],
      [{ name, password: 'correct horse', seats: [{ game: 'x', token: 'y' }] }, 400, 'msg/schema'],
      [
        { name, password: 'correct horse', seats: Array(201).fill({ game: 'AAAAAAAAAA', token: 'y' }) },
        400,
        'msg/schema',
      ],
      [{ name }, 400, 'msg/schema'],
      [[name, 'correct horse'], 400, 'msg/schema'],
      ['null', 400, 'msg/schema'],
      ['"text"', 400, 'msg/schema'],
      ['{"name": ', 400, 'msg/json'],
      [{ name, password: 'p'.repeat(20_000) }, 413, 'msg/size'],
    ];
    for (const path of ['/api/account/signup', '/api/account/signin'])
      for (const [body, status, code] of cases) {
        const got = await apiAs(base, path, undefined, { body });
        expect(got.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
        expect(codeOf(got.body)).toBe(code);
      }
    // A cookie of garbage (and several): signed out, not an error.
    for (const cookie of [
      'tafl_session=garbage',
      'tafl_session=' + 'A'.repeat(43),
      'tafl_session=' + 'x'.repeat(4000),
      'tafl_session',
      '=;;;=tafl_session=;',
      `tafl_session="${'B'.repeat(43)}"; tafl_session=%00`,
    ]) {
      const got = await apiAs<AccountState>(base, '/api/account', { cookie, csrf: 'x' });
      expect(got.status, cookie.slice(0, 30)).toBe(200);
      expect(got.body).toEqual({ user: null, csrf: null });
      const out = await apiAs(base, '/api/account/signout', { cookie, csrf: 'x' }, { method: 'POST' });
      expect(out.status).toBe(401);
    }
    // The password and seats routes, signed in, check their bodies too.
    const session = await signUp(base, name);
    for (const [path, body] of [
      ['/api/account/password', { current: 1, password: 'new password' }],
      ['/api/account/password', { current: 'correct horse' }],
      ['/api/account/password', { current: 'correct horse', password: ['new password'] }],
      ['/api/account/delete', { password: null }],
      ['/api/account/delete', { password: 'correct horse', also: 1 }],
      ['/api/account/seats', { seats: {} }],
      ['/api/account/seats', { seats: [{ game: 'AAAAAAAAAA' }] }],
      ['/api/account/seats', {}],
    ] as const) {
      const got = await apiAs(base, path, session, { body });
      expect(got.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(codeOf(got.body)).toBe('msg/schema');
    }
    // Nothing changed, and the server answers.
    expect((await signIn(base, name)).user.name).toBe(name);
    expect((await api(base, '/api/lobby')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('attaches no seat it cannot: unknown games and wrong tokens are passed over', async () => {
    const session = await signUp(base, userName('Lir'));
    const guest = (await api<SeatGrant>(base, '/api/games', createRequest)).body;
    const { status, body } = await apiAs<AttachResult>(base, '/api/account/seats', session, {
      body: {
        seats: [
          { game: 'ZZZZZZZZZZ', token: 'whatever' },
          { game: guest.game.id, token: 'not-the-token' },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body.seats).toEqual([]);
    const game = (await api<SeatGrant['game']>(base, `/api/games/${guest.game.id}`)).body;
    expect(game.seats.attackers.name).toBe('Guest');
  });
});

describe('nothing secret in the logs', () => {
  it('writes neither the password, nor the session token, nor the CSRF token, at debug level', async () => {
    const server = await startServer({ env: { LOG_LEVEL: 'debug' } });
    let out = '';
    (server.child.stdout as Readable).on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      const password = 'secret-password-4711';
      const name = userName('Logged');
      const first = await signUp(server.url, name, password);
      const second = await signIn(server.url, name, password);
      await apiAs(server.url, '/api/account/password', second, {
        body: { current: password, password: `${password}-new` },
      });
      await apiAs(server.url, '/api/account/signin', undefined, {
        body: { name, password: `${password}-bad` },
      });
      await apiAs(server.url, '/api/account', first);
      await apiAs(server.url, '/api/games', second, { body: createRequest });
      await apiAs(server.url, '/api/account/signout', second, { method: 'POST' });
      // A refused request (no CSRF token) is logged too.
      await apiAs(server.url, '/api/account/signout', { ...first, csrf: 'wrong' }, { method: 'POST' });
      const logged = server.log() + out;
      expect(logged).toContain('/api/account/signin'); // the requests are logged...
      for (const secret of [
        password,
        first.cookie.split('=')[1]!,
        second.cookie.split('=')[1]!,
        first.csrf,
        second.csrf,
      ])
        expect(logged).not.toContain(secret); // ...but none of their secrets
    } finally {
      await server.stop();
    }
  });
});
