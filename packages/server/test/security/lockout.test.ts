/**
 * Locking out a known player: five wrong passwords used to lock an account for 15 minutes
 * against everyone, the right password from the owner's own address included, so anyone who
 * knew a name could keep its owner out. The guessing stays slowed (accounts/routes.ts,
 * ACCOUNT_LIMITS) without that lock:
 *
 * - a guesser's wrong passwords from one address (127.0.0.x, each its own client), or from many,
 *   do not stop the owner signing in with the right password from the address they signed up
 *   or in from;
 * - the guesser is refused (429 `auth/limited`, saying when, with Retry-After), and waits twice
 *   as long after each further failure; the account's count across addresses holds back every
 *   address the account has not signed in from.
 *
 * On PostgreSQL the attempts are split between two server processes on one database (the counts
 * were each process's own before).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../src/accounts/routes.js';
import type { ErrorBody } from '../../src/protocol.js';
import { userName } from '../accounts-harness.js';
import { BACKENDS, freshDatabase, startServer, type ServerProcess, type ServerSetup } from '../harness.js';
import { runSql } from '../tournament-harness.js';
import { signInFrom, signUpFrom, statuses } from './limits-harness.js';

const RIGHT = 'correct horse';

describe.each(BACKENDS)('no lockout of the owner (%s)', (backend) => {
  let setup: ServerSetup;
  let remove: () => Promise<void>;
  const servers: ServerProcess[] = [];
  /** The server the i-th request goes to (PostgreSQL: two processes, every other request). */
  const at = (i: number): string => servers[i % servers.length]!.url;

  beforeAll(async () => {
    const database = await freshDatabase(backend);
    setup = database.setup;
    remove = database.remove;
    for (let i = 0; i < (backend === 'postgres' ? 2 : 1); i++) servers.push(await startServer(setup));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await remove?.();
  });

  /** As if `ms` had passed since every attempt counted so far. */
  const age = (ms: number): Promise<void> =>
    runSql(setup, [
      { sql: 'update limit_attempts set at = at - ?, expires_at = expires_at - ?', params: [ms, ms] },
    ]);

  it("a guesser's twelve wrong passwords at once from one address: five are checked, the rest refused; the owner signs in from their own address", async () => {
    const { free, growFromMs } = ACCOUNT_LIMITS.pairFailures;
    expect([free, growFromMs]).toEqual([5, 15_000]);
    const owner = '127.0.20.1';
    const guesser = '127.0.20.2';
    const name = userName('Owner');
    await signUpFrom(owner, at(0), name, RIGHT);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInFrom(guesser, at(i), name, `guess ${i}`)),
    );
    expect(statuses(guesses)).toEqual({ 401: free, 429: 12 - free });
    // The owner, from their own address, through either process.
    for (let i = 0; i < servers.length; i++)
      expect((await signInFrom(owner, at(i), name, RIGHT)).status).toBe(200);
    const refused = guesses.find((a) => a.status === 429)!;
    expect((refused.body as ErrorBody).error.code).toBe('auth/limited');
    expect((refused.body as ErrorBody).error.message).toMatch(
      /too many failed sign-ins to this account from this address; try again in 1[4-6] seconds/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(14);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(16);
    // The wait is checked before the password: the guesser cannot learn the right one meanwhile.
    expect((await signInFrom(guesser, at(1), name, RIGHT)).status).toBe(429);

    // Once the wait is over, one more guess is checked; after it, the wait is twice as long.
    await age(growFromMs + 1_000);
    expect((await signInFrom(guesser, at(0), name, 'guess 12')).status).toBe(401);
    const longer = await signInFrom(guesser, at(1), name, 'guess 13');
    expect(longer.status).toBe(429);
    expect((longer.body as ErrorBody).error.message).toMatch(/try again in (29|30|31) seconds/);
    expect((await signInFrom(owner, at(1), name, RIGHT)).status).toBe(200);
  });

  // A hundred password checks, two at a time per process: slow on a loaded machine.
  it('a hundred wrong passwords from twenty addresses: the owner signs in from their own address; an address the account never signed in from is refused', async () => {
    const { free } = ACCOUNT_LIMITS.accountFailures;
    expect(free).toBe(100);
    const perAddress = ACCOUNT_LIMITS.pairFailures.free;
    const owner = '127.0.21.1';
    const name = userName('Target');
    await signUpFrom(owner, at(0), name, RIGHT);
    // Twenty guessers at once, each with its five free guesses: the account's hundred.
    const guessers = Array.from({ length: free / perAddress }, (_, g) => `127.0.22.${g + 1}`);
    const answers = await Promise.all(
      guessers.map(async (from, g) => {
        const got: number[] = [];
        for (let i = 0; i < perAddress; i++)
          got.push((await signInFrom(from, at(g + i), name, `guess ${g}.${i}`)).status);
        return got;
      }),
    );
    expect(answers.flat().filter((s) => s === 401)).toHaveLength(free);
    // A new guesser (or the owner on a network they never signed in from) waits.
    const fresh = await signInFrom('127.0.23.1', at(0), name, RIGHT);
    expect(fresh.status).toBe(429);
    expect((fresh.body as ErrorBody).error.message).toMatch(
      /too many failed sign-ins to this account; try again in \d+ seconds/,
    );
    // The owner's own address is not held back by the others' failures.
    for (let i = 0; i < servers.length; i++)
      expect((await signInFrom(owner, at(i), name, RIGHT)).status).toBe(200);
  }, 180_000);
});
