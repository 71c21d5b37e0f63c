// `tafl rules`: the list of rulesets and the rules page of one, with the marks of docs/rules.md
// for what is a reading or a house rule, what its source calls things and says beyond the
// parameters, and the OTN rules string that --rules-string reads back.
import { PRESETS, makeRules, parseRules, presetById, sourceOf } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { PARAMETER_KEYS, parameterLabel } from '../src/parameters.js';
import { expectUsageError, lines, tafl } from './helpers.js';

describe('tafl rules', () => {
  it('lists every ruleset on one line with its id, name and source', async () => {
    const { code, stdout } = await tafl(['rules']);
    expect(code).toBe(0);
    const rows = lines(stdout);
    expect(rows).toHaveLength(PRESETS.length);
    PRESETS.forEach((r, i) => {
      expect(rows[i]!.startsWith(`${r.id} `)).toBe(true);
      expect(rows[i]).toContain(r.name);
      expect(rows[i]!.endsWith(r.source)).toBe(true);
    });
  });

  it('shows every parameter of a ruleset in words, with its source', async () => {
    const { code, stdout } = await tafl(['rules', 'plazoleta']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^plazoleta: Bran-dubh \(La Plazoleta\)\n/);
    expect(stdout).toContain('source: Leaflet “Bran-dubh” by La Plazoleta artesanos, in Spanish\n');
    for (const key of PARAMETER_KEYS) expect(stdout).toContain(`  ${parameterLabel(key)}  `);
    expect(stdout).toMatch(/the king moves +one square\n/);
    expect(stdout).toMatch(/king captured next to the throne +by 3 attackers/);
  });

  it('marks a house rule on its parameter and explains it', async () => {
    const { stdout } = await tafl(['rules', 'plazoleta']);
    expect(stdout).toMatch(/third occurrence of a position +a draw \(house rule\)\n/);
    expect(stdout).toContain('(house rule) third occurrence of a position: These rules have no draw');
  });

  it('marks readings (brandubh-en: who moves first is a reading)', async () => {
    const { stdout } = await tafl(['rules', 'brandubh-en']);
    expect(stdout).toMatch(/first to move +attackers \(reading\)\n/);
    expect(stdout).toMatch(/a side with no legal move +loses \(house rule\)\n/);
    const notes = presetById('brandubh-en')!.notes;
    expect(stdout.match(/^ {2}\((reading|house rule)\) /gm)).toHaveLength(notes.length);
  });

  it('names the source’s own words and what it says beyond the parameters, only for its ruleset', async () => {
    const fr = (await tafl(['rules', 'brandub-fr'])).stdout;
    expect(fr).toContain('its words: “attaquants” for the attackers, “princes” for the defenders');
    expect(fr).toContain('it also says: capturing is never compulsory\n');
    expect(fr.replace(/\n +/g, ' ')).toContain(
      'must announce “une ou deux sorties”; if they do not, the escape does not count',
    );
    expect(fr).toMatch(/escape squares +the corners \(reading\)\n/);
    const en = (await tafl(['rules', 'brandubh-en'])).stdout;
    expect(en).toContain('“Aggressors” for the attackers, “Black Raven” for the king');
    expect(en).not.toContain('it also says');
    for (const id of ['plazoleta', 'opentafl-brandub']) {
      const out = (await tafl(['rules', id])).stdout;
      expect(out, id).not.toMatch(/compulsory|une ou deux sorties|Black Raven/);
      expect(out.includes('its words:'), id).toBe(sourceOf(id)!.terms.length > 0);
    }
  });

  it('spells out three attackers beside the throne where the king is captured on four sides', async () => {
    // ard-ri-fr: "il ne peut être capturé que par 4 assaillants ou 3 assaillants et le trône"
    expect((await tafl(['rules', 'ard-ri-fr'])).stdout).toMatch(
      /king captured next to the throne +as elsewhere: by 3 attackers, the empty throne closing the 4th side\n/,
    );
    expect((await tafl(['rules', 'ard-ri-es'])).stdout).toMatch(
      /king captured next to the throne +as elsewhere: by 3 attackers, the empty throne closing the 4th side\n/,
    );
    expect((await tafl(['rules', 'brandubh-2019'])).stdout).toMatch(
      /king captured next to the throne +as elsewhere\n/,
    );
  });

  it('says when a ruleset has no readings or house rules', async () => {
    const { stdout } = await tafl(['rules', 'opentafl-brandub']);
    expect(stdout).toContain('Readings and house rules\n  none');
    expect(stdout).not.toMatch(/\((reading|house rule)\)/);
  });

  it('ends the rules page with the OTN rules string', async () => {
    const { stdout } = await tafl(['rules', 'ard-ri-fr']);
    expect(stdout.endsWith(`OTN rules string\n  ${makeRules(presetById('ard-ri-fr')!)}\n`)).toBe(true);
  });

  it('rejects an unknown ruleset, naming the known ones', async () => {
    expectUsageError(
      await tafl(['rules', 'foo']),
      /unknown ruleset "foo"; known: plazoleta, brandubh-2019, /,
    );
  });
});

describe('tafl rules ID --otn', () => {
  for (const preset of PRESETS) {
    it(`prints only the OTN rules string of ${preset.id}, on one line`, async () => {
      const { code, stdout } = await tafl(['rules', preset.id, '--otn']);
      expect(code).toBe(0);
      expect(stdout).toBe(`${makeRules(preset)}\n`);
      expect(stdout).toMatch(/^\S[^\n]*\S\n$/);
    });
  }

  // Needs the colleague's parseRules/makeRules (notation/rules.ts is a stub until then).
  for (const preset of PRESETS) {
    it(`reads back to the parameters of ${preset.id}`, async () => {
      const { stdout } = await tafl(['rules', preset.id, '--otn']);
      const parsed = parseRules(stdout.trim());
      expect(parsed.ok, parsed.ok ? '' : parsed.message).toBe(true);
      if (!parsed.ok) return;
      for (const key of PARAMETER_KEYS) expect(parsed.value[key], key).toEqual(preset[key]);
    });
  }
});
