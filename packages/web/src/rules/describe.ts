/**
 * The name and a one-line description of a ruleset in the player's language, for the home screen
 * and the rules index. The line is made from the parameters that tell rulesets apart at a glance
 * (layout, who starts, how far pieces move, how the king is captured, where he escapes, draws),
 * so it describes a ruleset from the editor as well as a preset.
 */

import { sourceOf, type Ruleset } from '@tafl/core';
import type { Lang } from '../i18n/index.js';
import { rulesetName } from './names.js';
import { RULES_TEXT, type RulesText } from './text/index.js';

export interface RulesetDescription {
  readonly name: string;
  readonly oneLine: string;
}

export { rulesetName };

/** Where a ruleset comes from: a preset's source (core's sources.ts), in the language. */
export const rulesetSource = (rules: Ruleset, lang: Lang): string => {
  const t = RULES_TEXT[lang];
  const source = sourceOf(rules.id);
  return source ? t.source(source) : t.customSource;
};

/**
 * The king's capture in a few words: "king captured by 2, 3 beside the throne, 4 on it". Captured
 * by four where the throne is hostile to him, the throne closes a side of a king beside it: "by 4,
 * 3 beside the throne", as the rules page and the lessons say.
 */
function kingCapture(r: Ruleset, t: RulesText['oneLine']): string {
  if (r.kingCapture === 4) return r.throneHostileToKing ? `${t.kingByFour}, ${t.nextThree}` : t.kingByFour;
  const parts = [
    t.kingByTwo,
    ...(r.kingCaptureNextToThrone === 'three' ? [t.nextThree] : []),
    r.kingCaptureOnThrone === 'four' ? t.onThroneFour : t.onThroneTwo,
  ];
  return parts.join(', ');
}

export function describeRuleset(rules: Ruleset, lang: Lang): RulesetDescription {
  const t = RULES_TEXT[lang].oneLine;
  const layout = rules.layout === 'brandubh' ? t.brandubh : rules.layout === 'ard-ri' ? t.ardRi : t.custom;
  const moves = rules.kingMove === 'step' ? [rules.soldierMove === 'step' ? t.allStep : t.kingSteps] : [];
  const parts = [
    layout,
    ...(rules.firstToMove === 'defenders' ? [t.defendersFirst] : []),
    ...moves,
    ...(rules.kingReturns ? [] : [t.noReturn]),
    kingCapture(rules, t),
    ...(rules.kingAndShield ? [t.shield] : []),
    rules.escape === 'corners' ? t.escapeCorners : t.escapeEdge,
    ...(rules.quietPlyLimit > 0 ? [t.quiet(rules.quietPlyLimit)] : []),
  ];
  const line = parts.join(t.separator);
  return { name: rulesetName(rules, lang), oneLine: `${line.charAt(0).toUpperCase()}${line.slice(1)}.` };
}
