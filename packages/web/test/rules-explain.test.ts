// The rules pages' words (rules/explain.ts, rules/describe.ts, rules/text): RULES.md, "where a
// document is silent or ambiguous, the choice made here is marked *(reading)* or *(house rule)*,
// and the rules page of the app must show the same marks".
import { describe, expect, it } from 'vitest';
import { PRESETS, defineRuleset, presetById, withParameters } from '@tafl/core';
import { LANGUAGES } from '../src/i18n/index.js';
import { SECTIONS, explainRuleset, noteKey, type Section } from '../src/rules/explain.js';
import { describeRuleset } from '../src/rules/describe.js';
import { RULES_TEXT } from '../src/rules/text/index.js';

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

  it('the leaflets’ vocabulary: negras/blancas, assaillants, Black Raven', () => {
    expect(strings(RULES_TEXT.es).join(' ')).toMatch(/negras.*blancas|blancas.*negras/s);
    expect(strings(RULES_TEXT.fr).join(' ')).toContain('assaillants');
    expect(strings(RULES_TEXT.en).join(' ')).toContain('Black Raven');
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

describe('the marks of RULES.md', () => {
  it('every note of every preset has words in every language', () => {
    for (const rules of PRESETS)
      for (const note of rules.notes) expect(noteKey(note), `${rules.id}: ${note.parameter}`).toBeDefined();
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

  it('a note of no preset keeps its own English words', () => {
    const rules = defineRuleset({
      ...presetById('plazoleta')!,
      id: 'custom-1',
      notes: [{ kind: 'reading', parameter: 'escape', text: 'My own reading.' }],
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
      'Ard Ri layout; defenders first; every piece moves one square; king captured by 4; escape to the edge; draw after 20 quiet plies.',
    );
    expect(describeRuleset(presetById('brandub-fr')!, 'es').oneLine).toContain('el rey y su escudo');
    expect(describeRuleset(presetById('ard-ri-es')!, 'fr').name).toBe('Ard Ri (document espagnol)');
  });

  it('a custom ruleset keeps its own name', () => {
    const rules = withParameters(presetById('plazoleta')!, { id: 'custom-3', name: 'Mis reglas' });
    expect(describeRuleset(rules, 'fr').name).toBe('Mis reglas');
  });
});
