/**
 * The session cookie and the cross-site checks (issue 15).
 *
 * A session is a random 32-byte token (base64url, 43 characters) in the cookie `tafl_session`:
 * httpOnly, SameSite=Lax, Path=/, Max-Age of SESSION_IDLE_MS, Secure when the request came over
 * TLS. The database keeps its SHA-256 only, so a copy of the database signs nobody in.
 *
 * A state-changing request (POST, PUT, PATCH, DELETE under /api/) is refused when it comes from
 * another site: an `Origin` header that is not this server's own host, or a `Sec-Fetch-Site`
 * header of `cross-site` or `same-site`. With a session, it must also carry the session's CSRF
 * token in `x-tafl-csrf` (compared in constant time).
 */

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../protocol-players.js';

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
 */
export function crossSite(
  origin: string | undefined,
  fetchSite: string | undefined,
  host: string | undefined,
): string | undefined {
  if (fetchSite !== undefined) {
    const site = fetchSite.trim().toLowerCase();
    if (site === 'cross-site' || site === 'same-site') return 'this request comes from another site';
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
