// tafl tb: building a ruleset's tables with a resume, and probing a position.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { presetById } from '@tafl/core';
import { parseTbTable, tbTableBytes } from '@tafl/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { tafl } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tafl-tb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tafl tb build', () => {
  it('builds every material up to --pieces (the king included) into DIR/ID/, one file a material', async () => {
    const ran = await tafl([
      'tb',
      'build',
      '--rules',
      'ard-ri-fr',
      '--pieces',
      '3',
      '--dir',
      dir,
      '--threads',
      '0',
    ]);
    expect(ran.stderr).toContain('100%');
    expect(ran.code).toBe(0);
    for (const m of ['K+0D+0A', 'K+1D+0A', 'K+0D+1A', 'K+2D+0A', 'K+1D+1A', 'K+0D+2A'])
      expect(ran.stdout).toContain(m);
    expect(readdirSync(join(dir, 'ard-ri-fr')).sort()).toEqual(
      ['k0d0a.tb.gz', 'k0d1a.tb.gz', 'k0d2a.tb.gz', 'k1d0a.tb.gz', 'k1d1a.tb.gz', 'k2d0a.tb.gz'].sort(),
    );
  });

  it('keeps the materials already built and never counts a temporary file (the resume)', async () => {
    const stale = join(dir, 'ard-ri-fr', 'k1d1a.tb.gz.tmp-1-2');
    writeFileSync(stale, 'half a table');
    rmSync(join(dir, 'ard-ri-fr', 'k0d2a.tb.gz'));
    const ran = await tafl([
      'tb',
      'build',
      '--rules',
      'ard-ri-fr',
      '--pieces',
      '3',
      '--dir',
      dir,
      '--threads',
      '0',
    ]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('1 built, 5 kept');
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(join(dir, 'ard-ri-fr', 'k0d2a.tb.gz'))).toBe(true);
  });

  it('refuses a number of pieces beyond the tables and an unknown ruleset, with a sentence', async () => {
    const many = await tafl(['tb', 'build', '--rules', 'ard-ri-fr', '--pieces', '9', '--dir', dir]);
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(/--pieces must be a whole number from 1 to 5/);
    const unknown = await tafl(['tb', 'build', '--rules', 'nope', '--dir', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown ruleset "nope"/);
  });
});

describe('tafl tb probe', () => {
  it('answers a position from the tables: the king one step from the edge, defenders to move, wins in one ply', async () => {
    // 7 . . . . . . .
    // 6 . . . . . . .
    // 5 . . . . . . .
    // 4 . K . . . A .
    // 3 . . . . . . .
    // 2 . . . . . . .
    // 1 . . . . . . .
    //   a b c d e f g
    const ran = await tafl([
      'tb',
      'probe',
      '--rules',
      'ard-ri-fr',
      '--position',
      '/7/7/7/1K3t1/7/7/7/',
      '--turn',
      'defenders',
      '--dir',
      dir,
    ]);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toContain('K+0D+1A, defenders to move: win in 1 ply');
    expect(ran.stdout).toMatch(/best move: b4-a4\n/);
  });

  it('says which build is missing when no table holds the position', async () => {
    const more = await tafl([
      'tb',
      'probe',
      '--rules',
      'ard-ri-fr',
      '--position',
      '/7/7/2tt3/1K3t1/7/7/7/',
      '--dir',
      dir,
    ]);
    expect(more.code).toBe(2);
    expect(more.stderr).toMatch(/no table of K\+0D\+3A/);
    expect(more.stderr).toMatch(/tafl tb build --rules ard-ri-fr --pieces 4/);
  });
});

describe('tafl tb verify', () => {
  it('finds every entry of the tables right against its moves, and says so of a table made wrong', async () => {
    const ok = await tafl(['tb', 'verify', '--rules', 'ard-ri-fr', '--pieces', '2', '--dir', dir]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/K\+0D\+1A: \d+ positions, all right/);
    // One win made a win in one more ply.
    const file = join(dir, 'ard-ri-fr', 'k0d1a.tb.gz');
    const table = parseTbTable(presetById('ard-ri-fr')!, gunzipSync(readFileSync(file)));
    const e = table.entries;
    const i = e.findIndex((x) => x >> 6 === 1);
    e[i] = e[i]! + 1;
    writeFileSync(file, gzipSync(tbTableBytes(table)));
    const bad = await tafl(['tb', 'verify', '--rules', 'ard-ri-fr', '--pieces', '2', '--dir', dir]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toMatch(/K\+0D\+1A: \d+ positions, WRONG/);
    expect(bad.stderr).toMatch(/disagree with their moves/);
  });
});
