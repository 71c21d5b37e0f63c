// The rules pages' words (rules/explain.ts, rules/describe.ts, rules/text): docs/rules.md, "every
// point where a ruleset departs from its source is a note, a reading or a house rule, and the
// rules pages carry the same marks"; and every sentence of a page is true of its ruleset: what
// belongs to one source (its words, a rule it states) is said on its pages and no other.
import { describe, expect, it } from 'vitest';
import { PRESETS, defineRuleset, presetById, sourceOf, withParameters, type Ruleset } from '@tafl/core';
import { LANGUAGES } from '../src/i18n/index.js';
import { SECTIONS, explainRuleset, noteKey, type Section } from '../src/rules/explain.js';
import { describeRuleset, rulesetSource } from '../src/rules/describe.js';
import { RULES_TEXT } from '../src/rules/text/index.js';
import { EXIT_SQUARES, SOURCE_WORDS } from './source-words.js';

/** The shape of a catalogue: its keys, nested, and whether each value is text or a function. */
function shape(value: unknown): unknown {
  if (typeof value === 'function') return 'function';
  if (typeof value === 'string') return 'string';
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, shape(v)]),
  );
}

/** Every string of a catalogue, functions called with sample arguments of their kind. */
function strings(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const f = value as (...a: unknown[]) => unknown;
    if (path.startsWith('captions.')) return [String(f({ move: 'c6-d6', captured: 'd5', spared: 'd5' }))];
    if (path === 'list' || path === 'orList') return [String(f(['a1', 'a7', 'g1']))];
    if (path === 'board.terms') return [String(f('leaflet', [['the corners', 'casillas de Salida']]))];
    if (path === 'source') return PRESETS.map((r) => String(f(sourceOf(r.id))));
    return [String(f(...Array.from({ length: f.length }, () => 3)))];
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    strings(v, path ? `${path}.${k}` : k),
  );
}

const textOf = (sections: readonly Section[]): string =>
  sections.flatMap((s) => [s.title, ...s.sentences.map((x) => x.text)]).join('\n');

describe('the catalogues', () => {
  it('Spanish and French have exactly the keys of English, text where it has text', () => {
    for (const lang of LANGUAGES) expect(shape(RULES_TEXT[lang]), lang).toEqual(shape(RULES_TEXT.en));
  });

  it('no entry is empty, and none says undefined', () => {
    for (const lang of LANGUAGES)
      for (const s of strings(RULES_TEXT[lang])) {
        expect(s.trim(), lang).not.toBe('');
        expect(s, lang).not.toMatch(/undefined|\[object|NaN/);
      }
  });

  it('the English notes are the presets’ own words: one English text for each note', () => {
    for (const rules of PRESETS)
      for (const note of rules.notes) expect(RULES_TEXT.en.notes[noteKey(note)!], note.id).toBe(note.text);
  });
});

/** A whole page's words, as `textOf`, with its marks' words too. */
const pageOf = (rules: Ruleset, lang: (typeof LANGUAGES)[number]): string =>
  explainRuleset(rules, lang)
    .flatMap((s) => [s.title, ...s.sentences.flatMap((x) => [x.text, ...x.marks.map((m) => m.text)])])
    .join('\n');

describe('what belongs to one source is said on its pages and on no other', () => {
  for (const [words, ids] of SOURCE_WORDS)
    it(`${String(words)}: only on the pages of ${ids.join(', ')}`, () => {
      for (const rules of PRESETS)
        for (const lang of LANGUAGES) {
          const found = words.test(pageOf(rules, lang));
          expect(found, `${rules.id} in ${lang}`).toBe(ids.includes(rules.id));
        }
    });

  it('a ruleset whose king escapes on the edge has no exit squares: no page of it names any', () => {
    for (const rules of PRESETS.filter((r) => r.escape === 'edge'))
      for (const lang of LANGUAGES)
        expect(pageOf(rules, lang), `${rules.id} in ${lang}`).not.toMatch(EXIT_SQUARES);
  });

  it('the source’s own words make one sentence of the board section, only on a preset whose source has some', () => {
    for (const rules of PRESETS)
      for (const lang of LANGUAGES) {
        const source = sourceOf(rules.id)!;
        const board = explainRuleset(rules, lang)[0]!.sentences.map((s) => s.text);
        const terms = board.filter((t) => source.terms.some(([, word]) => t.includes(word)));
        expect(terms, `${rules.id} in ${lang}`).toHaveLength(source.terms.length > 0 ? 1 : 0);
      }
    const custom = withParameters(presetById('brandubh-en')!, { id: 'custom-9', name: 'Mine' });
    for (const lang of LANGUAGES)
      expect(textOf(explainRuleset(custom, lang))).not.toMatch(/Black Raven|Aggressors/);
  });

  it('every preset names its source in every language, in English as the command line does', () => {
    for (const rules of PRESETS) {
      expect(rulesetSource(rules, 'en')).toBe(rules.source);
      for (const lang of LANGUAGES)
        expect(rulesetSource(rules, lang), lang).toContain(sourceOf(rules.id)!.title);
    }
  });
});

describe('every preset is explained in Spanish, English and French', () => {
  for (const rules of PRESETS)
    for (const lang of LANGUAGES)
      it(`${rules.id} in ${lang}: every section, no empty sentence`, () => {
        const sections = explainRuleset(rules, lang);
        expect(sections.map((s) => s.id)).toEqual([...SECTIONS]);
        for (const s of sections) {
          expect(s.title.trim()).not.toBe('');
          expect(s.sentences.length, s.id).toBeGreaterThan(0);
          for (const x of s.sentences) expect(x.text).not.toMatch(/^\s*$|undefined|\[object|NaN/);
        }
      });

  it('the three languages say different words for the same rules', () => {
    for (const rules of PRESETS) {
      const [es, en, fr] = LANGUAGES.map((lang) => textOf(explainRuleset(rules, lang)));
      expect(new Set([es, en, fr]).size, rules.id).toBe(3);
    }
  });
});

describe('the marks of docs/rules.md', () => {
  it('every note of every preset has words in every language', () => {
    for (const rules of PRESETS)
      for (const note of rules.notes) expect(noteKey(note), `${rules.id}: ${note.id}`).toBeDefined();
  });

  it('a note saved before notes had ids is still known by its English words', () => {
    const note = presetById('brandub-fr')!.notes[0]!;
    const saved = { kind: note.kind, parameter: note.parameter, text: note.text };
    expect(noteKey(saved as never)).toBe('kingAgainstCorner');
  });

  for (const rules of PRESETS)
    it(`${rules.id}: each note is a mark on a sentence about its parameter, in its kind, in every language`, () => {
      for (const lang of LANGUAGES) {
        const t = RULES_TEXT[lang];
        const sentences = explainRuleset(rules, lang).flatMap((s) => s.sentences);
        for (const note of rules.notes) {
          const marked = sentences.filter((s) =>
            s.marks.some((m) => m.kind === note.kind && m.text === t.notes[noteKey(note)!]),
          );
          expect(marked, `${lang}: ${note.parameter}`).toHaveLength(1);
          expect(marked[0]!.parameters).toContain(note.parameter);
          expect(marked[0]!.marks.find((m) => m.kind === note.kind)!.label).toBe(t.marks[note.kind]);
        }
      }
    });

  it('"draw by agreement and resignation, in every ruleset": a house-rule mark on every page', () => {
    for (const rules of PRESETS)
      for (const lang of LANGUAGES) {
        const t = RULES_TEXT[lang];
        const draws = explainRuleset(rules, lang).find((s) => s.id === 'draws')!;
        const agreement = draws.sentences.find((s) => s.text === t.draws.agreement)!;
        expect(agreement.marks).toEqual([
          { kind: 'house rule', label: t.marks['house rule'], text: t.notes.agreement },
        ]);
      }
  });

  it('the reference rulesets have no marks but the house rules every ruleset has', () => {
    for (const id of ['opentafl-brandub', 'federation-brandubh']) {
      const marks = explainRuleset(presetById(id)!, 'en').flatMap((s) => s.sentences.flatMap((x) => x.marks));
      expect(marks.map((m) => m.text)).toEqual([RULES_TEXT.en.notes.agreement]);
    }
  });

  it('brandub-fr: the king-and-shield sentence carries the reading, in French', () => {
    const king = explainRuleset(presetById('brandub-fr')!, 'fr').find((s) => s.id === 'king')!;
    const shield = king.sentences.find((s) => s.parameters.includes('kingAndShield'))!;
    expect(shield.text).toContain('bouclier');
    expect(shield.marks.map((m) => m.label)).toEqual(['interprétation']);
  });

  it('brandub-fr: the leaflet’s escape announcement is quoted, with its penalty, and marked as a reading', () => {
    for (const lang of LANGUAGES) {
      const t = RULES_TEXT[lang];
      const end = explainRuleset(presetById('brandub-fr')!, lang).find((s) => s.id === 'end')!;
      const announce = end.sentences.find((s) => s.text === t.end.announce)!;
      expect(announce.text, lang).toContain('une ou deux sorties');
      expect(
        announce.marks.map((m) => m.text),
        lang,
      ).toEqual([t.notes.escapeAnnouncement]);
    }
  });

  it('brandub-fr: the reading on the king against a corner marks the king’s capture, not the corners’ sentence', () => {
    const sections = explainRuleset(presetById('brandub-fr')!, 'en');
    const marked = sections.flatMap((s) =>
      s.sentences
        .filter((x) => x.marks.some((m) => m.text === RULES_TEXT.en.notes.kingAgainstCorner))
        .map((x) => [s.id, x.text] as const),
    );
    expect(marked).toEqual([['king', RULES_TEXT.en.king.byTwoWith('a corner')]]);
  });

  it('brandub-fr: “a corner with a defender on it counts as that defender” is a reading, marked in every language', () => {
    for (const lang of LANGUAGES) {
      const t = RULES_TEXT[lang];
      const corners = explainRuleset(presetById('brandub-fr')!, lang).find((s) => s.id === 'corners')!;
      const counts = corners.sentences.find((s) => s.text === t.corners.defenderCounts)!;
      expect(counts.marks, lang).toEqual([
        { kind: 'reading', label: t.marks.reading, text: t.notes.defenderOnCorner },
      ]);
    }
  });

  it('brandubh-en: the sentence on the king beside the throne says the leaflet’s “Defenders” mean the attackers', () => {
    const king = explainRuleset(presetById('brandubh-en')!, 'en').find((s) => s.id === 'king')!;
    const next = king.sentences.find((s) => s.parameters.includes('kingCaptureNextToThrone'))!;
    expect(next.marks.map((m) => m.text)).toEqual([RULES_TEXT.en.notes.defendersMeansAttackers]);
  });

  it('a note of no preset keeps its own English words', () => {
    const rules = defineRuleset({
      ...presetById('plazoleta')!,
      id: 'custom-1',
      notes: [{ id: 'mine', kind: 'reading', parameter: 'escape', text: 'My own reading.' }],
    });
    const end = explainRuleset(rules, 'es').find((s) => s.id === 'end')!;
    expect(end.sentences[0]!.marks).toEqual([
      { kind: 'reading', label: 'interpretación', text: 'My own reading.' },
    ]);
  });
});

describe('sentences come from parameter values, not from a ruleset’s name', () => {
  const sentence = (rules: Parameters<typeof explainRuleset>[0], id: string) =>
    explainRuleset(rules, 'en')
      .find((s) => s.id === id)!
      .sentences.map((s) => s.text);

  it('"plazoleta": the king moves one square; "ard-ri-fr": every piece does', () => {
    expect(sentence(presetById('plazoleta')!, 'moves')).toContain(RULES_TEXT.en.moves.kingStep);
    expect(sentence(presetById('ard-ri-fr')!, 'moves')).toContain(RULES_TEXT.en.moves.allStep);
  });

  it('"brandubh-2019": the throne is hostile to no one, the king included', () => {
    expect(sentence(presetById('brandubh-2019')!, 'throne')).toContain(RULES_TEXT.en.throne.hostileNone);
  });

  it('"ard-ri-es": 4 everywhere, three and the empty throne beside it; the throne hostile even occupied', () => {
    const rules = presetById('ard-ri-es')!;
    expect(sentence(rules, 'king')[0]).toBe(RULES_TEXT.en.king.byFour);
    expect(sentence(rules, 'king')).toContain(RULES_TEXT.en.king.nextByHostileThrone('c4, d3, d5 and e4'));
    expect(sentence(rules, 'throne')).toContain(RULES_TEXT.en.throne.hostileAlwaysAll);
  });

  it('a custom ruleset is explained from what the editor changed', () => {
    const rules = withParameters(presetById('brandubh-2019')!, {
      id: 'custom-2',
      escape: 'edge',
      quietPlyLimit: 40,
      cornerStop: 'king-and-defenders',
    });
    expect(sentence(rules, 'end')).toContain(RULES_TEXT.en.end.escapeEdge);
    expect(sentence(rules, 'draws')).toContain(RULES_TEXT.en.draws.quiet(40));
    expect(sentence(rules, 'corners')).toContain(RULES_TEXT.en.corners.defenderCounts);
  });
});

describe('describeRuleset: the name and one line for the home screen', () => {
  it('every preset, in every language, has a name and a line of its own', () => {
    for (const lang of LANGUAGES) {
      const lines = PRESETS.map((r) => describeRuleset(r, lang));
      for (const d of lines) {
        expect(d.name.trim()).not.toBe('');
        expect(d.oneLine).toMatch(/^\S.*\.$/);
      }
      expect(new Set(lines.map((d) => d.oneLine)).size, lang).toBeGreaterThanOrEqual(6);
    }
  });

  it('the line says what sets a ruleset apart', () => {
    expect(describeRuleset(presetById('ard-ri-fr')!, 'en').oneLine).toBe(
      'Ard Ri layout; defenders first; every piece moves one square; king captured by 4, 3 beside the throne; escape to the edge; draw after 20 single moves without a capture.',
    );
    expect(describeRuleset(presetById('brandub-fr')!, 'es').oneLine).toContain('el rey y su escudo');
    expect(describeRuleset(presetById('ard-ri-es')!, 'fr').name).toBe('Ard-ri (article espagnol)');
  });

  it('a custom ruleset keeps its own name', () => {
    const rules = withParameters(presetById('plazoleta')!, { id: 'custom-3', name: 'Mis reglas' });
    expect(describeRuleset(rules, 'fr').name).toBe('Mis reglas');
  });
});
