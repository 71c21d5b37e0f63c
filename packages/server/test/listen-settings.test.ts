/**
 * Where the server listens is a setting like the others (docs/deploy.md, "Settings"): a HOST,
 * PORT or SOCKET that makes no sense stops the start with one log line whose sentence names
 * the setting, before anything is opened (the SQLite folder stays empty); so does an address it
 * cannot listen on: a port in use, an address not of this machine (no name is looked up: the
 * tests send nothing off this machine).
 */

import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: { remove: () => void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));

/** Starts a server with `env` that is expected to stop by itself: its exit code, lines and data folder. */
async function refused(
  env: Record<string, string>,
): Promise<{ code: number | null; lines: string[]; dataDir: string }> {
  const made = tempDir();
  dirs.push(made);
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '', PORT: '', SOCKET: '', DATA_DIR: made.dir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr.on('data', (c: Buffer) => (text += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  const lines = text
    .trim()
    .split('\n')
    .map((l) => {
      const line = JSON.parse(l) as { level: string; msg: string };
      return `${line.level}: ${line.msg}`;
    });
  return { code, lines, dataDir: made.dir };
}

describe('HOST, PORT and SOCKET', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT=abc: a port number from 0 to 65535 (0: any free port)'],
    [{ PORT: '70000' }, 'PORT=70000: a port number from 0 to 65535 (0: any free port)'],
    [{ PORT: '-1' }, 'PORT=-1: a port number from 0 to 65535 (0: any free port)'],
    [
      { HOST: 'not a host' },
      'HOST=not a host: an address of this machine to listen on (127.0.0.1, ::1, 0.0.0.0) or a host name',
    ],
    [{ SOCKET: 'tafl.sock' }, 'SOCKET=tafl.sock: an absolute path of at most 107 bytes'],
    [
      { SOCKET: '/run/tafl/tafl.sock', PORT: '8080' },
      'SOCKET=/run/tafl/tafl.sock and PORT=8080: the server listens on a socket or on a port, not both (unset PORT)',
    ],
    [
      { SOCKET: '/run/tafl/tafl.sock', TRUST_PROXY: '127.0.0.1' },
      "TRUST_PROXY=127.0.0.1 with SOCKET: a connection on a socket has no address to compare; every one is the proxy's, so TRUST_PROXY=1",
    ],
  ])('%o stops the start, naming the setting, before anything opens', async (env, sentence) => {
    const { code, lines, dataDir } = await refused(env);
    expect(code).toBe(1);
    expect(lines).toEqual([`fatal: ${sentence}`]);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('a port in use, an address not of this machine: the setting is named', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const inUse = await refused({ HOST: '127.0.0.1', PORT: String(port) });
      expect(inUse.code).toBe(1);
      expect(inUse.lines).toHaveLength(1);
      expect(inUse.lines[0]).toMatch(
        new RegExp(`^fatal: PORT=${port} is in use on 127\\.0\\.0\\.1: another server listens there; `),
      );
    } finally {
      taken.close();
    }
    // 192.0.2.1: an address for documentation (RFC 5737), never one of this machine's.
    const elsewhere = await refused({ HOST: '192.0.2.1', PORT: '0' });
    expect(elsewhere.lines).toEqual([
      expect.stringMatching(/^fatal: HOST=192\.0\.2\.1 is not an address of this machine \(/),
    ]);
  });
});
