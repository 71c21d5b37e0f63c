/**
 * Logs and metrics of a real server process: its stderr is JSON lines with time, level and
 * message, a request's line has its id, and no token of a URL nor a cookie is written; the
 * Prometheus metrics are served on METRICS_PORT only (404 on the public port, no listening
 * socket at all without it), and count the moves of a game played over a real WebSocket. On
 * PostgreSQL (TAFL_TEST_PG), a database that cannot be reached gives one line per failure
 * class, then the count of those left out, not one line per failed request.
 */

import { makeMoveSquares, playMoveRecord, presetById, startingPosition } from '@tafl/core';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Client,
  createGame,
  freshDatabase,
  joinGame,
  Relay,
  startServer,
  type ServerProcess,
} from './harness.js';

const running: ServerProcess[] = [];
const clients: Client[] = [];
afterAll(async () => {
  clients.forEach((c) => c.close());
  await Promise.all(running.map((s) => s.kill()));
});

async function start(env: Record<string, string> = {}, databaseUrl?: string): Promise<ServerProcess> {
  const server = await startServer({ env, ...(databaseUrl ? { databaseUrl } : {}) });
  running.push(server);
  return server;
}

/** Waits until `read` gives something (checked every 20 ms), or fails saying what was awaited. */
async function until<T>(
  read: () => T | undefined | null | Promise<T | undefined | null>,
  what: string,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null) return value;
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Line = { time: string; level: string; msg: string; reqId?: string; [key: string]: unknown };

/** Every line the process wrote to stderr, each parsed as JSON (a line that is not fails the test). */
function lines(server: ServerProcess): Line[] {
  return server
    .log()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as Line;
      } catch {
        throw new Error(`a log line is not JSON: ${l}`);
      }
    });
}

const metricsUrl = (server: ServerProcess): Promise<string> =>
  until(() => lines(server).find((l) => l.msg.startsWith('metrics on '))?.url as string, 'the metrics line');

async function scrape(url: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of a sample (`name{labels} value`) in the Prometheus text, undefined if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** The TCP ports a process listens on (Linux: its sockets' inodes in /proc/net/tcp{,6}). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6'].filter(existsSync))
    for (const row of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = row.trim().split(/\s+/);
      // local_address is f[1] (HEX_IP:HEX_PORT), st f[3] (0A: listening), inode f[9].
      if (f[3] === '0A' && inodes.has(f[9]!)) ports.push(Number.parseInt(f[1]!.split(':')[1]!, 16));
    }
  return ports.sort((a, b) => a - b);
}

describe('logs', () => {
  it('are JSON lines with time, level and message; a request has an id and no token or cookie', async () => {
    const server = await start();
    const secret = `s3cret${randomBytes(6).toString('hex')}`;
    const response = await fetch(`${server.url}/api/lobby?token=${secret}`, {
      headers: { cookie: `session=${secret}`, authorization: `Bearer ${secret}` },
    });
    expect(response.status).toBe(200);
    const game = await createGame(server.url);
    await fetch(`${server.url}/api/games/${game.game.id}?seat=${secret}`);
    const client = await Client.connect(`${server.ws}?token=${secret}`, {
      headers: { cookie: `s=${secret}` },
    });
    clients.push(client);
    await client.next('hello');
    client.close();
    await until(
      () =>
        lines(server).find(
          (l) => (l.req as { url?: string } | undefined)?.url === `/api/games/${game.game.id}`,
        ),
      'the game request line',
    );
    await server.stop();

    const all = lines(server);
    expect(all.length).toBeGreaterThan(3);
    for (const line of all) {
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(line.level);
      expect(line.msg).toBeTypeOf('string');
    }
    const lobby = all.find((l) => (l.req as { url?: string } | undefined)?.url === '/api/lobby');
    expect(lobby).toMatchObject({
      level: 'info',
      msg: 'request',
      req: { method: 'GET' },
      res: { statusCode: 200 },
    });
    expect(lobby?.reqId).toMatch(/^req-/);
    // A game's request carries its id.
    expect(all.find((l) => l.game === game.game.id)).toMatchObject({ msg: 'request' });
    // A WebSocket is one line when it closes, with its request's id and path.
    expect(all.find((l) => l.msg === 'websocket closed')).toMatchObject({ req: { url: '/api/ws' } });
    expect(server.log()).not.toContain(secret);
    expect(all.at(-1)?.msg).toBe('stopped');
  });
});

describe('metrics', () => {
  it('are not served anywhere without METRICS_PORT', async () => {
    const server = await start();
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const port = Number(new URL(server.url).port);
    if (existsSync(`/proc/${server.child.pid}/fd`)) expect(listeningPorts(server.child.pid!)).toEqual([port]);
    expect(lines(server).some((l) => l.msg.startsWith('metrics on'))).toBe(false);
  });

  it('on METRICS_PORT: the Prometheus text, counting the moves of a game and their latency', async () => {
    const server = await start({ METRICS_PORT: '0' });
    const url = await metricsUrl(server);
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(new URL(url).port).not.toBe(new URL(server.url).port);
    // Never on the public port.
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    if (existsSync(`/proc/${server.child.pid}/fd`))
      expect(listeningPorts(server.child.pid!)).toEqual(
        [Number(new URL(server.url).port), Number(new URL(url).port)].sort((a, b) => a - b),
      );
    // Anything but GET /metrics there is 404.
    expect((await fetch(url.replace(/\/metrics$/, '/'))).status).toBe(404);

    const before = await scrape(url);
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'tafl_websockets_open',
      'tafl_games',
      'tafl_moves_total',
      'tafl_move_seconds',
      'tafl_db_seconds',
      'tafl_refusals_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(before.text).toContain(`# TYPE ${name} `);
    expect(sample(before.text, 'tafl_moves_total')).toBe(0);
    expect(sample(before.text, 'process_resident_memory_bytes')).toBeGreaterThan(1e6);

    // A game: created (waiting), joined (playing), then moves over two real WebSockets.
    const first = await createGame(server.url);
    expect(sample((await scrape(url)).text, 'tafl_games', { status: 'waiting' })).toBeGreaterThanOrEqual(1);
    const second = await joinGame(server.url, first.game.id);
    const id = first.game.id;
    const seats = { attackers: '', defenders: '' };
    const sockets: Record<string, Client> = {};
    for (const grant of [first, second]) {
      const client = await Client.connect(server.ws);
      clients.push(client);
      await client.next('hello');
      client.send({ t: 'watch', game: id, token: grant.token });
      await client.next('state');
      seats[grant.side] = grant.token;
      sockets[grant.side] = client;
    }
    const pos = startingPosition(presetById('brandub-fr')!);
    const plies = 6;
    for (let i = 0; i < plies; i++) {
      const side = pos.turn;
      const move = makeMoveSquares(pos.geo, pos.legalMoves()[0]!);
      sockets[side]!.send({ t: 'move', game: id, token: seats[side], ply: pos.ply, move });
      await sockets[side]!.next('move', (m) => m.ply === pos.ply + 1);
      expect(playMoveRecord(pos, move).ok).toBe(true);
    }
    // A refused move (not this side's turn) and an unknown game over HTTP.
    const waiting = pos.turn === 'attackers' ? 'defenders' : 'attackers';
    sockets[waiting]!.send({ t: 'move', game: id, token: seats[waiting], ply: pos.ply, move: 'a1-a2' });
    const refused = await sockets[waiting]!.next('error');
    expect((await fetch(`${server.url}/api/games/ZZZZZZZZZZ`)).status).toBe(404);

    const after = (await scrape(url)).text;
    expect(sample(after, 'tafl_moves_total')).toBe(plies);
    expect(sample(after, 'tafl_move_seconds_count', { result: 'ok' })).toBe(plies);
    expect(sample(after, 'tafl_move_seconds_count', { result: 'refused' })).toBe(1);
    expect(sample(after, 'tafl_move_seconds_bucket', { result: 'ok', le: '+Inf' })).toBe(plies);
    expect(sample(after, 'tafl_move_seconds_sum', { result: 'ok' })).toBeGreaterThan(0);
    expect(sample(after, 'tafl_websockets_open')).toBe(2);
    expect(sample(after, 'tafl_games', { status: 'playing' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'tafl_refusals_total', { code: refused.code, via: 'ws' })).toBe(1);
    expect(sample(after, 'tafl_refusals_total', { code: 'game/unknown', via: 'http' })).toBe(1);
    // Every move was committed through the timed store.
    expect(sample(after, 'tafl_db_seconds_count', { method: 'commit', result: 'ok' })).toBeGreaterThanOrEqual(
      plies + 2,
    );

    // A WebSocket closed is one fewer.
    sockets.attackers!.close();
    let open: number | undefined;
    await until(async () => {
      open = sample((await scrape(url)).text, 'tafl_websockets_open');
      return open === 1 ? open : undefined;
    }, 'one WebSocket fewer');
    expect(open).toBe(1);
  });
});

describe.skipIf(!process.env.TAFL_TEST_PG)('a database that cannot be reached (PostgreSQL)', () => {
  it('gives one line per failure class and interval, then how many were left out', async () => {
    const database = await freshDatabase('postgres');
    const { relay, databaseUrl } = await Relay.to(database.setup.databaseUrl!);
    try {
      const server = await start({}, databaseUrl);
      await relay.down();
      // Requests that each need the database (an unknown game is looked for in it), in batches.
      const failures = 300;
      const statuses: number[] = [];
      for (let i = 0; i < failures; i += 30)
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 30 }, async () => {
              const id = randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 10);
              return (await fetch(`${server.url}/api/games/${id}`)).status;
            }),
          )),
        );
      expect(statuses.filter((s) => s === 500)).toHaveLength(failures);
      const failed = lines(server).filter((l) => l.msg.startsWith('request failed'));
      // One line per failure class (a refused connection, perhaps a cut one), each an error.
      expect(failed.length).toBeGreaterThanOrEqual(1);
      expect(failed.length).toBeLessThanOrEqual(3);
      expect(failed.every((l) => l.level === 'error' && l.stack === undefined)).toBe(true);
      // The interval over, a sum for each class says how many were left out: all the others.
      const sums = await until(() => {
        const found = lines(server).filter((l) => String(l.class).startsWith('request failed'));
        return found.length === failed.length ? found : undefined;
      }, 'the sums of the lines left out');
      expect(
        sums.every((l) => /^…and [\d,]+ more like it in the last 10 s: request failed/.test(l.msg)),
      ).toBe(true);
      expect(sums.reduce((n, l) => n + Number(l.suppressed), 0) + failed.length).toBe(failures);
      // The whole outage wrote a few lines, not one per failure.
      expect(lines(server).filter((l) => l.level === 'error' || l.level === 'warn').length).toBeLessThan(20);
    } finally {
      await relay.down();
      await database.remove();
    }
  });
});
