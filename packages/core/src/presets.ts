/**
 * The named rulesets: the six of the leaflets in ../shared/seeds and two reference rulesets of
 * other tafl software, as rows of data. RULES.md is the specification of every value here; its
 * *(reading)* and *(house rule)* marks are the `notes` of each preset.
 */

import { defineRuleset, type RuleParameters, type Ruleset } from './rules.js';

export const BRANDUBH_LAYOUT = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
export const ARD_RI_LAYOUT = '/2ttt2/3t3/t1TTT1t/ttTKTtt/t1TTT1t/3t3/2ttt2/';

const brandubhBase: RuleParameters = {
  size: 7,
  layout: 'brandubh',
  start: BRANDUBH_LAYOUT,
  firstToMove: 'attackers',
  soldierMove: 'rook',
  kingMove: 'rook',
  kingReturns: true,
  thronePassage: 'everyone',
  throneHostileToAttackers: 'never',
  throneHostileToDefenders: 'never',
  throneHostileToKing: false,
  cornerStop: 'king',
  cornersHostile: true,
  cornerImmune: false,
  kingArmed: true,
  kingCapture: 2,
  kingCaptureOnThrone: 'four',
  kingCaptureNextToThrone: 'elsewhere',
  kingAndShield: false,
  escape: 'corners',
  allAttackersCapturedWins: false,
  blocked: 'loses',
  repetitionDraws: true,
  quietPlyLimit: 0,
};

const repetitionHouseRule = {
  kind: 'house rule',
  parameter: 'repetitionDraws',
  text: 'The leaflet has no draw rule: the third occurrence of a position with the same side to move draws.',
} as const;

const kingArmedReading = {
  kind: 'reading',
  parameter: 'kingArmed',
  text: 'The king captures, being one of the defenders’ own pieces.',
} as const;

const plazoletaParameters: RuleParameters = {
  ...brandubhBase,
  kingMove: 'step',
  throneHostileToAttackers: 'always',
  throneHostileToDefenders: 'empty',
  throneHostileToKing: true,
  kingCaptureNextToThrone: 'three',
  allAttackersCapturedWins: true,
};

export const plazoleta = defineRuleset({
  ...plazoletaParameters,
  id: 'plazoleta',
  name: 'Bran-dubh (La Plazoleta)',
  game: 'brandubh',
  source: 'Leaflet “Bran-dubh”, La Plazoleta artesanos (Spanish), seed 000',
  notes: [repetitionHouseRule],
});

export const brandubh2019 = defineRuleset({
  ...brandubhBase,
  id: 'brandubh-2019',
  name: 'Brandubh (2019 blog)',
  game: 'brandubh',
  source: 'Blog post on Brandubh, 2019 (Spanish), seed 001',
  kingReturns: false,
  notes: [kingArmedReading, repetitionHouseRule],
});

export const ardRiEs = defineRuleset({
  ...brandubhBase,
  id: 'ard-ri-es',
  name: 'Ard Ri (Spanish leaflet)',
  game: 'ard-ri',
  source: 'Leaflet “Ard Ri” (Spanish), seed 002',
  layout: 'ard-ri',
  start: ARD_RI_LAYOUT,
  throneHostileToAttackers: 'always',
  throneHostileToDefenders: 'always',
  throneHostileToKing: true,
  kingArmed: false,
  kingCapture: 4,
  notes: [
    {
      kind: 'reading',
      parameter: 'kingArmed',
      text: 'Pieces are captured by two enemy soldiers (“peones”), so the king does not capture.',
    },
    {
      kind: 'reading',
      parameter: 'layout',
      text: 'The leaflet gives no layout: the Ard Ri layout is used (two attackers per defender, as it says).',
    },
  ],
});

export const brandubhEn = defineRuleset({
  ...brandubhBase,
  id: 'brandubh-en',
  name: 'Brandubh (Black Raven)',
  game: 'brandubh',
  source: 'Leaflet “Black Raven” (English), seed 003',
  kingReturns: false,
  throneHostileToAttackers: 'empty',
  throneHostileToDefenders: 'empty',
  throneHostileToKing: true,
  kingCaptureNextToThrone: 'three',
  notes: [
    {
      kind: 'reading',
      parameter: 'firstToMove',
      text: 'The leaflet does not say who moves first: the attackers do.',
    },
    {
      kind: 'reading',
      parameter: 'thronePassage',
      text: 'Once the king has left the centre no piece may stop there, but pieces may pass over it.',
    },
    kingArmedReading,
    {
      kind: 'house rule',
      parameter: 'blocked',
      text: 'The leaflet is silent on a side with no legal move: it loses.',
    },
    repetitionHouseRule,
  ],
});

export const ardRiFr = defineRuleset({
  ...brandubhBase,
  id: 'ard-ri-fr',
  name: 'Ard-ri (Le Globe Joueur)',
  game: 'ard-ri',
  source: 'Leaflet “Ard-ri et Brandub”, Le Globe Joueur (French), seed 004',
  layout: 'ard-ri',
  start: ARD_RI_LAYOUT,
  firstToMove: 'defenders',
  soldierMove: 'step',
  kingMove: 'step',
  throneHostileToAttackers: 'empty',
  throneHostileToDefenders: 'empty',
  throneHostileToKing: true,
  kingCapture: 4,
  escape: 'edge',
  blocked: 'passes',
  repetitionDraws: false,
  quietPlyLimit: 20,
  notes: [
    {
      kind: 'reading',
      parameter: 'quietPlyLimit',
      text: 'Twenty “déplacements” are read as twenty plies (single moves) in a row without a capture.',
    },
  ],
});

export const brandubFr = defineRuleset({
  ...brandubhBase,
  id: 'brandub-fr',
  name: 'Brandub (Le Globe Joueur)',
  game: 'brandubh',
  source: 'Leaflet “Ard-ri et Brandub”, Le Globe Joueur (French), seed 004',
  kingReturns: false,
  throneHostileToAttackers: 'empty',
  throneHostileToDefenders: 'empty',
  throneHostileToKing: true,
  cornerStop: 'king-and-defenders',
  cornerImmune: true,
  kingCaptureNextToThrone: 'three',
  kingAndShield: true,
  blocked: 'passes',
  repetitionDraws: false,
  quietPlyLimit: 20,
  notes: [
    {
      kind: 'reading',
      parameter: 'kingAndShield',
      text: 'King-and-shield happens only when the attacker’s move makes the sandwich; an attacker that completes the three sides while another already stands beyond the shield captures nothing.',
    },
  ],
});

export const opentaflBrandub = defineRuleset({
  ...brandubhBase,
  id: 'opentafl-brandub',
  name: 'Brandub (OpenTafl)',
  game: 'brandubh',
  source: 'OpenTafl’s built-in Brandub',
  kingCaptureOnThrone: 'elsewhere',
  allAttackersCapturedWins: true,
  notes: [],
});

export const federationBrandubh = defineRuleset({
  ...plazoletaParameters,
  id: 'federation-brandubh',
  name: 'Brandubh (World Tafl Federation)',
  game: 'brandubh',
  source: 'World Tafl Federation rules',
  kingMove: 'rook',
  notes: [],
});

/** Every preset: the leaflets first, then the reference rulesets. */
export const PRESETS: readonly Ruleset[] = Object.freeze([
  plazoleta,
  brandubh2019,
  ardRiEs,
  brandubhEn,
  ardRiFr,
  brandubFr,
  opentaflBrandub,
  federationBrandubh,
]);

export const presetById = (id: string): Ruleset | undefined => PRESETS.find((r) => r.id === id);
