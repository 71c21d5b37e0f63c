// Presence and abandonment on the game screen (src/online/presence.ts, state.ts): who is
// connected as the server says it, the countdown to a claim counted from `claimInMs` and the
// local clock when it came, what the live region says (the changes, not each second), and the
// ends of a game nobody finished, in every language.
import { presetById } from '@tafl/core';
import type { GameHeader, GameView, Presence, SeatPresence, ServerMessage } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import { reasonText, resultText } from '../src/game/Announcements.js';
import { CATALOGUES, LANGUAGES } from '../src/i18n/index.js';
import {
  awayPhase,
  awaySentence,
  canClaim,
  formatCountdown,
  opponentAway,
  seatConnected,
} from '../src/online/presence.js';
import { parseServerMessage } from '../src/online/connection.js';
import { PRESENCE_TEXT } from '../src/online/presence-text.js';
import { apply, initialState, type OnlineState } from '../src/online/state.js';
import { archivedGame } from '../src/online/view.js';

const ID = 'AbCdE12345';

function header(changes: Partial<GameHeader> = {}): GameHeader {
  return {
    id: ID,
    rules: 'dim:7 name:x',
    rulesId: 'brandubh-2019',
    rulesName: 'Brandubh (2019 blog)',
    time: { kind: 'live', baseMs: 300_000, incrementMs: 0 },
    rated: false,
    tournament: null,
    seats: { attackers: { name: 'Ann' }, defenders: { name: 'Bob' } },
    status: 'playing',
    result: null,
    ply: 2,
    clock: null,
    drawOffer: null,
    rematchOffer: null,
    rematch: null,
    createdAt: 1,
    updatedAt: 1,
    ...changes,
  };
}

const view = (changes: Partial<GameHeader> = {}): GameView => ({
  ...header(changes),
  moves: ['b4-b2', 'd5-f5'],
  from: 0,
});

const here: SeatPresence = { connected: true, claimInMs: null };
const gone = (claimInMs: number | null): SeatPresence => ({ connected: false, claimInMs });
const presence = (attackers = here, defenders = here): Presence => ({ attackers, defenders });

/** The state of `you` after a `state` message at local time `at`. */
function watched(
  you: 'attackers' | 'defenders' | null,
  p: Presence,
  at = 1000,
  changes: Partial<GameHeader> = {},
): OnlineState {
  const message: ServerMessage = { t: 'state', game: view(changes), you, presence: p };
  return apply(initialState(ID), message, at);
}

describe('presence in the state', () => {
  it('comes with the state and changes with each presence message, for its game only', () => {
    let s = watched('attackers', presence());
    expect(seatConnected(s, 'defenders')).toBe(true);
    s = apply(s, { t: 'presence', game: ID, presence: presence(here, gone(45_000)) }, 2000);
    expect(s.presence).toEqual({ presence: presence(here, gone(45_000)), at: 2000 });
    expect(seatConnected(s, 'defenders')).toBe(false);
    const other = apply(s, { t: 'presence', game: 'ZZZZZZZZZZ', presence: presence() }, 3000);
    expect(other).toBe(s);
    s = apply(s, { t: 'presence', game: ID, presence: presence() }, 4000);
    expect(seatConnected(s, 'defenders')).toBe(true);
  });

  it('is read from the socket, and kept as it was when an older server’s state has none', () => {
    const message = { t: 'presence', game: ID, presence: presence(here, gone(5000)) };
    expect(parseServerMessage(JSON.stringify(message))).toEqual(message);
    const s = apply(watched('attackers', presence(here, gone(5000)), 100), message as ServerMessage, 100);
    const old = { t: 'state', game: view(), you: 'attackers' } as unknown as ServerMessage;
    expect(apply(s, old, 200).presence).toEqual({ presence: presence(here, gone(5000)), at: 100 });
  });

  it('is unknown for a free seat and before the server says', () => {
    expect(seatConnected(initialState(ID), 'attackers')).toBeUndefined();
    const waiting = watched('attackers', presence(here, gone(null)), 0, {
      status: 'waiting',
      seats: { attackers: { name: 'Ann' }, defenders: { name: null } },
    });
    expect(seatConnected(waiting, 'attackers')).toBe(true);
    expect(seatConnected(waiting, 'defenders')).toBeUndefined();
  });

  it('is shown to watchers too, but a watcher has nothing to claim', () => {
    const s = watched(null, presence(here, gone(0)));
    expect(seatConnected(s, 'defenders')).toBe(false);
    expect(opponentAway(s, 1000)).toBeUndefined();
  });
});

describe('the countdown to a claim', () => {
  it('counts down from claimInMs and the local clock when it came, and stops at 0', () => {
    const s = watched('attackers', presence(here, gone(25_000)), 10_000);
    expect(opponentAway(s, 10_000)).toEqual({ side: 'defenders', claimInMs: 25_000 });
    expect(opponentAway(s, 20_500)).toEqual({ side: 'defenders', claimInMs: 14_500 });
    expect(canClaim(opponentAway(s, 34_999))).toBe(false);
    expect(opponentAway(s, 35_000)?.claimInMs).toBe(0);
    expect(canClaim(opponentAway(s, 90_000))).toBe(true);
    // A local clock that went back does not lengthen the wait.
    expect(opponentAway(s, 5_000)?.claimInMs).toBe(25_000);
  });

  it('is gone when the opponent comes back, or the game ends', () => {
    let s = watched('defenders', presence(gone(0), here));
    expect(opponentAway(s, 1000)).toEqual({ side: 'attackers', claimInMs: 0 });
    s = apply(s, { t: 'presence', game: ID, presence: presence() }, 1500);
    expect(opponentAway(s, 1500)).toBeUndefined();
    const ended = watched('defenders', presence(gone(0), here), 0, {
      status: 'ended',
      result: { winner: 'defenders', reason: 'abandoned' },
    });
    expect(opponentAway(ended, 0)).toBeUndefined();
  });

  it('says the opponent left without a claim while none is possible (no move yet)', () => {
    const s = watched('attackers', presence(here, gone(null)), 0, { ply: 0 });
    expect(opponentAway(s, 0)).toEqual({ side: 'defenders', claimInMs: undefined });
    expect(canClaim(opponentAway(s, 10 ** 9))).toBe(false);
  });

  it('never offers a claim in a correspondence game, though its dots show', () => {
    const s = watched('attackers', presence(here, gone(null)), 0, {
      time: { kind: 'correspondence', days: 3 },
    });
    expect(seatConnected(s, 'defenders')).toBe(false);
    expect(opponentAway(s, 10 ** 9)).toBeUndefined();
  });

  it('is written as minutes and seconds, rounded up', () => {
    expect(formatCountdown(25_000)).toBe('0:25');
    expect(formatCountdown(24_001)).toBe('0:25');
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('the live region', () => {
  const p = PRESENCE_TEXT.en;
  it('tells the phases apart and is silent while nothing changes', () => {
    expect(awayPhase(undefined)).toBe('present');
    expect(awayPhase({ side: 'defenders', claimInMs: undefined })).toBe('left');
    expect(awayPhase({ side: 'defenders', claimInMs: 24_000 })).toBe('away');
    expect(awayPhase({ side: 'defenders', claimInMs: 23_000 })).toBe('away');
    expect(awayPhase({ side: 'defenders', claimInMs: 0 })).toBe('claimable');
    expect(awaySentence(p, 'present', 'present')).toBe('');
  });

  it('says the departure, the claim when it becomes possible, and the return', () => {
    expect(awaySentence(p, 'present', 'away')).toBe(
      'Your opponent has left the game. If they do not come back, you will be able to claim the game.',
    );
    expect(awaySentence(p, 'away', 'claimable')).toBe(
      'You can claim the game now: take the victory, or call it a draw.',
    );
    expect(awaySentence(p, 'claimable', 'present')).toBe('Your opponent is back.');
    expect(awaySentence(p, 'present', 'left')).toBe('Your opponent has left the game.');
  });
});

describe('the ends of a game nobody finished', () => {
  it('are said in every language, and differ from each other and from an abort', () => {
    for (const lang of LANGUAGES) {
      const t = CATALOGUES[lang];
      const texts = [
        reasonText(t, { winner: 'attackers', reason: 'abandoned' }),
        reasonText(t, { winner: 'defenders', reason: 'abandoned' }),
        reasonText(t, { winner: 'draw', reason: 'abandoned' }),
        reasonText(t, { winner: 'none', reason: 'expired' }),
        reasonText(t, { winner: 'none', reason: 'unstarted' }),
        t.reasonAborted,
      ];
      expect(new Set(texts).size, lang).toBe(texts.length);
      for (const text of texts) expect(text.length, lang).toBeGreaterThan(10);
    }
  });

  it('reads in English as the players say it', () => {
    const t = CATALOGUES.en;
    const say = (r: Parameters<typeof reasonText>[1]): string => `${resultText(t, r)} ${reasonText(t, r)}`;
    expect(say({ winner: 'attackers', reason: 'abandoned' })).toBe(
      'The attackers win. The defenders left the game.',
    );
    expect(say({ winner: 'draw', reason: 'abandoned' })).toBe(
      'Draw. A player left the game and the opponent called it a draw.',
    );
    expect(say({ winner: 'none', reason: 'expired' })).toBe(
      'No result. Nobody took the free seat in time: the game was closed.',
    );
    expect(say({ winner: 'none', reason: 'unstarted' })).toBe(
      'No result. No move was made in time: the game was aborted.',
    );
  });

  it('are not kept in the archive as games of this device (the local model does not replay them)', () => {
    const rules = presetById('brandubh-2019')!;
    const moves = ['b4-b2', 'd5-f5'];
    const ended = (result: GameHeader['result']): GameHeader =>
      header({ status: result?.winner === 'none' ? 'aborted' : 'ended', result });
    expect(archivedGame(ended({ winner: 'attackers', reason: 'abandoned' }), rules, moves)).toBeUndefined();
    expect(archivedGame(ended({ winner: 'draw', reason: 'abandoned' }), rules, moves)).toBeUndefined();
    expect(archivedGame(ended({ winner: 'none', reason: 'unstarted' }), rules, [])).toBeUndefined();
    expect(archivedGame(ended({ winner: 'none', reason: 'expired' }), rules, [])).toBeUndefined();
    // A resignation still is.
    expect(archivedGame(ended({ winner: 'attackers', reason: 'resignation' }), rules, moves)?.result).toEqual(
      expect.objectContaining({ winner: 'attackers', reason: 'resignation' }),
    );
  });
});
