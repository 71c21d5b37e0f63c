/**
 * What one rated game does to its two players' ratings (docs/online.md, "Ratings"), as pure functions: the store
 * runs them inside the transaction that writes the result (store/ratings.ts).
 *
 * Rating periods. Every rated game is a rating period of its own for its two players (Glicko-2
 * with one game per period, as lichess does): the ratings move at once, game by game. Time
 * spent not playing counts too: for every whole IDLE_PERIOD_MS (7 days) since the player's last
 * rated game in the family, the deviation grows as in a period without games (Glickman's step 6
 * with no result, φ* = √(φ² + σ²)), up to the new player's 350. So a player back after a year
 * moves faster than one who played yesterday. The same growth is applied when a rating is shown
 * (`current`): the deviation (and whether the rating is provisional) is the one the next game
 * would start from.
 */

import type { RatingFamily } from '../protocol-players.js';
import { INITIAL_RATING, rateGame, SCALE, type Rating } from './glicko2.js';

/** One idle rating period: a week without a rated game in the family. */
export const IDLE_PERIOD_MS = 7 * 24 * 3_600_000;
/** The deviation never grows past a new player's. */
export const MAX_DEVIATION = INITIAL_RATING.deviation;

/** A player's rating in a family as stored (the `ratings` table). */
export interface StoredRating extends Rating {
  readonly userId: string;
  readonly family: RatingFamily;
  /** Rated games played in the family. */
  readonly games: number;
  /** The end of the last rated game (ms since 1970), or null. */
  readonly lastPlayedAt: number | null;
}

/** Whole idle periods between the last rated game and `now` (0 when there was none). */
export function idlePeriods(lastPlayedAt: number | null, now: number): number {
  if (lastPlayedAt === null || now <= lastPlayedAt) return 0;
  return Math.floor((now - lastPlayedAt) / IDLE_PERIOD_MS);
}

/**
 * The rating as it stands at `now`: the stored one with its deviation grown by each idle period
 * since (at most MAX_DEVIATION). A player with no rating has the new player's.
 */
export function current(stored: Rating & { lastPlayedAt: number | null }, now: number): Rating {
  const periods = idlePeriods(stored.lastPlayedAt, now);
  const base: Rating = {
    rating: stored.rating,
    deviation: stored.deviation,
    volatility: stored.volatility,
  };
  if (periods === 0 || stored.deviation >= MAX_DEVIATION) return base;
  // n periods without a game: φ² + n σ² (rate() with no result, n times, in one step).
  const phi = stored.deviation / SCALE;
  const grown = Math.sqrt(phi * phi + periods * stored.volatility * stored.volatility) * SCALE;
  return { ...base, deviation: Math.min(MAX_DEVIATION, grown) };
}

/** One player's side of a rated game: before and after. */
export interface Change {
  readonly userId: string;
  /** What the game started from (after the idle growth). */
  readonly before: Rating;
  readonly after: Rating;
  /** The change shown beside the game: the difference of the rounded ratings. */
  readonly diff: number;
  readonly games: number;
  readonly lastPlayedAt: number;
}

/** A rated game's facts: its family, its two accounts, the attackers' score, when it ended. */
export interface RatedGame {
  readonly gameId: string;
  readonly family: RatingFamily;
  readonly attackers: string;
  readonly defenders: string;
  readonly scoreOfAttackers: 0 | 0.5 | 1;
  readonly endedAt: number;
}

/**
 * Both players' changes from one game (one rating period): `attackers` and `defenders` are their
 * stored ratings, undefined for a player without one in the family (a new player's).
 */
export function changes(
  game: RatedGame,
  attackers: StoredRating | undefined,
  defenders: StoredRating | undefined,
): [Change, Change] {
  const start = (s: StoredRating | undefined): Rating =>
    s ? current(s, game.endedAt) : { ...INITIAL_RATING };
  const a = start(attackers);
  const d = start(defenders);
  const [a2, d2] = rateGame(a, d, game.scoreOfAttackers);
  const change = (userId: string, s: StoredRating | undefined, before: Rating, after: Rating): Change => ({
    userId,
    before,
    after,
    diff: Math.round(after.rating) - Math.round(before.rating),
    games: (s?.games ?? 0) + 1,
    // A game rated late (by the sweep) never moves the last game back in time.
    lastPlayedAt: Math.max(s?.lastPlayedAt ?? 0, game.endedAt),
  });
  return [change(game.attackers, attackers, a, a2), change(game.defenders, defenders, d, d2)];
}

/** The attackers' score from a game's winner, or undefined when it has none to rate. */
export function scoreOfAttackers(winner: string | null): 0 | 0.5 | 1 | undefined {
  if (winner === 'attackers') return 1;
  if (winner === 'defenders') return 0;
  if (winner === 'draw') return 0.5;
  return undefined;
}
