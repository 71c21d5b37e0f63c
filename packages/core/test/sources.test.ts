// sources.ts: every preset's source is named once, and the command line's `source` line is made
// from it (docs/rules.md, "The named rulesets", each ruleset's source).
import { describe, expect, it } from 'vitest';
import { PRESETS, SOURCES, presetById, sourceLine, sourceOf } from '../src/index.js';

describe('the sources of the presets', () => {
  it('every preset has a source, and its one-line `source` is that source in words', () => {
    for (const rules of PRESETS) {
      const source = sourceOf(rules.id);
      expect(source, rules.id).toBeDefined();
      expect(rules.source, rules.id).toBe(sourceLine(source!));
    }
  });

  it('names no source for an id that is no preset, nor for a name of Object.prototype', () => {
    expect(sourceOf('custom-1')).toBeUndefined();
    expect(sourceOf('toString')).toBeUndefined();
    expect(Object.keys(SOURCES).sort()).toEqual(PRESETS.map((r) => r.id).sort());
  });

  it('writes each kind of source as a player would name it', () => {
    expect(presetById('plazoleta')!.source).toBe('Leaflet “Bran-dubh” by La Plazoleta artesanos, in Spanish');
    expect(presetById('brandubh-2019')!.source).toBe(
      'Blog post “Brandubh, un juego de la Irlanda medieval” (2019), in Spanish',
    );
    expect(presetById('ard-ri-es')!.source).toBe('Article “¿Jugamos al Ard Ri?”, in Spanish');
    expect(presetById('brandub-fr')!.source).toBe(
      'Leaflet “Ard-ri et Brandub” by Le Globe Joueur, in French',
    );
    expect(presetById('opentafl-brandub')!.source).toBe('OpenTafl’s built-in Brandub');
    expect(presetById('federation-brandubh')!.source).toBe('The World Tafl Federation’s Brandubh rules');
  });

  it('says only where a source says it that capture is optional, the edge neutral, an escape announced', () => {
    const stating = (statement: string) =>
      PRESETS.filter((r) => (sourceOf(r.id)!.states as readonly string[]).includes(statement)).map(
        (r) => r.id,
      );
    expect(stating('captureOptional')).toEqual(['ard-ri-fr', 'brandub-fr']);
    expect(stating('edgeNeutral')).toEqual(['ard-ri-es']);
    expect(stating('escapeAnnouncement')).toEqual(['brandub-fr']);
  });

  it('gives every note of a preset an id of its own within the preset', () => {
    for (const rules of PRESETS) {
      const ids = rules.notes.map((n) => n.id);
      expect(new Set(ids).size, rules.id).toBe(ids.length);
    }
  });
});
