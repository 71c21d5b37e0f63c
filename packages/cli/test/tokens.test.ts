// The move reader of `tafl trace`: words are given out as soon as the whitespace after them
// arrives, whatever the chunks, and bytes split inside a character are joined.
import { describe, expect, it } from 'vitest';
import { words } from '../src/tokens.js';

async function collect(chunks: (string | Uint8Array)[]): Promise<string[]> {
  async function* feed(): AsyncGenerator<string | Uint8Array> {
    yield* chunks;
  }
  const out: string[] = [];
  for await (const w of words(feed())) out.push(w);
  return out;
}

describe('words', () => {
  it('splits on any whitespace and ignores runs of it', async () => {
    expect(await collect(['  d7-c7\n\nc4-c5\td2-e2 \r\n'])).toEqual(['d7-c7', 'c4-c5', 'd2-e2']);
  });

  it('joins a word split across chunks, and gives the last word at the end', async () => {
    expect(await collect(['d7', '-c7 c4-', 'c5'])).toEqual(['d7-c7', 'c4-c5']);
  });

  it('decodes bytes split inside a character', async () => {
    const bytes = new TextEncoder().encode('é pass');
    expect(await collect([bytes.slice(0, 1), bytes.slice(1)])).toEqual(['é', 'pass']);
  });

  it('gives nothing for empty input', async () => {
    expect(await collect([])).toEqual([]);
  });
});
