/**
 * The choices of a new online game the start page remembers (localStorage `tafl.online.newGame`):
 * the side (or random), the clock, and whether a signed-in player's game is rated and
 * the rating range of its seek (absent: casual, anyone). Checked field by field when read; a missing or wrong one
 * takes its default. The player's name is kept with the seats (tokens.ts).
 */

import type { SeatChoice } from '@tafl/server/protocol';
import { DEFAULT_TIME, timeControlOf, type TimeChoice } from './time.js';

export interface OnlinePrefs {
  readonly side: SeatChoice;
  readonly time: TimeChoice;
  /** Rated, when the game may be (a signed-in player, a family's ruleset, a clock). */
  readonly rated?: boolean;
  /** A rated seek's range: ± this many points (null or absent: anyone). */
  readonly range?: number | null;
}

/** The ranges a rated seek offers: anyone, or ± these many points. */
export const RANGE_CHOICES: readonly (number | null)[] = [null, 100, 200, 300, 500];

export const ONLINE_PREFS_KEY = 'tafl.online.newGame';
export const DEFAULT_ONLINE_PREFS: OnlinePrefs = { side: 'random', time: DEFAULT_TIME };
export const SEAT_CHOICES: readonly SeatChoice[] = ['attackers', 'defenders', 'random'];

export function parseOnlinePrefs(raw: string | null): OnlinePrefs {
  try {
    const p: unknown = raw ? JSON.parse(raw) : {};
    if (typeof p !== 'object' || p === null) return DEFAULT_ONLINE_PREFS;
    const { side, time, rated, range } = p as Record<string, unknown>;
    return {
      side: SEAT_CHOICES.includes(side as SeatChoice) ? (side as SeatChoice) : DEFAULT_ONLINE_PREFS.side,
      time: typeof time === 'string' && timeControlOf(time) ? time : DEFAULT_ONLINE_PREFS.time,
      ...(rated === true ? { rated: true } : {}),
      ...(typeof range === 'number' && RANGE_CHOICES.includes(range) ? { range } : {}),
    };
  } catch {
    return DEFAULT_ONLINE_PREFS;
  }
}

export function readOnlinePrefs(): OnlinePrefs {
  try {
    return parseOnlinePrefs(localStorage.getItem(ONLINE_PREFS_KEY));
  } catch {
    return DEFAULT_ONLINE_PREFS;
  }
}

export function writeOnlinePrefs(prefs: OnlinePrefs): void {
  try {
    localStorage.setItem(ONLINE_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // remembered for this page only
  }
}
