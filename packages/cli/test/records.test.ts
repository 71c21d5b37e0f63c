// `tafl records FILE...` as a player moving games in from OpenTafl or checking a collection runs
// it: OpenTafl's saved records (core fixtures opentafl-records, README there), a file written by a
// real `tafl match --records` (through the built program, bin/tafl.js), and hostile files, which
// get exit code 2 and a sentence naming the file and line of each bad record, never a stack trace.
// Also `--rules-string` with OpenTafl's `starti:`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRules, opentaflBrandub } from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from '../../core/test/fixtures.js';
import { mutate, prng } from '../../core/test/random.js';
import { expectUsageError, lines, spawnTafl, tafl } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tafl-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OPENTAFL = ['brandub-random.otg', 'brandub-ai-comments.otg', 'federation-random.otg'].map((f) =>
  fixturePath(`opentafl-records/${f}`),
);
const RULES = makeRules(opentaflBrandub);

/** Writes `text` to a file of the test's folder and gives its path. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The table rows of the output (without its header and the summary line). */
const rows = (stdout: string): string[][] =>
  lines(stdout)
    .slice(1, -1)
    .map((l) => l.trim().split(/\s{2,}/));

/** Exit code 2, one `tafl: ` sentence a bad record on stderr, and no stack trace. */
function expectFailures(ran: { code: number; stderr: string }, sentences: RegExp[]): void {
  expect(ran.code).toBe(2);
  const said = lines(ran.stderr);
  expect(said).toHaveLength(sentences.length);
  said.forEach((line, i) => expect(line).toMatch(sentences[i]!));
  expect(ran.stderr).not.toMatch(/^\s+at /m);
  expect(ran.stderr).not.toMatch(/internal error/);
}

describe('tafl records: OpenTafl’s saved games', () => {
  it('opens the three records, replays them, and each agrees with its result tag: exit 0', async () => {
    const ran = await tafl(['records', ...OPENTAFL]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(lines(ran.stdout)[0]).toMatch(/^record\s+plies\s+tag\s+replay$/);
    expect(rows(ran.stdout)).toEqual([
      [`${OPENTAFL[0]}:1`, '104', 'defenders', 'defenders (escape)'],
      [`${OPENTAFL[1]}:1`, '20', 'defenders', 'defenders (escape)'],
      [`${OPENTAFL[2]}:1`, '34', 'defenders', 'defenders (escape)'],
    ]);
    expect(lines(ran.stdout).at(-1)).toBe('3 records in 3 files; every one agrees with its result tag');
  });

  it('reads them end to end in one file, each at its own line', async () => {
    const texts = OPENTAFL.map((p) => readFixture(`opentafl-records/${p.split('/').pop()!}`));
    const path = file('collection.otg', texts.join(''));
    const ran = await tafl(['records', path]);
    expect(ran.code).toBe(0);
    const second = 1 + texts[0]!.split('\n').length - 1;
    expect(rows(ran.stdout).map((r) => r[0])).toEqual([
      `${path}:1`,
      `${path}:${second}`,
      `${path}:${second + texts[1]!.split('\n').length - 1}`,
    ]);
  });
});

describe('tafl records: a file written by tafl match --records', () => {
  it('reads every game of a short real match', async () => {
    const records = join(dir, 'match.otg');
    const match = await spawnTafl([
      ...['match', '--rules', 'opentafl-brandub', '--a', 'level:1', '--b', 'level:2'],
      ...['--games', '2', '--time', '50', '--openings', '2', '--seed', '3', '--records', records],
    ]);
    expect(match.code).toBe(0);
    const ran = await spawnTafl(['records', records]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const table = rows(ran.stdout);
    expect(table).toHaveLength(2);
    expect(table[0]![0]).toBe(`${records}:1`);
    for (const [, plies, tag, replay] of table) {
      expect(Number(plies)).toBeGreaterThan(2);
      expect(replay!.startsWith(tag!) || replay === 'unfinished').toBe(true);
    }
    expect(lines(ran.stdout).at(-1)).toBe('2 records in 1 file; every one agrees with its result tag');
  }, 120_000);
});

describe('tafl records: hostile files get exit 2 and a sentence naming the file and line', () => {
  const good = `[result:-1]\n[rules:${RULES}]\n\n1. b4-b5 d3-f3\n2. b5-b6 Kd4-d3\n3. g4-g5 Kd3-a3\n4. g5-g6 Ka3-a1\n`;

  it('a broken second record: its line, and the first record still listed', async () => {
    const path = file('broken.otg', `${good}\n[event:broken]\n[rules:${RULES}]\n\n1. b4-b5 zz\n`);
    const ran = await tafl(['records', path]);
    expectFailures(ran, [new RegExp(`^tafl: ${path}:9: the record cannot be read: line 12, turn 1: "zz"`)]);
    expect(rows(ran.stdout)).toEqual([
      [`${path}:1`, '8', 'defenders', 'defenders (escape)'],
      [`${path}:9`, '-', '-', 'cannot be read'],
    ]);
  });

  it('a record cut short inside its rules tag', async () => {
    const path = file('truncated.otg', `[result:1]\n[rules:dim:7 surf:n ks:w sta`);
    expectFailures(await tafl(['records', path]), [
      new RegExp(
        `^tafl: ${path}:1: the record cannot be read: line 2: the tag that starts here has no closing "\\]"$`,
      ),
    ]);
  });

  it('garbage, and bytes that are not text', async () => {
    const garbage = file('garbage.otg', 'GIF89a\u0000\u0001\u0002 not a record at all');
    const ran = await tafl(['records', garbage]);
    expectFailures(ran, [new RegExp(`^tafl: ${garbage}:1: the record cannot be replayed: the rules string`)]);
  });

  it('an illegal move: the ply, the side and the move', async () => {
    const path = file('illegal.otg', `[rules:${RULES}]\n\n1. b4-b5 d3-f3\n2. b5-b6 d4-d1\n`);
    expectFailures(await tafl(['records', path]), [
      new RegExp(
        `^tafl: ${path}:1: the record cannot be replayed: ply 4 \\(turn 2, the defenders\\) "d4-d1": `,
      ),
    ]);
  });

  it('a result tag that the replay contradicts', async () => {
    const path = file('contradicted.otg', good.replace('[result:-1]', '[result:1]'));
    const ran = await tafl(['records', path]);
    expectFailures(ran, [
      new RegExp(
        `^tafl: ${path}:1: the result tag says the attackers won \\(1\\), but the replay ends with the defenders winning \\(escape\\)$`,
      ),
    ]);
    expect(rows(ran.stdout)).toEqual([[`${path}:1`, '8', 'attackers', 'defenders (escape)']]);
  });

  it('a result for an unfinished game with no termination tag; with one, it agrees', async () => {
    const unfinished = `[result:0]\n[rules:${RULES}]\n\n1. b4-b5 d3-f3\n`;
    const path = file('unfinished.otg', unfinished);
    expectFailures(await tafl(['records', path]), [/the game is unfinished after its last move/]);
    const adjudicated = file(
      'adjudicated.otg',
      unfinished.replace('[rules', '[termination:agreement]\n[rules'),
    );
    expect((await tafl(['records', adjudicated])).code).toBe(0);
  });

  it('a result tag that is not 1, -1, 0 or ?, even one named like a property of every object', async () => {
    const path = file('odd-result.otg', good.replace('[result:-1]', '[result:0-1]'));
    expectFailures(await tafl(['records', path]), [/the result tag "0-1" is not 1, -1, 0 or \?$/]);
    const proto = file('proto-result.otg', good.replace('[result:-1]', '[result:constructor]'));
    expectFailures(await tafl(['records', proto]), [/the result tag "constructor" is not 1, -1, 0 or \?$/]);
    const multiline = file('multiline-result.otg', good.replace('[result:-1]', '[result:-1\n1]'));
    const ran = await tafl(['records', multiline]);
    expectFailures(ran, [/the result tag "-1\\n1" is not/]);
    expect(rows(ran.stdout)).toEqual([[`${multiline}:1`, '8', '"-1\\n1"', 'defenders (escape)']]);
  });

  it('seeded fuzzing: mutated records give exit 0 or 2 and sentences, never an internal error', async () => {
    const random = prng(21);
    const base = `${good}\n${readFixture('opentafl-records/brandub-ai-comments.otg')}`;
    for (let i = 0; i < 200; i++) {
      const path = file('fuzz.otg', mutate(random, mutate(random, base)));
      const ran = await tafl(['records', path]);
      expect([0, 2]).toContain(ran.code);
      expect(ran.stderr).not.toMatch(/internal error|^\s+at /m);
      if (ran.code === 2) expect(lines(ran.stderr).every((l) => l.startsWith(`tafl: ${path}`))).toBe(true);
    }
  });

  it('a file that cannot be read, an empty file, and a good one: a sentence each, the good one listed', async () => {
    const empty = file('empty.otg', '\n\n');
    const ok = file('good.otg', good);
    const missing = join(dir, 'missing.otg');
    const ran = await tafl(['records', missing, empty, ok, dir]);
    expectFailures(ran, [
      new RegExp(`^tafl: ${missing}: the file cannot be read \\(ENOENT\\)$`),
      new RegExp(`^tafl: ${empty}: the file holds no game record$`),
      new RegExp(`^tafl: ${dir}: the file cannot be read \\(EISDIR\\)$`),
    ]);
    expect(rows(ran.stdout)).toEqual([[`${ok}:1`, '8', 'defenders', 'defenders (escape)']]);
  });

  it('the built program too: exit 2, sentences, no stack trace', async () => {
    const path = file('both.otg', `${good}\n${good.replace('[result:-1]', '[result:1]')}`);
    const ran = await spawnTafl(['records', path]);
    expectFailures(ran, [new RegExp(`^tafl: ${path}:9: the result tag says the attackers won`)]);
  });

  it('no FILE, and an unknown option, are usage errors', async () => {
    expectUsageError(await tafl(['records']), /records needs at least one FILE/);
    expectUsageError(await tafl(['records', '--opentafl']), /unknown option --opentafl for tafl records/);
  });
});

describe('tafl --help and tafl records --help', () => {
  it('lists records among the commands, and its usage says it counts plies', async () => {
    const all = await tafl(['--help']);
    expect(all.stdout).toMatch(/^ {2}records +open, replay and check every OTN game record of files$/m);
    const one = await tafl(['records', '--help']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^Usage: tafl records FILE\.\.\./);
    expect(one.stdout).toMatch(/length in plies/);
  });
});

describe('--rules-string reads OpenTafl’s starti:', () => {
  /** The Brandubh start without d1's attacker, top rank first (starti) and rank 1 first (start). */
  const NO_D1_STARTI = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/7/';

  it('tafl show draws the inverted start with rank 7 at the top, as the string reads', async () => {
    const rules = `dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: starti:${NO_D1_STARTI}`;
    const ran = await tafl(['show', '--rules-string', rules]);
    expect(ran.code).toBe(0);
    const board = lines(ran.stdout);
    expect(board[0]).toBe('7 + . . A . . +');
    expect(board[6]).toBe('1 + . . . . . +');
  });

  it('tafl perft counts the moves of OpenTafl’s own Brandub string as of the preset', async () => {
    const rules = `dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: starti:${RULES.split('start:')[1]!}`;
    const fromStarti = await tafl(['perft', '--rules-string', rules, '--depth', '2']);
    const fromPreset = await tafl(['perft', '--rules', 'opentafl-brandub', '--depth', '2']);
    const nodes = (stdout: string) => lines(stdout).map((l) => l.trim().split(/\s+/).slice(0, 2));
    expect(fromStarti.code).toBe(0);
    expect(nodes(fromStarti.stdout)).toEqual(nodes(fromPreset.stdout));
    expect(nodes(fromStarti.stdout).at(-1)).toEqual(['2', '960']);
  });

  it('a malformed starti is refused, named as starti', async () => {
    expectUsageError(
      await tafl(['show', '--rules-string', 'dim:7 surf:n starti:/3t3/3t3/']),
      /^tafl: invalid rules string: starti: /,
    );
  });
});
