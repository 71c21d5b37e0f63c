/** STUB: being written. The name and one-line description of a ruleset in a language. */

import type { Ruleset } from '@tafl/core';
import type { Lang } from '../i18n/index.js';

export interface RulesetDescription {
  readonly name: string;
  readonly oneLine: string;
}

export function describeRuleset(rules: Ruleset, lang: Lang): RulesetDescription {
  return { name: rules.name, oneLine: `${rules.source} (${lang})` };
}
