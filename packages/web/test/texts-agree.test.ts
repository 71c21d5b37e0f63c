// The texts that describe one rule say it the same way wherever a player reads it: the one-line
// description (the course cards, the rules index), the start page's summary, the rules page, the
// lessons and the end of a game. docs/rules.md's rulesets: both Ard Ri rulesets capture the king on
// four sides, the throne closing one beside it (`throneHostileToKing`); ard-ri-fr and brandub-fr
// draw after 20 plies without a capture, single moves of either side, as the lessons teach.
import { PRESETS, ardRiEs, ardRiFr, lessonPosition, lessonsFor, type Ruleset } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { presetSummary } from '../src/app/text.js';
import { CATALOGUES, LANGUAGES, type Lang } from '../src/i18n/index.js';
import { LEARN_TEXT } from '../src/lessons/text/index.js';
import { describeRuleset } from '../src/rules/describe.js';
import { explainRuleset } from '../src/rules/explain.js';

/** The throne, as each language names it. */
const THRONE: { readonly [l in Lang]: RegExp } = { en: /throne/, es: /trono/, fr: /trône/ };

/** A lesson's task under a ruleset, as the lesson screen shows it. */
function lessonTask(rules: Ruleset, id: string, lang: Lang): string {
  const lesson = lessonsFor(rules).find((l) => l.id === id);
  if (!lesson) throw new Error(`${rules.id} has no lesson ${id}`);
  const [from = '', to = ''] = lesson.move.split('-');
  const args = { rules, turn: lessonPosition(rules, lesson).turn, from, to, target: lesson.target ?? '' };
  return LEARN_TEXT[lang].lessons[lesson.id].task(args);
}

/** The word a text counts a limit of `n` in: the first word after the number. */
function unitAfter(text: string, n: number): string | undefined {
  return new RegExp(`\\b${n}\\s+(\\p{L}+)`, 'u').exec(text)?.[1];
}

describe('the king of Ard Ri, captured on four sides with the throne closing one beside it', () => {
  for (const rules of [ardRiEs, ardRiFr])
    for (const lang of LANGUAGES)
      it(`${rules.id}, ${lang}: the one-line description and the summary name the throne, as the lesson does`, () => {
        expect(rules.kingCapture).toBe(4);
        expect(rules.throneHostileToKing).toBe(true);
        expect(lessonTask(rules, 'king-capture-beside-throne', lang)).toMatch(THRONE[lang]);
        expect(describeRuleset(rules, lang).oneLine).toMatch(THRONE[lang]);
        expect(presetSummary(rules.id, lang)).toMatch(THRONE[lang]);
      });
});

describe('the quiet-move limit, counted in the same unit everywhere', () => {
  const limited = PRESETS.filter((r) => r.quietPlyLimit > 0);

  it('applies to the rulesets that draw after quiet plies', () => {
    expect(limited.map((r) => r.id).sort()).toEqual(['ard-ri-fr', 'brandub-fr']);
  });

  for (const rules of limited)
    for (const lang of LANGUAGES)
      it(`${rules.id}, ${lang}: the lesson, the one-line description, the rules page and a game’s end count the same moves`, () => {
        const n = rules.quietPlyLimit;
        const lesson = unitAfter(lessonTask(rules, 'quiet', lang), n);
        const rulesPage = explainRuleset(rules, lang)
          .flatMap((section) => section.sentences.map((s) => s.text))
          .find((text) => unitAfter(text, n) !== undefined);
        expect(lesson).toBeDefined();
        expect(unitAfter(describeRuleset(rules, lang).oneLine, n)).toBe(lesson);
        expect(unitAfter(rulesPage ?? '', n)).toBe(lesson);
        expect(unitAfter(CATALOGUES[lang].reasonQuiet(n), n)).toBe(lesson);
      });
});
