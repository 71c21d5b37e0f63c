// `tafl rules`: the list of rulesets and the rules page of one, with RULES.md's marks for what
// is a reading or a house rule, and the OTN rules string that --rules-string reads back.
import { PRESETS, makeRules, parseRules, presetById } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { PARAMETER_KEYS, parameterLabel } from '../src/parameters.js';
import { expectUsageError, lines, tafl } from './helpers.js';

describe('tafl rules', () => {
  it('lists every ruleset on one line with its id and name', async () => {
    const { code, stdout } = await tafl(['rules']);
    expect(code).toBe(0);
    const rows = lines(stdout);
    expect(rows).toHaveLength(PRESETS.length);
    PRESETS.forEach((r, i) => {
      expect(rows[i]!.startsWith(`${r.id} `)).toBe(true);
      expect(rows[i]).toContain(r.name);
    });
  });

  it('shows every parameter of a ruleset in words, with its source', async () => {
    const { code, stdout } = await tafl(['rules', 'plazoleta']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^plazoleta: Bran-dubh \(La Plazoleta\)\n/);
    expect(stdout).toContain('source: Leaflet “Bran-dubh”, La Plazoleta artesanos (Spanish), seed 000');
    for (const key of PARAMETER_KEYS) expect(stdout).toContain(`  ${parameterLabel(key)}  `);
    expect(stdout).toMatch(/the king moves +one square\n/);
    expect(stdout).toMatch(/king captured next to the throne +by 3 attackers/);
  });

  it('marks a house rule on its parameter and explains it', async () => {
    const { stdout } = await tafl(['rules', 'plazoleta']);
    expect(stdout).toMatch(/third occurrence of a position +a draw \(house rule\)\n/);
    expect(stdout).toContain('(house rule) third occurrence of a position: The leaflet has no draw rule');
  });

  it('marks readings (brandubh-en: who moves first is a reading)', async () => {
    const { stdout } = await tafl(['rules', 'brandubh-en']);
    expect(stdout).toMatch(/first to move +attackers \(reading\)\n/);
    expect(stdout).toMatch(/a side with no legal move +loses \(house rule\)\n/);
    const notes = presetById('brandubh-en')!.notes;
    expect(stdout.match(/^ {2}\((reading|house rule)\) /gm)).toHaveLength(notes.length);
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
