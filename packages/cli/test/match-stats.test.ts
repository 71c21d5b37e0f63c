// The figures of `tafl match`: wins, draws and losses by side, the score, its 95% interval
// (Wilson's score interval over the game pairs) and the Elo difference -400 log10(1/score - 1).
import { describe, expect, it } from 'vitest';
import {
  Z95,
  attackersGap,
  elo,
  eloInterval,
  estimateScore,
  matchFigures,
  pairScores,
  pointsOfA,
  tally,
  type GameScore,
} from '../src/match/stats.js';
import { wilson } from '../src/balance/stats.js';

// A pair is two games from one opening, A the attackers in the first and the defenders in the second.
const pair = (first: GameScore['winner'], second: GameScore['winner']): GameScore[] => [
  { aSide: 'attackers', winner: first },
  { aSide: 'defenders', winner: second },
];

describe('match statistics', () => {
  it('gives A 1 for a win, 1/2 for a draw and 0 for a loss, whichever side A played', () => {
    expect(pointsOfA({ aSide: 'attackers', winner: 'attackers' })).toBe(1);
    expect(pointsOfA({ aSide: 'defenders', winner: 'defenders' })).toBe(1);
    expect(pointsOfA({ aSide: 'defenders', winner: 'draw' })).toBe(0.5);
    expect(pointsOfA({ aSide: 'defenders', winner: 'attackers' })).toBe(0);
  });

  it('counts each engine’s wins, draws and losses by the side it played', () => {
    const games = [
      ...pair('attackers', 'attackers'),
      ...pair('draw', 'defenders'),
      ...pair('defenders', 'attackers'),
    ];
    const t = tally(games);
    // A attacked in games 1, 3, 5: won, drew, lost. A defended in 2, 4, 6: lost, won, lost.
    expect(t.a.attackers).toEqual({ wins: 1, draws: 1, losses: 1 });
    expect(t.a.defenders).toEqual({ wins: 1, draws: 0, losses: 2 });
    // B is the mirror: its wins are A's losses on the other side.
    expect(t.b.defenders).toEqual({ wins: 1, draws: 1, losses: 1 });
    expect(t.b.attackers).toEqual({ wins: 2, draws: 0, losses: 1 });
  });

  it('scores each complete pair by its mean and leaves out a pair with a game missing', () => {
    expect(pairScores([1, 1, 1, 0, 0.5, 0, 0, 0])).toEqual([1, 0.5, 0.25, 0]);
    expect(pairScores([1, undefined, 0, 1, 1])).toEqual([0.5]);
  });

  it('gives Wilson’s interval over the pairs: the p whose standard error at p puts the mean within 1.96 of it', () => {
    const samples = [1, 0.5, 0.5, 0];
    const e = estimateScore(samples);
    // mean 0.5; sample variance (0.25 + 0 + 0 + 0.25) / 3 = 1/6, r = (1/6) / (1/4) = 2/3 a game's
    // p(1-p); k = z²·r/4; the ends solve (0.5 - p)² = k·p(1-p).
    const k = (Z95 * Z95 * (2 / 3)) / 4;
    for (const p of [e.interval.low, e.interval.high])
      expect((0.5 - p) ** 2).toBeCloseTo(k * p * (1 - p), 12);
    expect(e.samples).toBe(4);
    expect(e.score).toBe(0.5);
    expect(e.interval.low).toBeLessThan(0.5);
    expect(estimateScore([1, 1, 1, 0.5]).interval.high).toBeLessThan(1);
  });

  it('does not collapse when A wins or loses every pair: Wilson’s interval over the games then', () => {
    // 32 pairs all won: the normal approximation said 100.0% to 100.0%, Elo +inf to +inf.
    const sweep = estimateScore(Array.from({ length: 32 }, () => 1));
    expect(sweep.score).toBe(1);
    expect(sweep.interval.high).toBe(1);
    expect(sweep.interval.low).toBeCloseTo(wilson(64, 64).low, 12); // 64 / (64 + z²), 94.3%
    expect(sweep.interval.low).toBeLessThan(0.95);
    const lost = estimateScore(Array.from({ length: 32 }, () => 0));
    expect(lost.interval.low).toBe(0);
    expect(lost.interval.high).toBeCloseTo(wilson(0, 64).high, 12);
    // one pair short of a sweep is no surer than the sweep
    const almost = estimateScore([...Array.from({ length: 31 }, () => 1), 0.75]);
    expect(almost.interval.low).toBeLessThan(almost.score);
    expect(almost.interval.high).toBeLessThan(1);
  });

  it('has an interval of no width when every pair scored the same between 0 and 1, and Wilson’s over two games for one pair', () => {
    expect(estimateScore([0.75, 0.75, 0.75]).interval).toEqual({ low: 0.75, high: 0.75 });
    expect(estimateScore([1]).interval.low).toBeCloseTo(wilson(2, 2).low, 12);
    expect(estimateScore([1]).interval.high).toBe(1);
    expect(estimateScore([])).toEqual({ samples: 0, score: 0.5, interval: { low: 0, high: 1 }, centre: 0.5 });
  });

  it('turns a score into an Elo difference, infinite at 0 and 1', () => {
    expect(elo(0.5)).toBe(0);
    expect(elo(0.75)).toBeCloseTo(190.85, 2); // -400 log10(1/3)
    expect(elo(0.25)).toBeCloseTo(-190.85, 2);
    expect(elo(10 / 11)).toBeCloseTo(400, 9); // -400 log10(1/10)
    expect(elo(1)).toBe(Infinity);
    expect(elo(0)).toBe(-Infinity);
    expect(eloInterval({ low: 0.25, high: 1 })).toEqual({ low: elo(0.25), high: Infinity });
  });

  it('gives a match’s figures over its pairs: the side advantage cancels within a pair', () => {
    // The attackers win every game: each pair is one win each, so A scores 50% with no doubt.
    const games = [
      ...pair('attackers', 'attackers'),
      ...pair('attackers', 'attackers'),
      ...pair('attackers', 'attackers'),
    ];
    const f = matchFigures(games);
    expect(f.samples).toBe(3);
    expect(f.score).toBe(0.5);
    expect(f.interval).toEqual({ low: 0.5, high: 0.5 });
    expect(f.elo).toBe(0);
    expect(f.eloInterval).toEqual({ low: 0, high: 0 });
  });

  it('gives a bounded Elo difference when A wins every pair: that of the interval’s centre', () => {
    const games = Array.from({ length: 32 }, () => pair('attackers', 'defenders')).flat();
    const f = matchFigures(games);
    expect(f.score).toBe(1);
    expect(Number.isFinite(f.elo)).toBe(true);
    expect(f.elo).toBeGreaterThan(f.eloInterval.low);
    expect(Number.isFinite(f.eloInterval.low)).toBe(true);
    expect(f.eloInterval.low).toBeGreaterThan(400); // 94.3%: +490
    expect(f.eloInterval.high).toBe(Infinity); // a sweep puts no bound above
  });

  it('gives A’s attackers’ score less B’s as twice A’s score less 1, its interval mapped alike', () => {
    // Counted by side from the games themselves, over matches of every mix of results.
    const winners: GameScore['winner'][] = ['attackers', 'defenders', 'draw'];
    const sideScore = (r: { wins: number; draws: number; losses: number }): number =>
      (r.wins + r.draws / 2) / (r.wins + r.draws + r.losses);
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let m = 0; m < 50; m++) {
      const games = Array.from({ length: 1 + Math.floor(next() * 20) }, () =>
        pair(winners[Math.floor(next() * 3)]!, winners[Math.floor(next() * 3)]!),
      ).flat();
      const t = tally(games);
      const f = matchFigures(games);
      const gap = attackersGap(f);
      expect(gap.value).toBeCloseTo(sideScore(t.a.attackers) - sideScore(t.b.attackers), 12);
      expect(gap.interval.low).toBeCloseTo(2 * f.interval.low - 1, 12);
      expect(gap.interval.high).toBeCloseTo(2 * f.interval.high - 1, 12);
      // the attackers' score is not lower exactly when A scores half or more
      expect(gap.value >= 0).toBe(f.score >= 0.5);
    }
    // the ladder against 592b85b: today's attackers 38-21-141 (24.25%), the old engine's 40-25-135 (26.25%)
    expect(attackersGap({ ...matchFigures([]), score: 0.49 }).value).toBeCloseTo(0.2425 - 0.2625, 12);
  });
});
