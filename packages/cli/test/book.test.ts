// `tafl book`: `build` plays the engine against itself on a tiny budget and writes a book file
// that reads back, whose every position is reached from the start through its moves, each legal
// there, keeping the other rulesets' entries; the file is as prettier formats it; `show` prints
// the book's moves in a position, or says it is out of book.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { presetById, startingPosition, type Position } from '@tafl/core';
import { bookKey, bookLookup, parseBook, type Book } from '@tafl/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBookFile, parseBookFile, type BookFileEntry } from '../src/book-file.js';
import { expectUsageError, lines, tafl } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tafl-book-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The engine's book file, whose prettier settings a written book file must satisfy. */
const SHIPPED = fileURLToPath(new URL('../../engine/src/book-data.ts', import.meta.url));
const TINY = ['--games', '4', '--plies', '4', '--nodes', '300', '--min', '1', '--max-plies', '60'];

/** Every position of `book` reached from `start` through its moves; fails on an illegal move. */
function replay(start: Position, book: Book): number {
  const seen = new Set<string>();
  const frontier = [start];
  while (frontier.length > 0) {
    const pos = frontier.shift()!;
    const moves = bookLookup(book, pos);
    if (moves === undefined || seen.has(bookKey(pos))) continue;
    seen.add(bookKey(pos));
    for (const { move } of moves) {
      expect(pos.isLegal(move)).toBe(true);
      const next = pos.clone();
      next.play(move);
      frontier.push(next);
    }
  }
  return seen.size;
}

describe('tafl book build', () => {
  const out = join(dir, 'book-data.ts');

  it('makes a loadable book on a tiny budget, every position reached from the start by legal moves', async () => {
    const { code, stdout } = await tafl(['book', 'build', '--rules', 'brandubh-2019', ...TINY, '--out', out]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^brandubh-2019: 4 games \(attackers won \d, defenders \d, drawn \d; \d+ plies on average\); \d+ positions in the first 4 plies, \d+ in the book/,
    );
    const entries = parseBookFile(readFileSync(out, 'utf8'));
    expect(entries.ok).toBe(true);
    if (!entries.ok) return;
    expect(entries.value.map((e) => e.rulesId)).toEqual(['brandubh-2019']);
    const entry = entries.value[0]!;
    expect(entry.note).toContain(
      'tafl book build --rules brandubh-2019 --games 4 --plies 4 --nodes 300 --min 1 --seed 1',
    );
    const book = parseBook(entry.positions, entry.plies);
    expect(book.ok).toBe(true);
    if (!book.ok) return;
    // With --min 1 every game's first four positions are kept: the start is among them.
    expect(book.value.positions.size).toBeGreaterThan(1);
    expect(replay(startingPosition(presetById('brandubh-2019')!), book.value)).toBe(
      book.value.positions.size,
    );
  });

  it('keeps the other rulesets’ entries, in the presets’ order', async () => {
    const { code } = await tafl(['book', 'build', '--rules', 'plazoleta', ...TINY, '--out', out]);
    expect(code).toBe(0);
    const entries = parseBookFile(readFileSync(out, 'utf8'));
    expect(entries.ok && entries.value.map((e) => e.rulesId)).toEqual(['plazoleta', 'brandubh-2019']);
  });

  it('writes the file as prettier formats it, with the repository’s settings', async () => {
    const text = readFileSync(out, 'utf8');
    const options = await resolveConfig(SHIPPED);
    expect(await format(text, { ...options, filepath: SHIPPED })).toBe(text);
  });

  it('gives the same book for the same options and seed', async () => {
    const again = join(dir, 'again.ts');
    await tafl(['book', 'build', '--rules', 'brandubh-2019', ...TINY, '--out', again]);
    const positions = (file: string): string | false => {
      const parsed = parseBookFile(readFileSync(file, 'utf8'));
      return parsed.ok && parsed.value.find((e) => e.rulesId === 'brandubh-2019')!.positions;
    };
    expect(positions(again)).toBe(positions(out));
  });

  it('needs a preset', async () => {
    expectUsageError(await tafl(['book', 'build', ...TINY, '--out', out]), /needs --rules ID or --all/);
    expectUsageError(
      await tafl(['book', 'build', '--rules', 'nope', '--out', out]),
      /unknown ruleset "nope"/,
    );
    expectUsageError(
      await tafl(['book', 'build', '--rules', 'plazoleta', '--games', '0']),
      /--games must be/,
    );
    expectUsageError(await tafl(['book', 'frobnicate']), /book takes build or show/);
  });
});

describe('the book file', () => {
  it('reads back as makeBookFile writes it, a long note wrapped and joined again', () => {
    const entries: BookFileEntry[] = [
      {
        rulesId: 'plazoleta',
        note: `plazoleta: ${'a long note '.repeat(20).trim()}.`,
        plies: 8,
        positions: '',
      },
      {
        rulesId: 'ard-ri-es',
        note: 'ard-ri-es: short.',
        plies: 10,
        positions: '00000000000000aa d1-d2:3:50\n',
      },
    ];
    const parsed = parseBookFile(makeBookFile(entries));
    expect(parsed.ok && parsed.value).toEqual(entries);
    expect(parseBookFile(makeBookFile([]))).toEqual({ ok: true, value: [] });
  });
});

describe('tafl book show', () => {
  it('prints the book’s moves at the start, with games, score and the levels’ chances', async () => {
    const { code, stdout } = await tafl(['book', 'show', '--rules', 'brandubh-2019']);
    expect(code).toBe(0);
    const rows = lines(stdout);
    expect(rows[0]).toMatch(/^brandubh-2019: the book has \d+ positions to ply \d+$/);
    expect(rows[1]).toBe('ply 0, attackers to move:');
    expect(rows[2]!.trim().split(/\s+/)).toEqual(['move', 'games', 'score', 'level', '5', 'level', '6']);
    expect(rows[3]).toMatch(/^[a-g][1-7]-[a-g][1-7]\s+\d+\s+\d+%\s+\d+%\s+\d+%$/);
  });

  it('says when the position is out of book', async () => {
    const { code, stdout } = await tafl([
      'book',
      'show',
      '--rules',
      'brandubh-2019',
      '--moves',
      'd2-c2 d3-b3 c2-c1 b3-b1',
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/ply 4: out of book/);
  });
});
