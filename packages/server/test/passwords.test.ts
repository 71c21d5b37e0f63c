/**
 * Account passwords and user names (accounts/passwords.ts): scrypt with a salt per password,
 * verified in constant time, its parameters kept with the hash; user names refused with a
 * sentence, unique without regard to case.
 */

import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  checkUserName,
  hashPassword,
  nameKey,
  needsRehash,
  SCRYPT,
  verifyPassword,
} from '../src/accounts/passwords.js';

describe('passwords', () => {
  it('a hash verifies its password and no other, and two hashes of one password differ (a salt each)', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toContain('correct');
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse battery', second)).toBe(true);
    expect(await verifyPassword('Correct horse battery', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('a password typed in another Unicode form is the same password', async () => {
    // "é" as one code point, and as "e" followed by a combining acute accent.
    const stored = await hashPassword('caf\u00e9 au lait');
    expect(await verifyPassword('cafe\u0301 au lait', stored)).toBe(true);
  });

  it('keeps its parameters with the hash: an older, weaker hash still verifies and asks to be replaced', async () => {
    const today = await hashPassword('a long enough one');
    expect(needsRehash(today)).toBe(false);
    // The same password under N = 2^14, as an older server would have stored it.
    const [, , , , salt] = today.split('$');
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('a long enough one', Buffer.from(salt!, 'base64url'), 32, {
      N: 2 ** 14,
      r: 8,
      p: 1,
    });
    const older = ['scrypt', 2 ** 14, 8, 1, salt, key.toString('base64url')].join('$');
    expect(await verifyPassword('a long enough one', older)).toBe(true);
    expect(needsRehash(older)).toBe(true);
    expect(SCRYPT.N).toBe(2 ** 15);
  });

  it('a stored hash that does not read is an error, not a wrong password', async () => {
    for (const broken of [
      '',
      'plain',
      'scrypt$32768$8$1$c2FsdA',
      'scrypt$1000$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5',
      'bcrypt$1$2$3$4$5',
    ])
      await expect(verifyPassword('whatever it is', broken)).rejects.toThrow(/does not read/);
  });

  it('is refused with a sentence when too short, too long or not text', () => {
    expect(checkPassword('short')).toEqual({ ok: false, message: 'a password has at least 8 characters' });
    expect(checkPassword('x'.repeat(201))).toEqual({
      ok: false,
      message: 'a password has at most 200 characters',
    });
    expect(checkPassword(12345678)).toEqual({ ok: false, message: 'a password is text' });
    // Counted in characters, not UTF-16 units: eight emoji are eight characters.
    expect(checkPassword('🐉'.repeat(8)).ok).toBe(true);
  });
});

describe('user names', () => {
  it('are 3 to 20 letters, digits, _ and -', () => {
    for (const good of ['Ard', 'brandubh_fan', 'Medb-2', 'a'.repeat(20)])
      expect(checkUserName(good).ok).toBe(true);
    expect(checkUserName('ab')).toEqual({ ok: false, message: 'a user name has 3 to 20 characters' });
    expect(checkUserName('a'.repeat(21))).toEqual({
      ok: false,
      message: 'a user name has 3 to 20 characters',
    });
    for (const bad of ['Niall Noígíallach', 'Medb!', 'Ailill\u200b', 'ab\u202ecd', 'ÁrdRí'])
      expect(checkUserName(bad)).toEqual({
        ok: false,
        message: 'a user name has only letters a to z, digits, _ and -',
      });
    expect(checkUserName(null)).toEqual({ ok: false, message: 'a user name is text' });
  });

  it('are the same name whatever the case', () => {
    expect(nameKey('Medb')).toBe(nameKey('mEDB'));
    expect(nameKey('Medb')).not.toBe(nameKey('Medb_'));
  });
});
