/**
 * Time management: how long one move may take. A clock is shared out so that a game of about
 * thirty more moves fits in it, most of the increment spent as it comes, and never more than a
 * third of what is left. The answer must come within the budget: the worker aims at the budget
 * less the time the request waited and a safety margin (the last iteration's end, the messages),
 * and the client stops a search still running a little after it (a watchdog, which should not
 * have to act).
 */

import { LEVELS } from '../levels.js';
import type { Clock, EngineLimits } from './protocol.js';

/** The most kept back from a budget for the end of an iteration and the messages: a tenth below. */
export const SAFETY_MARGIN_MS = 50;
/** The shortest time a search is given, so that it always finishes its first depth. */
export const MIN_SEARCH_MS = 10;

/** The time for this move out of a clock with `remainingMs` left and `incrementMs` a move. */
export function timeForMove(clock: Clock): number {
  const remaining = Math.max(0, clock.remainingMs);
  const increment = Math.max(0, clock.incrementMs);
  return Math.max(1, Math.floor(Math.min(remaining / 30 + increment * 0.8, remaining / 3)));
}

/**
 * The time this move may take under `limits`: the least of `timeMs`, the clock's share and the
 * level's budget; undefined when there is no time bound. Values that are not valid limits are
 * left out (the worker refuses them).
 */
export function moveBudget(limits: EngineLimits = {}): number | undefined {
  const bounds: number[] = [];
  if (isPositive(limits.timeMs)) bounds.push(limits.timeMs);
  if (limits.clock !== undefined && Number.isFinite(limits.clock.remainingMs))
    bounds.push(timeForMove(limits.clock));
  const level = LEVELS.find((l) => l.level === limits.level);
  if (level !== undefined) bounds.push(level.timeMs);
  return bounds.length === 0 ? undefined : Math.min(...bounds);
}

const isPositive = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n > 0;

/** The search's own time in a budget of which `waitedMs` went by before it started. */
export const searchTime = (budgetMs: number, waitedMs: number): number =>
  Math.max(MIN_SEARCH_MS, Math.floor(budgetMs - waitedMs - Math.min(SAFETY_MARGIN_MS, budgetMs / 10)));

/** When the client stops a search with a time budget that has not answered: a little after it. */
export const watchdogTime = (budgetMs: number): number =>
  budgetMs + Math.max(SAFETY_MARGIN_MS, budgetMs / 10);
