/**
 * `backup FILE` copies the SQLite database while a server plays games over real WebSockets; a
 * new server started on the restored copy has every move confirmed before the backup began,
 * nothing that was never played, and the games go on.
 */

import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playMoveRecord, presetById, startingPosition } from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  openGames,
  fetchGame,
  playRandomly as play,
  startServer,
  tempDir,
  type ServerProcess,
} from './harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const running: ServerProcess[] = [];
const dirs: { remove: () => void }[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  dirs.forEach((d) => d.remove());
});

function dir(): string {
  const made = tempDir();
  dirs.push(made);
  return made.dir;
}

/** Runs `main.js backup ...args` on `dataDir`: exit code and output. */
function backup(
  dataDir: string,
  ...args: string[]
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js'), 'backup', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

describe('backup of the SQLite database while games go on', () => {
  it('has every move confirmed before it began, and a server started on it plays on', async () => {
    const data = dir();
    const server = await startServer({ dataDir: data });
    running.push(server);
    const games = await openGames(server.url, 10);
    let stopped = false;
    const players = Promise.all(games.map((g) => play(server.ws, g, () => stopped)));
    while (games.some((g) => g.confirmed.length < 4)) await new Promise((r) => setTimeout(r, 20));

    // Mid-play: what was confirmed when the backup began must all be in it.
    const before = games.map((g) => [...g.confirmed]);
    const file = join(dir(), 'tafl-backup.sqlite');
    const taken = await backup(data, file);
    const after = games.map((g) => g.confirmed.length);
    expect(taken.err).toBe('');
    expect(taken.code).toBe(0);
    expect(taken.out).toMatch(
      /^backup written: .*tafl-backup\.sqlite \(10 games, \d+ moves, \d+ KiB, \d+ ms\)\n$/,
    );
    // The games really went on while it was taken (and after).
    while (games.some((g, i) => g.confirmed.length < after[i]! + 2 && !g.pos.isOver()))
      await new Promise((r) => setTimeout(r, 20));
    stopped = true;
    await players;
    await server.stop();
    // One file, no WAL beside it; a second backup to the same name is refused.
    expect(readdirSync(join(file, '..'))).toEqual(['tafl-backup.sqlite']);
    const again = await backup(data, file);
    expect(again.code).toBe(1);
    expect(again.err).toBe(`tafl backup: ${file} exists already; a backup never overwrites a file\n`);

    // Restore: the copy as a data folder's database, and a server on it.
    const restoredDir = dir();
    copyFileSync(file, join(restoredDir, 'tafl.sqlite'));
    expect(existsSync(join(restoredDir, 'tafl.sqlite-wal'))).toBe(false);
    const restored = await startServer({ dataDir: restoredDir });
    running.push(restored);
    let played = 0;
    for (const [i, game] of games.entries()) {
      const stored = await fetchGame(restored.url, game.id);
      // Everything confirmed before the backup began; then only moves that were really played.
      expect(stored.moves.slice(0, before[i]!.length)).toEqual(before[i]);
      expect(game.confirmed.slice(0, stored.moves.length)).toEqual(stored.moves);
      played += stored.moves.length;
      // The games go on from where the copy has them.
      const pos = startingPosition(presetById('brandub-fr')!);
      for (const move of stored.moves) expect(playMoveRecord(pos, move).ok).toBe(true);
      game.pos = pos;
      game.confirmed.splice(stored.moves.length);
    }
    expect(played).toBeGreaterThanOrEqual(40);
    const target = games.map((g) => g.confirmed.length + 2);
    await Promise.all(games.map((g, i) => play(restored.ws, g, () => g.confirmed.length >= target[i]!)));
    for (const game of games) {
      const stored = await fetchGame(restored.url, game.id);
      expect(stored.moves).toEqual(game.confirmed);
    }
    expect(games.every((g, i) => g.pos.isOver() || g.confirmed.length >= target[i]!)).toBe(true);
  });
});
