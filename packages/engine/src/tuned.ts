/**
 * Tuned evaluation weights by ruleset id: written by packages/engine/scripts/tune.mjs, not by hand
 * (the engine's README says how to run it). Each entry's comment says how it was made: the games,
 * the positions, K, the error with the weights the tuning started from and with the tuned ones, and
 * the check match. An empty entry keeps the defaults (`weightsFor` would otherwise borrow the
 * weights of the nearest tuned preset).
 *
 * Last written 2026-11-27 by: node packages/engine/scripts/tune.mjs --rules ard-ri-fr --games 300
 * --nodes 3000 --seed 7 --check --check-games 300 --check-nodes 10000
 */

import type { Weights } from './eval.js';

export const TUNED_WEIGHTS: Readonly<Record<string, Partial<Weights>>> = {
  // plazoleta, 2026-11-22: 160 self-play games at 2000 nodes a move, 2 rounds (seed 1), 7476
  // positions; K 134, lambda 0.01; error 0.0772 with the start weights, 0.0743 tuned.
  // Check against the start weights at 2000 nodes a move: 35.0% in 100 games (-108 Elo, 95% -149 to
  // -69; W/D/L as attackers 4/41/5, as defenders 4/13/33); worse, so the start weights are kept.
  plazoleta: {},
  // brandubh-2019, 2026-11-22: 240 self-play games at 2000 nodes a move, 2 rounds (seed 1), 3939
  // positions; K 111, lambda 0.001; error 0.1184 with the start weights, 0.1038 tuned.
  // Check against the start weights at 2000 nodes a move: 53.0% in 100 games (+21 Elo, 95% -27 to
  // +69; W/D/L as attackers 10/4/36, as defenders 39/4/7).
  'brandubh-2019': {
    attackers: -155,
    defenders: 102,
    attackerMobility: 2,
    defenderMobility: 9,
    kingMobility: 15,
    kingRoutes: 60,
    kingRoutesInTwo: 13,
    guardsBesideEscape: -38,
    guardsDiagonal: -10,
    kingEnclosed: 48,
    defendersBesideKing: 15,
    attackersHangingToMove: 13,
    attackersHangingWaiting: 41,
    defendersHangingToMove: 12,
    defendersHangingWaiting: 12,
    kingHanging: -197,
    kingToCentre: 1,
    tempo: 9,
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
  // brandubh-en, 2026-11-22: 240 self-play games at 2000 nodes a move, 2 rounds (seed 1), 3525
  // positions; K 146, lambda 0.3; error 0.0823 with the start weights, 0.0785 tuned.
  // Check against the start weights at 2000 nodes a move: 51.5% in 100 games (+10 Elo, 95% -29 to
  // +50; W/D/L as attackers 5/12/33, as defenders 40/1/9).
  'brandubh-en': {
    attackers: -112,
    defenders: 134,
    attackerMobility: -3,
    defenderMobility: 2,
    kingMobility: 4,
    kingRoutes: 60,
    kingRoutesInTwo: 38,
    guardsBesideEscape: 12,
    guardsDiagonal: -23,
    kingEnclosed: 26,
    defendersBesideKing: 5,
    attackersHangingToMove: 35,
    attackersHangingWaiting: 109,
    defendersHangingToMove: -6,
    defendersHangingWaiting: -34,
    kingHanging: -112,
    kingToCentre: 14,
    tempo: 4,
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
  // opentafl-brandub, 2026-11-22: 240 self-play games at 2000 nodes a move, 2 rounds (seed 1), 4044
  // positions; K 167, lambda 0.1; error 0.1133 with the start weights, 0.1049 tuned.
  // Check against the start weights at 2000 nodes a move: 57.0% in 100 games (+49 Elo, 95% +2 to
  // +98; W/D/L as attackers 12/10/28, as defenders 37/6/7).
  'opentafl-brandub': {
    attackers: -125,
    defenders: 114,
    attackerMobility: 0,
    defenderMobility: 11,
    kingMobility: 15,
    kingRoutes: 60,
    kingRoutesInTwo: -1,
    guardsBesideEscape: 64,
    guardsDiagonal: 52,
    kingEnclosed: 24,
    defendersBesideKing: -4,
    attackersHangingToMove: 17,
    attackersHangingWaiting: 65,
    defendersHangingToMove: -7,
    defendersHangingWaiting: -13,
    kingHanging: -157,
    kingToCentre: -26,
    tempo: 7,
  },
  // federation-brandubh, 2026-11-22: 300 self-play games at 2000 nodes a move, 2 rounds (seed 1),
  // 4682 positions; K 157, lambda 0.03; error 0.0522 with the start weights, 0.0494 tuned.
  // Check against the start weights at 2000 nodes a move: 42.3% in 200 games (-54 Elo, 95% -79 to
  // -30; W/D/L as attackers 0/8/92, as defenders 74/13/13); worse, so the start weights are kept.
  'federation-brandubh': {},
};
