/**
 * In production every line on the server's log stream is JSON (docs/deploy.md, "Health, logs,
 * metrics": `journalctl -u tafl -o cat | jq` reads the whole journal). systemd gives the
 * journal both stdout and stderr, so both are read here, from the start to the exit after
 * SIGTERM, through a game played over a WebSocket, a refusal and the metrics port. The line
 * saying where the server listens is one of them; a person at a terminal (stdout a TTY, as with
 * `npm start`) still gets it as a plain line.
 */

import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  api,
  Client,
  createGame,
  joinGame,
  listeningAddress,
  startServer,
  tempDir,
  type ServerProcess,
} from './harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const running: ServerProcess[] = [];
const dir = tempDir();
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  dir.remove();
});

type Line = { time: string; level: string; msg: string; [key: string]: unknown };

/** Each non-empty line of `text` parsed as JSON; a line that is not JSON fails, named. */
function jsonLines(stream: string, text: string): Line[] {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as Line;
      } catch {
        throw new Error(`a line on ${stream} is not JSON: ${l}`);
      }
    });
}

describe('the log stream in production', () => {
  it('is JSON lines only, on stdout and stderr, from the start to the exit', async () => {
    // As systemd starts it: no LOG_FORMAT, no NODE_ENV, stdout and stderr not terminals.
    const server = await startServer({ env: { METRICS_PORT: '0', LOG_FORMAT: '', NODE_ENV: 'production' } });
    running.push(server);
    const a = await createGame(server.url);
    const d = await joinGame(server.url, a.game.id);
    const client = await Client.connect(server.ws);
    client.send({ t: 'watch', game: a.game.id, token: a.token });
    await client.next('state');
    client.send({ t: 'move', game: a.game.id, token: a.token, ply: 0, move: 'd2-c2' });
    await client.next('move', (m) => m.ply === 1);
    client.send('not json');
    await client.next('error');
    client.close();
    expect((await api(server.url, '/api/games/nope')).status).toBe(404);
    expect((await api(server.url, `/api/games/${d.game.id}/join`, '{')).status).toBe(400);
    await server.stop();
    expect(server.child.exitCode).toBe(0);

    const out = jsonLines('stdout', server.out());
    const err = jsonLines('stderr', server.log());
    const all = [...out, ...err];
    for (const line of all) {
      expect(typeof line.time).toBe('string');
      expect(typeof line.level).toBe('string');
      expect(typeof line.msg).toBe('string');
    }
    // Where it listens is one of them, and the last says it stopped.
    const listening = all.find((l) => l.msg.startsWith('Brandubh & Ard Ri: '));
    expect(listening?.msg).toBe(`Brandubh & Ard Ri: ${server.url}/`);
    expect(err.at(-1)?.msg).toBe('stopped');
    expect(all.some((l) => l.msg.startsWith('metrics on '))).toBe(true);
  });

  it('says where it listens in a plain line to a person at a terminal', async () => {
    // `script` (util-linux) gives the server a terminal for its stdout, as `npm start` has.
    let script: string | undefined;
    try {
      script = execFileSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).trim();
    } catch {
      script = undefined;
    }
    if (!script)
      return console.log('skipped: no `script` command (util-linux) to give the server a terminal');
    const main = join(ROOT, 'packages/server/dist/main.js');
    const child = spawn(script, ['-qfec', `exec ${process.execPath} ${main}`, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir.dir, DATABASE_URL: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 20_000;
    while (!/^Brandubh & Ard Ri: http:\/\/\S+\/\r?$/m.test(text) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    // The server's own pid is in its JSON lines (`script` is only its terminal).
    const pid = Number(/"pid":(\d+)/.exec(text)?.[1]);
    if (pid) process.kill(pid, 'SIGTERM');
    else child.kill('SIGKILL');
    await exited;
    const plain = /^Brandubh & Ard Ri: (http:\/\/\S+)\/\r?$/m.exec(text);
    expect(plain?.[1], text).toBe(listeningAddress(text.replace(/^Brandubh.*$/m, '')));
  });
});
