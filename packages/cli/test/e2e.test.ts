// End to end: the real `tafl` process (bin/tafl.js, after `npm run build`), its exit codes, its
// streams, and a whole vector file traced through standard input and output.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { BIN, expectUsageError, lines, spawnTafl, traceLines, vectors } from './helpers.js';

describe('the tafl process', () => {
  it('prints the usage and exits 0', async () => {
    const ran = await spawnTafl(['--help']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^tafl: Brandubh and Ard Ri/);
    expect(ran.stderr).toBe('');
  });

  const brandub = vectors('opentafl-brandub.jsonl');
  brandub.forEach((game, i) => {
    it(`traces opentafl-brandub game ${i + 1} (${game.moves.length} plies) exactly as the vector`, async () => {
      const ran = await spawnTafl(['trace', '--rules', game.rules], game.moves.join('\n') + '\n');
      expect(ran.stderr).toBe('');
      expect(ran.code).toBe(0);
      expect(lines(ran.stdout)).toEqual(traceLines(game));
    });
  });

  it('answers each move as it is written, so a program can drive it', async () => {
    const game = brandub[3]!;
    const child = spawn(process.execPath, [BIN, 'trace', '--rules', game.rules]);
    const replies = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async (): Promise<string> => String((await replies.next()).value);
    expect(await next()).toBe(traceLines(game, 1)[0]);
    for (let i = 0; i < 5; i++) {
      child.stdin.write(`${game.moves[i]!}\n`);
      expect(await next()).toBe(traceLines(game, i + 2)[i + 1]);
    }
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
  });

  it('exits 2 with one sentence and no stack trace', async () => {
    expectUsageError(await spawnTafl(['rules', 'foo']), /unknown ruleset "foo"/);
    expectUsageError(await spawnTafl(['show', '/oops/']), /invalid position/);
    expectUsageError(await spawnTafl(['moves', '--rules', 'plazoleta', '--bogus']), /unknown option --bogus/);
    expectUsageError(await spawnTafl(['frobnicate']), /unknown command "frobnicate"/);
  });

  it('exits 2 at an illegal move in a trace, naming its ply and the move', async () => {
    const ran = await spawnTafl(['trace', '--rules', 'opentafl-brandub'], 'd7-c7 c4-c5 d2-d9 d1-e1\n');
    expect(ran.code).toBe(2);
    expect(lines(ran.stdout)).toHaveLength(3);
    expect(ran.stderr).toBe('tafl: at ply 3, "d2-d9" names a square that is not on a 7x7 board\n');
  });
});
