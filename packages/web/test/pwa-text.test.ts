// The words of the installed app (src/app/pwa-text.ts): every key in Spanish and French, none
// empty or left in English, and French typography (U+202F before : ; ? !, never a plain space).
import { describe, expect, it } from 'vitest';
import { PWA_TEXT, type PwaText } from '../src/app/pwa-text.js';
import { LANGUAGES } from '../src/i18n/index.js';

const sample = (value: PwaText[keyof PwaText]): string =>
  typeof value === 'function' ? value('Bob', 'Brandubh') : value;

describe('the installed app’s words', () => {
  const keys = Object.keys(PWA_TEXT.en) as (keyof PwaText)[];
  for (const lang of LANGUAGES.filter((l) => l !== 'en'))
    it(`${lang}: every key, none empty, translated`, () => {
      expect(Object.keys(PWA_TEXT[lang]).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const here = sample(PWA_TEXT[lang][key]);
        expect(here.trim(), `${lang}.${key}`).not.toBe('');
        expect(here, `${lang}.${key}`).not.toBe(sample(PWA_TEXT.en[key]));
      }
    });

  it('fr: a narrow no-break space before : ; ? ! and none plain', () => {
    for (const key of keys) {
      const text = sample(PWA_TEXT.fr[key]);
      expect(text, key).not.toMatch(/ [:;?!]/);
      expect(text, key).not.toMatch(/[^\u202f\u00a0][:;?!](\s|$)/);
    }
  });

  it('the notification says who moved and in which game', () => {
    expect(PWA_TEXT.en.yourMoveBody('Bob', 'Brandubh')).toBe('Bob has moved in Brandubh. It is your move.');
    expect(PWA_TEXT.fr.yourMoveBody('Bob', 'Brandubh')).toBe(
      'Bob a joué dans Brandubh. À vous de jouer\u202f!',
    );
  });
});
