// The lessons' words (src/lessons/text/): every lesson the core can make has a title, a task,
// the words after the right move and after a wrong one, in English, Spanish and French, and each
// says something of its own for the ruleset and squares it is given (no empty or "undefined" text,
// no English left in the other languages).
import {
  LESSON_IDS,
  PRESETS,
  ardRiEs,
  ardRiFr,
  brandubh2019,
  lessonPosition,
  lessonsFor,
  plazoleta,
  withParameters,
  type Ruleset,
} from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/i18n/index.js';
import { LEARN_TEXT, type LessonArgs } from '../src/lessons/text/index.js';

const VARIED: readonly Ruleset[] = [
  ...PRESETS,
  withParameters(plazoleta, { id: 'custom-a', thronePassage: 'king', kingReturns: false }),
  withParameters(brandubh2019, { id: 'custom-b', kingArmed: false, allAttackersCapturedWins: true }),
  withParameters(ardRiFr, { id: 'custom-c', soldierMove: 'rook', kingMove: 'rook', repetitionDraws: true }),
  withParameters(ardRiEs, { id: 'custom-d', kingAndShield: true, kingCapture: 2 }),
];

const FIELDS = ['title', 'task', 'success', 'wrong'] as const;

describe('lesson texts', () => {
  it('every lesson id of the core has its four texts in every language', () => {
    for (const lang of LANGUAGES)
      for (const id of LESSON_IDS)
        for (const field of FIELDS)
          expect(typeof LEARN_TEXT[lang].lessons[id][field], `${lang} ${id} ${field}`).toBe('function');
  });

  it('the core makes every lesson id under some ruleset here, so each text is read below', () => {
    const made = new Set(VARIED.flatMap((r) => lessonsFor(r).map((l) => l.id)));
    expect([...made].sort()).toEqual([...LESSON_IDS].sort());
  });

  for (const rules of VARIED)
    it(`${rules.id}: every lesson reads as a sentence in es, en and fr, and the languages differ`, () => {
      for (const lesson of lessonsFor(rules)) {
        const [from = '', to = ''] = lesson.move.split('-');
        const args: LessonArgs = {
          rules,
          turn: lessonPosition(rules, lesson).turn,
          from,
          to,
          target: lesson.target ?? '',
        };
        for (const field of FIELDS) {
          const said = LANGUAGES.map((lang) => LEARN_TEXT[lang].lessons[lesson.id][field](args));
          for (const s of said) {
            expect(s.trim().length, `${lesson.id} ${field}`).toBeGreaterThan(3);
            expect(s, `${lesson.id} ${field}`).not.toMatch(/undefined|NaN|\$\{| {2}/);
          }
          expect(new Set(said).size, `${lesson.id} ${field}: ${said.join(' | ')}`).toBe(3);
          if (
            lesson.target &&
            field === 'task' &&
            !lesson.id.startsWith('escape') &&
            lesson.id !== 'king-capture-throne'
          )
            for (const s of said)
              expect(s, `${lesson.id} task names ${lesson.target}`).toContain(lesson.target);
        }
      }
    });
});
