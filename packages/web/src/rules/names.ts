/**
 * The presets' names in each language, apart from the rules pages' catalogues (rules/text/*),
 * which hold every word of the rules: the start page and the pages' titles name a ruleset, and
 * loading those catalogues for a name would put them in the start page's scripts.
 */

import type { Ruleset } from '@tafl/core';
import type { Lang } from '../i18n/index.js';

const en = {
  plazoleta: 'Bran-dubh (La Plazoleta)',
  'brandubh-2019': 'Brandubh (2019 blog)',
  'ard-ri-es': 'Ard Ri (Spanish article)',
  'brandubh-en': 'Brandubh (Black Raven)',
  'ard-ri-fr': 'Ard-ri (Le Globe Joueur)',
  'brandub-fr': 'Brandub (Le Globe Joueur)',
  'opentafl-brandub': 'Brandub (OpenTafl)',
  'federation-brandubh': 'Brandubh (World Tafl Federation)',
};

export type PresetNames = { readonly [id in keyof typeof en]: string };

export const RULESET_NAMES: { readonly [l in Lang]: PresetNames } = {
  en,
  es: {
    plazoleta: 'Bran-dubh (La Plazoleta)',
    'brandubh-2019': 'Brandubh (blog, 2019)',
    'ard-ri-es': 'Ard Ri (artículo en español)',
    'brandubh-en': 'Brandubh (Black Raven)',
    'ard-ri-fr': 'Ard-ri (Le Globe Joueur)',
    'brandub-fr': 'Brandub (Le Globe Joueur)',
    'opentafl-brandub': 'Brandub (OpenTafl)',
    'federation-brandubh': 'Brandubh (World Tafl Federation)',
  },
  fr: {
    plazoleta: 'Bran-dubh (La Plazoleta)',
    'brandubh-2019': 'Brandubh (blog, 2019)',
    'ard-ri-es': 'Ard-ri (article espagnol)',
    'brandubh-en': 'Brandubh (Black Raven)',
    'ard-ri-fr': 'Ard-ri (Le Globe Joueur)',
    'brandub-fr': 'Brandub (Le Globe Joueur)',
    'opentafl-brandub': 'Brandub (OpenTafl)',
    'federation-brandubh': 'Brandubh (World Tafl Federation)',
  },
};

const isPreset = (id: string): id is keyof PresetNames => id in en;

/** A preset's name in the language; a custom ruleset keeps its own name. */
export const rulesetName = (rules: Ruleset, lang: Lang): string =>
  isPreset(rules.id) ? RULESET_NAMES[lang][rules.id] : rules.name;
