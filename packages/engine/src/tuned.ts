/** Tuned evaluation weights by ruleset id: written by scripts/tune.ts, not by hand. */

import type { Weights } from './eval.js';

export const TUNED_WEIGHTS: Readonly<Record<string, Partial<Weights>>> = {};
