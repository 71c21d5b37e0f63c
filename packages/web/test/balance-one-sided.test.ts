// One-sided rulesets (src/balance/one-sided.ts): a side wins nearly every game the engine plays
// against itself when the low end of its share's 95% interval reaches nine in ten. Read from the
// balance page's data, never from a list of names: the shipped data makes both Ard Ri rulesets
// one-sided for the attackers (they win every game), and data that says otherwise is read so.
import { PRESETS } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { BALANCE_DATA, type BalanceData, type RulesetData } from '../src/balance/data.js';
import { ONE_SIDED_LOW, oneSided } from '../src/balance/one-sided.js';

/** The shipped data with one ruleset's results replaced. */
function withResults(id: string, attackers: number, defenders: number, low: number): BalanceData {
  const share = (games: number, lowEnd: number) => ({ games, low: lowEnd, high: 1 });
  const replace = (r: RulesetData): RulesetData =>
    r.id !== id
      ? r
      : {
          ...r,
          games: attackers + defenders,
          attackers: share(attackers, attackers > defenders ? low : 0),
          defenders: share(defenders, defenders > attackers ? low : 0),
          draws: share(0, 0),
        };
  return { ...BALANCE_DATA, rulesets: BALANCE_DATA.rulesets.map(replace) };
}

describe('one-sided rulesets', () => {
  it('the shipped data: the attackers win nearly every game of both Ard Ri rulesets, and no other ruleset is one-sided', () => {
    const found = PRESETS.map((r) => [r.id, oneSided(r.id)?.side] as const).filter(([, side]) => side);
    expect(found).toEqual([
      ['ard-ri-es', 'attackers'],
      ['ard-ri-fr', 'attackers'],
    ]);
    const ardRi = BALANCE_DATA.rulesets.find((r) => r.id === 'ard-ri-es')!;
    expect(oneSided('ard-ri-es')).toEqual({
      side: 'attackers',
      won: ardRi.attackers.games,
      games: ardRi.games,
    });
  });

  it('follows the data: a ruleset whose defenders win nine games in ten for sure is one-sided their way', () => {
    expect(oneSided('brandubh-2019', withResults('brandubh-2019', 2, 198, 0.96))).toEqual({
      side: 'defenders',
      won: 198,
      games: 200,
    });
    expect(oneSided('ard-ri-es', withResults('ard-ri-es', 150, 50, 0.68))).toBeUndefined();
  });

  it('needs the interval, not the share alone: 9 games of 9 are too few to say so', () => {
    // Wilson's 95% interval of 9 wins in 9 games starts at 0.70.
    expect(oneSided('plazoleta', withResults('plazoleta', 9, 0, 0.7))).toBeUndefined();
    expect(ONE_SIDED_LOW).toBe(0.9);
  });

  it('a ruleset without figures (one of the editor’s) is not said to be one-sided', () => {
    expect(oneSided('custom-1')).toBeUndefined();
  });
});
