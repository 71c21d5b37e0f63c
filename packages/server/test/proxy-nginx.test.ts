/**
 * The example nginx configuration, tested: the repository's deploy/nginx.conf, changed only for
 * its ports, paths and certificate (a self-signed one for tafl.example.org made here), runs in a
 * real nginx in front of a real server with TRUST_PROXY=127.0.0.1, as docs/deploy.md says. Through
 * TLS: the app's page with its security headers, a game played over the WebSocket, per-client
 * limits that follow each real client (127.0.0.2 and 127.0.0.3 are two clients to nginx, while
 * the server sees only nginx at 127.0.0.1), and plain HTTP sent to HTTPS.
 *
 * Skipped, saying so, when nginx is not installed (Debian's `nginx`; .ci/run installs it).
 */

import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView, SeatGrant } from '../src/protocol.js';
import { Client, startServer, tempDir, type ServerProcess } from './harness.js';
import {
  NAME,
  freePort,
  http,
  https,
  makeCertificate,
  startProxy,
  template,
  write,
  type ProxyProcess,
} from './tls-proxy.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function findNginx(): string | undefined {
  const known = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p));
  if (known) return known;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const NGINX = findNginx();
if (!NGINX)
  console.log(
    'nginx tests skipped: nginx is not installed (apt-get install nginx; .ci/run installs it when missing)',
  );

describe.skipIf(!NGINX)('deploy/nginx.conf in front of the server', () => {
  let server: ServerProcess;
  let nginx: ProxyProcess | undefined;
  let httpsPort: number;
  let httpPort: number;
  let ca: string;
  const dir = tempDir('tafl-nginx-');

  beforeAll(async () => {
    // Run as root, nginx's workers are `nobody`: they must be able to enter the folder.
    chmodSync(dir.dir, 0o755);
    server = await startServer({ env: { TRUST_PROXY: '127.0.0.1', TAFL_HTTP_RATE: '0.001' } });
    const certificate = makeCertificate(dir.dir);
    ca = certificate.ca;
    const acme = join(dir.dir, 'acme');
    mkdirSync(join(acme, '.well-known/acme-challenge'), { recursive: true });
    write(join(acme, '.well-known/acme-challenge'), 'token-1', 'token-1.key\n');
    const upstream = new URL(server.url).port;
    // The port may be taken between asking and nginx's start: try again with others.
    for (let attempt = 1; ; attempt++) {
      httpsPort = await freePort();
      httpPort = await freePort();
      const site = template(readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8'), [
        ['listen 80;', `listen 127.0.0.1:${httpPort};`, 1],
        ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`, 1],
        // No IPv6 in every test machine: the [::] listeners go.
        ['listen [::]:80;', '', 1],
        ['listen [::]:443 ssl http2;', '', 1],
        [`/etc/letsencrypt/live/${NAME}/fullchain.pem`, certificate.cert, 1],
        [`/etc/letsencrypt/live/${NAME}/privkey.pem`, certificate.key, 1],
        ['root /var/www/letsencrypt;', `root ${acme};`, 1],
        ['server 127.0.0.1:8080;', `server 127.0.0.1:${upstream};`, 1],
      ]);
      const conf = write(dir.dir, 'tafl.conf', site);
      // What Debian's /etc/nginx/nginx.conf does around conf.d/*.conf, with every file in here.
      const main = write(
        dir.dir,
        'nginx.conf',
        [
          'worker_processes 1;',
          'events { worker_connections 256; }',
          'http {',
          `    access_log ${dir.dir}/access.log;`,
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (t) => `    ${t}_temp_path ${dir.dir}/${t}_temp;`,
          ),
          `    include ${conf};`,
          '}',
          '',
        ].join('\n'),
      );
      const errorLog = join(dir.dir, 'error.log');
      try {
        nginx = await startProxy(
          NGINX!,
          [
            '-p',
            `${dir.dir}/`,
            '-e',
            errorLog,
            '-c',
            main,
            '-g',
            `daemon off; pid ${dir.dir}/nginx.pid; error_log ${errorLog};`,
          ],
          httpsPort,
          errorLog,
        );
        break;
      } catch (e) {
        if (attempt >= 3 || !/Address already in use/.test(String(e))) throw e;
      }
    }
  });

  afterAll(async () => {
    await nginx?.stop();
    await server?.stop();
    dir.remove();
  });

  it('serves the app page through TLS, with the security headers', async () => {
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
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000');
    // Every answer carries them, the server's refusals as well as its pages.
    const missing = await https(httpsPort, ca, '/api/games/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(csp);
    expect(await https(httpsPort, ca, '/healthz')).toMatchObject({ status: 200, body: '{"ok":true}' });
  });

  it('plays a game over the WebSocket (wss://), both players told of each move', async () => {
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
    const options = { ca, servername: NAME };
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

  it('applies per-client limits to each real client, not to nginx, whatever a client claims', async () => {
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
    // A forged address from the same client changes nothing: nginx replaces the header.
    expect(await write('127.0.0.2', '203.0.113.9')).toBe(429);
    // Another client, through the same nginx, has its own burst.
    expect(await write('127.0.0.3')).toBe(400);
    expect(await write('127.0.0.3', '127.0.0.2')).toBe(400);
  });

  it('sends plain HTTP to HTTPS, and serves certificate challenges on it', async () => {
    const answer = await http(httpPort, '/api/games/abc?x=1');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${NAME}/api/games/abc?x=1`);
    const challenge = await http(httpPort, '/.well-known/acme-challenge/token-1');
    expect(challenge).toMatchObject({ status: 200, body: 'token-1.key\n' });
    // TLS is required on the HTTPS port.
    expect((await http(httpsPort, '/')).status).toBe(400);
  });
});
