/**
 * Tuned evaluation weights by ruleset id: written by packages/engine/scripts/tune.mjs, not by hand
 * (the engine's README says how to run it). Each entry's comment says how it was made: the games,
 * the positions, K, the error with the weights the tuning started from and with the tuned ones, and
 * the check match. An empty entry keeps the defaults (`weightsFor` would otherwise borrow the
 * weights of the nearest tuned preset).
 *
 * Last written 2026-11-27 by: node packages/engine/scripts/tune.mjs --rules brandubh-2019 --rules
 * brandubh-en --games 300 --nodes 3000 --seed 7 --check --check-games 300 --check-nodes 10000
 */

import type { Weights } from './eval.js';

export const TUNED_WEIGHTS: Readonly<Record<string, Partial<Weights>>> = {
  // plazoleta, 2026-11-22: 160 self-play games at 2000 nodes a move, 2 rounds (seed 1), 7476
  // positions; K 134, lambda 0.01; error 0.0772 with the start weights, 0.0743 tuned.
  // Check against the start weights at 2000 nodes a move: 35.0% in 100 games (-108 Elo, 95% -149 to
  // -69; W/D/L as attackers 4/41/5, as defenders 4/13/33); worse, so the start weights are kept.
  plazoleta: {},
  // brandubh-2019, 2026-11-27: 600 self-play games at 3000 nodes a move, 2 rounds (seed 7), 9949
  // positions; K 93, lambda 0.03; error 0.1124 with the start weights, 0.1062 tuned.
  // Check against the start weights at 10000 nodes a move: 53.5% in 300 games (+24 Elo, 95% -2 to
  // +51; W/D/L as attackers 32/10/108, as defenders 118/11/21).
  'brandubh-2019': {
    attackers: -157,
    defenders: 94,
    attackerMobility: 1,
    defenderMobility: 9,
    kingMobility: 18,
    kingRoutes: 60,
    kingRoutesInTwo: 17,
    guardsBesideEscape: -36,
    guardsDiagonal: 10,
    kingEnclosed: 17,
    defendersBesideKing: 14,
    attackersHangingToMove: 38,
    attackersHangingWaiting: 43,
    defendersHangingToMove: -6,
    defendersHangingWaiting: -9,
    kingHanging: -137,
    kingToCentre: -10,
    tempo: 16,
    kingStepsNear: 0,
    kingEscapesReachable: 0,
  },
  // ard-ri-es, 2026-11-22: 300 self-play games at 2000 nodes a move, 2 rounds (seed 1), 7576
  // positions; K 249, lambda 0.003; error 0.0428 with the start weights, 0.0378 tuned.
  // Check against the start weights at 2000 nodes a move: 69.8% in 200 games (+145 Elo, 95% +109 to
  // +185; W/D/L as attackers 100/0/0, as defenders 35/9/56).
  'ard-ri-es': {
    attackers: -172,
    defenders: 122,
    attackerMobility: -1,
    defenderMobility: 7,
    kingMobility: 11,
    kingRoutes: 60,
    kingRoutesInTwo: 223,
    guardsBesideEscape: 13,
    guardsDiagonal: -45,
    kingEnclosed: -17,
    defendersBesideKing: -1,
    attackersHangingToMove: 50,
    attackersHangingWaiting: 90,
    defendersHangingToMove: -7,
    defendersHangingWaiting: -39,
    kingHanging: -200,
    kingToCentre: 33,
    tempo: 36,
  },
  // brandubh-en, 2026-11-27: 600 self-play games at 3000 nodes a move, 2 rounds (seed 7), 9891
  // positions; K 125, lambda 0.001; error 0.0849 with the start weights, 0.0756 tuned.
  // Check against the start weights at 10000 nodes a move: 56.3% in 300 games (+44 Elo, 95% +23 to
  // +66; W/D/L as attackers 26/14/110, as defenders 134/4/12).
  'brandubh-en': {
    attackers: -150,
    defenders: 105,
    attackerMobility: -1,
    defenderMobility: 7,
    kingMobility: 8,
    kingRoutes: 60,
    kingRoutesInTwo: -12,
    guardsBesideEscape: 45,
    guardsDiagonal: 11,
    kingEnclosed: -24,
    defendersBesideKing: -2,
    attackersHangingToMove: 53,
    attackersHangingWaiting: 91,
    defendersHangingToMove: -18,
    defendersHangingWaiting: -14,
    kingHanging: -76,
    kingToCentre: -12,
    tempo: 14,
    kingStepsNear: 0,
    kingEscapesReachable: 0,
  },
  // ard-ri-fr, 2026-11-27: 600 self-play games at 3000 nodes a move, 2 rounds (seed 7), 17462
  // positions; K 452, lambda 0.1; error 0.1020 with the start weights, 0.0887 tuned.
  // Check against the start weights at 10000 nodes a move: 62.3% in 300 games (+88 Elo, 95% +61 to
  // +115; W/D/L as attackers 124/18/8, as defenders 36/36/78).
  'ard-ri-fr': {
    attackers: -398,
    defenders: 131,
    attackerMobility: -1,
    defenderMobility: 54,
    kingMobility: 66,
    kingRoutes: 60,
    kingRoutesInTwo: 310,
    guardsBesideEscape: -25,
    guardsDiagonal: -20,
    kingEnclosed: -75,
    defendersBesideKing: -10,
    attackersHangingToMove: 286,
    attackersHangingWaiting: 464,
    defendersHangingToMove: -49,
    defendersHangingWaiting: -52,
    kingHanging: -292,
    kingToCentre: 213,
    tempo: 80,
    kingStepsNear: 0,
    kingEscapesReachable: 0,
  },
  // brandub-fr, 2026-11-22: 240 self-play games at 2000 nodes a move, 2 rounds (seed 1), 3417
  // positions; K 185, lambda 0.01; error 0.0856 with the start weights, 0.0782 tuned.
  // Check against the start weights at 2000 nodes a move: 57.5% in 100 games (+53 Elo, 95% +18 to
  // +88; W/D/L as attackers 2/20/28, as defenders 43/5/2).
  'brandub-fr': {
    attackers: -137,
    defenders: 86,
    attackerMobility: -2,
    defenderMobility: 11,
    kingMobility: -11,
    kingRoutes: 60,
    kingRoutesInTwo: 54,
    guardsBesideEscape: 45,
    guardsDiagonal: 25,
    kingEnclosed: 14,
    defendersBesideKing: -10,
    attackersHangingToMove: 86,
    attackersHangingWaiting: 100,
    defendersHangingToMove: -32,
    defendersHangingWaiting: -42,
    kingHanging: -257,
    kingToCentre: 26,
    tempo: 18,
  },
  // opentafl-brandub, 2026-11-27: 600 self-play games at 3000 nodes a move, 2 rounds (seed 7),
  // 10648 positions; K 125, lambda 0.003; error 0.1178 with the start weights, 0.1137 tuned.
  // Check against the start weights at 10000 nodes a move: 56.0% in 300 games (+42 Elo, 95% +13 to
  // +71; W/D/L as attackers 33/21/96, as defenders 119/11/20).
  'opentafl-brandub': {
    attackers: -137,
    defenders: 118,
    attackerMobility: -2,
    defenderMobility: 7,
    kingMobility: 15,
    kingRoutes: 60,
    kingRoutesInTwo: 29,
    guardsBesideEscape: 49,
    guardsDiagonal: 48,
    kingEnclosed: 10,
    defendersBesideKing: 0,
    attackersHangingToMove: 35,
    attackersHangingWaiting: 26,
    defendersHangingToMove: -22,
    defendersHangingWaiting: -28,
    kingHanging: -83,
    kingToCentre: -23,
    tempo: 18,
    kingStepsNear: 0,
    kingEscapesReachable: 0,
  },
  // federation-brandubh, 2026-11-22: 300 self-play games at 2000 nodes a move, 2 rounds (seed 1),
  // 4682 positions; K 157, lambda 0.03; error 0.0522 with the start weights, 0.0494 tuned.
  // Check against the start weights at 2000 nodes a move: 42.3% in 200 games (-54 Elo, 95% -79 to
  // -30; W/D/L as attackers 0/8/92, as defenders 74/13/13); worse, so the start weights are kept.
  'federation-brandubh': {},
};
