// The fixture loader (fixtures.ts): a missing file fails in one sentence that names it, and a
// `.gz` fixture reads back as the text it holds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from './fixtures.js';

describe('test fixtures', () => {
  it('a missing fixture throws one line naming the file', () => {
    for (const read of [fixturePath, readFixture]) {
      let message = '';
      try {
        read('vectors/no-such-ruleset.jsonl.gz');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe(
        'missing test fixture packages/core/test/fixtures/vectors/no-such-ruleset.jsonl.gz',
      );
      expect(message).not.toContain('\n');
    }
  });

  it('a .gz fixture is stored compressed and reads back as its text', () => {
    const file = 'vectors/rare-events.jsonl.gz';
    const bytes = readFileSync(fixturePath(file));
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // the gzip magic number
    const text = readFixture(file);
    expect(Buffer.byteLength(text)).toBe(167_031); // the size of the plain file
    const lines = text.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(15);
    for (const line of lines)
      expect(Object.keys(JSON.parse(line) as object)).toEqual(['rules', 'moves', 'trace']);
  });

  it('a plain fixture reads as it is', () => {
    const file = 'games/brandubh-525.csv';
    expect(readFixture(file)).toBe(readFileSync(fixturePath(file), 'utf8'));
  });
});
