/** The clock arithmetic of online games (game.ts): pure functions over a stored row. */

import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  clockView,
  clocksAfterMove,
  clocksAtStart,
  clocksStopped,
  deadline,
  hashToken,
  newGameId,
  newToken,
  seatOf,
  timeColumns,
  timeControlOf,
} from '../src/game.js';
import { GAME_ID_RE, TOKEN_RE, type TimeControl } from '../src/protocol.js';
import type { GameRow } from '../src/store/types.js';

function row(time: TimeControl, changes: Partial<GameRow> = {}): GameRow {
  const base: GameRow = {
    id: 'AAAAAAAAAA',
    rules: 'dim:7',
    rulesId: 'brandub-fr',
    rulesName: 'Brandub',
    ...timeColumns(time),
    status: 'playing',
    winner: null,
    reason: null,
    ply: 0,
    version: 2,
    attackersName: 'A',
    attackersToken: hashToken('a'.repeat(22)),
    defendersName: 'D',
    defendersToken: hashToken('d'.repeat(22)),
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
  };
  const started = { ...base, ...clocksAtStart(base, 1000) };
  return { ...started, ...changes };
}

const live: TimeControl = { kind: 'live', baseMs: 60_000, incrementMs: 2_000 };

describe('live clocks (base and Fischer increment)', () => {
  it('do not run before the first move, which is not timed', () => {
    const r = row(live);
    expect(r.turnStartedAt).toBeNull();
    expect(clockView(r, 'attackers', 50_000)).toEqual({
      attackers: 60_000,
      defenders: 60_000,
      running: null,
    });
    const after = clocksAfterMove(r, 'attackers', 50_000, false)!;
    expect(after).toEqual({ clockAttackersMs: 60_000, clockDefendersMs: 60_000, turnStartedAt: 50_000 });
  });

  it('charge the mover the time since the turn began, then add the increment', () => {
    const r = row(live, {
      ply: 1,
      turnStartedAt: 10_000,
      clockAttackersMs: 60_000,
      clockDefendersMs: 60_000,
    });
    expect(clockView(r, 'defenders', 15_000)).toEqual({
      attackers: 60_000,
      defenders: 55_000,
      running: 'defenders',
    });
    const after = clocksAfterMove(r, 'defenders', 15_000, false)!;
    expect(after).toEqual({ clockAttackersMs: 60_000, clockDefendersMs: 57_000, turnStartedAt: 15_000 });
  });

  it('refuse a move made after the time ran out, and say when it runs out', () => {
    const r = row(live, { ply: 1, turnStartedAt: 10_000, clockAttackersMs: 60_000, clockDefendersMs: 3_000 });
    expect(deadline(r, 'defenders')).toBe(13_000);
    expect(clocksAfterMove(r, 'defenders', 13_000, false)).toBeUndefined();
    expect(clocksAfterMove(r, 'defenders', 12_999, false)).toBeDefined();
  });

  it('stop at the end, the running side charged', () => {
    const r = row(live, {
      ply: 1,
      turnStartedAt: 10_000,
      clockAttackersMs: 60_000,
      clockDefendersMs: 30_000,
    });
    expect(clocksStopped(r, 'defenders', 20_000)).toEqual({
      clockAttackersMs: 60_000,
      clockDefendersMs: 20_000,
      turnStartedAt: null,
    });
    expect(clocksAfterMove(r, 'defenders', 20_000, true)?.turnStartedAt).toBeNull();
  });
});

describe('correspondence clocks (days per move)', () => {
  const corr: TimeControl = { kind: 'correspondence', days: 3 };

  it('run from the start, and give each move the whole allowance again', () => {
    const r = row(corr);
    expect(r.turnStartedAt).toBe(1000);
    expect(deadline(r, 'attackers')).toBe(1000 + 3 * DAY_MS);
    const after = clocksAfterMove(r, 'attackers', 1000 + DAY_MS, false)!;
    expect(after).toEqual({
      clockAttackersMs: 3 * DAY_MS,
      clockDefendersMs: 3 * DAY_MS,
      turnStartedAt: 1000 + DAY_MS,
    });
  });

  it('round-trip through the row as days', () => {
    expect(timeControlOf(row(corr))).toEqual(corr);
    expect(timeControlOf(row(live))).toEqual(live);
    expect(timeControlOf(row({ kind: 'none' }))).toEqual({ kind: 'none' });
  });
});

describe('untimed games', () => {
  it('have no clock at all', () => {
    const r = row({ kind: 'none' });
    expect(clockView(r, 'attackers', 5)).toBeNull();
    expect(deadline(r, 'attackers')).toBeUndefined();
    expect(clocksAfterMove(r, 'attackers', 5, false)).toEqual({
      clockAttackersMs: null,
      clockDefendersMs: null,
      turnStartedAt: null,
    });
  });
});

describe('ids and tokens', () => {
  it('are of the protocol shape, and a token acts only for its own seat', () => {
    expect(newGameId()).toMatch(GAME_ID_RE);
    const token = newToken();
    expect(token).toMatch(TOKEN_RE);
    expect(hashToken(token)).not.toContain(token);
    const r = row(live, { defendersToken: hashToken(token) });
    expect(seatOf(r, token)).toBe('defenders');
    expect(seatOf(r, newToken())).toBeUndefined();
  });
});
