/**
 * The named rulesets: the six of the source leaflets and two reference rulesets of other tafl
 * software, as rows of data. docs/rules.md is the account of every value here: each preset's
 * `notes` are the points where it departs from its source's letter (a *reading* or a *house
 * rule*), and sources.ts names its source.
 */

import { defineRuleset, type RuleParameters, type Ruleset } from './rules.js';
import { SOURCES, sourceLine } from './sources.js';

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
  id: 'repetition',
  kind: 'house rule',
  parameter: 'repetitionDraws',
  text: 'These rules have no draw: here the third occurrence of a position, same side to move, draws.',
} as const;

const kingArmedReading = {
  id: 'kingArmed',
  kind: 'reading',
  parameter: 'kingArmed',
  text: 'The rules do not say whether the king captures: he does, as one of the defenders’ pieces.',
} as const;

/** Le Globe Joueur's two games share their end rules, and so their readings. */
const quietPliesReading = {
  id: 'quietPlies',
  kind: 'reading',
  parameter: 'quietPlyLimit',
  text: 'The twenty “déplacements successifs” are read as twenty single moves in a row, of either side.',
} as const;

const bothBlockedReading = {
  id: 'bothBlocked',
  kind: 'reading',
  parameter: 'blocked',
  text: 'The leaflet does not say what happens when neither side can move: the game is drawn.',
} as const;

/** The English line of a preset's source, from sources.ts. */
const sourceFor = (id: string): string => sourceLine(SOURCES[id]!);

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
  source: sourceFor('plazoleta'),
  notes: [repetitionHouseRule],
});

export const brandubh2019 = defineRuleset({
  ...brandubhBase,
  id: 'brandubh-2019',
  name: 'Brandubh (2019 blog)',
  game: 'brandubh',
  source: sourceFor('brandubh-2019'),
  kingReturns: false,
  notes: [kingArmedReading, repetitionHouseRule],
});

export const ardRiEs = defineRuleset({
  ...brandubhBase,
  id: 'ard-ri-es',
  name: 'Ard Ri (Spanish article)',
  game: 'ard-ri',
  source: sourceFor('ard-ri-es'),
  layout: 'ard-ri',
  start: ARD_RI_LAYOUT,
  throneHostileToAttackers: 'always',
  throneHostileToDefenders: 'always',
  throneHostileToKing: true,
  kingArmed: false,
  kingCapture: 4,
  notes: [
    {
      id: 'layoutArdRi',
      kind: 'reading',
      parameter: 'layout',
      text: 'The article gives no starting position: the Ard Ri layout, two attackers for each defender as it says.',
    },
    {
      id: 'kingUnarmed',
      kind: 'reading',
      parameter: 'kingArmed',
      text: 'A piece is taken between two enemy “peones” (soldiers): the king, not a soldier, takes no part in captures.',
    },
    {
      id: 'kingEnclosed',
      kind: 'reading',
      parameter: 'kingCapture',
      text: 'The article only says the attackers must “enclose” him (“encerrarlo”): on all four sides, here.',
    },
    {
      id: 'repetitionThird',
      kind: 'reading',
      parameter: 'repetitionDraws',
      text: 'The article only names “la repetición de jugadas”: here the third occurrence, same side to move.',
    },
  ],
});

export const brandubhEn = defineRuleset({
  ...brandubhBase,
  id: 'brandubh-en',
  name: 'Brandubh (Black Raven)',
  game: 'brandubh',
  source: sourceFor('brandubh-en'),
  kingReturns: false,
  throneHostileToAttackers: 'empty',
  throneHostileToDefenders: 'empty',
  throneHostileToKing: true,
  kingCaptureNextToThrone: 'three',
  notes: [
    {
      id: 'firstToMove',
      kind: 'reading',
      parameter: 'firstToMove',
      text: 'The leaflet does not say who moves first: the attackers do.',
    },
    {
      id: 'thronePassage',
      kind: 'reading',
      parameter: 'thronePassage',
      text: 'The leaflet forbids stopping on the empty centre and says nothing of passing: pieces may pass over it.',
    },
    kingArmedReading,
    {
      id: 'defendersMeansAttackers',
      kind: 'reading',
      parameter: 'kingCaptureNextToThrone',
      text: 'The leaflet says the “Defenders” must surround him here: it means the Aggressors.',
    },
    {
      id: 'blockedLoses',
      kind: 'house rule',
      parameter: 'blocked',
      text: 'The leaflet does not say what happens to a side with no legal move: it loses.',
    },
    repetitionHouseRule,
  ],
});

export const ardRiFr = defineRuleset({
  ...brandubhBase,
  id: 'ard-ri-fr',
  name: 'Ard-ri (Le Globe Joueur)',
  game: 'ard-ri',
  source: sourceFor('ard-ri-fr'),
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
  notes: [bothBlockedReading, quietPliesReading],
});

export const brandubFr = defineRuleset({
  ...brandubhBase,
  id: 'brandub-fr',
  name: 'Brandub (Le Globe Joueur)',
  game: 'brandubh',
  source: sourceFor('brandub-fr'),
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
      id: 'kingAgainstCorner',
      kind: 'reading',
      parameter: 'cornersHostile',
      text: 'The leaflet makes exceptions for the brannán only on and beside the throne: one attacker takes him against an empty corner.',
    },
    {
      id: 'defenderOnCorner',
      kind: 'reading',
      parameter: 'cornerStop',
      text: 'The leaflet lets defenders stop on the corners and says no more: a corner holding one counts as that defender, as the throne holding the king counts as the king.',
    },
    {
      id: 'kingAndShield',
      kind: 'reading',
      parameter: 'kingAndShield',
      text: 'Only when the attacker’s move makes the sandwich: completing the three sides while an attacker already stands beyond the shield captures nothing.',
    },
    {
      id: 'escapeAnnouncement',
      kind: 'reading',
      parameter: 'escape',
      text: 'The app announces every open way out itself, so the announcement is never missing and the penalty never applies.',
    },
    bothBlockedReading,
    quietPliesReading,
  ],
});

export const opentaflBrandub = defineRuleset({
  ...brandubhBase,
  id: 'opentafl-brandub',
  name: 'Brandub (OpenTafl)',
  game: 'brandubh',
  source: sourceFor('opentafl-brandub'),
  kingCaptureOnThrone: 'elsewhere',
  allAttackersCapturedWins: true,
  notes: [],
});

export const federationBrandubh = defineRuleset({
  ...plazoletaParameters,
  id: 'federation-brandubh',
  name: 'Brandubh (World Tafl Federation)',
  game: 'brandubh',
  source: sourceFor('federation-brandubh'),
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
