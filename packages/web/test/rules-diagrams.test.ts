// The diagrams of the rules pages (rules/diagrams.ts): docs/rules.md, each ruleset shown as it is
// played, so every diagram's move is played by the core and must do
// exactly what its caption says.
import { describe, expect, it } from 'vitest';
import { PRESETS, presetById, withParameters, type Ruleset } from '@tafl/core';
import { candidateDiagrams, diagramsFor, playDiagram, type CaptionKey } from '../src/rules/diagrams.js';
import { marksFor } from '../src/rules/explain.js';
import { RULES_TEXT } from '../src/rules/text/index.js';
import { LANGUAGES } from '../src/i18n/index.js';

const captionsOf = (rules: Ruleset): CaptionKey[] => candidateDiagrams(rules).map((d) => d.caption);

describe('every diagram of every preset is what the core plays', () => {
  for (const rules of PRESETS)
    for (const d of candidateDiagrams(rules))
      it(`${rules.id}, ${d.caption}: ${d.move} captures [${d.captures.join(' ')}], ${d.outcome}`, () => {
        const played = playDiagram(rules, d);
        expect(played.error ?? '', d.position).toBe('');
        expect(played.captures, d.position).toEqual(d.captures);
        expect(played.outcome, d.position).toBe(d.outcome);
      });

  it('a piece the caption says is spared is never among the captured', () => {
    for (const rules of PRESETS)
      for (const d of candidateDiagrams(rules))
        if (d.spared) expect(d.captures, `${rules.id} ${d.caption}`).not.toContain(d.spared);
  });

  it('no diagram of a preset is dropped as contradicting the rules', () => {
    for (const rules of PRESETS) expect(diagramsFor(rules), rules.id).toEqual(candidateDiagrams(rules));
  });
});

describe('a caption names what the move captures, in every language', () => {
  it('each caption mentions the move and the captured or spared squares', () => {
    for (const rules of PRESETS)
      for (const d of diagramsFor(rules))
        for (const lang of LANGUAGES) {
          const t = RULES_TEXT[lang];
          const caption = t.captions[d.caption]({
            move: d.move,
            captured: t.list(d.captures),
            spared: d.spared ?? '',
          });
          expect(caption, `${rules.id} ${d.caption} ${lang}`).toContain(d.move);
          if (d.captures.length === 1) expect(caption).toContain(d.captures[0]);
          if (d.spared) expect(caption).toContain(d.spared);
        }
  });
});

describe('the diagrams each ruleset has', () => {
  it('"plazoleta": 2; 3 next to throne; 4 on throne; the corner captures the king; throne always hostile to attackers', () => {
    expect(captionsOf(presetById('plazoleta')!)).toEqual([
      'custodial',
      'notCaptured',
      'multiple',
      'kingArmed',
      'throneDefender',
      'throneAttackerOccupied',
      'corner',
      'kingTwo',
      'kingCorner',
      'kingOnThroneFour',
      'kingNextToThrone',
      'escapeCorner',
    ]);
  });

  it('"brandubh-2019": the throne hostile to no one, the king included (an attacker and the empty throne do not capture him)', () => {
    const captions = captionsOf(presetById('brandubh-2019')!);
    expect(captions).toContain('kingThroneSafe');
    expect(captions).not.toContain('throneDefender');
    expect(captions).not.toContain('throneAttacker');
  });

  it('"ard-ri-es": the throne hostile even occupied; the king enclosed on four sides, not on the edge; he does not capture', () => {
    const captions = captionsOf(presetById('ard-ri-es')!);
    expect(captions).toEqual(
      expect.arrayContaining([
        'kingUnarmed',
        'throneDefenderOccupied',
        'kingOnThroneFour',
        'kingNextToThrone',
        'kingEnclosed',
        'kingEdge',
      ]),
    );
    expect(captions).not.toContain('kingTwo');
  });

  it('"ard-ri-fr": four, or three and the empty throne; escape on the edge, with a king who steps', () => {
    const rules = presetById('ard-ri-fr')!;
    const captions = captionsOf(rules);
    expect(captions).toEqual(
      expect.arrayContaining(['kingOnThroneFour', 'kingNextToThrone', 'kingEnclosed', 'escapeEdge']),
    );
    expect(captions).not.toContain('kingEdge');
    expect(candidateDiagrams(rules).find((d) => d.caption === 'escapeEdge')!.move).toBe('c6-c7');
  });

  it('"brandub-fr": king-and-shield, the reading where the move does not make the sandwich, defenders on corners', () => {
    const captions = captionsOf(presetById('brandub-fr')!);
    expect(captions).toEqual(expect.arrayContaining(['kingShield', 'kingShieldNone', 'cornerDefender']));
    const shield = candidateDiagrams(presetById('brandub-fr')!).find((d) => d.caption === 'kingShield')!;
    expect(shield.captures).toEqual(['d4', 'd5']);
    expect(shield.outcome).toBe('king captured');
  });

  it('"opentafl-brandub": two attackers capture the king on the throne too', () => {
    expect(captionsOf(presetById('opentafl-brandub')!)).toContain('kingOnThroneTwo');
  });

  it('a custom ruleset gets diagrams from its parameters: the king captured by four but not beside a neutral throne', () => {
    const rules = withParameters(presetById('ard-ri-es')!, { id: 'custom', throneHostileToKing: false });
    const captions = diagramsFor(rules).map((d) => d.caption);
    expect(captions).toContain('kingNextToThroneSafe');
    expect(captions).not.toContain('kingNextToThrone');
  });
});

describe('the marks on the diagrams', () => {
  it('brandub-fr: the reading on the king against a corner marks the king’s corner diagram, not the soldier’s', () => {
    const rules = presetById('brandub-fr')!;
    const marked = diagramsFor(rules)
      .filter((d) =>
        marksFor(rules, d.parameters, 'en', d.claims ?? []).some(
          (m) => m.text === RULES_TEXT.en.notes.kingAgainstCorner,
        ),
      )
      .map((d) => d.caption);
    expect(marked).toEqual(['kingCorner']);
  });

  it('brandub-fr: the escape announcement marks no diagram; king-and-shield marks its two', () => {
    const rules = presetById('brandub-fr')!;
    const marksOf = (text: string) =>
      diagramsFor(rules)
        .filter((d) => marksFor(rules, d.parameters, 'en', d.claims ?? []).some((m) => m.text === text))
        .map((d) => d.caption);
    expect(marksOf(RULES_TEXT.en.notes.escapeAnnouncement)).toEqual([]);
    expect(marksOf(RULES_TEXT.en.notes.kingAndShield)).toEqual(['kingShield', 'kingShieldNone']);
  });
});
