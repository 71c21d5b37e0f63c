/** The rules pages' catalogues by language. */

import type { Lang } from '../../i18n/index.js';
import { en, type RulesText } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';

export type { CaptionArgs, RulesText } from './en.js';

export const RULES_TEXT: { readonly [l in Lang]: RulesText } = { en, es, fr };
