/** The lessons' catalogues by language; English is the reference (en.ts). */

import type { Lang } from '../../i18n/index.js';
import { en, type LearnText } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';

export type { LearnText, LessonArgs, LessonText } from './en.js';

export const LEARN_TEXT: { readonly [l in Lang]: LearnText } = { en, es, fr };
