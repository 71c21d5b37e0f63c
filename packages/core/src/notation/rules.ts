/**
 * OTN rules strings (`dim:7 esc:c ... start:/3t3/.../`): parse and make.
 * STUB: being written; the signatures are final.
 */

import { fail, type Result } from '../result.js';
import type { Ruleset } from '../rules.js';

export const RULES_ERRORS = {
  syntax: 'ERR_RULES_SYNTAX',
} as const;
export type RulesError = (typeof RULES_ERRORS)[keyof typeof RULES_ERRORS];

/** Reads an OTN rules string into a ruleset (id `custom` unless the string names one). */
export function parseRules(text: string): Result<Ruleset, RulesError> {
  return fail(RULES_ERRORS.syntax, `rules strings are not read yet: ${text.slice(0, 20)}`);
}

/** Writes a ruleset as one OTN rules string; `parseRules(makeRules(r))` has r's parameters. */
export function makeRules(rules: Ruleset): string {
  return `dim:${rules.size} start:${rules.start}`;
}
