// The interface in Spanish, English and French (src/i18n): every key of the English catalogue
// in the others, translated, never left empty or in English.
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES, detectLanguage, type Messages } from '../src/i18n/index.js';

/** Keys whose value may be the same in every language (names, numbers). */
const SAME_EVERYWHERE = new Set([
  'gameBrandubh',
  'gameArdRi',
  'plyOfTotal',
  'squareWith',
  'levelName',
  'no',
  // The clocks' units: "2 d 5 h" and "5 h 12 min" in English and Spanish alike.
  'clockDays',
  'clockHours',
]);
/** Sample arguments for the message functions, by parameter count and kind. */
const SAMPLES: readonly unknown[] = [2, 3];
const STRING_SAMPLES: readonly unknown[] = ['d2', 'e2'];

/** A catalogue's value as text: a string, or a function called with sample arguments. */
function render(value: Messages[keyof Messages], key: string): string[] {
  if (typeof value === 'string') return [value];
  const fn = value as (...args: unknown[]) => string;
  const numeric =
    /count|level|ply|depth|plies|escapeThreat|reasonQuiet|analysing|evalWin|moveCount|capture/i.test(key);
  const args = numeric ? SAMPLES : STRING_SAMPLES;
  // Singular and plural forms both.
  return numeric ? [fn(...args), fn(1, 1)] : [fn(...args)];
}

const en = CATALOGUES.en;
const keys = Object.keys(en) as (keyof Messages)[];

describe('the catalogues', () => {
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang} has every key of the English catalogue and no other`, () => {
      expect(Object.keys(CATALOGUES[lang]).sort()).toEqual([...keys].sort());
    });

    it(`${lang} translates every message: none empty, none left in English`, () => {
      const untranslated: string[] = [];
      for (const key of keys) {
        const theirs = render(CATALOGUES[lang][key], key);
        const ours = render(en[key], key);
        for (const [i, text] of theirs.entries()) {
          expect(text.trim(), `${lang}.${key}`).not.toBe('');
          expect(text, `${lang}.${key}`).not.toMatch(/undefined|NaN|\[object/);
          if (!SAME_EVERYWHERE.has(key) && text === ours[i]) untranslated.push(key);
        }
      }
      expect(untranslated).toEqual([]);
    });
  }

  it('every message function is the same kind of value in every language', () => {
    for (const key of keys)
      for (const lang of LANGUAGES)
        expect(typeof CATALOGUES[lang][key], `${lang}.${key}`).toBe(typeof en[key]);
  });

  it('names every end of the game', () => {
    for (const lang of LANGUAGES) {
      const t = CATALOGUES[lang];
      const reasons = [
        t.reasonEscape,
        t.reasonKingCaptured,
        t.reasonAllCaptured,
        t.reasonNoMoveAttackers,
        t.reasonBothBlocked,
        t.reasonRepetition,
        t.reasonQuiet(20),
        t.reasonResignedDefenders,
        t.reasonAgreement,
      ];
      expect(new Set(reasons).size).toBe(reasons.length);
      expect(t.reasonQuiet(20)).toContain('20');
    }
  });

  it('counts in each language’s plural', () => {
    expect([CATALOGUES.en.moveCount(1), CATALOGUES.en.moveCount(2)]).toEqual(['1 move', '2 moves']);
    expect([CATALOGUES.es.moveCount(1), CATALOGUES.es.moveCount(0)]).toEqual(['1 jugada', '0 jugadas']);
    expect([CATALOGUES.fr.moveCount(0), CATALOGUES.fr.moveCount(2)]).toEqual(['0 coup', '2 coups']);
    expect(CATALOGUES.fr.escapeThreat(2)).toContain('2 sorties');
  });
});

describe('the language', () => {
  it('is the remembered one, else the browser’s first we have, else English', () => {
    expect(detectLanguage(['fr-CA', 'es'], null)).toBe('fr');
    expect(detectLanguage(['de', 'es-MX'], null)).toBe('es');
    expect(detectLanguage(['de'], null)).toBe('en');
    expect(detectLanguage(['fr'], 'es')).toBe('es');
  });
});
