// The data of the page "Which rules are fair?" (src/balance/balance-data.json), as shipped: it was
// written by `tafl balance --all` (its command says so), it covers every named ruleset, and its
// counts add up (each ruleset's results and endings to its games, each result's endings to the
// result, each interval around its share); and the page's helpers: the order of fairness and
// percentages in each language. Also the page's words: every key in Spanish and French.
import { PRESETS } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import {
  BALANCE_DATA,
  attackersScore,
  byFairness,
  dataProblems,
  percentText,
  type BalanceData,
  type RulesetData,
} from '../src/balance/data.js';
import { BALANCE_TEXT } from '../src/balance/text.js';
import shipped from '../src/balance/balance-data.json?raw';

describe('the shipped balance data', () => {
  it('parses as JSON and is what the page imports', () => {
    expect(JSON.parse(shipped)).toEqual(BALANCE_DATA);
  });

  it('was written by tafl balance --all into this file, with its date and commit', () => {
    expect(BALANCE_DATA.command).toMatch(
      /^tafl balance --all --games \d+ --nodes \d+ --openings (book|\d+) --seed \d+ --max-plies \d+ --out packages\/web\/src\/balance\/balance-data\.json$/,
    );
    expect(BALANCE_DATA.command).toContain(`--nodes ${BALANCE_DATA.engine.nodes} `);
    expect(BALANCE_DATA.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(BALANCE_DATA.commit).toMatch(/^[0-9a-f]{12}$/);
  });

  it('covers every named ruleset, in the presets’ order, with people’s games beside Brandubh', () => {
    expect(BALANCE_DATA.rulesets.map((r) => r.id)).toEqual(PRESETS.map((r) => r.id));
    expect(BALANCE_DATA.human?.rulesId).toBe('federation-brandubh');
    expect(BALANCE_DATA.human?.games).toBe(518);
  });

  it('adds up: results and endings to the games, each interval around its share', () => {
    expect(
      dataProblems(
        BALANCE_DATA,
        PRESETS.map((r) => r.id),
      ),
    ).toEqual([]);
    const games = new Set(BALANCE_DATA.rulesets.map((r) => r.games));
    expect(games.size).toBe(1);
  });

  // Wilson's score interval, worked here from its formula apart from the command's code:
  // (p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n).
  const wilson = (k: number, n: number): [number, number] => {
    const z = 1.959963984540054;
    const p = k / n;
    const centre = p + (z * z) / (2 * n);
    const half = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
    const d = 1 + (z * z) / n;
    return [k === 0 ? 0 : (centre - half) / d, k === n ? 1 : (centre + half) / d];
  };

  it('gives each share Wilson’s 95% interval, to four places', () => {
    const sets = [...BALANCE_DATA.rulesets, ...(BALANCE_DATA.human ? [BALANCE_DATA.human] : [])];
    for (const s of sets)
      for (const share of [s.attackers, s.draws, s.defenders]) {
        const [low, high] = wilson(share.games, s.games);
        expect(share.low).toBeCloseTo(low, 4);
        expect(share.high).toBeCloseTo(high, 4);
      }
  });

  it('finds a ruleset missing, or counts that do not add up', () => {
    const [first, ...rest] = BALANCE_DATA.rulesets as [RulesetData, ...RulesetData[]];
    const broken: BalanceData = {
      ...BALANCE_DATA,
      rulesets: [{ ...first, attackers: { ...first.attackers, games: first.attackers.games + 1 } }, ...rest],
    };
    expect(
      dataProblems(
        broken,
        PRESETS.map((r) => r.id),
      ).join('\n'),
    ).toMatch(new RegExp(`${first.id}: the results add up to ${first.games + 1}, not ${first.games}`));
    expect(dataProblems({ ...BALANCE_DATA, rulesets: rest }, [first.id])).toEqual([
      `no figures for ${first.id}`,
    ]);
  });
});

describe('the page’s helpers', () => {
  const shares = (attackers: number, draws: number, defenders: number) => ({
    games: attackers + draws + defenders,
    attackers: { games: attackers, low: 0, high: 1 },
    draws: { games: draws, low: 0, high: 1 },
    defenders: { games: defenders, low: 0, high: 1 },
    averagePlies: 30,
    endings: [],
  });

  it('scores the attackers their wins and half the draws', () => {
    expect(attackersScore(shares(30, 20, 50))).toBe(0.4);
  });

  it('orders the rulesets the fairest first', () => {
    const r = (id: string, a: number, d: number, f: number): RulesetData => ({
      ...shares(a, d, f),
      id,
      distinctOpenings: 1,
      shortest: 1,
      longest: 1,
    });
    const order = byFairness([r('one-sided', 90, 0, 10), r('even', 45, 10, 45), r('near', 40, 0, 60)]);
    expect(order.map((x) => x.id)).toEqual(['even', 'near', 'one-sided']);
  });

  it('writes percentages in each language’s way', () => {
    expect(percentText(0.285, 'en')).toBe('28.5%');
    expect(percentText(0.285, 'es')).toMatch(/^28,5\s%$/);
    expect(percentText(0.285, 'fr')).toMatch(/^28,5\s%$/);
  });

  it('has every word in Spanish and French, translated', () => {
    const keys = Object.keys(BALANCE_TEXT.en).sort();
    for (const lang of ['es', 'fr'] as const) {
      expect(Object.keys(BALANCE_TEXT[lang]).sort()).toEqual(keys);
      for (const key of keys) {
        const here = BALANCE_TEXT[lang][key as keyof typeof BALANCE_TEXT.en];
        const english = BALANCE_TEXT.en[key as keyof typeof BALANCE_TEXT.en];
        const sample = (v: unknown): string =>
          typeof v === 'function' ? String((v as (...a: unknown[]) => unknown)(3, 4, 5)) : JSON.stringify(v);
        // "ending (winner): " is punctuated alike in Spanish.
        if (lang === 'es' && key === 'endingCount') continue;
        expect(sample(here), `${lang}.${key}`).not.toBe(sample(english));
      }
    }
  });
});
