/**
 * Time controls and clocks for online play: the choices the new-game form offers (none, a
 * number of days per move, a live base time and increment), their short names, and the clocks
 * as the players read them. Pure, so it is tested without a DOM.
 */

import type { TimeControl } from '@tafl/server/protocol';

export const CORRESPONDENCE_CHOICES = [1, 2, 3, 5, 7, 14] as const;
/** Live presets: minutes for the game, seconds added after each move. */
export const LIVE_CHOICES = [
  [3, 2],
  [5, 3],
  [10, 5],
  [15, 10],
  [30, 0],
] as const;

/** A time control as the form and the remembered choices name it: `none`, `days:3`, `live:5+3`. */
export type TimeChoice = string;

export const TIME_CHOICES: readonly TimeChoice[] = [
  'none',
  ...CORRESPONDENCE_CHOICES.map((d) => `days:${d}`),
  ...LIVE_CHOICES.map(([m, s]) => `live:${m}+${s}`),
];

export const DEFAULT_TIME: TimeChoice = 'none';

/** The time control a choice names, or undefined for a name that is not one of the choices. */
export function timeControlOf(choice: TimeChoice): TimeControl | undefined {
  if (!TIME_CHOICES.includes(choice)) return undefined;
  if (choice === 'none') return { kind: 'none' };
  const days = /^days:(\d+)$/.exec(choice);
  if (days) return { kind: 'correspondence', days: Number(days[1]) };
  const live = /^live:(\d+)\+(\d+)$/.exec(choice)!;
  return { kind: 'live', baseMs: Number(live[1]) * 60_000, incrementMs: Number(live[2]) * 1000 };
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
