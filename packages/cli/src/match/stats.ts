/**
 * The figures of a match between engines A and B: wins, draws and losses by side, A's score,
 * its 95% interval and the Elo difference. Pure functions over the results.
 *
 * The games come in pairs from one opening with the sides swapped, and in tafl the side matters
 * far more than the colour in chess: the two games of a pair are not independent. So the interval
 * is the normal approximation over the pairs, each pair's mean score one sample (the pentanomial
 * model of chess engine testing): the side and the opening drop out of the variance, and a pair
 * won once each way counts as the even result it is.
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
  /** Its 95% interval by the normal approximation, clipped to 0..1; all of 0..1 below two samples. */
  readonly interval: Interval;
}

/** The mean of scores from 0 to 1 and its 95% interval, `mean ± z · s / √n` (s the sample deviation). */
export function estimateScore(samples: readonly number[], z = Z95): ScoreEstimate {
  const n = samples.length;
  if (n === 0) return { samples: 0, score: 0.5, interval: { low: 0, high: 1 } };
  const mean = samples.reduce((sum, x) => sum + x, 0) / n;
  if (n < 2) return { samples: n, score: mean, interval: { low: 0, high: 1 } };
  const variance = samples.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1);
  const half = z * Math.sqrt(variance / n);
  return {
    samples: n,
    score: mean,
    interval: { low: Math.max(0, mean - half), high: Math.min(1, mean + half) },
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

/** A's score, interval and Elo difference from the games (by game index, pairs complete). */
export function matchFigures(games: readonly (GameScore | undefined)[]): MatchFigures {
  const estimate = estimateScore(pairScores(games.map((g) => (g === undefined ? undefined : pointsOfA(g)))));
  return { ...estimate, elo: elo(estimate.score), eloInterval: eloInterval(estimate.interval) };
}
