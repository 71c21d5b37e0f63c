// `tafl balance` as a user runs it: a tiny run of every ruleset (two games each at 300 nodes a
// move) through the built program (bin/tafl.js, after `npm run build`; the games run in worker
// threads of dist/), whose printed counts add up and whose intervals are Wilson's, whose data
// file says the same, and which gives the same data again with the games shared out differently;
// and bad command lines, refused with exit code 2 and one sentence.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRESETS } from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { BalanceData } from '../src/balance/data.js';
import { wilson } from '../src/balance/stats.js';
import { percent, percentInterval } from '../src/match/report.js';
import { expectUsageError, spawnTafl, tafl, type Ran } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tafl-balance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GAMES = 2;
describe('tafl balance', () => {
  const first = join(dir, 'one.json');
  const second = join(dir, 'two.json');
  let running: Promise<Ran> | undefined;
  const run = (): Promise<Ran> =>
    (running ??= spawnTafl([
      'balance',
      '--all',
      '--games',
      String(GAMES),
      '--nodes',
      '300',
      '--seed',
      '7',
      '--out',
      first,
    ]));

  it('prints for every ruleset the games each side won and drew, adding up to the games', async () => {
    const { code, stdout, stderr } = await run();
    expect(stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    for (const rules of PRESETS) {
      const block = stdout.split(`\n${rules.id}: `)[1]!.split('\n\n')[0]!;
      expect(block).toMatch(new RegExp(`^${GAMES} games from [12] distinct opening`));
      const counts = ['attackers win', 'defenders win', 'draws'].map((w) => {
        const m = new RegExp(`^${w} +(\\d+) +([\\d.]+%) +([\\d.]+% to [\\d.]+%)$`, 'm').exec(block);
        expect(m, `${rules.id}: ${w}`).not.toBeNull();
        const k = Number(m![1]);
        // Each share's interval is Wilson's for its count.
        expect(m![2]).toBe(percent(k / GAMES));
        expect(m![3]).toBe(percentInterval(wilson(k, GAMES)));
        return k;
      });
      expect(
        counts.reduce((a, b) => a + b, 0),
        rules.id,
      ).toBe(GAMES);
      const endings = /^endings: (.*)$/m.exec(block)![1]!.split(', ');
      const ended = endings.map((e) => Number(/ (\d+)$/.exec(e)![1]));
      expect(
        ended.reduce((a, b) => a + b, 0),
        rules.id,
      ).toBe(GAMES);
      expect(block).toMatch(/^average length: \d+\.\d moves/m);
    }
    expect(stdout).toMatch(/^every ruleset /m);
    expect(stdout).toMatch(/^people's games: 525 Brandubh records/m);
  });

  it('writes the same figures to its data file, with the command that makes them again', async () => {
    await run();
    const data = JSON.parse(readFileSync(first, 'utf8')) as BalanceData;
    expect(data.command).toBe(
      `tafl balance --all --games ${GAMES} --nodes 300 --openings book --seed 7 --max-plies 400 --out ${first}`,
    );
    expect(data.engine).toEqual({ nodes: 300, openings: 'book', seed: 7, maxPlies: 400 });
    expect(data.rulesets.map((r) => r.id)).toEqual(PRESETS.map((r) => r.id));
    for (const r of data.rulesets) {
      expect(r.attackers.games + r.defenders.games + r.draws.games).toBe(GAMES);
      expect(r.endings.reduce((n, e) => n + e.games, 0)).toBe(GAMES);
      for (const winner of ['attackers', 'defenders', 'draw'] as const) {
        const s = winner === 'draw' ? r.draws : r[winner];
        const byEnding = r.endings.filter((e) => e.winner === winner).reduce((n, e) => n + e.games, 0);
        expect(byEnding, `${r.id} ${winner}`).toBe(s.games);
        expect(s.low).toBeCloseTo(wilson(s.games, GAMES).low, 4);
        expect(s.high).toBeCloseTo(wilson(s.games, GAMES).high, 4);
      }
    }
    expect(data.human?.games).toBe(518);
  });

  it('gives the same games again, two at a time', async () => {
    await run();
    const rules = ['plazoleta', 'federation-brandubh'];
    const again = await spawnTafl(
      ['balance', ...rules.flatMap((id) => ['--rules', id])]
        .concat(['--games', String(GAMES), '--nodes', '300', '--seed', '7', '--jobs', '2'])
        .concat(['--out', second]),
    );
    expect(again.code).toBe(0);
    const read = (file: string): BalanceData => JSON.parse(readFileSync(file, 'utf8')) as BalanceData;
    const before = read(first).rulesets.filter((r) => rules.includes(r.id));
    expect(read(second).rulesets).toEqual(before);
  });
});

describe('tafl balance refuses', () => {
  it('an unknown ruleset, naming the known ones', async () => {
    expectUsageError(await tafl(['balance', '--rules', 'hnefatafl']), /unknown ruleset "hnefatafl"; known: /);
  });

  it('no ruleset, or --rules with --all', async () => {
    expectUsageError(await tafl(['balance']), /balance needs --rules ID or --all/);
    expectUsageError(
      await tafl(['balance', '--all', '--rules', 'plazoleta']),
      /balance takes --rules or --all, not both/,
    );
  });

  it('--games 0, and other numbers out of range', async () => {
    expectUsageError(
      await tafl(['balance', '--all', '--games', '0']),
      /--games must be a whole number from 1 to 1000000, not "0"/,
    );
    expectUsageError(await tafl(['balance', '--all', '--nodes', 'many']), /--nodes must be a whole number/);
    expectUsageError(
      await tafl(['balance', '--all', '--openings', 'wild']),
      /--openings must be book or a number of random plies from 0 to 40, not "wild"/,
    );
  });

  it('a data file in a folder that is not there', async () => {
    expectUsageError(
      await tafl(['balance', '--all', '--out', join(dir, 'none', 'data.json')]),
      /--out: there is no folder/,
    );
  });
});
