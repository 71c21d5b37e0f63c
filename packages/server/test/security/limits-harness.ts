/**
 * Requests from a chosen local address (127.0.0.x: every one of them reaches a server on
 * 127.0.0.1, and the server sees it as the client's address), each on a connection of its own,
 * so that requests sent together reach the server together. What the limits' tests are made of.
 */

import { request as httpRequest } from 'node:http';
import type { ErrorBody, SignedIn } from '../../src/protocol.js';
import type { Session } from '../accounts-harness.js';

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
  readonly headers: Record<string, string | string[] | undefined>;
}

/**
 * A request to `base + path` from `from`, as `session` (its cookie and CSRF token) or as a guest;
 * POST with a JSON body when there is one, else GET.
 */
export function requestFrom<T>(
  from: string,
  base: string,
  path: string,
  session?: Pick<Session, 'cookie' | 'csrf'>,
  body?: unknown,
): Promise<Answer<T>> {
  const url = new URL(path, base);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { origin: base };
  if (text !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(text));
  }
  if (session) {
    headers.cookie = session.cookie;
    headers['x-tafl-csrf'] = session.csrf;
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: text === undefined ? 'GET' : 'POST', headers, localAddress: from, agent: false },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => {
          let parsed: unknown = data;
          try {
            parsed = JSON.parse(data);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** The session a sign-up or sign-in answered with (throws unless `expected`). */
function sessionOf(answer: Answer<SignedIn | ErrorBody>, expected: number, what: string): Session {
  if (answer.status !== expected) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const cookies = answer.headers['set-cookie'] ?? [];
  const cookie = (Array.isArray(cookies) ? cookies : [cookies])
    .map((line) => line.split(';')[0]!.trim())
    .find((c) => c.startsWith('tafl_session=') && c.length > 'tafl_session='.length);
  if (!cookie) throw new Error(`${what}: no session cookie`);
  const signedIn = answer.body as SignedIn;
  return { cookie, csrf: signedIn.csrf, user: signedIn.user, seats: signedIn.seats };
}

/** A new account made from `from`, signed in. */
export async function signUpFrom(
  from: string,
  base: string,
  name: string,
  password = 'correct horse',
): Promise<Session> {
  const answer = await requestFrom<SignedIn | ErrorBody>(from, base, '/api/account/signup', undefined, {
    name,
    password,
  });
  return sessionOf(answer, 201, `sign up ${name}`);
}

/** A sign-in from `from`: its answer, whatever it is. */
export function signInFrom(
  from: string,
  base: string,
  name: string,
  password: string,
): Promise<Answer<SignedIn | ErrorBody>> {
  return requestFrom<SignedIn | ErrorBody>(from, base, '/api/account/signin', undefined, { name, password });
}

/** The statuses of `answers`, counted: `{ 201: 5, 429: 7 }`. */
export function statuses(answers: readonly { readonly status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}
