// The front door's words (src/app/text.ts): every key in Spanish and French, none left empty or
// in English where it should be translated; a plain summary of every preset in each language; and
// the page titles of the game screens (src/app/title.ts), made from what those screens hold.
import { PRESETS, presetById } from '@tafl/core';
import type { GameHeader } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import { FRONT_TEXT, SUMMARISED, presetSummary } from '../src/app/text.js';
import { localGameTitle, onlineGameTitle, rulesTitle, titleOf } from '../src/app/title.js';
import { createGame, deriveGame, type Game } from '../src/game/model.js';
import { CATALOGUES, LANGUAGES } from '../src/i18n/index.js';

/** Words the same as English: "Menu" and "Options" are French too; "how: name" is Spanish too. */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  fr: ['menu', 'options'],
  es: ['playNamed'],
};

const sample = (value: unknown): string =>
  typeof value === 'function' ? (value as (...a: unknown[]) => string)('Brandubh', 3) : String(value);

describe('the front door’s words', () => {
  const keys = Object.keys(FRONT_TEXT.en);
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: every key, none empty, translated`, () => {
      expect(Object.keys(FRONT_TEXT[lang]).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const here = sample(FRONT_TEXT[lang][key as keyof (typeof FRONT_TEXT)['en']]);
        const english = sample(FRONT_TEXT.en[key as keyof (typeof FRONT_TEXT)['en']]);
        expect(here.trim(), `${lang}.${key}`).not.toBe('');
        if (!SAME_AS_ENGLISH[lang]!.includes(key)) expect(here, `${lang}.${key}`).not.toBe(english);
      }
    });
  }

  it('has a plain summary of every preset in every language, each its own', () => {
    expect([...SUMMARISED].sort()).toEqual(PRESETS.map((r) => r.id).sort());
    for (const lang of LANGUAGES) {
      const lines = PRESETS.map((r) => presetSummary(r.id, lang) ?? '');
      for (const line of lines) expect(line.length).toBeGreaterThan(40);
      expect(new Set(lines).size).toBe(PRESETS.length);
    }
    expect(presetSummary('custom-1', 'en')).toBeUndefined();
  });

  it('says in each summary where the king escapes, as the ruleset has it', () => {
    const words = { en: ['corner', 'edge'], es: ['esquina', 'borde'], fr: ['coin', 'bord'] } as const;
    for (const rules of PRESETS)
      for (const lang of LANGUAGES) {
        const [corner, edge] = words[lang];
        const line = presetSummary(rules.id, lang)!;
        // Only where the escape is the point of the line: the summaries of the reference rulesets
        // and the French Brandub speak of the king's capture or the corners' shelter instead.
        if (['opentafl-brandub', 'brandub-fr'].includes(rules.id)) continue;
        expect(line, `${rules.id} ${lang}`).toContain(rules.escape === 'corners' ? corner : edge);
      }
  });
});

describe('page titles', () => {
  const en = CATALOGUES.en;
  const made = (spec: Parameters<typeof createGame>[0]): Game => {
    const g = createGame(spec);
    if (!g.ok) throw new Error(g.message);
    return g.value;
  };

  it('names the ruleset, the computer’s level and whose move it is', () => {
    const vs = made({ rules: 'brandubh-2019', opponent: { kind: 'computer', level: 4, human: 'attackers' } });
    expect(titleOf(localGameTitle('en', vs, deriveGame(vs), false), en.appName)).toBe(
      'Brandubh (2019 blog) vs computer (level 4) — your move — Brandubh & Ard Ri',
    );
    const local = made({ rules: 'ard-ri-fr' });
    expect(localGameTitle('en', local, deriveGame(local), false)).toEqual([
      'Ard-ri (Le Globe Joueur)',
      'defenders to move',
    ]);
    expect(localGameTitle('fr', local, deriveGame(local), false)).toEqual([
      'Ard-ri (Le Globe Joueur)',
      'aux défenseurs de jouer',
    ]);
    const theirs = made({
      rules: 'brandubh-2019',
      opponent: { kind: 'computer', level: 2, human: 'defenders' },
    });
    expect(localGameTitle('en', theirs, deriveGame(theirs), true)).toEqual([
      'Brandubh (2019 blog) vs computer (level 2)',
      'the computer is thinking',
    ]);
  });

  it('gives the result of a finished game', () => {
    const start = made({ rules: 'brandubh-2019' });
    const over: Game = { ...start, result: { winner: 'defenders', reason: 'escape' } };
    expect(localGameTitle('es', over, { ok: false }, false)).toEqual(['ganaron los defensores']);
    expect(localGameTitle('en', over, deriveGame(start), false)).toEqual([
      'Brandubh (2019 blog)',
      'the defenders won',
    ]);
  });

  it('follows an online game: waiting, the opponent by name, the move, the result', () => {
    const rules = presetById('brandubh-2019')!;
    const header = {
      id: 'abcdefghij',
      rules: '',
      rulesId: 'brandubh-2019',
      rulesName: 'Brandubh (2019 blog)',
      time: { kind: 'none' },
      seats: { attackers: { name: 'Ann' }, defenders: { name: null } },
      status: 'waiting',
      result: null,
      ply: 0,
      clock: null,
      drawOffer: null,
      rematchOffer: null,
      rematch: null,
      createdAt: 0,
      updatedAt: 0,
    } as unknown as GameHeader;
    expect(onlineGameTitle(en, 'en', header, rules, 'attackers', 0)).toEqual([
      'Brandubh (2019 blog) online',
      'waiting for an opponent',
    ]);
    const playing = {
      ...header,
      status: 'playing',
      seats: { attackers: { name: 'Ann' }, defenders: { name: 'Bob' } },
    } as unknown as GameHeader;
    expect(onlineGameTitle(en, 'en', playing, rules, 'attackers', 0)).toEqual([
      'Brandubh (2019 blog) vs Bob',
      'your move',
    ]);
    expect(onlineGameTitle(en, 'en', playing, rules, 'attackers', 1)).toEqual([
      'Brandubh (2019 blog) vs Bob',
      'defenders to move',
    ]);
    expect(onlineGameTitle(en, 'en', playing, rules, null, 1)).toEqual([
      'Brandubh (2019 blog) online',
      'defenders to move',
    ]);
    const ended = {
      ...playing,
      status: 'ended',
      result: { winner: 'draw', reason: 'agreement' },
    } as unknown as GameHeader;
    expect(onlineGameTitle(en, 'fr', ended, rules, 'defenders', 5)).toEqual([
      'Brandubh (blog, 2019) contre Ann',
      'partie nulle',
    ]);
  });

  it('names a ruleset’s rules page', () => {
    expect(rulesTitle(en, 'en', 'ard-ri-es')).toEqual(['Rules: Ard Ri (Spanish article)']);
    expect(rulesTitle(en, 'en', undefined)).toEqual(['Rules']);
    expect(rulesTitle(en, 'en', 'nothing-such')).toEqual(['Rules']);
  });
});
