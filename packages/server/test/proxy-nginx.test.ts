/**
 * The example nginx configuration, tested: the repository's deploy/nginx.conf, changed only for
 * its ports, paths and certificate (a self-signed one for tafl.example.org made here), runs in a
 * real nginx in front of a real server as docs/deploy.md says: on the server's Unix socket with
 * TRUST_PROXY=1 (the file as it is, nginx's workers in the server's group), and on a TCP port
 * with TRUST_PROXY=127.0.0.1 (the alternative its comment gives). Through TLS: the app's page
 * with its security headers, a game played over the WebSocket, per-client limits that follow
 * each real client (127.0.0.2 and 127.0.0.3 are two clients to nginx, while the server sees
 * only nginx), and plain HTTP sent to HTTPS.
 *
 * Skipped, saying so, when nginx is not installed (Debian's `nginx`; .ci/run installs it).
 */

import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempDir, type ServerProcess } from './harness.js';
import {
  NAME,
  findProgram,
  freePort,
  http,
  makeCertificate,
  proxyTests,
  startProxy,
  template,
  write,
  type ProxyProcess,
} from './tls-proxy.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const NGINX = findProgram('nginx', ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']);
if (!NGINX)
  console.log(
    'nginx tests skipped: nginx is not installed (apt-get install nginx; .ci/run installs it when missing)',
  );

/** The server's group, as nginx names it (`user nobody GROUP;`): the one its socket is open to. */
const serverGroup = (): string => {
  const gid = userInfo().gid;
  const line = readFileSync('/etc/group', 'utf8')
    .split('\n')
    .find((l) => l.split(':')[2] === String(gid));
  return line?.split(':')[0] ?? String(gid);
};

describe.skipIf(!NGINX).each(['socket', 'tcp'] as const)(
  'deploy/nginx.conf in front of the server (%s)',
  (upstreamKind) => {
    let server: ServerProcess;
    let nginx: ProxyProcess | undefined;
    let httpsPort: number;
    let httpPort: number;
    let ca: string;
    const dir = tempDir('tafl-nginx-');

    beforeAll(async () => {
      // Run as root, nginx's workers are `nobody`: they must be able to enter the folder.
      chmodSync(dir.dir, 0o755);
      // As /run/tafl: the server's group may enter, others not.
      const run = join(dir.dir, 'run');
      mkdirSync(run, { mode: 0o750 });
      const socket = join(run, 'tafl.sock');
      server = await startServer({
        env:
          upstreamKind === 'socket'
            ? { SOCKET: socket, TRUST_PROXY: '1', TAFL_HTTP_RATE: '0.001' }
            : { TRUST_PROXY: '127.0.0.1', TAFL_HTTP_RATE: '0.001' },
      });
      const certificate = makeCertificate(dir.dir);
      ca = certificate.ca;
      const acme = join(dir.dir, 'acme');
      mkdirSync(join(acme, '.well-known/acme-challenge'), { recursive: true });
      write(join(acme, '.well-known/acme-challenge'), 'token-1', 'token-1.key\n');
      const upstream = upstreamKind === 'socket' ? `unix:${socket}` : `127.0.0.1:${new URL(server.url).port}`;
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
          ['    server unix:/run/tafl/tafl.sock;', `    server ${upstream};`, 1],
        ]);
        const conf = write(dir.dir, 'tafl.conf', site);
        // What Debian's /etc/nginx/nginx.conf does around conf.d/*.conf, with every file in here.
        const main = write(
          dir.dir,
          'nginx.conf',
          [
            // Run as root, nginx's workers are `nobody`; in the server's group, as www-data is put
            // in tafl's by the guide, so that they may open its socket.
            `user nobody ${serverGroup()};`,
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

    proxyTests(
      () => ({ httpsPort, httpPort, ca }),
      (path) => `https://${NAME}${path}`,
    );

    it('serves certificate challenges on plain HTTP (certbot --webroot)', async () => {
      const challenge = await http(httpPort, '/.well-known/acme-challenge/token-1');
      expect(challenge).toMatchObject({ status: 200, body: 'token-1.key\n' });
    });
  },
);
