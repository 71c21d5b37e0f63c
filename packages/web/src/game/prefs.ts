/**
 * The new-game choices the start page remembers (localStorage `tafl.newGame`): the ruleset, the
 * opponent, the computer's level and the person's side. What is read back is checked field by
 * field; a missing or wrong one takes its default. (The choices of an online game, its side and
 * clock, are online/prefs.ts's.)
 */

import { PRESETS, SIDES, type Side } from '@tafl/core';
import { LEVELS, type Level } from './model.js';

export interface NewGamePrefs {
  readonly rules: string;
  readonly opponent: 'local' | 'computer' | 'online';
  readonly level: Level;
  readonly side: Side;
}

export const PREFS_KEY = 'tafl.newGame';
export const DEFAULT_PREFS: NewGamePrefs = {
  rules: PRESETS[0]!.id,
  opponent: 'computer',
  level: 2,
  side: 'defenders',
};

/** The remembered choices, each checked; the defaults where one is missing or wrong. */
export function parsePrefs(raw: string | null): NewGamePrefs {
  try {
    const p: unknown = raw ? JSON.parse(raw) : {};
    if (typeof p !== 'object' || p === null) return DEFAULT_PREFS;
    const { rules, opponent, level, side } = p as Record<string, unknown>;
    return {
      rules: typeof rules === 'string' ? rules : DEFAULT_PREFS.rules,
      opponent:
        opponent === 'local' || opponent === 'computer' || opponent === 'online'
          ? opponent
          : DEFAULT_PREFS.opponent,
      level: (LEVELS as readonly unknown[]).includes(level) ? (level as Level) : DEFAULT_PREFS.level,
      side: (SIDES as readonly unknown[]).includes(side) ? (side as Side) : DEFAULT_PREFS.side,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function readPrefs(): NewGamePrefs {
  try {
    return parsePrefs(localStorage.getItem(PREFS_KEY));
  } catch {
    return DEFAULT_PREFS;
  }
}

export function writePrefs(prefs: NewGamePrefs): void {
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // remembered for this page only
  }
}
