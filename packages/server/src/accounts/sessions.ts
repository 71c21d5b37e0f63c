/**
 * The session cookie and the cross-site checks (docs/deploy.md, "Limits": sessions, cross-site requests).
 *
 * A session is a random 32-byte token (base64url, 43 characters) in the cookie `tafl_session`:
 * httpOnly, SameSite=Lax, Path=/, Max-Age of SESSION_IDLE_MS, Secure when the request came over
 * TLS. The database keeps its SHA-256 only, so a copy of the database signs nobody in.
 *
 * Which requests are checked is decided by their method alone: every method but the safe ones
 * (GET, HEAD, OPTIONS: they change nothing, a rule every route keeps), whatever the path, whether
 * a route matches it or not. Not "under /api/": the router decodes the path (`/%61pi/...` runs
 * the `/api/...` route) and a test of the raw string misses spellings it did not foresee, where
 * the method is what the router itself dispatches on. The WebSocket upgrade (a GET) gets the
 * same cross-site check, on its route (app.ts): nothing on the socket rides on the cookie today
 * (every act carries its seat token), but a page of another site has no business opening one in
 * a visitor's browser, and nothing that comes to ride on the cookie later is then hijackable.
 *
 * Such a request is refused when it comes from another site: an `Origin` header that is not this
 * server's own host, or a `Sec-Fetch-Site` header other than `same-origin` or `none`. With a
 * session, it must also carry the session's CSRF token in `x-tafl-csrf` (compared in constant
 * time). Programs (no Origin, no Sec-Fetch-Site, no cookie) are not concerned.
 */

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../protocol-players.js';

/** The methods that change nothing: the only ones not checked for cross-site requests. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A session token's form: 32 random bytes in base64url. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const newCsrfToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a session token (sessions.id). */
export const sessionId = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The session token in a Cookie header, if one is there and has a token's form (the first
 * `tafl_session` that does; anything else in the header is ignored).
 */
export function sessionToken(cookie: string | string[] | undefined): string | undefined {
  if (cookie === undefined) return undefined;
  const header = Array.isArray(cookie) ? cookie.join('; ') : cookie;
  if (header.length > 16_384) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (TOKEN_RE.test(value)) return value;
  }
  return undefined;
}

/** The Set-Cookie value giving the browser a session (`token`), or taking it away (undefined). */
export function sessionCookie(token: string | undefined, secure: boolean): string {
  const parts = [
    `${SESSION_COOKIE}=${token ?? ''}`,
    'Path=/',
    `Max-Age=${token === undefined ? 0 : Math.floor(SESSION_IDLE_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Whether two strings are equal, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y) && a.length === b.length;
}

/** host[:port] in lower case, without the scheme's default port. */
function normalHost(host: string, scheme?: string): string {
  const h = host.trim().toLowerCase();
  if ((scheme === undefined || scheme === 'http') && h.endsWith(':80')) return h.slice(0, -3);
  if ((scheme === undefined || scheme === 'https') && h.endsWith(':443')) return h.slice(0, -4);
  return h;
}

/**
 * Why a state-changing request is refused as coming from another site, or undefined when it may
 * be from this one. `host`: the host the request was sent to (the Host header, or the trusted
 * proxy's X-Forwarded-Host). No Origin and no Sec-Fetch-Site (curl, another program): allowed.
 * A Sec-Fetch-Site other than the two a browser sends for its own site's requests is refused
 * (`cross-site`, `same-site`, and anything unknown or repeated).
 */
export function crossSite(
  origin: string | undefined,
  fetchSite: string | undefined,
  host: string | undefined,
): string | undefined {
  if (fetchSite !== undefined) {
    const site = fetchSite.trim().toLowerCase();
    if (site !== 'same-origin' && site !== 'none') return 'this request comes from another site';
  }
  if (origin === undefined) return undefined;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return 'this request comes from an origin that does not read';
  }
  if (from.protocol !== 'http:' && from.protocol !== 'https:') return 'this request comes from another site';
  if (host === undefined || normalHost(from.host, from.protocol.slice(0, -1)) !== normalHost(host))
    return 'this request comes from another site';
  return undefined;
}

/** What crossSiteRequest reads of a request (a Fastify request has it). */
export interface RequestSite {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The host it was sent to: the Host header, or a trusted proxy's X-Forwarded-Host. */
  readonly host: string;
}

/**
 * crossSite over a request's own headers. A header sent twice is refused, not read once: Node
 * joins two Origins into one value that is no URL, and keeps a list of anything else.
 */
export function crossSiteRequest(request: RequestSite): string | undefined {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (Array.isArray(origin) || Array.isArray(site)) return 'this request names its origin twice';
  return crossSite(origin, site, request.host || undefined);
}
