// Files of several OTN game records (notation/records.ts): the files `tafl match --records`
// writes (records one after another, a blank line between them), OpenTafl's saved games put end
// to end (fixtures/opentafl-records), and collections in the spec's tag-less form.
import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures.js';
import { mutate, pick, prng, randomText } from './random.js';
import {
  RECORD_ERRORS,
  makeRecord,
  makeRules,
  opentaflBrandub,
  parseRecord,
  parseRecords,
  recordFromGame,
  replayRecord,
  startingPosition,
  tagValue,
  type RecordInFile,
} from '../src/index.js';

const OPENTAFL_FILES = ['brandub-ai-comments.otg', 'brandub-random.otg', 'federation-random.otg'];
const RULES = makeRules(opentaflBrandub);

/** A game of seeded random legal moves, `plies` long at most, as tafl match records it. */
function matchRecord(seed: number, plies: number, event: string): string {
  const random = prng(seed);
  const pos = startingPosition(opentaflBrandub);
  while (!pos.isOver() && pos.ply < plies) pos.play(pick(random, pos.legalMoves()));
  return makeRecord(recordFromGame(pos, [{ key: 'event', value: event }]));
}

/** As `tafl match --records` writes its file: each record, a blank line before all but the first. */
const matchFile = (records: readonly string[]): string =>
  records.map((r, i) => `${i > 0 ? '\n' : ''}${r}`).join('');

const lineOf = (text: string, fragment: string): number =>
  text.slice(0, text.indexOf(fragment)).split('\n').length;

function records(text: string): RecordInFile[] {
  const read = parseRecords(text);
  for (const r of read) if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`);
  return read;
}

describe('parseRecords reads a file of several records', () => {
  it('regression: a tafl match --records file is no longer one record whose comments repeat', () => {
    const text = matchFile([matchRecord(1, 17, 'game 1'), matchRecord(2, 30, 'game 2')]);
    expect(parseRecord(text)).toMatchObject({ ok: false, code: RECORD_ERRORS.comment });
    const read = records(text);
    expect(read.map((r) => r.line)).toEqual([1, lineOf(text, '[event:game 2]')]);
    expect(read.map((r) => (r.ok ? tagValue(r.value, 'event') : ''))).toEqual(['game 1', 'game 2']);
  });

  it('every game of a longer match file, each replaying to its result', () => {
    const games = Array.from({ length: 6 }, (_, i) => matchRecord(10 + i, 200, `game ${i + 1}`));
    const read = records(matchFile(games));
    expect(read).toHaveLength(6);
    read.forEach((r, i) => {
      if (!r.ok) return;
      const alone = parseRecord(games[i]!);
      expect(alone.ok && r.value).toEqual(alone.ok && alone.value);
      expect(replayRecord(r.value).ok).toBe(true);
    });
  });

  it('OpenTafl’s three saved games put end to end: after [|], and after a turn with no comment', () => {
    const texts = OPENTAFL_FILES.map((f) => readFixture(`opentafl-records/${f}`));
    const text = texts.join('');
    const read = records(text);
    const newlines = (t: string) => t.split('\n').length - 1;
    const [a, b] = texts.map(newlines) as [number, number];
    expect(read.map((r) => r.line)).toEqual([1, 1 + a, 1 + a + b]);
    expect(read.map((r) => (r.ok ? r.value.moves.length : 0))).toEqual([20, 104, 34]);
    for (const r of read) if (r.ok) expect(replayRecord(r.value).ok).toBe(true);
  });

  it('a record with one record is one record, read as parseRecord reads it', () => {
    const text = readFixture('opentafl-records/brandub-ai-comments.otg');
    expect(records(text)).toEqual([{ ...parseRecord(text), line: 1 }]);
  });

  it('the last turn’s comment stays its comment, at the end of the file and before the next record', () => {
    const one = `[rules:${RULES}]\n\n1. d2-e2 d3-f3\n[first|second]\n`;
    const read = records(`${one}${one}`);
    expect(read).toHaveLength(2);
    for (const r of read) if (r.ok) expect(r.value.moves.map((m) => m.comment)).toEqual(['first', 'second']);
    const single = records(`[rules:${RULES}]\n\n1. d2-e2 d3-f3\n[just a comment]\n`);
    expect(single).toHaveLength(1);
    if (single[0]!.ok) expect(single[0]!.value.moves[0]!.comment).toBe('just a comment');
  });

  it('a tag directly after the last turn starts the next record when a header follows it', () => {
    const text = `[rules:${RULES}]\n1. d2-e2 d3-f3\n[event:next]\n[rules:${RULES}]\n1. d2-c2\n`;
    const read = records(text);
    expect(read.map((r) => r.line)).toEqual([1, 3]);
    if (read[1]!.ok) expect(tagValue(read[1]!.value, 'event')).toBe('next');
    const rulesOnly = records(`[rules:${RULES}]\n1. d2-e2\n[rules:${RULES}]\n1. d2-c2\n`);
    expect(rulesOnly.map((r) => r.line)).toEqual([1, 3]);
  });

  it('the spec’s tag-less form: a bare rules line after moves starts a record', () => {
    const text = `${RULES}\n1. d2-e2 d3-f3\n${RULES}\n/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\n1. d2-c2\n`;
    const read = records(text);
    expect(read.map((r) => r.line)).toEqual([1, 3]);
    if (read[1]!.ok) expect(read[1]!.value.position).toBe('/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/');
  });

  it('an empty or blank text has no record; CRLF and a byte order mark are read', () => {
    expect(parseRecords('')).toEqual([]);
    expect(parseRecords(' \n\n\t\n')).toEqual([]);
    const text = `\uFEFF${matchFile([matchRecord(1, 8, 'a'), matchRecord(2, 8, 'b')])}`.replace(
      /\n/g,
      '\r\n',
    );
    expect(records(text).map((r) => r.line)).toEqual([1, lineOf(text.replace(/\r/g, ''), '[event:b]')]);
  });
});

describe('parseRecords names the line of each broken record and keeps the others', () => {
  it('a record with a bad move in the middle of a file: its start and the line of the move', () => {
    const good = matchRecord(1, 6, 'good');
    const bad = `[event:bad]\n[rules:${RULES}]\n\n1. d2-e2 d3-f3\n2. zz-top\n`;
    const text = matchFile([good, bad, good]);
    const read = parseRecords(text);
    expect(read.map((r) => r.ok)).toEqual([true, false, true]);
    const start = lineOf(text, '[event:bad]');
    expect(read[1]).toMatchObject({ ok: false, line: start, code: RECORD_ERRORS.move });
    if (!read[1]!.ok) expect(read[1]!.message).toMatch(new RegExp(`^line ${start + 4}, turn 2: "zz-top"`));
  });

  it('a record cut short inside its rules tag', () => {
    const text = matchFile([matchRecord(1, 6, 'good'), `[event:cut]\n[rules:dim:7 surf:n sta`]);
    const read = parseRecords(text);
    expect(read[1]).toMatchObject({ ok: false, line: lineOf(text, '[event:cut]'), code: RECORD_ERRORS.tag });
  });

  it('tags after moves with no rules: the next record, refused for want of rules', () => {
    const read = parseRecords(`[rules:${RULES}]\n1. d2-e2\n[event:x]\n[date:y]\n`);
    expect(read.map((r) => r.ok)).toEqual([true, false]);
    expect(read[1]).toMatchObject({ line: 3, code: RECORD_ERRORS.rules });
  });

  it('garbage is one record: a bare line read as its rules string, which the replay refuses', () => {
    const read = parseRecords('this is not a record [at all\n');
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ ok: true, line: 1 });
    if (read[0]!.ok)
      expect(replayRecord(read[0]!.value)).toMatchObject({ ok: false, code: 'ERR_REPLAY_RULES' });
    expect(parseRecords('[[[[')).toMatchObject([{ ok: false, line: 1, code: RECORD_ERRORS.tag }]);
  });
});

describe('no input makes parseRecords throw: seeded fuzzing', () => {
  /** Each entry is a record or a failure with a code, a sentence and a line; lines only go down the file. */
  function expectAnswer(text: string): void {
    let read: RecordInFile[] = [];
    expect(() => (read = parseRecords(text)), JSON.stringify(text)).not.toThrow();
    let last = 0;
    for (const r of read) {
      expect(r.line).toBeGreaterThan(last);
      last = r.line;
      if (!r.ok) expect(r.message.length).toBeGreaterThan(0);
    }
  }

  it('random texts', () => {
    const random = prng(11);
    for (let i = 0; i < 2000; i++) expectAnswer(randomText(random, 200));
  });

  it('match files and OpenTafl records with a few characters changed', () => {
    const random = prng(12);
    const bases = [
      matchFile([matchRecord(1, 20, 'a'), matchRecord(2, 20, 'b')]),
      OPENTAFL_FILES.map((f) => readFixture(`opentafl-records/${f}`)).join(''),
    ];
    for (let i = 0; i < 1000; i++) expectAnswer(mutate(random, pick(random, bases)));
  });

  it('a long file stays quick: 2,000 records', () => {
    const text = matchFile(Array<string>(2000).fill(matchRecord(5, 30, 'same')));
    const started = Date.now();
    expect(parseRecords(text)).toHaveLength(2000);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
