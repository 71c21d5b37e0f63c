/**
 * The example Caddy configuration, tested: the repository's deploy/Caddyfile, changed only for
 * its ports, paths and certificate (a self-signed one for tafl.example.org made here, instead of
 * Let's Encrypt's), runs in a real Caddy in front of a real server on its Unix socket with
 * TRUST_PROXY=1, as docs/deploy.md says; the same checks as nginx's (tls-proxy.ts).
 *
 * Skipped, saying so, when Caddy is not installed (Debian's `caddy`; .ci/run installs it).
 */

import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe } from 'vitest';
import { startServer, tempDir, type ServerProcess } from './harness.js';
import {
  NAME,
  findProgram,
  freePort,
  makeCertificate,
  proxyTests,
  startProxy,
  template,
  write,
  type ProxyProcess,
} from './tls-proxy.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const CADDY = findProgram('caddy', ['/usr/bin/caddy', '/usr/local/bin/caddy']);
if (!CADDY)
  console.log(
    'Caddy tests skipped: caddy is not installed (apt-get install caddy; .ci/run installs it when missing)',
  );

describe.skipIf(!CADDY)('deploy/Caddyfile in front of the server', () => {
  let server: ServerProcess;
  let caddy: ProxyProcess | undefined;
  let httpsPort: number;
  let httpPort: number;
  let ca: string;
  const dir = tempDir('tafl-caddy-');

  beforeAll(async () => {
    chmodSync(dir.dir, 0o755);
    const socket = join(dir.dir, 'run', 'tafl.sock');
    mkdirSync(join(dir.dir, 'run'), { mode: 0o750 });
    server = await startServer({ env: { SOCKET: socket, TRUST_PROXY: '1', TAFL_HTTP_RATE: '0.001' } });
    const certificate = makeCertificate(dir.dir);
    ca = certificate.ca;
    for (let attempt = 1; ; attempt++) {
      httpsPort = await freePort();
      httpPort = await freePort();
      const config = template(readFileSync(join(ROOT, 'deploy/Caddyfile'), 'utf8'), [
        // The global options: this test's ports, on 127.0.0.1, its own storage, no admin API,
        // instead of an e-mail address for Let's Encrypt.
        [
          'email admin@example.org',
          [
            'admin off',
            `http_port ${httpPort}`,
            `https_port ${httpsPort}`,
            'default_bind 127.0.0.1',
            `storage file_system ${join(dir.dir, 'storage')}`,
          ].join('\n\t'),
          1,
        ],
        // The test's certificate instead of one from Let's Encrypt.
        [`${NAME} {`, `${NAME} {\n\ttls ${certificate.cert} ${certificate.key}`, 1],
        ['\treverse_proxy unix//run/tafl/tafl.sock', `\treverse_proxy unix/${socket}`, 1],
      ]);
      const file = write(dir.dir, 'Caddyfile', config);
      try {
        caddy = await startProxy(
          CADDY!,
          ['run', '--config', file, '--adapter', 'caddyfile'],
          httpsPort,
          undefined,
          {
            ...process.env,
            HOME: dir.dir,
            XDG_CONFIG_HOME: join(dir.dir, 'config'),
            XDG_DATA_HOME: join(dir.dir, 'data'),
          },
        );
        break;
      } catch (e) {
        if (attempt >= 3 || !/address already in use/i.test(String(e))) throw e;
      }
    }
  });

  afterAll(async () => {
    await caddy?.stop();
    await server?.stop();
    dir.remove();
  });

  proxyTests(
    () => ({ httpsPort, httpPort, ca }),
    (path) => `https://${NAME}${path}`,
  );
});
