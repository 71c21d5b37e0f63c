/**
 * A stored game as the tests need it: a Brandubh game with both seats taken (tokens of 22 `a`s
 * and `d`s), playing, untimed unless `time` says otherwise, with `over` laid on top.
 */

import { makeRules, presetById } from '@tafl/core';
import { hashToken, timeColumns } from '../src/game.js';
import type { TimeControl } from '../src/protocol.js';
import type { GameRow } from '../src/store/types.js';

export const ATTACKERS_TOKEN = 'a'.repeat(22);
export const DEFENDERS_TOKEN = 'd'.repeat(22);

export function gameRow(time: TimeControl = { kind: 'none' }, over: Partial<GameRow> = {}): GameRow {
  const preset = presetById('brandub-fr')!;
  return {
    id: 'AAAAAAAAAA',
    rules: makeRules(preset),
    rulesId: preset.id,
    rulesName: preset.name,
    ...timeColumns(time),
    status: 'playing',
    winner: null,
    reason: null,
    ply: 0,
    version: 1,
    attackersName: 'Ailill',
    attackersToken: hashToken(ATTACKERS_TOKEN),
    defendersName: 'Medb',
    defendersToken: hashToken(DEFENDERS_TOKEN),
    clockAttackersMs: null,
    clockDefendersMs: null,
    turnStartedAt: null,
    drawOffer: null,
    takebackOffer: null,
    takebacks: 0,
    rematchOffer: null,
    rematchId: null,
    createdAt: 0,
    updatedAt: 0,
    rated: false,
    ratingMin: null,
    ratingMax: null,
    tournamentId: null,
    attackersUser: null,
    defendersUser: null,
    ...over,
  };
}
