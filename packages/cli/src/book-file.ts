/**
 * The writer and reader of the engine's book-data.ts, which `tafl book build` rewrites one
 * ruleset's entry at a time, keeping the others: the file is generated, in exactly the shape
 * `makeBookFile` writes (formatted as the repository's prettier would), so reading it back is a
 * matter of lines, not of parsing TypeScript.
 */

import { fail, ok, type Result } from '@tafl/core';

export interface BookFileEntry {
  readonly rulesId: string;
  /** Its comment, one paragraph (wrapped in the file): how it was made. */
  readonly note: string;
  readonly plies: number;
  /** The book's text (`makeBook`), a position a line. */
  readonly positions: string;
}

export const BOOK_FILE_ERRORS = { syntax: 'ERR_BOOK_FILE_SYNTAX' } as const;
export type BookFileError = (typeof BOOK_FILE_ERRORS)[keyof typeof BOOK_FILE_ERRORS];

const HEADER = [
  '/**',
  ' * The opening books of the named rulesets by id: written by `tafl book build`, not by hand',
  ' * (book.ts reads them; packages/engine/README.md, "Opening book", says how to make them again).',
  ' * Each entry’s comment gives the command that made it and what its games gave.',
  ' */',
  '',
  "import type { BookSource } from './book-source.js';",
  '',
];
const DECLARATION = 'export const BOOKS: Readonly<Record<string, BookSource>> = {';
const WIDTH = 110;

/** `text` in lines of at most `width` characters, broken at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return line === '' ? lines : [...lines, line];
}

/** A ruleset id as an object key, quoted only where it must be (as prettier has it). */
const key = (id: string): string => (/^[A-Za-z_$][\w$]*$/.test(id) ? id : `'${id}'`);

/** The text of book-data.ts with `entries` in order. */
export function makeBookFile(entries: readonly BookFileEntry[]): string {
  const lines = [...HEADER];
  if (entries.length === 0) lines.push(`${DECLARATION}};`);
  else {
    lines.push(DECLARATION);
    for (const entry of entries) {
      for (const l of wrap(entry.note, WIDTH - 5)) lines.push(`  // ${l}`);
      lines.push(`  ${key(entry.rulesId)}: {`, `    plies: ${entry.plies},`, '    positions: `');
      lines.push(...entry.positions.split('\n').filter((l) => l !== ''));
      lines.push('`,', '  },');
    }
    lines.push('};');
  }
  return `${lines.join('\n')}\n`;
}

/** Reads back the entries of a book-data.ts that `makeBookFile` wrote. */
export function parseBookFile(text: string): Result<BookFileEntry[], BookFileError> {
  const lines = text.split('\n');
  const at = lines.indexOf(DECLARATION);
  if (lines.includes(`${DECLARATION}};`)) return ok([]);
  if (at < 0) return fail(BOOK_FILE_ERRORS.syntax, 'no BOOKS declaration');
  const entries: BookFileEntry[] = [];
  let note: string[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const where = `line ${i + 1}: ${JSON.stringify(line)}`;
    let m: RegExpExecArray | null;
    if (line === '};') return ok(entries);
    if ((m = /^ {2}\/\/ (.*)$/.exec(line))) {
      note.push(m[1]!);
      continue;
    }
    m = /^ {2}(?:'([^']+)'|([A-Za-z_$][\w$]*)): \{$/.exec(line);
    const plies = /^ {4}plies: (\d+),$/.exec(lines[i + 1] ?? '');
    if (!m || !plies || lines[i + 2] !== '    positions: `') return fail(BOOK_FILE_ERRORS.syntax, where);
    const end = lines.indexOf('`,', i + 3);
    if (end < 0 || lines[end + 1] !== '  },') return fail(BOOK_FILE_ERRORS.syntax, `${where}: not closed`);
    const positions = lines.slice(i + 3, end).map((l) => `${l}\n`);
    entries.push({
      rulesId: m[1] ?? m[2]!,
      note: note.join(' '),
      plies: Number(plies[1]),
      positions: positions.join(''),
    });
    note = [];
    i = end + 1;
  }
  return fail(BOOK_FILE_ERRORS.syntax, 'BOOKS is not closed');
}
