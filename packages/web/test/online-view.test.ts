// The pure pieces of the online screens: time controls and clocks (src/online/time.ts), the
// game as the board and the archive want it (src/online/view.ts), and refusals in the player's
// language (src/online/errors.ts).
import { PRESETS, makeRules, presetById, type Ruleset } from '@tafl/core';
import { ERROR_CODES, type GameHeader } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import { deriveGame } from '../src/game/model.js';
import { CATALOGUES, LANGUAGES } from '../src/i18n/index.js';
import { parseOnlinePrefs, DEFAULT_ONLINE_PREFS } from '../src/online/prefs.js';
import { refusalText } from '../src/online/errors.js';
import {
  LIVE_CUSTOM,
  TIME_CHOICES,
  customLiveChoice,
  formatClock,
  liveName,
  timeControlOf,
} from '../src/online/time.js';
import { archivedGame, flippedFor, gameOf, moveToSend, ownGames, rulesOfHeader } from '../src/online/view.js';
import { parseSquare, geometry, encodeMove } from '@tafl/core';

const units = { days: (d: number, h: number) => `${d}d${h}h`, hours: (h: number, m: number) => `${h}h${m}m` };
const brandubh = presetById('brandubh-2019')!;
const ESCAPE = ['b4-b2', 'd5-f5', 'g4-g2', 'd4-d5', 'g2-g3', 'd5-a5', 'g3-g4', 'a5-a7'];

function header(changes: Partial<GameHeader> = {}): GameHeader {
  return {
    id: 'AbCdE12345',
    rules: makeRules(brandubh),
    rulesId: 'brandubh-2019',
    rulesName: brandubh.name,
    time: { kind: 'none' },
    rated: false,
    tournament: null,
    seats: { attackers: { name: 'Ann' }, defenders: { name: 'Bob' } },
    status: 'ended',
    result: null,
    ply: 0,
    clock: null,
    drawOffer: null,
    rematchOffer: null,
    rematch: null,
    createdAt: 1000,
    updatedAt: 2000,
    ...changes,
  };
}

describe('time controls', () => {
  it('offer no clock, 1 to 14 days a move, and the live presets', () => {
    expect(TIME_CHOICES).toEqual([
      'none',
      'days:1',
      'days:2',
      'days:3',
      'days:5',
      'days:7',
      'days:14',
      'live:3+2',
      'live:5+3',
      'live:10+5',
      'live:15+10',
      'live:30+0',
    ]);
    expect(timeControlOf('none')).toEqual({ kind: 'none' });
    expect(timeControlOf('days:7')).toEqual({ kind: 'correspondence', days: 7 });
    expect(timeControlOf('live:5+3')).toEqual({ kind: 'live', baseMs: 300_000, incrementMs: 3000 });
    expect(timeControlOf('days:4')).toBeUndefined();
    expect(timeControlOf('sometimes')).toBeUndefined();
  });

  it('take the player’s own live minutes and seconds, within what the server accepts', () => {
    expect(LIVE_CUSTOM).toEqual({ minutes: { min: 1, max: 180 }, seconds: { min: 0, max: 180 } });
    expect(customLiveChoice(20, 15)).toBe('live:20+15');
    expect(timeControlOf('live:20+15')).toEqual({ kind: 'live', baseMs: 1_200_000, incrementMs: 15_000 });
    expect(timeControlOf('live:180+180')).toEqual({ kind: 'live', baseMs: 10_800_000, incrementMs: 180_000 });
    expect(timeControlOf('live:1+0')).toEqual({ kind: 'live', baseMs: 60_000, incrementMs: 0 });
    for (const [m, s] of [
      [0, 5],
      [181, 0],
      [10, 181],
      [10, -1],
      [2.5, 3],
      [Number.NaN, 3],
    ] as const)
      expect(customLiveChoice(m, s), `${m}+${s}`).toBeUndefined();
    for (const bad of ['live:0+5', 'live:181+0', 'live:05+3', 'live:5+', 'live:5+3x'])
      expect(timeControlOf(bad), bad).toBeUndefined();
  });

  it('are named as players name them', () => {
    expect(liveName(300_000, 3000)).toBe('5+3');
    expect(liveName(90_000, 0)).toBe('1.5+0');
  });

  it('are remembered, a wrong value taking its default', () => {
    expect(parseOnlinePrefs(JSON.stringify({ side: 'defenders', time: 'days:3' }))).toEqual({
      side: 'defenders',
      time: 'days:3',
    });
    expect(parseOnlinePrefs(JSON.stringify({ side: 'kings', time: 'days:4' }))).toEqual(DEFAULT_ONLINE_PREFS);
    expect(parseOnlinePrefs(JSON.stringify({ side: 'random', time: 'live:45+20' })).time).toBe('live:45+20');
    expect(parseOnlinePrefs(JSON.stringify({ side: 'random', time: 'live:999+0' })).time).toBe(
      DEFAULT_ONLINE_PREFS.time,
    );
    expect(parseOnlinePrefs('{oops')).toEqual(DEFAULT_ONLINE_PREFS);
  });
});

describe('a clock', () => {
  it('shows minutes and seconds, hours past the hour, tenths below ten seconds', () => {
    expect(formatClock(300_000, 'live', units)).toBe('5:00');
    expect(formatClock(61_999, 'live', units)).toBe('1:01');
    expect(formatClock(3_723_000, 'live', units)).toBe('1:02:03');
    expect(formatClock(9_450, 'live', units)).toBe('0:09.4');
    expect(formatClock(-5, 'live', units)).toBe('0:00.0');
  });

  it('shows days and hours, or hours and minutes, for correspondence', () => {
    expect(formatClock(2 * 86_400_000 + 5 * 3600_000 + 59_000, 'correspondence', units)).toBe('2d5h');
    expect(formatClock(5 * 3600_000 + 12 * 60_000, 'correspondence', units)).toBe('5h12m');
    expect(formatClock(12 * 60_000, 'correspondence', units)).toBe('12:00');
  });
});

describe('the game of an online game', () => {
  it('has the preset a header names, or the rules its string describes', () => {
    expect(rulesOfHeader(header())).toBe(brandubh);
    const own: Ruleset = { ...PRESETS[3]!, id: 'custom-1', name: 'Mine', quietPlyLimit: 40 };
    const parsed = rulesOfHeader({ rules: makeRules(own), rulesId: null });
    expect(parsed?.quietPlyLimit).toBe(40);
    expect(parsed?.start).toBe(own.start);
    expect(rulesOfHeader({ rules: 'nonsense', rulesId: null })).toBeUndefined();
  });

  it('replays as a game of this device, with the records the list shows', () => {
    const derived = deriveGame(gameOf('x', brandubh, ESCAPE));
    expect(derived.ok && derived.value.result).toEqual({ winner: 'defenders', reason: 'escape' });
  });

  it('sends a board move as its squares and shows it with its captures', () => {
    const geo = geometry(7);
    const sq = (n: string): number => parseSquare(geo, n)!;
    const game = gameOf('x', brandubh, ESCAPE.slice(0, 7));
    expect(moveToSend(game, 7, encodeMove(sq('a5'), sq('a7')))).toEqual({
      squares: 'a5-a7',
      record: 'a5-a7--',
    });
    // Not legal: nothing to send.
    expect(moveToSend(game, 7, encodeMove(sq('a5'), sq('b6')))).toBeUndefined();
  });

  it('keeps the board the usual way round in the symmetric presets, for either side', () => {
    for (const rules of PRESETS) {
      expect(flippedFor(rules, 'attackers')).toBe(false);
      expect(flippedFor(rules, 'defenders')).toBe(false);
    }
  });

  it('turns the board for a player whose pieces start in the upper half', () => {
    // OTN lists rank 1 first: the defenders on ranks 1-3, the attackers on ranks 6-7.
    const start = '/7/2TKT2/3T3/7/7/2ttt2/3t3/';
    const rules: Ruleset = { ...brandubh, id: 'custom-2', start, layout: 'custom' };
    expect(flippedFor(rules, 'attackers')).toBe(true);
    expect(flippedFor(rules, 'defenders')).toBe(false);
    expect(flippedFor(rules, null)).toBe(false);
  });

  it('goes to the archive as the players ended it, never for a time-out or an abort', () => {
    const resigned = archivedGame(
      header({ ply: 3, result: { winner: 'defenders', reason: 'resignation' } }),
      brandubh,
      ESCAPE.slice(0, 3),
    );
    expect(resigned?.result).toEqual({ winner: 'defenders', reason: 'resignation' });
    expect(resigned?.moves).toHaveLength(3);
    const agreed = archivedGame(header({ result: { winner: 'draw', reason: 'agreement' } }), brandubh, []);
    expect(agreed?.result).toEqual({ winner: 'draw', reason: 'agreement' });
    const escaped = archivedGame(
      header({ result: { winner: 'defenders', reason: 'escape' } }),
      brandubh,
      ESCAPE,
    );
    expect(escaped?.result).toEqual({ winner: 'defenders', reason: 'escape' });
    expect(
      archivedGame(header({ result: { winner: 'attackers', reason: 'time' } }), brandubh, []),
    ).toBeUndefined();
    expect(
      archivedGame(header({ result: { winner: 'none', reason: 'aborted' } }), brandubh, []),
    ).toBeUndefined();
  });
});

describe('the player’s own games', () => {
  it('come with the ones waiting for their move first, then played, waiting, finished, newest first', () => {
    // brandubh-2019: the attackers move first, so after an even number of moves it is theirs.
    const list = ownGames([
      { game: header({ id: 'ended00001', status: 'ended', updatedAt: 9 }), side: 'attackers' },
      { game: header({ id: 'waiting001', status: 'waiting', updatedAt: 8 }), side: 'attackers' },
      { game: header({ id: 'theirs0001', status: 'playing', ply: 3, updatedAt: 7 }), side: 'attackers' },
      { game: header({ id: 'mine000001', status: 'playing', ply: 2, updatedAt: 1 }), side: 'attackers' },
      { game: header({ id: 'mine000002', status: 'playing', ply: 3, updatedAt: 2 }), side: 'defenders' },
    ]);
    expect(list.map((g) => [g.game.id, g.yourTurn])).toEqual([
      ['mine000002', true],
      ['mine000001', true],
      ['theirs0001', false],
      ['waiting001', false],
      ['ended00001', false],
    ]);
  });
});

describe('a refusal', () => {
  it('is said in each language for every code of the protocol', () => {
    for (const lang of LANGUAGES)
      for (const code of ERROR_CODES) {
        const text = refusalText(CATALOGUES[lang], code, 'SERVER SENTENCE');
        expect(text, `${lang} ${code}`).not.toBe('SERVER SENTENCE');
        expect(text.length).toBeGreaterThan(5);
      }
  });

  it('says when a limited sign-in may be tried again, in the player’s language', () => {
    const server = 'too many failed sign-ins to this account; try again in 12 minutes';
    expect(refusalText(CATALOGUES.en, 'auth/limited', server)).toBe(
      'Too many attempts. Try again in 12 minutes.',
    );
    expect(refusalText(CATALOGUES.fr, 'auth/limited', server)).toBe(
      'Trop de tentatives\u202f: réessayez dans 12 minutes.',
    );
    expect(
      refusalText(
        CATALOGUES.es,
        'auth/limited',
        'too many accounts made from this address; try again in 1 second',
      ),
    ).toBe('Demasiados intentos: vuelve a intentarlo dentro de 1 segundo.');
  });

  it('says the client’s own failures, and falls back on the server’s sentence for a code it does not know', () => {
    const t = CATALOGUES.fr;
    expect(refusalText(t, 'net/failed', 'x')).toBe(t.errNetFailed);
    expect(refusalText(t, 'net/response', 'x')).toBe(t.errNetResponse);
    expect(refusalText(t, 'future/code', 'what the server said')).toBe('what the server said');
  });
});
