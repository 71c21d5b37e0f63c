/**
 * The sign-in and sign-up limits (accounts/routes.ts) through the real server: failed sign-ins
 * within 15 minutes, 5 free per account and client address, 20 per address, then a wait; 5
 * accounts per address an hour; each refusal 429 `auth/limited` with when to retry. The server
 * believes X-Forwarded-For from this machine (TRUST_PROXY=loopback), so each test is its own
 * client address. (The guessing from many addresses, and the owner never locked out:
 * security/lockout.test.ts.)
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../src/accounts/routes.js';
import type { ErrorBody } from '../src/protocol.js';
import { apiAs, signUp, userName } from './accounts-harness.js';
import { startServer, type ServerProcess } from './harness.js';

describe('sign-in and sign-up limits', () => {
  let server: ServerProcess;
  let base: string;
  beforeAll(async () => {
    // The real sign-up limit (the harness turns it off for the other tests).
    server = await startServer({ env: { TRUST_PROXY: 'loopback', TAFL_SIGNUPS_PER_HOUR: '' } });
    base = server.url;
  });
  afterAll(() => server?.stop());

  let address = 10;
  const newClient = () => `10.1.0.${address++}`;
  const signInFrom = (client: string, name: string, password: string) =>
    apiAs<ErrorBody>(base, '/api/account/signin', undefined, {
      body: { name, password },
      headers: { 'x-forwarded-for': client },
    });
  const signUpFrom = (client: string, name: string) =>
    apiAs<ErrorBody>(base, '/api/account/signup', undefined, {
      body: { name, password: 'correct horse' },
      headers: { 'x-forwarded-for': client },
    });

  it('refuses an account from one address after 5 failures (429, saying when), even with the right password; other addresses and accounts still sign in', async () => {
    const name = userName('Target');
    const other = userName('Bystander');
    await signUp(base, name);
    await signUp(base, other);
    const { free } = ACCOUNT_LIMITS.pairFailures;
    expect(free).toBe(5);
    const client = newClient();
    for (let i = 0; i < free; i++) expect((await signInFrom(client, name, `wrong ${i}`)).status).toBe(401);
    for (const password of ['wrong again', 'correct horse']) {
      const refused = await signInFrom(client, name, password);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('auth/limited');
      expect(refused.body.error.message).toMatch(/from this address; try again in 1[45] seconds/);
    }
    expect((await signInFrom(client, other, 'correct horse')).status).toBe(200);
    expect((await signInFrom(newClient(), name, 'correct horse')).status).toBe(200);
  });

  it("clears an account's failures when it signs in", async () => {
    const name = userName('Forgetful');
    await signUp(base, name);
    const client = newClient();
    for (let i = 0; i < 4; i++) expect((await signInFrom(client, name, 'wrong')).status).toBe(401);
    expect((await signInFrom(client, name, 'correct horse')).status).toBe(200);
    // Without the clearing, the second of these would be the sixth failure's refusal.
    for (let i = 0; i < 5; i++) expect((await signInFrom(client, name, 'wrong')).status).toBe(401);
    expect((await signInFrom(client, name, 'correct horse')).status).toBe(429);
  });

  it('counts simultaneous attempts: 12 at once on one account from one address, 5 answered 401 and the rest 429', async () => {
    const name = userName('Burst');
    await signUp(base, name);
    const client = newClient();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInFrom(client, name, `guess ${i}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('refuses a client address after 20 failures, whatever the accounts (unknown names included)', async () => {
    const client = newClient();
    const max = ACCOUNT_LIMITS.addressFailures.free;
    expect(max).toBe(20);
    const known = userName('Known');
    await signUp(base, known);
    // 4 wrong guesses at each of 5 names: no account reaches its own limit.
    for (let i = 0; i < max; i++) {
      const got = await signInFrom(client, i % 5 === 0 ? known : `probe_${address}_${i % 5}`, `guess ${i}`);
      expect(got.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await signInFrom(client, known, 'correct horse');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/from this address.*try again in/);
    // Another address signs the same account in.
    expect((await signInFrom(newClient(), known, 'correct horse')).status).toBe(200);
  });

  it('refuses a 6th account from one address within the hour; another address may make one', async () => {
    const client = newClient();
    for (let i = 0; i < ACCOUNT_LIMITS.signUps.free; i++)
      expect((await signUpFrom(client, userName('Sock'))).status).toBe(201);
    const refused = await signUpFrom(client, userName('Sock'));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('auth/limited');
    expect(refused.body.error.message).toMatch(/accounts made from this address; try again in \d+ minutes/);
    // A name refused as taken does not count.
    const other = newClient();
    const taken = userName('Taken');
    expect((await signUpFrom(other, taken)).status).toBe(201);
    for (let i = 0; i < 6; i++) expect((await signUpFrom(other, taken)).status).toBe(409);
    expect((await signUpFrom(other, userName('Fresh'))).status).toBe(201);
  });
});
