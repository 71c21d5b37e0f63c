/**
 * What the reverse-proxy tests share: a self-signed certificate for the example name, free
 * ports, HTTPS and plain HTTP requests from a chosen loopback address (127.0.0.2, 127.0.0.3...
 * are distinct clients as the proxy sees them), and a proxy process of our own, stopped when the
 * test file ends whatever happens.
 */

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { GameView, SeatGrant } from '../src/protocol.js';
import { Client } from './harness.js';

/** The name the example configurations serve, and the test's certificate is for. */
export const NAME = 'tafl.example.org';

/**
 * The proxy's program: the first of `known` that exists, else whatever `command -v` finds, else
 * undefined (its tests are then skipped, saying so).
 */
export function findProgram(name: string, known: readonly string[]): string | undefined {
  const found = known.find((p) => existsSync(p));
  if (found) return found;
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A self-signed certificate for NAME (openssl req), its key, and the certificate's text. */
export function makeCertificate(dir: string): { cert: string; key: string; ca: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${NAME}`,
      '-addext',
      `subjectAltName=DNS:${NAME}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key, ca: readFileSync(cert, 'utf8') };
}

/** A port free on 127.0.0.1 when asked (the proxy takes it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `text` with each `[from, to]` replaced, every one required to be there exactly `count` times:
 * a configuration that changed under the test fails it instead of being tested half-templated.
 */
export function template(text: string, replacements: readonly (readonly [string, string, number])[]): string {
  let out = text;
  for (const [from, to, count] of replacements) {
    const found = out.split(from).length - 1;
    if (found !== count) throw new Error(`the configuration has ${found} of "${from}", not ${count}`);
    out = out.split(from).join(to);
  }
  return out;
}

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface RequestOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The client's own address (127.0.0.x). */
  readonly from?: string;
}

/** One HTTPS request to 127.0.0.1:`port`, for NAME, trusting only `ca`; a fresh connection. */
export function https(port: number, ca: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  return send(
    httpsRequest({
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'GET',
      headers: { host: NAME, ...options.headers },
      servername: NAME,
      ca,
      agent: false,
      ...(options.from ? { localAddress: options.from } : {}),
    }),
    options.body,
  );
}

/** One plain HTTP request to 127.0.0.1:`port`, for NAME. */
export function http(port: number, path: string, options: RequestOptions = {}): Promise<Answer> {
  return send(
    httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'GET',
      headers: { host: NAME, ...options.headers },
      agent: false,
      ...(options.from ? { localAddress: options.from } : {}),
    }),
    options.body,
  );
}

function send(req: ReturnType<typeof httpRequest>, body: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((c) => c.kill('SIGKILL')));

export interface ProxyProcess {
  readonly output: () => string;
  /** Stops it (SIGTERM) and waits for its exit. */
  stop(): Promise<void>;
}

/**
 * Starts `command args` and waits until 127.0.0.1:`port` accepts connections; throws with what
 * it wrote (and `logFile`, if any) when it exits first or takes more than 20 s.
 */
export async function startProxy(
  command: string,
  args: readonly string[],
  port: number,
  logFile?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProxyProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => (children.delete(child), resolve())),
  );
  const said = (): string => {
    let log = '';
    try {
      if (logFile) log = readFileSync(logFile, 'utf8');
    } catch {
      // not written yet
    }
    return `${output}${log}`;
  };
  const end = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${command} exited (${child.exitCode ?? child.signalCode}): ${said()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`${command} did not listen on ${port} within 20 s: ${said()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    output: said,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Writes `text` to `dir/name`; its path. */
export function write(dir: string, name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** A proxy in front of a server, as a test started it. */
export interface Proxied {
  readonly httpsPort: number;
  readonly httpPort: number;
  /** The certificate it serves (self-signed, for NAME). */
  readonly ca: string;
}

/**
 * The tests every example proxy configuration passes, inside the caller's `describe` whose
 * `beforeAll` started the server (TRUST_PROXY=127.0.0.1, TAFL_HTTP_RATE=0.001: a burst of 30
 * writes per client that practically never refills) and the proxy. `redirect(path)`: where the
 * proxy sends plain HTTP for `path`.
 */
export function proxyTests(proxied: () => Proxied, redirect: (path: string) => string): void {
  it('serves the app page through TLS, with the security headers', async () => {
    const { httpsPort, ca } = proxied();
    const page = await https(httpsPort, ca, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/^<!doctype html>/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000');
    // Every answer carries them, the server's refusals as well as its pages.
    const missing = await https(httpsPort, ca, '/api/games/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(csp);
    expect(await https(httpsPort, ca, '/healthz')).toMatchObject({ status: 200, body: '{"ok":true}' });
  });

  it('plays a game over the WebSocket (wss://), both players told of each move', async () => {
    const { httpsPort, ca } = proxied();
    const post = async (path: string, body: unknown): Promise<SeatGrant> => {
      const answer = await https(httpsPort, ca, path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status, answer.body).toBeLessThan(300);
      return JSON.parse(answer.body) as SeatGrant;
    };
    const a = await post('/api/games', {
      rules: 'brandub-fr',
      side: 'attackers',
      time: { kind: 'none' },
      name: 'Ailill',
    });
    const d = await post(`/api/games/${a.game.id}/join`, { name: 'Medb' });
    // As a browser would: for NAME (Caddy serves no other), trusting the test's certificate.
    const options = { ca, servername: NAME, headers: { host: `${NAME}:${httpsPort}` } };
    const url = `wss://127.0.0.1:${httpsPort}/api/ws`;
    const attackers = await Client.connect(url, options);
    const defenders = await Client.connect(url, options);
    try {
      attackers.send({ t: 'watch', game: a.game.id, token: a.token });
      defenders.send({ t: 'watch', game: a.game.id, token: d.token });
      await attackers.next('state');
      await defenders.next('state');
      attackers.send({ t: 'move', game: a.game.id, token: a.token, ply: 0, move: 'd2-c2' });
      const first = await defenders.next('move', (m) => m.ply === 1);
      expect((await attackers.next('move', (m) => m.ply === 1)).move).toBe(first.move);
      defenders.send({ t: 'move', game: a.game.id, token: d.token, ply: 1, move: 'c4-c3' });
      const second = await attackers.next('move', (m) => m.ply === 2);
      const view = JSON.parse((await https(httpsPort, ca, `/api/games/${a.game.id}`)).body) as GameView;
      expect(view.moves).toEqual([first.move, second.move]);
      expect(first.move).toMatch(/^d2-c2/);
      expect(second.move).toMatch(/^c4-c3/);
    } finally {
      attackers.close();
      defenders.close();
    }
  });

  it('applies per-client limits to each real client, not to the proxy, whatever a client claims', async () => {
    const { httpsPort, ca } = proxied();
    // A create refused for its shape (400) still spends a token of the client's write burst (30).
    const write = (from: string, forwardedFor?: string) =>
      https(httpsPort, ca, '/api/games', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        body: '{}',
        from,
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await write('127.0.0.2'));
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(await write('127.0.0.2')).toBe(429);
    // A forged address from the same client changes nothing: the proxy replaces the header.
    expect(await write('127.0.0.2', '203.0.113.9')).toBe(429);
    // Another client, through the same proxy, has its own burst.
    expect(await write('127.0.0.3')).toBe(400);
    expect(await write('127.0.0.3', '127.0.0.2')).toBe(400);
  });

  it("takes a browser's sign-up and its signed-in game through the proxy, and refuses another site's", async () => {
    const { httpsPort, ca } = proxied();
    // As a browser on a page of this site sends it: the Host and the Origin with the port.
    const site = { host: `${NAME}:${httpsPort}`, origin: `https://${NAME}:${httpsPort}` };
    const json = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...site };
    const signUp = await https(httpsPort, ca, '/api/account/signup', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'proxied_player', password: 'correct horse' }),
    });
    expect(signUp.status, signUp.body).toBe(201);
    const cookie = String(signUp.headers['set-cookie']?.[0]);
    // The proxy said the browser came over TLS: the cookie is for TLS only.
    expect(cookie).toMatch(/^tafl_session=[A-Za-z0-9_-]{43}; .*HttpOnly; SameSite=Lax; Secure$/);
    const { csrf } = JSON.parse(signUp.body) as { csrf: string };
    const session = { cookie: cookie.split(';')[0]!, 'x-tafl-csrf': csrf };
    const create = (headers: Record<string, string>) =>
      https(httpsPort, ca, '/api/games', {
        method: 'POST',
        headers: { ...json, ...session, ...headers },
        body: JSON.stringify({ rules: 'brandub-fr', side: 'attackers', time: { kind: 'none' }, name: 'x' }),
      });
    const made = await create({});
    expect(made.status, made.body).toBe(201);
    expect((JSON.parse(made.body) as SeatGrant).game.seats.attackers.player).toBe('proxied_player');
    const forged = await create({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toMatchObject({ error: { code: 'csrf/refused' } });
  });

  it('sends plain HTTP to HTTPS, and requires TLS on the HTTPS port', async () => {
    const { httpPort, httpsPort } = proxied();
    const answer = await http(httpPort, '/api/games/abc?x=1');
    expect([301, 308]).toContain(answer.status);
    expect(answer.headers.location).toBe(redirect('/api/games/abc?x=1'));
    expect((await http(httpsPort, '/')).status).toBe(400);
  });
}
