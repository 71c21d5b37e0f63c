/**
 * Accounts for the server's tests: sign up or in against a real server and make
 * requests as that account, with its session cookie and its CSRF token, as the app does.
 *
 *     const alice = await signUp(server.url, 'alice');
 *     const { status, body } = await apiAs<AccountState>(server.url, '/api/account', alice);
 *     await apiAs(server.url, '/api/games', alice, { method: 'POST', body: {...} });
 */

import type { AccountView, ErrorBody, GuestSeat, SeatKey, SignedIn } from '../src/protocol.js';

/** A signed-in test client: what requests as the account send. */
export interface Session {
  /** The Cookie header's value: `tafl_session=...`. */
  readonly cookie: string;
  /** The session's CSRF token (sent as x-tafl-csrf). */
  readonly csrf: string;
  readonly user: AccountView;
  /** The guest seats attached by the sign-up or sign-in. */
  readonly seats: readonly SeatKey[];
}

export interface AsInit {
  /** Default: POST when there is a body, else GET. */
  readonly method?: string;
  /** JSON (a string is sent as it is). */
  readonly body?: unknown;
  /** More headers, or overrides (`origin: undefined` leaves Origin out). */
  readonly headers?: Record<string, string | undefined>;
}

/** The session cookie in a response's Set-Cookie headers, as a Cookie header's value. */
export function cookieOf(response: Response): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const first = line.split(';')[0]!.trim();
    if (first.startsWith('tafl_session=') && first.length > 'tafl_session='.length) return first;
  }
  return undefined;
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/**
 * A request as `session` (its cookie, its CSRF token and `Origin: base`, as the app in a browser
 * sends them); `session` undefined: as a guest (no cookie), still with `Origin: base`.
 */
export async function apiAs<T>(
  base: string,
  path: string,
  session: Pick<Session, 'cookie' | 'csrf'> | undefined,
  init: AsInit = {},
): Promise<{ status: number; body: T; response: Response }> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { origin: base };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (session) {
    headers.cookie = session.cookie;
    headers['x-tafl-csrf'] = session.csrf;
  }
  for (const [k, v] of Object.entries(init.headers ?? {})) {
    if (v === undefined) delete headers[k.toLowerCase()];
    else headers[k.toLowerCase()] = v;
  }
  const response = await fetch(base + path, {
    method,
    headers,
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  return { status: response.status, body: await parse<T>(response), response };
}

/** Shorthand: `authed(base, session)(path, init)`. */
export const authed =
  (base: string, session: Pick<Session, 'cookie' | 'csrf'> | undefined) =>
  <T>(path: string, init?: AsInit) =>
    apiAs<T>(base, path, session, init);

async function enter(
  base: string,
  path: string,
  expected: number,
  name: string,
  password: string,
  seats?: readonly GuestSeat[],
): Promise<Session> {
  const { status, body, response } = await apiAs<SignedIn | ErrorBody>(base, path, undefined, {
    body: { name, password, ...(seats ? { seats } : {}) },
  });
  if (status !== expected) throw new Error(`${path}: ${status} ${JSON.stringify(body)}`);
  const cookie = cookieOf(response);
  if (!cookie) throw new Error(`${path}: no session cookie`);
  const signedIn = body as SignedIn;
  return { cookie, csrf: signedIn.csrf, user: signedIn.user, seats: signedIn.seats };
}

/** A new account (throws unless 201), signed in. */
export function signUp(
  base: string,
  name: string,
  password = 'correct horse',
  seats?: readonly GuestSeat[],
): Promise<Session> {
  return enter(base, '/api/account/signup', 201, name, password, seats);
}

/** A new session of an account (throws unless 200): another device. */
export function signIn(
  base: string,
  name: string,
  password = 'correct horse',
  seats?: readonly GuestSeat[],
): Promise<Session> {
  return enter(base, '/api/account/signin', 200, name, password, seats);
}

/** A fresh user name for a test (unique within the run). */
let counter = 0;
export function userName(prefix = 'user'): string {
  counter++;
  return `${prefix.slice(0, 10)}_${process.pid % 1000}_${counter}`.slice(0, 20);
}
