/**
 * Evaluation weights. `DEFAULT_WEIGHTS` are hand-set starting values, counted from the
 * defenders' side; `TUNED_WEIGHTS` (written by scripts/tune.mjs from the engine's own games)
 * override them per ruleset. A ruleset without tuned weights (the rules editor's) takes those of
 * the preset whose parameters it shares most, then the defaults.
 */

import { PRESETS, type RuleParameters, type Ruleset } from '@tafl/core';
import type { Weights } from './eval.js';
import { TUNED_WEIGHTS } from './tuned.js';

export const DEFAULT_WEIGHTS: Weights = {
  attackers: -100,
  defenders: 130,
  attackerMobility: -2,
  defenderMobility: 2,
  kingMobility: 4,
  kingRoutes: 60,
  kingRoutesInTwo: 25,
  guardsBesideEscape: -5,
  guardsDiagonal: -20,
  kingEnclosed: -25,
  defendersBesideKing: 5,
  attackersHangingToMove: 15,
  attackersHangingWaiting: 60,
  defendersHangingToMove: -20,
  defendersHangingWaiting: -70,
  kingHanging: -300,
  kingToCentre: 5,
  tempo: 10,
};

const sameParameters = (a: RuleParameters, b: RuleParameters): number =>
  (Object.keys(a) as (keyof RuleParameters)[]).filter((k) => a[k] === b[k]).length;

export function weightsFor(rules: Ruleset): Weights {
  const own = TUNED_WEIGHTS[rules.id];
  if (own) return { ...DEFAULT_WEIGHTS, ...own };
  const nearest = [...PRESETS]
    .filter((p) => TUNED_WEIGHTS[p.id] !== undefined)
    .sort((a, b) => sameParameters(b, rules) - sameParameters(a, rules))[0];
  return { ...DEFAULT_WEIGHTS, ...(nearest ? TUNED_WEIGHTS[nearest.id] : {}) };
}
