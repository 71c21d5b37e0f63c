/**
 * The figures of a match between engines A and B: wins, draws and losses by side, A's score,
 * its 95% interval and the Elo difference. Pure functions over the results.
 *
 * The games come in pairs from one opening with the sides swapped, and in tafl the side matters
 * far more than the colour in chess: the two games of a pair are not independent. So the pairs
 * are the samples, each pair's mean score one sample (the pentanomial model of chess engine
 * testing): the side and the opening drop out of the variance, and a pair won once each way counts
 * as the even result it is.
 *
 * The interval is Wilson's score interval over those samples, not the normal approximation
 * mean ± z·s/√n: the scores p whose standard error, taken at p, puts the observed mean within z of
 * it. The normal approximation shrinks to a point when one engine wins every pair (100.0% to
 * 100.0%, Elo +inf to +inf); Wilson's does not. Its variance at p is a game's p(1-p) scaled to the
 * pairs' observed spread; at a score of 0 or 1, where the pairs show no spread to scale by, the two
 * games of a pair are taken as independent, which is Wilson's interval over the games. The Elo
 * estimate is that of the interval's centre, bounded however one-sided the match.
 */

import type { BySide, Side } from '@tafl/core';

/** The two-sided 95% quantile of the normal distribution. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** What the match needs of a finished game: which side A played and who won. */
export interface GameScore {
  readonly aSide: Side;
  readonly winner: Side | 'draw';
}

/** A's points in a game: 1 for a win, 1/2 for a draw, 0 for a loss. */
export const pointsOfA = (game: GameScore): number =>
  game.winner === 'draw' ? 0.5 : game.winner === game.aSide ? 1 : 0;

export interface WinDrawLoss {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/** One engine's results, as attackers and as defenders. */
export type EngineTally = BySide<WinDrawLoss>;

export interface MatchTally {
  readonly a: EngineTally;
  readonly b: EngineTally;
}

/** Wins, draws and losses of each engine by the side it played. */
export function tally(games: readonly GameScore[]): MatchTally {
  const count = (engine: 'a' | 'b', side: Side): WinDrawLoss => {
    let wins = 0;
    let draws = 0;
    let losses = 0;
    for (const game of games) {
      const played = engine === 'a' ? game.aSide : game.aSide === 'attackers' ? 'defenders' : 'attackers';
      if (played !== side) continue;
      if (game.winner === 'draw') draws++;
      else if (game.winner === side) wins++;
      else losses++;
    }
    return { wins, draws, losses };
  };
  return {
    a: { attackers: count('a', 'attackers'), defenders: count('a', 'defenders') },
    b: { attackers: count('b', 'attackers'), defenders: count('b', 'defenders') },
  };
}

/** The sum of two records. */
export const addWdl = (x: WinDrawLoss, y: WinDrawLoss): WinDrawLoss => ({
  wins: x.wins + y.wins,
  draws: x.draws + y.draws,
  losses: x.losses + y.losses,
});

/**
 * A's mean score of each complete pair, in pair order: games 2k and 2k+1 are pair k. `points` is
 * indexed by game; a pair with a game missing (not played yet) is left out.
 */
export function pairScores(points: readonly (number | undefined)[]): number[] {
  const pairs: number[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    const first = points[i];
    const second = points[i + 1];
    if (first !== undefined && second !== undefined) pairs.push((first + second) / 2);
  }
  return pairs;
}

export interface ScoreEstimate {
  /** The number of samples (game pairs). */
  readonly samples: number;
  /** The mean score, from 0 to 1. */
  readonly score: number;
  /** Its 95% interval, Wilson's (`estimateScore`); all of 0..1 without a sample. */
  readonly interval: Interval;
  /** The interval's centre: the mean drawn towards 1/2 by what n samples cannot tell, never 0 or 1. */
  readonly centre: number;
}

/**
 * The mean of scores from 0 to 1 (the pairs' means) and its 95% interval, Wilson's: the p with
 * |mean - p| <= z·√(r·p(1-p)/n), r the pairs' sample variance s² over mean(1-mean) (r = 1/2 at a
 * mean of 0 or 1, or below two samples: a pair's two games taken as independent). Solved for p:
 * (mean + k/2 ± √(k·mean(1-mean) + k²/4)) / (1 + k), with k = z²·r/n.
 */
export function estimateScore(samples: readonly number[], z = Z95): ScoreEstimate {
  const n = samples.length;
  if (n === 0) return { samples: 0, score: 0.5, interval: { low: 0, high: 1 }, centre: 0.5 };
  const mean = samples.reduce((sum, x) => sum + x, 0) / n;
  const bernoulli = mean * (1 - mean);
  const variance = n < 2 ? 0 : samples.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1);
  const r = n < 2 || bernoulli <= 0 ? 1 / 2 : variance / bernoulli;
  const k = (z * z * r) / n;
  const centre = (mean + k / 2) / (1 + k);
  const half = Math.sqrt(k * bernoulli + (k * k) / 4) / (1 + k);
  return {
    samples: n,
    score: mean,
    // exact at the ends: a mean of 1 has 1 as its upper end, 0 its lower
    interval: {
      low: mean <= 0 ? 0 : Math.max(0, centre - half),
      high: mean >= 1 ? 1 : Math.min(1, centre + half),
    },
    centre,
  };
}

/** The Elo difference that gives the expected score `score`: -400 log10(1/score - 1); ±Infinity at 1 and 0. */
export function elo(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return 400 * Math.log10(score / (1 - score)); // = -400 log10(1/score - 1), and +0 at 1/2
}

/** The Elo interval of a score interval (the Elo function is increasing, so the ends map to the ends). */
export const eloInterval = (interval: Interval): Interval => ({
  low: elo(interval.low),
  high: elo(interval.high),
});

export interface MatchFigures extends ScoreEstimate {
  readonly elo: number;
  readonly eloInterval: Interval;
}

/**
 * A's score, interval and Elo difference from the games (by game index, pairs complete). The Elo
 * difference is that of the interval's centre: finite when A wins or loses every pair, and
 * within the Elo interval (whose far end is then infinite: a sweep puts no bound on it).
 */
export function matchFigures(games: readonly (GameScore | undefined)[]): MatchFigures {
  const estimate = estimateScore(pairScores(games.map((g) => (g === undefined ? undefined : pointsOfA(g)))));
  return { ...estimate, elo: elo(estimate.centre), eloInterval: eloInterval(estimate.interval) };
}

/**
 * Engine A's attackers' score less engine B's (from -1 to 1), with its 95% interval, from A's
 * score over complete pairs. In a pair each engine attacks once from the same opening, and B's
 * attackers score what A's defenders do not: A's attacking points less B's are A's points in the
 * pair less 1, twice the pair's score less 1. So the difference is 2s - 1 of A's score s, its
 * interval the score's mapped alike: A's attackers score no less than B's exactly when A scores
 * half or more.
 */
export function attackersGap(estimate: ScoreEstimate): { value: number; interval: Interval } {
  const gap = (s: number): number => 2 * s - 1;
  return {
    value: gap(estimate.score),
    interval: { low: gap(estimate.interval.low), high: gap(estimate.interval.high) },
  };
}
