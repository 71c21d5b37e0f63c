/**
 * One server process per SQLite data folder: a second one on the same folder exits at once,
 * saying why; once the first is gone, even killed with SIGKILL, a new one starts.
 */

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createGame, startServer, tempDir, type ServerProcess } from './harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const running: ServerProcess[] = [];
const dir = tempDir();
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  dir.remove();
});

/** Starts a server that is expected to exit by itself: its exit code, stderr and time taken. */
function startRefused(dataDir: string): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, ms: performance.now() - started });
    }),
  );
}

describe('two server processes on one SQLite data folder', () => {
  it('the second exits at once saying why; after a SIGKILL of the first, a new one starts', async () => {
    const first = await startServer({ dataDir: dir.dir });
    running.push(first);
    const game = await createGame(first.url);

    const second = await startRefused(dir.dir);
    expect(second.code).not.toBe(0);
    expect(second.code).not.toBeNull();
    // One log line (JSON, log.ts), fatal, saying why.
    const lines = second.stderr
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [
        'fatal',
        `another server process (PID ${first.child.pid}) is using the data folder ${dir.dir}: stop it, or give this one another DATA_DIR`,
      ],
    ]);
    expect(second.ms).toBeLessThan(10_000);
    // The first goes on serving.
    expect((await api(first.url, `/api/games/${game.game.id}`)).status).toBe(200);

    await first.kill();
    const again = await startServer({ dataDir: dir.dir });
    running.push(again);
    expect((await api(again.url, `/api/games/${game.game.id}`)).status).toBe(200);
    // And it holds the folder in its turn.
    const third = await startRefused(dir.dir);
    expect(third.code).not.toBe(0);
    expect(third.stderr).toContain(`(PID ${again.child.pid}) is using the data folder`);
  });
});
