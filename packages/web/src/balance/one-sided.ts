/**
 * Which rulesets are one-sided, from the engine's games against itself on the balance page
 * (balance-data.json): a side wins nearly every game when the low end of its share's 95% interval
 * (Wilson's, as the page shows it) reaches ONE_SIDED_LOW. The interval, not the share alone, so
 * that a few games never make a ruleset look one-sided; the data, not a list of names, so that a
 * new run of `tafl balance` says what it finds. The ruleset chooser says so beside the ruleset.
 */

import type { Side } from '@tafl/core';
import { BALANCE_DATA, type BalanceData } from './data.js';

/** Nine games in ten at the least, with 95% confidence. */
export const ONE_SIDED_LOW = 0.9;

export interface OneSided {
  /** The side that wins nearly every game. */
  readonly side: Side;
  /** The games it won, of all the engine played. */
  readonly won: number;
  readonly games: number;
}

/** The side that wins nearly every engine game under the ruleset `id`, or undefined. */
export function oneSided(id: string, data: BalanceData = BALANCE_DATA): OneSided | undefined {
  const figures = data.rulesets.find((r) => r.id === id);
  if (!figures) return undefined;
  for (const side of ['attackers', 'defenders'] as const) {
    const share = figures[side];
    if (share.low >= ONE_SIDED_LOW) return { side, won: share.games, games: figures.games };
  }
  return undefined;
}
