// `tafl match` hosting OTEP engines as real processes: a fake engine (fixtures/fake-otep.mjs, our
// `tafl otep` behind a pipe that logs what it hears and can crash once) shows what the host sends
// (a game begins with rules alone, no side or start; the clock is a bank of main time at any
// --time), that the engine runs in the working folder given, and that an engine that dies in the
// middle of a game forfeits it while the match goes on to its table. Needs `npm run build`.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BANK_MOVES } from '@tafl/engine';
import { expectUsageError, lines, spawnTafl, tafl } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tafl-match-otep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FAKE = fileURLToPath(new URL('./fixtures/fake-otep.mjs', import.meta.url));
const quoted = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
/** The fake engine's command line; its `tafl otep` searches 300 nodes a move, so games go fast. */
const fake = (log: string, ...options: string[]): string =>
  [process.execPath, FAKE, log, ...options, '--', '--nodes', '300'].map(quoted).join(' ');

/** A match of level:1 (A) against the fake engine (B), one game at a time unless told otherwise. */
function match(engine: string, ...more: string[]): ReturnType<typeof spawnTafl> {
  return spawnTafl([
    'match',
    '--rules',
    'opentafl-brandub',
    '--a',
    'level:1',
    '--b',
    `otep:${engine}`,
    '--seed',
    '3',
    ...(more.includes('--jobs') ? [] : ['--jobs', '1']),
    ...more,
  ]);
}

/** The lines the fake engine heard, in its processes' order; `cwd` lines start a process. */
const heard = (log: string): string[] => lines(readFileSync(log, 'utf8'));

describe('tafl match sends an OTEP engine', () => {
  it('rules alone at a game start, the side in play, never side or start', async () => {
    const log = join(dir, 'start.log');
    const ran = await match(
      fake(log),
      '--games',
      '2',
      '--time',
      '100',
      '--openings',
      '2',
      '--max-plies',
      '12',
    );
    expect(ran.code).toBe(0);
    const said = heard(log);
    const rules = said.flatMap((l, i) => (l.startsWith('rules ') ? [i] : []));
    expect(rules).toHaveLength(2); // two games, one process
    for (const at of rules) {
      // after rules: the opening's moves, one a line, the clock and play, never side or start
      let next = at + 1;
      while (said[next]?.startsWith('opponent-move '))
        expect(said[next++]).toMatch(/^opponent-move [^|\s]+ \/\S+\/$/);
      expect(next).toBeGreaterThan(at + 2); // the two plies of the opening, and A's first move when B defends
      expect(said[next]).toMatch(/^clock /);
      expect(said[next + 1]).toMatch(/^play (attackers|defenders)$/);
    }
    expect(said.filter((l) => l.startsWith('side') || l === 'start')).toEqual([]);
  });

  it.each([100, 999, 1000, 2500])(
    'at --time %i, a clock of main time: a bank of BANK_MOVES moves, the time a move added back',
    async (time) => {
      const log = join(dir, `clock-${time}.log`);
      const ran = await match(
        fake(log),
        '--games',
        '2',
        '--time',
        String(time),
        '--openings',
        '0',
        '--max-plies',
        '6',
      );
      expect(ran.code).toBe(0);
      const clocks = heard(log).filter((l) => l.startsWith('clock '));
      expect(clocks.length).toBeGreaterThanOrEqual(4);
      for (const clock of clocks) expect(clock).toMatch(/^clock \d+ \d+ 0 0 0$/); // no overtime, no *
      const bank = BANK_MOVES * time;
      // game 1: B defends, its first clock comes after A's first move: A's bank has lost the move's
      // time and gained the time a move; B's is whole
      const [attackers, defenders] = clocks[0]!.split(' ').slice(1, 3).map(Number) as [number, number];
      expect(defenders).toBe(bank);
      expect(attackers).toBeGreaterThan(bank - time);
      expect(attackers).toBeLessThanOrEqual(bank + time);
      // game 2: B attacks and moves first, with both banks whole
      const said = heard(log);
      const lastRules = said.map((l) => l.startsWith('rules ')).lastIndexOf(true);
      const second = said.slice(lastRules);
      expect(second.slice(1, 3)).toEqual([`clock ${bank} ${bank} 0 0 0`, 'play attackers']);
    },
  );

  it('an opening one move a line, which a strict engine takes: no move list outside berserk tafl', async () => {
    // The protocol's opponent-move: "[move-list] ... will only be more than one move in the case
    // of berserk tafl and berserk moves". The strict engine gives up on any other list.
    const log = join(dir, 'strict.log');
    const ran = await match(
      fake(log, '--strict'),
      '--games',
      '4',
      '--time',
      '50',
      '--openings',
      '6',
      '--max-plies',
      '14',
    );
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/games lost by failure: level:1 0, otep:.* 0\n/);
    const moves = heard(log).filter((l) => l.startsWith('opponent-move '));
    expect(moves.length).toBeGreaterThanOrEqual(4 * 6);
    for (const line of moves) expect(line).toMatch(/^opponent-move [^|\s]+ \/\S+\/$/);
  });

  it('gives each engine its own clock with --a-time and --b-time', async () => {
    const log = join(dir, 'own-time.log');
    const ran = await match(
      fake(log),
      '--games',
      '2',
      '--a-time',
      '40',
      '--b-time',
      '160',
      '--openings',
      '0',
      '--max-plies',
      '6',
    );
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/A 40 ms, B 160 ms a move/);
    // game 2: B attacks and moves first, both banks whole: A's of 40 ms a move, B's of 160
    const said = heard(log);
    const second = said.slice(said.map((l) => l.startsWith('rules ')).lastIndexOf(true));
    expect(second.slice(1, 3)).toEqual([
      `clock ${BANK_MOVES * 160} ${BANK_MOVES * 40} 0 0 0`,
      'play attackers',
    ]);
    expect(ran.stdout).toMatch(
      /longest move: level:1 \d+ ms \(a fixed depth, no time budget; game \d+, ply \d+\), otep:.*\(budget 160 ms; game \d+, ply \d+\)/,
    );
  });

  it('runs the engine in the working folder of --b-dir', async () => {
    const log = join(dir, 'dir.log');
    const folder = join(dir, 'engine folder');
    mkdirSync(folder);
    const ran = await match(fake(log), '--games', '2', '--time', '50', '--max-plies', '8', '--b-dir', folder);
    expect(ran.code).toBe(0);
    expect(heard(log)[0]).toBe(`cwd ${realpathSync(folder)}`);
  });
});

describe('tafl match with an OTEP engine that dies in the middle of a game', () => {
  const log = join(dir, 'crash.log');
  const marker = join(dir, 'crashed');
  const GAMES = 4;
  let running: ReturnType<typeof spawnTafl> | undefined;
  const crashMatch = (): ReturnType<typeof spawnTafl> =>
    (running ??= match(
      fake(log, '--crash-once', marker),
      '--games',
      String(GAMES),
      '--time',
      '50',
      '--openings',
      '2',
      // One game at a time: the engine that dies must be started again for the games after it.
      // (With two at a time, a second worker slow to start could leave every game to the first,
      // or the crash fall in a worker's last game: the count of starts was a race.)
      '--jobs',
      '1',
      '--send-delay',
      '1',
    ));

  it('goes on: the engine forfeits that game, is started again, and every game is played', async () => {
    const { code, stdout, stderr } = await crashMatch();
    expect(code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(lines(stdout)[1]).toMatch(/^4 games in 2 pairs, /);
    const progress = lines(stderr).filter((l) => l.startsWith('['));
    expect(progress).toHaveLength(GAMES);
    const forfeits = progress.filter((l) => l.includes('(engine failure)'));
    expect(forfeits).toHaveLength(1);
    expect(forfeits[0]).toMatch(
      /otep:\S.* (attacking|defending): the (attackers|defenders) win \(engine failure\)/,
    );
    // started again: two processes (the first, and its restart after the crash) said where they ran
    expect(heard(log).filter((l) => l.startsWith('cwd '))).toHaveLength(2);
  });

  it('says in the log why, with the engine’s last lines', async () => {
    const { stderr } = await crashMatch();
    expect(stderr).toMatch(
      /^ {2}otep:.* \(the (attackers|defenders)\) failed and forfeits: .*exited with code 9/m,
    );
    expect(stderr).toMatch(/^ {2}its last lines:$/m);
    expect(stderr).toMatch(/^ {4}stderr: fake engine: crashing at its third play, as told$/m);
  });

  it('prints the table, and how many games each engine lost by failure', async () => {
    const { stdout } = await crashMatch();
    const rows = lines(stdout).filter((l) => /^[AB] {2}/.test(l));
    expect(rows).toHaveLength(2);
    const points = rows.map((r) => Number(/(\d+(?:\.5)?)\/4$/.exec(r)![1]));
    expect(points[0]! + points[1]!).toBe(GAMES);
    expect(stdout).toMatch(/^endings: .*engine failure 1/m);
    expect(stdout).toMatch(/^games lost by failure: level:1 0, otep:.* 1$/m);
  });
});

describe('tafl match with an OTEP engine that cannot be started', () => {
  it('ends at once when its first start fails: the command cannot work', async () => {
    const ran = await match(join(dir, 'no-such-engine'), '--games', '4', '--time', '50');
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^tafl: game \d of the match failed: otep:\S+ cannot be started: .*ENOENT\n$/);
  });

  it('forfeits while it fails to start again, and ends the match at the third start in a row that fails', async () => {
    const log = join(dir, 'refuse.log');
    const marker = join(dir, 'refused');
    const ran = await match(
      fake(log, '--crash-once', marker, '--then-refuse'),
      '--games',
      '8',
      '--time',
      '50',
    );
    expect(ran.code).toBe(2);
    const forfeits = lines(ran.stderr).filter((l) => l.includes('(engine failure)'));
    expect(forfeits).toHaveLength(3); // the crash, then two starts that fail
    expect(ran.stderr).toMatch(/^ {4}stderr: fake engine: refusing to start, as told$/m);
    expect(ran.stderr).toMatch(
      /otep:.* failed to start 3 times in a row; the last time: .*exited with code 3/,
    );
  });
});

describe('tafl match refuses process options it cannot use', () => {
  const base = ['match', '--rules', 'opentafl-brandub', '--a', 'level:1', '--games', '2'];
  it('a working folder that is not there, or for a level', async () => {
    expectUsageError(
      await tafl([...base, '--b', 'otep:engine', '--b-dir', join(dir, 'nowhere')]),
      /--b-dir: ".*nowhere" is not a folder/,
    );
    expectUsageError(
      await tafl([...base, '--b', 'level:2', '--b-dir', dir]),
      /--b-dir is for an OTEP engine, not level:2/,
    );
    expectUsageError(
      await tafl([...base, '--b', 'level:2', '--send-delay', 'soon']),
      /--send-delay must be a whole number from 0 to 10000/,
    );
  });

  it('and documents them in its help', async () => {
    const { stdout } = await tafl(['match', '--help']);
    expect(stdout).toMatch(/--a-dir DIR/);
    expect(stdout).toMatch(/--send-delay MS/);
    expect(stdout).toMatch(/loses that game by forfeit/);
  });
});
