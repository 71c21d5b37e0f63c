/**
 * Attack: a local user forges a client address. With the proxy on the same machine and the
 * server on 127.0.0.1:PORT with TRUST_PROXY=127.0.0.1, any local user can connect to the port and
 * say any X-Forwarded-For, which the server believes (docs/deploy.md, "Behind nginx or Caddy"):
 * shown here as it happens. On its Unix socket (SOCKET, mode 0660) the server can be reached only
 * by its own user and group, which the proxy's user joins: the same user cannot even connect.
 * The socket is the server's only way in (no TCP port); one left behind by a killed server is
 * replaced at the next start, while one a live server answers on is never taken over.
 *
 * The local user is `nobody`, through runuser: skipped, saying so, unless the tests run as root.
 */

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
} from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  freshDatabase,
  startServer,
  tempDir,
  type ServerProcess,
  type ServerSetup,
} from '../harness.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const running: ServerProcess[] = [];
const dir = tempDir('tafl-socket-');
// Anybody may enter the folder: only the socket's own mode keeps a user out.
chmodSync(dir.dir, 0o755);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  for (const cleanup of cleanups) await cleanup();
  dir.remove();
});

const runuser = (() => {
  if (process.getuid?.() !== 0) return undefined;
  try {
    return execFileSync('sh', ['-c', 'command -v runuser'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();
if (!runuser) console.log('local-user attacks skipped: they need root and runuser (util-linux)');

async function start(env: Record<string, string>, setup: ServerSetup = {}): Promise<ServerProcess> {
  const server = await startServer({ ...setup, env });
  running.push(server);
  return server;
}

/**
 * As the local user `nobody`: one request to the server (on `target`, a socket's path or a TCP
 * port) claiming to be 203.0.113.7. What happened: `answered STATUS`, or the connection's error code.
 */
function asLocalUser(target: string | number): string {
  const connect = typeof target === 'string' ? { socketPath: target } : { host: '127.0.0.1', port: target };
  const code = `
    const req = require('node:http').request({ ...${JSON.stringify(connect)}, path: '/api/lobby',
      headers: { 'x-forwarded-for': '203.0.113.7' } }, (res) => { res.resume(); console.log('answered ' + res.statusCode); });
    req.on('error', (e) => console.log(e.code));
    req.end();`;
  const result = spawnSync(runuser!, ['-u', 'nobody', '--', process.execPath, '-e', code], {
    cwd: '/',
    encoding: 'utf8',
  });
  return `${result.stdout}${result.stderr}`.trim();
}

/** GET /healthz on a socket: the status, or the error's code. */
function healthz(socketPath: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/healthz', agent: false }, (res) => {
      res.resume();
      resolve(String(res.statusCode));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

/** The TCP ports a process listens on (its sockets' inodes in /proc/net/tcp{,6}). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined;
        }
      })
      .filter((inode) => inode !== undefined),
  );
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .filter(existsSync)
    .flatMap((table) => readFileSync(table, 'utf8').split('\n').slice(1))
    .map((row) => row.trim().split(/\s+/))
    .filter((f) => f[3] === '0A' && inodes.has(f[9]!))
    .map((f) => Number.parseInt(f[1]!.split(':')[1]!, 16));
}

describe.each(BACKENDS)('a client address forged by a local user (%s)', (backend) => {
  const database = async (): Promise<ServerSetup> => {
    const made = await freshDatabase(backend);
    cleanups.push(made.remove);
    return made.setup;
  };

  it.skipIf(!runuser)(
    'is believed on 127.0.0.1 with TRUST_PROXY=127.0.0.1: the weakness the guide warns of',
    async () => {
      const server = await start({ TRUST_PROXY: '127.0.0.1' }, await database());
      expect(asLocalUser(Number(new URL(server.url).port))).toBe('answered 200');
      // The server took the local user for 203.0.113.7: limits and logs follow the forged address.
      await expect.poll(() => server.log()).toContain('"remoteAddress":"203.0.113.7"');
    },
  );

  it.skipIf(!runuser)(
    'cannot even be sent on the server socket: the local user may not open it',
    async () => {
      const socket = join(dir.dir, `forged-${backend}.sock`);
      const server = await start({ SOCKET: socket, TRUST_PROXY: '1' }, await database());
      // Made 0660 right after the listening line (until then its owner's alone, by the umask).
      await expect.poll(() => lstatSync(socket).mode & 0o777).toBe(0o660);
      expect(asLocalUser(socket)).toBe('EACCES');
      expect(server.log()).not.toContain('203.0.113.7');
      // Its own user (and group, which the proxy's joins) is served.
      expect(await healthz(socket)).toBe('200');
    },
  );
});

describe('the server on a Unix socket', () => {
  it('listens on nothing else, and says where it listens', async () => {
    const socket = join(dir.dir, 'only.sock');
    const server = await start({ SOCKET: socket, TRUST_PROXY: '1' });
    expect(server.url).toBe(`unix:${socket}`);
    expect(lstatSync(socket).isSocket()).toBe(true);
    expect(listeningPorts(server.child.pid!)).toEqual([]);
    await server.stop();
    // A server that stops removes its socket.
    expect(existsSync(socket)).toBe(false);
  });

  it("replaces a killed server's socket, and never takes over a live one", async () => {
    const socket = join(dir.dir, 'again.sock');
    const first = await start({ SOCKET: socket, TRUST_PROXY: '1' });
    await first.kill();
    expect(existsSync(socket)).toBe(true);
    expect(await healthz(socket)).toBe('ECONNREFUSED');
    const second = await start({ SOCKET: socket, TRUST_PROXY: '1' });
    expect(await healthz(socket)).toBe('200');

    // A third on the same path, while the second answers: refused, saying why; the second goes on.
    const third = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '',
        PORT: '',
        DATABASE_URL: '',
        SOCKET: socket,
        DATA_DIR: join(dir.dir, 'third'),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    third.stderr.on('data', (c: Buffer) => (said += c.toString()));
    const code = await new Promise<number | null>((resolve) => third.once('exit', resolve));
    expect(code).toBe(1);
    expect(JSON.parse(said.trim()).msg).toBe(
      `SOCKET=${socket}: another process is listening on it; stop it, or choose another SOCKET`,
    );
    expect(await healthz(socket)).toBe('200');
    await second.stop();
  });

  it('refuses a path that is not a socket, and leaves the file alone', async () => {
    const file = join(dir.dir, 'not-a-socket');
    mkdirSync(file);
    const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '',
        PORT: '',
        DATABASE_URL: '',
        SOCKET: file,
        DATA_DIR: join(dir.dir, 'd'),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (c: Buffer) => (said += c.toString()));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(JSON.parse(said.trim()).msg).toBe(
      `SOCKET=${file}: the path is a file that is not a socket; remove it or choose another`,
    );
    expect(lstatSync(file).isDirectory()).toBe(true);
  });
});
