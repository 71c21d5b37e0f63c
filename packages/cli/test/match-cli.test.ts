// `tafl match` as a user runs it: a tiny match through the built program (bin/tafl.js, after
// `npm run build`; the games run in worker threads of dist/), its progress, its summary and its
// records; and a bad command line, which is refused with exit code 2 and one sentence.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { federationBrandubh, parseRecord, replayRecord, tagValue } from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectUsageError, lines, spawnTafl, tafl, type Ran } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tafl-match-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GAMES = 4;

/** The summary table's row of engine A or B: its W-D-L as attackers, as defenders and in all, and its points. */
function row(stdout: string, name: 'A' | 'B'): { cells: string[]; wdl: number[][]; points: number } {
  const line = lines(stdout).find((l) => l.startsWith(`${name}  `))!;
  const cells = line.trim().split(/\s+/);
  const wdl = cells.slice(2, 5).map((c) => c.split('-').map(Number));
  return { cells, wdl, points: Number(cells[5]!.split('/')[0]) };
}

describe('tafl match', () => {
  const records = join(dir, 'games.otg');
  let running: Promise<Ran> | undefined;
  /** The match, run once for all the tests that look at it. */
  const match = (): Promise<Ran> =>
    (running ??= spawnTafl([
      'match',
      '--rules',
      'federation-brandubh',
      '--a',
      'level:1',
      '--b',
      'level:2',
      '--games',
      String(GAMES),
      '--time',
      '50',
      '--openings',
      '2',
      '--seed',
      '5',
      '--records',
      records,
    ]));

  it('plays the games and prints a summary whose counts add up', async () => {
    const { code, stdout, stderr } = await match();
    expect(stderr).not.toMatch(/error/);
    expect(code).toBe(0);
    expect(lines(stdout)[0]).toBe('match: level:1 (A) against level:2 (B) under federation-brandubh, seed 5');
    expect(lines(stdout)[1]).toMatch(
      /^4 games in 2 pairs, openings of 2 random plies, 50 ms a move, 2 at a time/,
    );
    const a = row(stdout, 'A');
    const b = row(stdout, 'B');
    expect(a.cells[1]).toBe('level:1');
    expect(b.cells[1]).toBe('level:2');
    const [aAtt, aDef, aAll] = a.wdl as [number[], number[], number[]];
    const [bAtt, bDef, bAll] = b.wdl as [number[], number[], number[]];
    // Each engine played half the games on each side, and A's wins are B's losses on the other side.
    expect(aAtt.reduce((s, x) => s + x)).toBe(GAMES / 2);
    expect(aDef.reduce((s, x) => s + x)).toBe(GAMES / 2);
    expect(aAll).toEqual([0, 1, 2].map((i) => aAtt[i]! + aDef[i]!));
    expect(bAtt).toEqual([...aDef].reverse());
    expect(bDef).toEqual([...aAtt].reverse());
    expect(bAll).toEqual([...aAll].reverse());
    expect(a.points + b.points).toBe(GAMES);
    expect(a.points).toBe(aAll[0]! + aAll[1]! / 2);
    const score =
      /^score of level:1: (\d+\.\d)%, 95% interval (\d+\.\d)% to (\d+\.\d)% \(Wilson's score interval over 2 game pairs\)$/m.exec(
        stdout,
      );
    expect(score).not.toBeNull();
    expect(Number(score![1])).toBeCloseTo((100 * a.points) / GAMES, 1);
    expect(Number(score![2])).toBeLessThanOrEqual(Number(score![1]));
    expect(Number(score![3])).toBeGreaterThanOrEqual(Number(score![1]));
    expect(stdout).toMatch(
      /^Elo difference, level:1 minus level:2: ([+-]\d+|[+-]inf), 95% interval \S+ to \S+$/m,
    );
    const endings = /^endings: (.*)$/m.exec(stdout)![1]!;
    expect(endings.split(', ').reduce((s, e) => s + Number(e.split(' ').pop()), 0)).toBe(GAMES);
    expect(stdout).toMatch(
      /^longest move: level:1 \d+ ms \(a fixed depth, no time budget; game \d+, ply \d+\), level:2 \d+ ms \(a fixed depth, no time budget; game \d+, ply \d+\)$/m,
    );
  });

  it('shows a progress line for each game as it ends, with the running score', async () => {
    const progress = lines((await match()).stderr);
    expect(progress).toHaveLength(GAMES);
    progress.forEach((line, i) =>
      expect(line).toMatch(
        new RegExp(
          `^\\[${i + 1}/${GAMES}\\] game \\d: level:\\d attacking, level:\\d defending: .*; level:1 has [\\d.]+ of ${i + 1} \\(\\d+\\.\\d%\\)$`,
        ),
      ),
    );
  });

  it('writes every game as an OTN game record that replays to its result', async () => {
    await match();
    const text = readFileSync(records, 'utf8');
    const games = text.split(/\n(?=\[event:)/);
    expect(games).toHaveLength(GAMES);
    const numbers = games.map((g) => {
      const record = parseRecord(g);
      if (!record.ok) throw new Error(record.message);
      const replayed = replayRecord(record.value, federationBrandubh);
      if (!replayed.ok) throw new Error(replayed.message);
      const outcome = replayed.value.position.outcome();
      const result = tagValue(record.value, 'result');
      if (outcome.status !== 'ongoing')
        expect(result).toBe({ attackers: '1', defenders: '-1', draw: '0' }[outcome.status]);
      return Number(/game (\d+)$/.exec(tagValue(record.value, 'event')!)![1]);
    });
    expect(numbers.sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('tafl match --nodes', () => {
  /** Level 6 against itself at 3000 positions a move, its records written to `file`. */
  const bounded = (file: string): Promise<Ran> =>
    spawnTafl([
      'match',
      '--rules',
      'opentafl-brandub',
      '--a',
      'level:6',
      '--b',
      'level:6',
      '--games',
      '2',
      '--nodes',
      '3000',
      '--seed',
      '7',
      '--records',
      join(dir, file),
    ]);

  it('bounds each move by positions alone, so the same match plays the same games twice', async () => {
    const [first, second] = await Promise.all([bounded('nodes-1.otg'), bounded('nodes-2.otg')]);
    for (const ran of [first, second]) {
      expect(ran.code).toBe(0);
      expect(lines(ran.stdout)[1]).toMatch(/, 3000 nodes a move, /);
      expect(ran.stdout).toMatch(
        /^longest move: level:6 \(3000 nodes\) \d+ ms \(3000 nodes, no time budget; game \d+, ply \d+\)/m,
      );
    }
    const moves = (file: string): string[] =>
      readFileSync(join(dir, file), 'utf8')
        .split(/\n(?=\[event:)/)
        .map((g) => g.replace(/^\[(?!opening)[^\]]*\]\n/gm, ''))
        .sort();
    expect(moves('nodes-1.otg')).toEqual(moves('nodes-2.otg'));
  });
});

describe('tafl match --openings FILE, from a suite tafl openings wrote', () => {
  const suite = join(dir, 'suite.txt');
  const records = join(dir, 'suite-games.otg');
  let running: Promise<[Ran, Ran]> | undefined;
  /** `tafl openings` (a judge small enough for a test), then a match of 6 games from its 2 openings. */
  const made = (): Promise<[Ran, Ran]> =>
    (running ??= (async () => {
      const written = await tafl([
        'openings',
        '--rules',
        'opentafl-brandub',
        '--count',
        '2',
        '--nodes',
        '8000',
        '--margin',
        '80',
        '--seed',
        '4',
        '--out',
        suite,
      ]);
      const played = await spawnTafl([
        'match',
        '--rules',
        'opentafl-brandub',
        '--a',
        'level:1',
        '--b',
        'level:2',
        '--games',
        '6',
        '--time',
        '50',
        '--openings',
        suite,
        '--seed',
        '3',
        '--records',
        records,
      ]);
      return [written, played];
    })());

  /** The suite's openings: each line's moves before the `#`. */
  const openings = (): string[][] =>
    readFileSync(suite, 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'))
      .map((l) => l.replace(/#.*$/, '').trim().split(/\s+/));

  it('writes a suite of the openings asked for, each with the two searches’ scores', async () => {
    const [written] = await made();
    expect(written.code).toBe(0);
    const text = readFileSync(suite, 'utf8');
    expect(text).toMatch(/^# opentafl-brandub: 2 openings of 4 random plies \(seed 4\), \d+ judged$/m);
    expect(text).toMatch(
      /^# tafl openings --rules opentafl-brandub --count 2 --plies 4 --nodes 8000 --margin 80 --seed 4$/m,
    );
    expect(openings()).toHaveLength(2);
    for (const line of text.split('\n').filter((l) => l !== '' && !l.startsWith('#')))
      expect(line).toMatch(/^(\S+ ){4} # attackers -?\d+ at 1000, -?\d+ at 8000$/);
    expect(written.stderr).toMatch(/^\[1\] /m);
  });

  it('plays pair k from the file’s opening k, the first again after the last', async () => {
    const [, played] = await made();
    expect(played.code).toBe(0);
    expect(lines(played.stdout)[1]).toMatch(
      new RegExp(
        `^6 games in 3 pairs, openings from ${suite.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(2 openings\\), `,
      ),
    );
    const games = readFileSync(records, 'utf8').split(/\n(?=\[event:)/);
    expect(games).toHaveLength(6);
    const suiteOpenings = openings();
    for (const game of games) {
      const number = Number(/game (\d+)\]/.exec(game)![1]);
      const moves = game
        .replace(/^\[[^\]]*\]\n/gm, '')
        .split(/\s+/)
        .filter((w) => w !== '' && !/^\d+\.$/.test(w));
      const expected = suiteOpenings[Math.floor((number - 1) / 2) % 2]!;
      // the record writes each move as the suite does (OpenTafl's form, its info symbol included)
      expect(moves.slice(0, 4)).toEqual(expected);
    }
  });
});

const badSuite = join(dir, 'bad-suite.txt');
writeFileSync(badSuite, '# a suite with a bad move on its second line\nd2-e2 d2-e3\n');

describe('tafl match refuses a bad command line', () => {
  const base = [
    'match',
    '--rules',
    'federation-brandubh',
    '--a',
    'level:1',
    '--b',
    'level:2',
    '--games',
    '2',
  ];
  const cases: [string, string[], RegExp][] = [
    ['no rules', ['match', '--a', 'level:1', '--b', 'level:2', '--games', '2'], /match needs --rules ID/],
    ['an unknown ruleset', ['match', '--rules', 'chess', '--a', 'level:1'], /unknown ruleset "chess"/],
    [
      'no engine B',
      ['match', '--rules', 'plazoleta', '--a', 'level:1', '--games', '2'],
      /match needs --b ENGINE/,
    ],
    ['a level that does not exist', [...base, '--a', 'level:9'], /--a: "level:9" names no level/],
    ['an engine of no kind', [...base, '--b', 'gnuchess'], /--b: "gnuchess" is not an engine/],
    [
      'no number of games',
      ['match', '--rules', 'plazoleta', '--a', 'level:1', '--b', 'level:1'],
      /match needs --games N/,
    ],
    ['an odd number of games', [...base, '--games', '3'], /--games must be even/],
    ['a time of nothing', [...base, '--time', '0'], /--time must be a whole number from 1/],
    ['no jobs', [...base, '--jobs', '0'], /--jobs must be a whole number from 1/],
    ['a seed that is not a number', [...base, '--seed', 'abc'], /--seed must be a whole number from 0/],
    ['openings too long', [...base, '--openings', '41'], /--openings must be a whole number from 0 to 40/],
    [
      'openings that are neither plies, book nor a file',
      [...base, '--openings', join(dir, 'no-such-suite.txt')],
      /--openings must be a number of plies, book, or a file of openings; ".*no-such-suite.txt" is none/,
    ],
    [
      'a suite with a move that cannot be played',
      [...base, '--openings', badSuite],
      /--openings: ".*bad-suite.txt", line 2: move 2: d2-e3 is not a legal move/,
    ],
    [
      'a ply limit within the opening',
      [...base, '--openings', '8', '--max-plies', '8'],
      /--max-plies must be more than/,
    ],
    [
      'a records file that cannot be written',
      [...base, '--records', join(dir, 'no', 'such', 'dir')],
      /--records: cannot write/,
    ],
    [
      'an even margin without random plies to choose among',
      [...base, '--openings', 'book', '--even', '100'],
      /--even picks among random openings/,
    ],
    [
      'a judge of the openings without --even',
      [...base, '--even-nodes', '1000'],
      /--even-nodes goes with --even/,
    ],
    ['a time of nothing for engine A', [...base, '--a-time', '0'], /--a-time must be a whole number from 1/],
    [
      'a node budget for a level without a search to bound',
      [...base, '--nodes', '1000'],
      /--a: level:1: --nodes bounds level 6's search/,
    ],
    ['a node budget of nothing', [...base, '--nodes', '0'], /--nodes must be a whole number from 1/],
    ['an argument', [...base, 'extra'], /match does not take the argument "extra"/],
    ['an unknown option', [...base, '--fast'], /unknown option --fast for tafl match/],
  ];
  for (const [what, argv, message] of cases)
    it(`with ${what}`, async () => expectUsageError(await tafl(argv), message));

  it('and shows its usage with --help', async () => {
    const { code, stdout } = await tafl(['match', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: tafl match --rules ID --a ENGINE --b ENGINE --games N/);
  });
});
