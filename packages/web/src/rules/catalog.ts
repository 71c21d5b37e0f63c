/**
 * Every ruleset the app knows: the presets, then the player's own from the rules editor, kept
 * in the browser. A game refers to its ruleset by id, or carries the whole ruleset when it is
 * the player's own (so an old game still plays if the custom ruleset is later changed).
 */

import { PRESETS, type Ruleset } from '@tafl/core';

const STORAGE_KEY = 'tafl.customRulesets';

export function loadCustomRulesets(
  storage: Pick<Storage, 'getItem'> | undefined = globalStorage(),
): Ruleset[] {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as Ruleset[]).filter((r) => typeof r?.id === 'string') : [];
  } catch {
    return [];
  }
}

export function saveCustomRulesets(
  rulesets: readonly Ruleset[],
  storage: Pick<Storage, 'setItem'> | undefined = globalStorage(),
): void {
  storage?.setItem(STORAGE_KEY, JSON.stringify(rulesets));
}

/** A preset or one of the player's rulesets, by id. */
export function findRuleset(id: string): Ruleset | undefined {
  return PRESETS.find((r) => r.id === id) ?? loadCustomRulesets().find((r) => r.id === id);
}

function globalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
