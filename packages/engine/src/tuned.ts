/**
 * Tuned evaluation weights by ruleset id: written by packages/engine/scripts/tune.mjs, not by hand
 * (the engine's README says how to run it). Each entry's comment says how it was made: the games,
 * the positions, K, the error with the weights the tuning started from and with the tuned ones, and
 * the check match. An empty entry keeps the defaults (`weightsFor` would otherwise borrow the
 * weights of the nearest tuned preset).
 *
 * Last written 2026-11-30 by: node packages/engine/scripts/tune.mjs --rules opentafl-brandub
 * --games 4000 --nodes 6000 --iterations 3 --seed 12 --check --check-games 1000 --check-nodes 20000
 */

import type { Weights } from './eval.js';

export const TUNED_WEIGHTS: Readonly<Record<string, Partial<Weights>>> = {
  // plazoleta, 2026-11-22: 160 self-play games at 2000 nodes a move, 2 rounds (seed 1), 7476
  // positions; K 134, lambda 0.01; error 0.0772 with the start weights, 0.0743 tuned.
  // Check against the start weights at 2000 nodes a move: 35.0% in 100 games (-108 Elo, 95% -149 to
  // -69; W/D/L as attackers 4/41/5, as defenders 4/13/33); worse, so the start weights are kept.
  plazoleta: {},
  // brandubh-2019, 2026-11-30: 12000 self-play games at 6000 nodes a move, 3 rounds (seed 12),
  // 198140 positions; K 107, lambda 0.1; error 0.1100 with the start weights, 0.0989 tuned.
  // Check against the start weights at 20000 nodes a move: 56.0% in 1000 games (+42 Elo, 95% +27 to
  // +57; W/D/L as attackers 125/23/352, as defenders 407/34/59).
  'brandubh-2019': {
    attackers: -150,
    defenders: 104,
    attackerMobility: -3,
    defenderMobility: 4,
    kingMobility: 19,
    kingRoutes: 60,
    kingRoutesInTwo: 3,
    guardsBesideEscape: -2,
    guardsDiagonal: 2,
    kingEnclosed: 2,
    defendersBesideKing: 11,
    attackersHangingToMove: 45,
    attackersHangingWaiting: 43,
    defendersHangingToMove: -24,
    defendersHangingWaiting: -18,
    kingHanging: -25,
    kingToCentre: -10,
    tempo: 20,
    kingStepsNear: 0,
    kingEscapesReachable: 0,
    attackersOnA1: 0,
    attackersOnA2: 35,
    attackersOnA3: 1,
    attackersOnA4: -9,
    attackersOnB2: -7,
    attackersOnB3: -18,
    attackersOnB4: 17,
    attackersOnC3: -47,
    attackersOnC4: -28,
    attackersOnD4: 0,
    defendersOnA1: 0,
    defendersOnA2: 13,
    defendersOnA3: 21,
    defendersOnA4: 28,
    defendersOnB2: -12,
    defendersOnB3: -6,
    defendersOnB4: 16,
    defendersOnC3: 1,
    defendersOnC4: 1,
    defendersOnD4: 0,
    kingOnA1: 0,
    kingOnA2: 0,
    kingOnA3: -46,
    kingOnA4: -21,
    kingOnB2: 141,
    kingOnB3: 10,
    kingOnB4: 6,
    kingOnC3: -40,
    kingOnC4: -10,
    kingOnD4: 8,
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
  // opentafl-brandub, 2026-11-30: 12000 self-play games at 6000 nodes a move, 3 rounds (seed 12),
  // 196270 positions; K 106, lambda 0.001; error 0.1003 with the start weights, 0.0956 tuned.
  // Check against the start weights at 20000 nodes a move: 58.5% in 1000 games (+59 Elo, 95% +45 to
  // +74; W/D/L as attackers 129/89/282, as defenders 393/36/71).
  'opentafl-brandub': {
    attackers: -118,
    defenders: 81,
    attackerMobility: -4,
    defenderMobility: 4,
    kingMobility: 15,
    kingRoutes: 60,
    kingRoutesInTwo: -7,
    guardsBesideEscape: 29,
    guardsDiagonal: 25,
    kingEnclosed: 5,
    defendersBesideKing: 11,
    attackersHangingToMove: 55,
    attackersHangingWaiting: 39,
    defendersHangingToMove: -25,
    defendersHangingWaiting: -21,
    kingHanging: -41,
    kingToCentre: -24,
    tempo: 27,
    kingStepsNear: 0,
    kingEscapesReachable: 0,
    attackersTowardCorner: -46,
    attackersNearKing: -34,
    defendersNearKing: 21,
    attackersOnA1: 0,
    attackersOnA2: -19,
    attackersOnA3: -15,
    attackersOnA4: -15,
    attackersOnB2: -28,
    attackersOnB3: -12,
    attackersOnB4: 22,
    attackersOnC3: -34,
    attackersOnC4: -29,
    attackersOnD4: 0,
    defendersOnA1: 0,
    defendersOnA2: 15,
    defendersOnA3: 35,
    defendersOnA4: 24,
    defendersOnB2: -3,
    defendersOnB3: 3,
    defendersOnB4: -1,
    defendersOnC3: 4,
    defendersOnC4: -8,
    defendersOnD4: 0,
    kingOnA1: 0,
    kingOnA2: 0,
    kingOnA3: -37,
    kingOnA4: -107,
    kingOnB2: 150,
    kingOnB3: 9,
    kingOnB4: -21,
    kingOnC3: -11,
    kingOnC4: 0,
    kingOnD4: 7,
  },
  // federation-brandubh, 2026-11-22: 300 self-play games at 2000 nodes a move, 2 rounds (seed 1),
  // 4682 positions; K 157, lambda 0.03; error 0.0522 with the start weights, 0.0494 tuned.
  // Check against the start weights at 2000 nodes a move: 42.3% in 200 games (-54 Elo, 95% -79 to
  // -30; W/D/L as attackers 0/8/92, as defenders 74/13/13); worse, so the start weights are kept.
  'federation-brandubh': {},
};
