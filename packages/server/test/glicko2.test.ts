/**
 * Glicko-2 (ratings/glicko2.ts) against Glickman's own worked example ("Example of the Glicko-2
 * system", 2013), and the properties a rating system must have.
 */

import { describe, expect, it } from 'vitest';
import {
  INITIAL_RATING,
  isProvisional,
  rate,
  rateGame,
  SCALE,
  TAU,
  type Rating,
} from '../src/ratings/glicko2.js';

describe("Glickman's worked example", () => {
  it('a 1500 player (RD 200, σ 0.06, τ 0.5) who beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300) ends at 1464.06, RD 151.52, σ 0.05999', () => {
    // "Suppose a player rated 1500 competes against players rated 1400, 1550 and 1700, winning
    // the first game and losing the next two. Assume the 1500-rated player's rating deviation
    // is 200, and his opponents' are 30, 100 and 300, respectively. Assume the 1500 player has
    // volatility σ = 0.06, and the system constant τ is 0.5."
    expect(TAU).toBe(0.5);
    const after = rate({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    // The paper rounds each step to four decimals on the Glicko-2 scale: μ' = −0.2069 and
    // φ' = 0.8722, which it converts to 1464.06 and 151.52. Those four decimals are exact here.
    expect(((after.rating - 1500) / SCALE).toFixed(4)).toBe('-0.2069');
    expect((after.deviation / SCALE).toFixed(4)).toBe('0.8722');
    // Unrounded, the rating is 1464.05: within a hundredth of the paper's 1464.06.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(after.deviation.toFixed(2)).toBe('151.52');
    // σ' = 0.0599960: the paper gives its first digits, 0.05999.
    expect(String(after.volatility)).toMatch(/^0\.05999/);
  });
});

describe('what a rating system must do', () => {
  const equal: Rating = { rating: 1600, deviation: 80, volatility: 0.06 };

  it('a period without games only widens the deviation, by the volatility', () => {
    const after = rate({ rating: 1700, deviation: 50, volatility: 0.06 }, []);
    expect(after.rating).toBe(1700);
    expect(after.volatility).toBe(0.06);
    expect(after.deviation).toBeCloseTo(Math.sqrt((50 / SCALE) ** 2 + 0.06 ** 2) * SCALE, 9);
  });

  it('a win raises the winner and lowers the loser by the same amount between equals; a draw between equals changes neither', () => {
    const [winner, loser] = rateGame(equal, equal, 1);
    expect(winner.rating).toBeGreaterThan(1600);
    expect(loser.rating).toBeLessThan(1600);
    expect(winner.rating - 1600).toBeCloseTo(1600 - loser.rating, 9);
    const [a, b] = rateGame(equal, equal, 0.5);
    expect(a.rating).toBeCloseTo(1600, 9);
    expect(b.rating).toBeCloseTo(1600, 9);
    // Every game makes the ratings surer.
    expect(a.deviation).toBeLessThan(80);
  });

  it('beating a much stronger player is worth more than beating a much weaker one', () => {
    const strong = rate(equal, [{ opponent: { ...equal, rating: 1900 }, score: 1 }]);
    const weak = rate(equal, [{ opponent: { ...equal, rating: 1300 }, score: 1 }]);
    expect(strong.rating - 1600).toBeGreaterThan(weak.rating - 1600);
  });

  it('a new player is provisional until enough games narrow the deviation below 110', () => {
    expect(isProvisional(INITIAL_RATING)).toBe(true);
    let player = INITIAL_RATING;
    let games = 0;
    while (isProvisional(player) && games < 100) {
      player = rate(player, [{ opponent: equal, score: games % 2 === 0 ? 1 : 0 }]);
      games++;
    }
    expect(isProvisional(player)).toBe(false);
    expect(games).toBeGreaterThan(3);
    expect(games).toBeLessThan(30);
  });

  it('refuses a rating that is not one, and a score other than 0, 0.5 or 1', () => {
    expect(() => rate({ rating: Number.NaN, deviation: 50, volatility: 0.06 }, [])).toThrow(RangeError);
    expect(() => rate({ ...equal, deviation: 0 }, [])).toThrow(/positive deviation/);
    expect(() => rate(equal, [{ opponent: { ...equal, volatility: -1 }, score: 1 }])).toThrow(/an opponent/);
    expect(() => rate(equal, [{ opponent: equal, score: 2 as 1 }])).toThrow(/a score is 0, 0.5 or 1/);
  });
});
