// People's games (src/balance/human.ts): the shares of the 525 Brandubh games of the core's
// fixtures (fixtures/games/README.md: 107 ended by rule — 38 escapes, 68 kings captured, 1 side
// with no legal move — and 418 not: 139 recorded as won by the attackers, 270 by the defenders, 2
// draws, 5 ongoing and 2 with no result; 11 end with `timeout`, 9 of them with a result).
import { describe, expect, it } from 'vitest';
import { humanFigures } from '../src/balance/human.js';
import { wilson } from '../src/balance/stats.js';
import { readFixture } from '../../core/test/fixtures.js';

describe('the shares of people’s 525 Brandubh games', () => {
  const f = humanFigures(readFixture('games/brandubh-525.csv'));

  it('counts the 518 games with a result, leaving out the 5 ongoing and the 2 without one', () => {
    expect([f.records, f.games, f.unfinished]).toEqual([525, 518, 7]);
  });

  it('gives the attackers 68 + 1 + 139 wins, the defenders 38 + 270 and 2 draws', () => {
    expect([f.attackers.games, f.defenders.games, f.draws.games]).toEqual([208, 308, 2]);
    expect(f.attackers.share).toBeCloseTo(208 / 518, 12);
    expect(f.attackers.interval).toEqual(wilson(208, 518));
  });

  it('tells the endings by rule from losses on time and games ended otherwise, adding up to 518', () => {
    const by = Object.fromEntries(f.endings.map((e) => [`${e.ending}/${e.winner}`, e.games]));
    expect(by).toEqual({
      'escape/defenders': 38,
      'king captured/attackers': 68,
      'no legal move/attackers': 1,
      'time/attackers': expect.any(Number) as number,
      'time/defenders': expect.any(Number) as number,
      'not by rule/attackers': expect.any(Number) as number,
      'not by rule/defenders': expect.any(Number) as number,
      'not by rule/draw': 2,
    });
    expect(by['time/attackers']! + by['time/defenders']!).toBe(9);
    expect(by['not by rule/attackers']! + by['time/attackers']!).toBe(139);
    expect(f.endings.reduce((n, e) => n + e.games, 0)).toBe(518);
  });

  it('finds the finished games 21.5 plies long on average', () => {
    expect(f.averagePlies).toBeCloseTo(21.5, 1);
  });

  it('refuses a record whose move cannot be played', () => {
    expect(() => humanFigures('d4-d5,0,0,White\n')).toThrow(/human game 1/);
  });
});
