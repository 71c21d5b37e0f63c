/**
 * Ratings and scores as the players' pages show them: a rating rounded, with `?` while it is
 * provisional; its deviation as `±85`; a game's rating change as `+12` or `−8`; a side's score
 * as the share of points won (a draw is half a point); dates in the page's language. Pure, so
 * it is tested without a DOM.
 */

import type { Side } from '@tafl/core';
import type { OnlineResult, RatingFamily, SideScore } from '@tafl/server/protocol';
import { RATING_FAMILIES } from '@tafl/server/protocol';

/** `1620`, or `1620?` while the rating is provisional. */
export function ratingText(rating: { readonly rating: number; readonly provisional: boolean }): string {
  return `${Math.round(rating.rating)}${rating.provisional ? '?' : ''}`;
}

/** `±85`. */
export function deviationText(deviation: number): string {
  return `±${Math.round(deviation)}`;
}

/** A rating change: `+12`, `−8` (a minus sign, not a hyphen), `0`. */
export function diffText(diff: number): string {
  const n = Math.round(diff);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** The points won out of the games played on one side, in percent, whole; null before any game. */
export function scorePercent(score: SideScore): number | null {
  if (score.games <= 0) return null;
  return Math.round(((score.wins + score.draws / 2) / score.games) * 100);
}

/** How a finished game went for the player of `side`. */
export type Outcome = 'won' | 'lost' | 'drawn' | 'none';

export function outcomeFor(result: OnlineResult | null, side: Side): Outcome | null {
  if (result === null) return null;
  if (result.winner === 'none') return 'none';
  if (result.winner === 'draw') return 'drawn';
  return result.winner === side ? 'won' : 'lost';
}

export const isFamily = (s: unknown): s is RatingFamily =>
  typeof s === 'string' && (RATING_FAMILIES as readonly string[]).includes(s);

/** A date in the page's language: `26 Nov 2026`. */
export function dateText(lang: string, ms: number): string {
  return new Date(ms).toLocaleDateString(lang, { dateStyle: 'medium' });
}

/** A date and time in the page's language: `26 Nov 2026, 17:05`. */
export function dateTimeText(lang: string, ms: number): string {
  return new Date(ms).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A tournament's points, `2.5` (`2,5` in Spanish and French). */
export function pointsText(lang: string, points: number): string {
  return points.toLocaleString(lang, { maximumFractionDigits: 2 });
}
