// The balance lab's figures (src/balance/stats.ts): Wilson's score interval against values worked
// by hand from its formula, and the shares, lengths and endings of a handful of games.
import { describe, expect, it } from 'vitest';
import { balanceFigures, share, wilson, type BalanceGame } from '../src/balance/stats.js';

describe('Wilson’s score interval at 95%', () => {
  // (p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.95996:
  // 5 of 10: (0.5 + 0.19208 ± 1.95996·√(0.025 + 0.009604)) / 1.38415 = 0.2366 to 0.7634.
  it('is 23.66% to 76.34% for 5 wins in 10 games', () => {
    const i = wilson(5, 10);
    expect(i.low).toBeCloseTo(0.2366, 4);
    expect(i.high).toBeCloseTo(0.7634, 4);
  });

  // 0 of 10: upper end z²/n / (1 + z²/n) = 0.38415 / 1.38415 = 0.2775; all of 10: 1 - 0.2775.
  it('does not shrink to a point when one side wins every game', () => {
    expect(wilson(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.2775, 4) as number });
    expect(wilson(10, 10)).toEqual({ low: expect.closeTo(0.7225, 4) as number, high: 1 });
  });

  // 57 of 200: p = 0.285, (0.285 + 0.009604 ± 1.95996·√(0.00101888 + 0.0000240)) / 1.019207
  // = (0.294604 ± 0.063295) / 1.019207: 0.2270 to 0.3512.
  it('is 22.70% to 35.12% for 57 of 200', () => {
    const i = wilson(57, 200);
    expect(i.low).toBeCloseTo(0.227, 4);
    expect(i.high).toBeCloseTo(0.3512, 4);
  });

  it('knows nothing of no games: all of 0 to 1', () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
    expect(share(0, 0)).toEqual({ games: 0, share: 0, interval: { low: 0, high: 1 } });
  });
});

describe('the figures of a run', () => {
  const games: BalanceGame[] = [
    { winner: 'defenders', ending: 'escape', plies: 30 },
    { winner: 'defenders', ending: 'escape', plies: 40 },
    { winner: 'attackers', ending: 'king captured', plies: 21 },
    { winner: 'draw', ending: 'repetition', plies: 17 },
    { winner: 'draw', ending: 'ply limit', plies: 400 },
  ];
  const f = balanceFigures(games);

  it('counts each result once, and the shares add up to all the games', () => {
    expect([f.attackers.games, f.defenders.games, f.draws.games]).toEqual([1, 2, 2]);
    expect(f.attackers.games + f.defenders.games + f.draws.games).toBe(f.games);
    expect(f.defenders.share).toBe(0.4);
    expect(f.defenders.interval).toEqual(wilson(2, 5));
  });

  it('gives the average, shortest and longest length in plies', () => {
    expect(f.averagePlies).toBe(508 / 5);
    expect([f.shortest, f.longest]).toEqual([17, 400]);
  });

  it('names every ending with its winner, most first, the counts adding up to the games', () => {
    expect(f.endings).toEqual([
      { ending: 'escape', winner: 'defenders', games: 2 },
      { ending: 'king captured', winner: 'attackers', games: 1 },
      { ending: 'repetition', winner: 'draw', games: 1 },
      { ending: 'ply limit', winner: 'draw', games: 1 },
    ]);
  });

  it('refuses a game lost on time, which a run bounded by nodes cannot have', () => {
    expect(() => balanceFigures([{ winner: 'attackers', ending: 'time', plies: 3 }])).toThrow(/time/);
  });
});
