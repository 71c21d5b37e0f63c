// The words of Spanish and French as a native would write them (src/i18n/glossary.ts): every text
// module of the app in es, en and fr, walked whole (message functions called with sample arguments
// of their kind), with the rules pages and the lessons as players read them. It fails on a French
// sign : ; ? ! » after an ordinary space (or « before one), a straight apostrophe or quotation mark,
// a Spanish question or exclamation that does not open with ¿ ¡, a word the language's glossary
// refuses, and an English word left in a Spanish or French sentence.
import {
  PRESETS,
  SOURCES,
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
import { ACCOUNT_TEXT } from '../src/account/text.js';
import { MAIL_TEXT } from '../src/account/mail-text.js';
// The mails the server writes: its words are the app's (the server does not depend on the app).
import { MAIL_TEXT as MAILS_SENT } from '../../server/src/mail/text.js';
import { ANALYSIS_TEXT } from '../src/analysis/text.js';
import { PWA_TEXT } from '../src/app/pwa-text.js';
import { FRONT_TEXT, presetSummary } from '../src/app/text.js';
import { BALANCE_TEXT } from '../src/balance/text.js';
import { APPEARANCE_TEXT } from '../src/board/appearance-text.js';
import { FEEDBACK_TEXT } from '../src/game/feedback-text.js';
import { NOTATION_TEXT } from '../src/game/notation-text.js';
import { ENGLISH_WORDS, GLOSSARY, PROPER_NAMES, type Refusal } from '../src/i18n/glossary.js';
import { CATALOGUES, LANGUAGES, type Lang } from '../src/i18n/index.js';
import { LEARN_TEXT, type LessonArgs } from '../src/lessons/text/index.js';
import { PLAY_TEXT } from '../src/online/play-text.js';
import { PRESENCE_TEXT } from '../src/online/presence-text.js';
import { PLAYERS_TEXT } from '../src/players/text.js';
import { puzzleText } from '../src/puzzles/text.js';
import { describeRuleset, rulesetSource } from '../src/rules/describe.js';
import { explainRuleset } from '../src/rules/explain.js';
import { RULES_TEXT } from '../src/rules/text/index.js';
import { TOURNAMENTS_TEXT } from '../src/tournaments/text.js';

/** The text modules, by the name their paths start with. */
const MODULES: { readonly [name: string]: { readonly [l in Lang]: unknown } } = {
  i18n: CATALOGUES,
  account: ACCOUNT_TEXT,
  mail: MAIL_TEXT,
  mailsSent: MAILS_SENT,
  analysis: ANALYSIS_TEXT,
  app: FRONT_TEXT,
  pwa: PWA_TEXT,
  balance: BALANCE_TEXT,
  appearance: APPEARANCE_TEXT,
  puzzles: { en: puzzleText(CATALOGUES.en), es: puzzleText(CATALOGUES.es), fr: puzzleText(CATALOGUES.fr) },
  players: PLAYERS_TEXT,
  tournaments: TOURNAMENTS_TEXT,
  feedback: FEEDBACK_TEXT,
  notation: NOTATION_TEXT,
  presence: PRESENCE_TEXT,
  play: PLAY_TEXT,
  rules: RULES_TEXT,
  lessons: LEARN_TEXT,
};

/** Every file of src/ that holds words of a language, and the module above that walks it. */
const FILES: Readonly<Record<string, string>> = {
  'account/mail-text.ts': 'mail',
  'account/text.ts': 'account',
  'analysis/text.ts': 'analysis',
  'app/pwa-text.ts': 'pwa',
  'app/text.ts': 'app',
  'balance/text.ts': 'balance',
  'board/appearance-text.ts': 'appearance',
  'game/feedback-text.ts': 'feedback',
  'game/notation-text.ts': 'notation',
  'i18n/en.ts': 'i18n',
  'i18n/es.ts': 'i18n',
  'i18n/fr.ts': 'i18n',
  'lessons/text/en.ts': 'lessons',
  'lessons/text/es.ts': 'lessons',
  'lessons/text/fr.ts': 'lessons',
  'online/play-text.ts': 'play',
  'online/presence-text.ts': 'presence',
  'players/text.ts': 'players',
  'puzzles/text.ts': 'puzzles',
  'rules/text/en.ts': 'rules',
  'rules/text/es.ts': 'rules',
  'rules/text/fr.ts': 'rules',
  'tournaments/text.ts': 'tournaments',
};

/** Rulesets beside the presets, so that every lesson and sentence is made (as lessons-text.test.ts). */
const VARIED: readonly Ruleset[] = [
  ...PRESETS,
  withParameters(plazoleta, { id: 'custom-a', thronePassage: 'king', kingReturns: false }),
  withParameters(brandubh2019, { id: 'custom-b', kingArmed: false, allAttackersCapturedWins: true }),
  withParameters(ardRiFr, { id: 'custom-c', soldierMove: 'rook', kingMove: 'rook', repetitionDraws: true }),
  withParameters(ardRiEs, { id: 'custom-d', kingAndShield: true, kingCapture: 2 }),
];

/** Each lesson's arguments under every ruleset that has it. */
const LESSON_ARGS = new Map<string, LessonArgs[]>();
for (const rules of VARIED)
  for (const lesson of lessonsFor(rules)) {
    const [from = '', to = ''] = lesson.move.split('-');
    const args = { rules, turn: lessonPosition(rules, lesson).turn, from, to, target: lesson.target ?? '' };
    LESSON_ARGS.set(lesson.id, [...(LESSON_ARGS.get(lesson.id) ?? []), args]);
  }

type Sample = readonly unknown[];
/** Numbers (a plural, a singular, French's singular 0) and square names, for any other function. */
const GENERIC: readonly Sample[] = [
  [2, 3, 4, 5],
  [1, 1, 1, 1],
  [0, 0, 0, 0],
  ['d2', 'e2', 'f2', 'g2'],
];
const SIDES: readonly Sample[] = [['attackers'], ['defenders']];
const FAULTS = ['syntax', 'square', 'illegal', 'captures', 'over'];

/** The arguments of the functions whose parameters are not numbers or names, by key. */
const SPECIAL: Readonly<Record<string, readonly Sample[]>> = {
  evalFor: SIDES,
  youPlay: SIDES,
  standing: [
    ['attackers', 'slight', true],
    ['attackers', 'clear', false],
    ['defenders', 'decisive', true],
    ['defenders', 'slight', false],
    ['attackers', 'decisive', false],
    ['defenders', 'clear', true],
  ],
  winIn: [
    ['attackers', 3, true],
    ['defenders', 1, false],
  ],
  side: SIDES,
  judgements: [['blunder'], ['mistake'], ['inaccuracy']],
  graphValue: [
    ['d4-d5', '+1', 'D5'],
    ['e2', '#−2', 'E2'],
  ],
  prompt: [
    ['attackers', 3],
    ['defenders', 2],
  ],
  moveAt: [
    [3, 'attackers'],
    [4, 'defenders'],
  ],
  won: [['draw'], ['attackers'], ['defenders']],
  judgement: [['blunder'], ['mistake'], ['inaccuracy']],
  errLimitedIn: [
    [1, 'second'],
    [12, 'minute'],
    [1, 'minute'],
    [30, 'second'],
  ],
  lineMove: FAULTS.flatMap((f) => [
    [4, 'f5-f1', f],
    [4, 'f5-f1', f, 'attackers'],
    [4, 'f5-f1', f, 'defenders'],
  ]),
  list: [[['a1', 'a7', 'g1']], [['a1']]],
  orList: [[['a1', 'a7', 'g1']]],
  source: Object.values(SOURCES).map((s) => [s]),
};

function samples(path: string, lang: Lang): readonly Sample[] {
  const lesson = /^lessons\.lessons\.([^.]+)\./.exec(path);
  if (lesson) return (LESSON_ARGS.get(lesson[1]!) ?? []).map((a) => [a]);
  const t = RULES_TEXT[lang];
  if (path.startsWith('rules.captions.'))
    return [[{ move: 'c6-d6', captured: t.list(['b6', 'd6']), spared: 'd5' }]];
  if (path === 'rules.board.terms')
    return Object.values(SOURCES)
      .filter((s) => s.terms.length > 0)
      .map((s) => [s.kind, s.terms.map(([term, word]) => [t.terms[term], word])]);
  return SPECIAL[path.split('.').at(-1)!] ?? GENERIC;
}

/** A text as players read it, and where it comes from ("i18n.confirmResign"). */
interface Text {
  readonly path: string;
  readonly text: string;
}

const valid = (s: unknown): s is string => typeof s === 'string' && !/undefined|NaN|\[object|\$\{/.test(s);

/** Every text of a value: strings, functions called with their samples, objects walked. */
function walk(value: unknown, path: string, lang: Lang, out: Text[], silent: string[]): void {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (typeof value === 'function') {
    const said = samples(path, lang).flatMap((args) => {
      try {
        const s: unknown = (value as (...a: unknown[]) => unknown)(...args);
        return valid(s) ? [s] : [];
      } catch {
        return [];
      }
    });
    if (said.length === 0) silent.push(path);
    for (const text of new Set(said)) out.push({ path, text });
  } else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, lang, out, silent);
}

/** Every text of a language: the modules, the presets' summaries, names and one-line descriptions,
 * and the rules page of every ruleset with its marks. */
function textsOf(lang: Lang): { texts: Text[]; silent: string[] } {
  const texts: Text[] = [];
  const silent: string[] = [];
  for (const [name, byLang] of Object.entries(MODULES)) walk(byLang[lang], name, lang, texts, silent);
  for (const rules of VARIED) {
    const summary = presetSummary(rules.id, lang);
    if (summary) texts.push({ path: `app.summaries.${rules.id}`, text: summary });
    const { name, oneLine } = describeRuleset(rules, lang);
    // A ruleset of the editor keeps the name its player gave it: only a preset's is ours.
    if (PRESETS.includes(rules)) texts.push({ path: `describe.${rules.id}.name`, text: name });
    texts.push({ path: `describe.${rules.id}.oneLine`, text: oneLine });
    texts.push({ path: `source.${rules.id}`, text: rulesetSource(rules, lang) });
    for (const section of explainRuleset(rules, lang))
      for (const s of section.sentences)
        for (const text of [s.text, ...s.marks.flatMap((m) => [m.label, m.text])])
          texts.push({ path: `pages.${rules.id}.${section.id}`, text });
  }
  return { texts, silent };
}

const TEXTS = Object.fromEntries(LANGUAGES.map((l) => [l, textsOf(l)])) as {
  readonly [l in Lang]: { texts: Text[]; silent: string[] };
};

/** The rules pages, their catalogue and the sources' lines quote the leaflets: a refused word may
 * stand in quotes there. */
const quoting = (path: string): boolean => /^(rules|pages|source|describe)\./.test(path);
const unquoted = (t: Text): string => (quoting(t.path) ? t.text.replace(/«[^»]*»|“[^”]*”/g, '«»') : t.text);

/** The places a pattern matches in the texts, once a path and match: "path: …the text…". */
function found(texts: readonly Text[], test: (t: Text) => RegExpExecArray | null): string[] {
  const places = texts.flatMap((t) => {
    const m = test(t);
    if (!m) return [];
    const at = Math.max(0, m.index - 30);
    return [`${t.path}: ${m[0]} in “…${t.text.slice(at, m.index + m[0].length + 30)}…”`];
  });
  return [...new Set(places.map((p) => p.replace(/ in “.*/s, '')))].map((head) =>
    places.find((p) => p.startsWith(`${head} in “`))!,
  );
}

const applies = (r: Refusal, path: string): boolean =>
  (r.only === undefined || r.only.test(path)) && !(r.except?.test(path) ?? false);

describe('every text module is walked', () => {
  it('each file of src/ with words in it is one of the modules above', () => {
    // Vite lists the modules without loading them.
    const files = Object.keys(import.meta.glob('../src/**/*.ts'))
      .map((f) => f.replace('../src/', ''))
      .filter((f) => /(^|\/)([\w-]+-)?text\.ts$|\/text\/(en|es|fr)\.ts$|^i18n\/(en|es|fr)\.ts$/.test(f))
      .sort();
    expect(files).toEqual(Object.keys(FILES).sort());
  });

  for (const lang of LANGUAGES)
    it(`${lang}: every message function says something with its sample arguments`, () => {
      expect(TEXTS[lang].silent).toEqual([]);
      expect(TEXTS[lang].texts.length).toBeGreaterThan(1500);
    });
});

describe('French typography', () => {
  const { texts } = TEXTS.fr;

  it('puts a narrow no-break space (U+202F) before ; ? ! » and after «, and before : a no-break one, never an ordinary space', () => {
    expect(found(texts, (t) => /[ \t\n][:;!?»]|«[ \t\n]/.exec(t.text))).toEqual([]);
    expect(found(texts, (t) => /\u00a0[;!?»]|«\u00a0/.exec(t.text))).toEqual([]);
  });

  it('never glues : ; ? ! to the word before, nor « » to the words inside', () => {
    // What stands in quotes may be another language's (« ¿Jugamos al Ard Ri? »).
    const outside = (t: Text): string => t.text.replace(/«([^»]*)»/g, '«\u202f…\u202f»');
    expect(found(texts, (t) => /[\p{L}\p{N}’)\]][;!?]|[\p{L})\]»]:(?![/\d])/u.exec(outside(t)))).toEqual([]);
    expect(found(texts, (t) => /«[^\s\u202f\u00a0]|[^\s\u202f\u00a0]»/u.exec(t.text))).toEqual([]);
  });

  it('writes curly apostrophes and no straight quotation marks', () => {
    expect(found(texts, (t) => /['"]/.exec(t.text))).toEqual([]);
  });
});

describe('Spanish punctuation', () => {
  const { texts } = TEXTS.es;

  it('opens every question with ¿ and every exclamation with ¡', () => {
    const unopened = (text: string, open: string, close: string): RegExpExecArray | null => {
      let depth = 0;
      for (const [i, c] of [...text].entries()) {
        if (c === open) depth++;
        else if (c === close && /[\p{L}\p{N}»)]/u.test(text[i - 1] ?? '')) {
          if (depth === 0) return /.$/.exec(text.slice(0, i + 1));
          depth--;
        }
      }
      return null;
    };
    expect(found(texts, (t) => unopened(t.text, '¿', '?') ?? unopened(t.text, '¡', '!'))).toEqual([]);
  });

  it('writes no straight quotation marks or apostrophes', () => {
    expect(found(texts, (t) => /['"]/.exec(t.text))).toEqual([]);
  });
});

for (const lang of ['es', 'fr'] as const)
  describe(`the ${lang} glossary`, () => {
    const { texts } = TEXTS[lang];
    const glossary = GLOSSARY[lang];

    it('refuses words of its own: each refusal matches the wrong words it names', () => {
      for (const r of glossary.refused) expect(r.example, r.reason).toMatch(r.words);
    });

    for (const r of glossary.refused)
      it(`no text says ${String(r.words)}: ${r.reason}`, () => {
        expect(found(texts, (t) => (applies(r, t.path) ? r.words.exec(unquoted(t)) : null))).toEqual([]);
      });

    it('no English word is left in', () => {
      const named = (text: string): string => PROPER_NAMES.reduce((s, name) => s.replace(name, '·'), text);
      expect(found(texts, (t) => ENGLISH_WORDS.exec(named(t.text)))).toEqual([]);
    });
  });
