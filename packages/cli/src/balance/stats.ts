/**
 * The figures of the balance lab: the share of games each side won and the share drawn, each with
 * its 95% interval, the average length and how the games ended. Pure functions over the results.
 *
 * The interval is Wilson's score interval: a share of n games is a binomial proportion, and the
 * games of a balance run are independent (each from its own opening, drawn from its own seed; no
 * pairs, as a side swap means nothing when one engine plays both sides). Wilson's interval, unlike
 * the normal approximation p ± z·√(p(1-p)/n), stays inside 0..1 and does not shrink to a point
 * when a side wins every game, which one-sided rulesets do.
 */

import { END_REASONS, type Side } from '@tafl/core';
import type { Ending } from '../match/game.js';
import { Z95, type Interval } from '../match/stats.js';

/** Who won a game: a side, or nobody. */
export const WINNERS = ['attackers', 'defenders', 'draw'] as const;
export type Winner = (typeof WINNERS)[number];

/** How a balance game can end: a rule of the game, or the ply limit (the move cap). */
export const BALANCE_ENDINGS = [...END_REASONS, 'ply limit'] as const satisfies readonly Ending[];
export type BalanceEnding = (typeof BALANCE_ENDINGS)[number];

/** What the figures need of a finished game. */
export interface BalanceGame {
  readonly winner: Side | 'draw';
  readonly ending: Ending;
  /** Plies played, the opening's included. */
  readonly plies: number;
}

/**
 * Wilson's score interval for `k` successes in `n` trials:
 * (p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n). All of 0..1 when n is 0.
 */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  // The ends are exact at 0 and n; clip the rounding of the last bit.
  return {
    low: k === 0 ? 0 : Math.max(0, (centre - half) / denominator),
    high: k === n ? 1 : Math.min(1, (centre + half) / denominator),
  };
}

/** A number of games, its share of all and the share's 95% interval. */
export interface Share {
  readonly games: number;
  readonly share: number;
  readonly interval: Interval;
}

export const share = (k: number, n: number): Share => ({
  games: k,
  share: n === 0 ? 0 : k / n,
  interval: wilson(k, n),
});

/** How many games ended one way, won by whom. */
export interface EndingCount {
  readonly ending: BalanceEnding;
  readonly winner: Winner;
  readonly games: number;
}

export interface BalanceFigures {
  readonly games: number;
  readonly attackers: Share;
  readonly defenders: Share;
  readonly draws: Share;
  /** Plies a game on average, the opening's included. */
  readonly averagePlies: number;
  readonly shortest: number;
  readonly longest: number;
  /** Every way the games ended, with its winner, most first; the counts add up to `games`. */
  readonly endings: readonly EndingCount[];
}

const isBalanceEnding = (ending: Ending): ending is BalanceEnding =>
  (BALANCE_ENDINGS as readonly string[]).includes(ending);

/** The figures of the games. A game lost on time or by an engine's failure cannot happen here. */
export function balanceFigures(games: readonly BalanceGame[]): BalanceFigures {
  const n = games.length;
  const won = (w: Winner): number => games.filter((g) => g.winner === w).length;
  const counts = new Map<string, EndingCount>();
  for (const g of games) {
    if (!isBalanceEnding(g.ending)) throw new Error(`a balance game ended by ${g.ending}`);
    const key = `${g.ending}/${g.winner}`;
    const seen = counts.get(key);
    counts.set(key, { ending: g.ending, winner: g.winner, games: (seen?.games ?? 0) + 1 });
  }
  const order = (e: EndingCount): number => BALANCE_ENDINGS.indexOf(e.ending) * 3 + WINNERS.indexOf(e.winner);
  const plies = games.map((g) => g.plies);
  return {
    games: n,
    attackers: share(won('attackers'), n),
    defenders: share(won('defenders'), n),
    draws: share(won('draw'), n),
    averagePlies: n === 0 ? 0 : plies.reduce((a, b) => a + b, 0) / n,
    shortest: n === 0 ? 0 : Math.min(...plies),
    longest: n === 0 ? 0 : Math.max(...plies),
    endings: [...counts.values()].sort((x, y) => y.games - x.games || order(x) - order(y)),
  };
}
