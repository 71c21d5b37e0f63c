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

/**
 * The ruleset a first game is played with, from one click on the start page: the 2019 blog's
 * Brandubh, the Brandubh with the fewest exceptions to learn. Every piece, the king too, moves as
 * far as it likes; the throne helps nobody capture; the king is taken between two attackers like
 * any piece, except on his throne (four); he escapes to a corner, and once he has left the throne
 * he may not go back. The other Brandubhs add a king who steps one square, a throne that captures,
 * three attackers beside it, or a king taken with his shield.
 */
export const RECOMMENDED_RULES = 'brandubh-2019';

/**
 * The defaults: the recommended ruleset; against the computer at level 3 of 6 (it makes mistakes
 * a newcomer can punish, yet it answers threats), the person playing the defenders, whose aim,
 * bringing the king to a corner, is the easiest to see, and the computer moving first shows how
 * a move looks.
 */
export const DEFAULT_PREFS: NewGamePrefs = {
  rules: PRESETS.find((r) => r.id === RECOMMENDED_RULES)!.id,
  opponent: 'computer',
  level: 3,
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
