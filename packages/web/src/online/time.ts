/**
 * Time controls and clocks for online play: the choices the new-game form offers (none, a
 * number of days per move, a live base time and increment), their short names, and the clocks
 * as the players read them. Pure, so it is tested without a DOM.
 */

import { LIVE_BASE_MS, LIVE_INCREMENT_MS, type TimeControl } from '@tafl/server/protocol';

export const CORRESPONDENCE_CHOICES = [1, 2, 3, 5, 7, 14] as const;
/** Live presets: minutes for the game, seconds added after each move. */
export const LIVE_CHOICES = [
  [3, 2],
  [5, 3],
  [10, 5],
  [15, 10],
  [30, 0],
] as const;

/**
 * A time control as the form and the remembered choices name it: `none`, `days:3`, `live:5+3`.
 * Live games may also take any whole minutes and seconds within `LIVE_CUSTOM` (`live:20+15`).
 */
export type TimeChoice = string;

/** The player's own live time control: whole minutes for the game, seconds per move. */
export const LIVE_CUSTOM = {
  minutes: { min: Math.ceil(LIVE_BASE_MS.min / 60_000), max: Math.floor(LIVE_BASE_MS.max / 60_000) },
  seconds: { min: LIVE_INCREMENT_MS.min / 1000, max: Math.floor(LIVE_INCREMENT_MS.max / 1000) },
} as const;

export const TIME_CHOICES: readonly TimeChoice[] = [
  'none',
  ...CORRESPONDENCE_CHOICES.map((d) => `days:${d}`),
  ...LIVE_CHOICES.map(([m, s]) => `live:${m}+${s}`),
];

export const DEFAULT_TIME: TimeChoice = 'none';

/** `live:M+S` for the player's own minutes and seconds, or undefined when they are out of range. */
export function customLiveChoice(minutes: number, seconds: number): TimeChoice | undefined {
  const within = (n: number, range: { readonly min: number; readonly max: number }): boolean =>
    Number.isInteger(n) && n >= range.min && n <= range.max;
  if (!within(minutes, LIVE_CUSTOM.minutes) || !within(seconds, LIVE_CUSTOM.seconds)) return undefined;
  return `live:${minutes}+${seconds}`;
}

/** The minutes and seconds of a live choice (`live:20+15`), or undefined for another choice. */
export function liveParts(choice: TimeChoice): { minutes: number; seconds: number } | undefined {
  const live = /^live:(\d{1,3})\+(\d{1,3})$/.exec(choice);
  if (!live) return undefined;
  const [minutes, seconds] = [Number(live[1]), Number(live[2])];
  return customLiveChoice(minutes, seconds) === choice ? { minutes, seconds } : undefined;
}

/** The time control a choice names, or undefined for a name that is not a choice. */
export function timeControlOf(choice: TimeChoice): TimeControl | undefined {
  if (choice === 'none') return { kind: 'none' };
  const days = /^days:(\d+)$/.exec(choice);
  if (days)
    return TIME_CHOICES.includes(choice) ? { kind: 'correspondence', days: Number(days[1]) } : undefined;
  const live = liveParts(choice);
  if (!live) return undefined;
  return { kind: 'live', baseMs: live.minutes * 60_000, incrementMs: live.seconds * 1000 };
}

/** `5+3`: minutes and seconds, as players name a live time control. */
export function liveName(baseMs: number, incrementMs: number): string {
  const minutes = baseMs / 60_000;
  const base = Number.isInteger(minutes) ? String(minutes) : minutes.toFixed(1).replace(/\.0$/, '');
  return `${base}+${Math.round(incrementMs / 1000)}`;
}

/**
 * A clock's time: `4:59` and `1:02:03` for live games, tenths below ten seconds (`0:08.4`);
 * for correspondence, days and hours or hours and minutes through `units` (`2 d 5 h`).
 */
export function formatClock(
  ms: number,
  kind: TimeControl['kind'],
  units: {
    readonly days: (d: number, h: number) => string;
    readonly hours: (h: number, m: number) => string;
  },
): string {
  const left = Math.max(0, ms);
  if (kind === 'correspondence' && left >= 3600_000) {
    const hours = Math.floor(left / 3600_000);
    if (hours >= 24) return units.days(Math.floor(hours / 24), hours % 24);
    return units.hours(hours, Math.floor((left % 3600_000) / 60_000));
  }
  if (left < 10_000) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(left / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Below this a live clock is shown as running low. */
export const LOW_TIME_MS = 20_000;
