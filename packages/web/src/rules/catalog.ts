/**
 * Every ruleset the app knows: the presets, then the player's own from the rules editor, kept
 * in the browser. A game refers to its ruleset by id, or carries the whole ruleset when it is
 * the player's own (so an old game still plays if the custom ruleset is later changed).
 */

import { PRESETS, defineRuleset, makeRules, parseRules, type Ruleset } from '@tafl/core';

const STORAGE_KEY = 'tafl.customRulesets';

/** The player's rulesets have ids `custom-<timestamp>`, which no preset has. */
export const CUSTOM_PREFIX = 'custom-';
export const isCustomId = (id: string): boolean => id.startsWith(CUSTOM_PREFIX);

export type RulesetStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A stored value that is a playable ruleset (storage is outside input): it has an id, a name and
 * notes, and its parameters read back unchanged from its OTN rules string, which checks every
 * value and the starting position.
 */
function isPlayable(r: unknown): r is Ruleset {
  if (typeof r !== 'object' || r === null) return false;
  const { id, name, notes } = r as Partial<Ruleset>;
  if (typeof id !== 'string' || typeof name !== 'string' || !Array.isArray(notes)) return false;
  try {
    const back = parseRules(makeRules(r as Ruleset));
    if (!back.ok) return false;
    const own = ['id', 'name', 'game', 'source', 'notes'];
    const same = (key: string) =>
      own.includes(key) ||
      (back.value as unknown as Record<string, unknown>)[key] === (r as Record<string, unknown>)[key];
    return Object.keys(back.value).every(same);
  } catch {
    return false;
  }
}

export function loadCustomRulesets(
  storage: Pick<Storage, 'getItem'> | undefined = globalStorage(),
): Ruleset[] {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isPlayable).map((r) => defineRuleset(r)) : [];
  } catch {
    return [];
  }
}

export function saveCustomRulesets(
  rulesets: readonly Ruleset[],
  storage: Pick<Storage, 'setItem'> | undefined = globalStorage(),
): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(rulesets));
  } catch {
    // storage full or forbidden: the ruleset lasts for this page only
  }
}

/** Adds the ruleset, or replaces the one with its id. */
export function upsertCustomRuleset(
  ruleset: Ruleset,
  storage: RulesetStorage | undefined = globalStorage(),
): void {
  const all = loadCustomRulesets(storage);
  const at = all.findIndex((r) => r.id === ruleset.id);
  if (at >= 0) all[at] = ruleset;
  else all.push(ruleset);
  saveCustomRulesets(all, storage);
}

export function deleteCustomRuleset(id: string, storage: RulesetStorage | undefined = globalStorage()): void {
  saveCustomRulesets(
    loadCustomRulesets(storage).filter((r) => r.id !== id),
    storage,
  );
}

/** A new id for a player's ruleset, `custom-<timestamp>`, not yet taken. */
export function newCustomId(now: number, taken: readonly string[]): string {
  let t = Math.floor(now);
  while (taken.includes(`${CUSTOM_PREFIX}${t}`)) t++;
  return `${CUSTOM_PREFIX}${t}`;
}

/** A preset or one of the player's rulesets, by id. */
export function findRuleset(
  id: string,
  storage: Pick<Storage, 'getItem'> | undefined = globalStorage(),
): Ruleset | undefined {
  return PRESETS.find((r) => r.id === id) ?? loadCustomRulesets(storage).find((r) => r.id === id);
}

function globalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
