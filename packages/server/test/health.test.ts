/**
 * `/healthz` says the process is alive; `/readyz` says it can reach its database. Real server
 * processes; on PostgreSQL (TAFL_TEST_PG) the server reaches the database through a TCP relay
 * in this test, which can stall every byte (a database that hangs) or stop listening (one that
 * is down), and then carry traffic again.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { api, freshDatabase, Relay, startServer, type ServerProcess } from './harness.js';
import './pg-notice.js';

const running: ServerProcess[] = [];
const removals: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  await Promise.all(removals.map((remove) => remove()));
});

interface Ready {
  readonly ok: boolean;
  readonly reason?: string;
}

/** GET /readyz, and how long it took. */
async function readyz(url: string): Promise<{ status: number; body: Ready; ms: number }> {
  const started = performance.now();
  const { status, body } = await api<Ready>(url, '/readyz');
  return { status, body, ms: performance.now() - started };
}

async function until<T>(what: () => Promise<T>, done: (t: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await what();
    if (done(got) || Date.now() > end) return got;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('health on SQLite', () => {
  it('answers 200 on /healthz and /readyz while the database works', async () => {
    const server = await startServer();
    running.push(server);
    expect(await api(server.url, '/healthz')).toEqual({ status: 200, body: { ok: true } });
    const ready = await readyz(server.url);
    expect(ready.status).toBe(200);
    expect(ready.body.ok).toBe(true);
  });
});

describe.runIf(process.env.TAFL_TEST_PG)('health on PostgreSQL', () => {
  it('says not ready, quickly and with a reason, while the database hangs or is down, and ready again after', async () => {
    const database = await freshDatabase('postgres');
    removals.push(database.remove);
    const { relay, databaseUrl } = await Relay.to(database.setup.databaseUrl!);
    const server = await startServer({ databaseUrl });
    running.push(server);
    expect((await readyz(server.url)).status).toBe(200);

    // The database hangs: every byte to and from it stalls.
    relay.mode = 'hang';
    const hung = await readyz(server.url);
    expect(hung.status).toBe(503);
    expect(hung.body.ok).toBe(false);
    expect(hung.body.reason).toMatch(/the database did not answer within \d+ ms/);
    expect(hung.ms).toBeLessThan(4000);
    expect(await api(server.url, '/healthz')).toEqual({ status: 200, body: { ok: true } });

    // The database is down: nothing listens where it was.
    await relay.down();
    const down = await until(
      () => readyz(server.url),
      (r) => r.status === 503 && /cannot be reached/.test(r.body.reason ?? ''),
    );
    expect(down.status).toBe(503);
    expect(down.body.reason).toBe('the database cannot be reached');
    // The driver's details (the database's address) are not told to the public.
    expect(JSON.stringify(down.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\d+\.\d+\.\d+\.\d+/);
    expect(down.ms).toBeLessThan(4000);
    expect(await api(server.url, '/healthz')).toEqual({ status: 200, body: { ok: true } });

    // Back: ready again, by itself.
    relay.mode = 'pass';
    await relay.up();
    const back = await until(
      () => readyz(server.url),
      (r) => r.status === 200,
    );
    expect(back.status).toBe(200);
    expect(back.body.ok).toBe(true);
    await server.stop();
    await relay.down();
  });
});
