/**
 * Passwords and user names for accounts (docs/online.md, "Accounts").
 *
 * A password is kept as `scrypt$N$r$p$salt$hash` (salt and hash in base64url): scrypt from
 * `node:crypto` with N = 2^15, r = 8, p = 1 (32 MiB of memory and about 50–100 ms a hash on this
 * machine, OWASP's minimum for scrypt), a random 16-byte salt per password and a 32-byte key.
 * The parameters are stored with the hash, so they can be raised later and old hashes still
 * verify (`needsRehash` says when to store a new one). Comparison is constant-time.
 *
 * A user name has 3 to 20 letters (a to z), digits, `_` and `-`; it is unique without regard to
 * case, or to anything else that looks the same (`nameKey`, protocol.ts). A password has 8 to 200 characters (the upper bound keeps one hash's work
 * bounded).
 */

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { PASSWORD_MAX, PASSWORD_MIN, USER_NAME_RE } from '../protocol-players.js';
import { nameKey } from '../protocol.js';

export const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
// What makes two user names the same one: case, and what looks the same (protocol.ts).
export { PASSWORD_MAX, PASSWORD_MIN, USER_NAME_RE, nameKey };

type Checked =
  { readonly ok: true; readonly value: string } | { readonly ok: false; readonly message: string };

/** A user name as typed, checked; the refusal says why in a sentence. */
export function checkUserName(name: unknown): Checked {
  if (typeof name !== 'string') return { ok: false, message: 'a user name is text' };
  if (name.length < 3 || name.length > 20)
    return { ok: false, message: 'a user name has 3 to 20 characters' };
  if (!USER_NAME_RE.test(name))
    return { ok: false, message: 'a user name has only letters a to z, digits, _ and -' };
  return { ok: true, value: name };
}

/** A new password, checked (its length only: the player chooses it). */
export function checkPassword(password: unknown): Checked {
  if (typeof password !== 'string') return { ok: false, message: 'a password is text' };
  const length = [...password].length;
  if (length < PASSWORD_MIN)
    return { ok: false, message: `a password has at least ${PASSWORD_MIN} characters` };
  if (length > PASSWORD_MAX)
    return { ok: false, message: `a password has at most ${PASSWORD_MAX} characters` };
  return { ok: true, value: password };
}

function derive(
  password: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  length: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, { N, r, p, maxmem: 256 * N * r }, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );
}

/** The stored form of a password (a new salt each time). */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, N, r, p, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Stored {
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

function parseStored(stored: string): Stored | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const ok = (n: number, max: number): boolean => Number.isInteger(n) && n >= 1 && n <= max;
  // A power of two N up to 2^20 (1 GiB at r = 8 would be refused by maxmem anyway).
  if (!ok(N, 2 ** 20) || (N & (N - 1)) !== 0 || !ok(r, 32) || !ok(p, 16)) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || key.length < 16 || key.length > 64) return undefined;
  return { N, r, p, salt, key };
}

/**
 * Whether `password` is the one `stored` was made from (constant-time in the key). A stored
 * form that does not read is an error: it means a damaged account row, not a wrong password.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const s = parseStored(stored);
  if (!s) throw new Error('the stored password hash does not read');
  const key = await derive(password, s.salt, s.N, s.r, s.p, s.key.length);
  return timingSafeEqual(key, s.key);
}

/** Whether a stored hash was made with weaker parameters than today's (store a new one at sign-in). */
export function needsRehash(stored: string): boolean {
  const s = parseStored(stored);
  return !s || s.N < SCRYPT.N || s.r < SCRYPT.r || s.p < SCRYPT.p || s.key.length < SCRYPT.keyLength;
}
