/**
 * The app's pure side of accounts (account/state.ts, account/session.ts, online/api.ts): the
 * guest seats sent and kept, the order of "my games", a seek's rating and range, whether a game
 * may be rated, why a seek's seat is not for a player, and the CSRF token on the requests that
 * change something.
 */

import type { GameSummary, PlayerGame, SeatKey } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import type { AccountApi } from '../src/account/api.js';
import { AccountSession, returnTo } from '../src/account/session.js';
import {
  guestSeats,
  joinBlock,
  orderMyGames,
  rangeText,
  ratedBlock,
  ratedFields,
  ratingText,
  seatsAfterAttach,
  seekRangeText,
} from '../src/account/state.js';
import { createApi, type Fetch } from '../src/online/api.js';
import { parseOnlinePrefs } from '../src/online/prefs.js';
import { createAccountApi } from '../src/account/api.js';
import { createSeatStore, type Seat } from '../src/online/tokens.js';

const T1 = 'a'.repeat(22);
const T2 = 'b'.repeat(22);
const T3 = 'c'.repeat(22);

const seat = (id: string, token: string, at: number): Seat => ({ id, token, side: 'attackers', at });

describe('guest seats', () => {
  it('are sent as game and token, newest first', () => {
    expect(guestSeats([seat('Aaaaaaaa01', T1, 2), seat('Aaaaaaaa02', T2, 1)])).toEqual([
      { game: 'Aaaaaaaa01', token: T1 },
      { game: 'Aaaaaaaa02', token: T2 },
    ]);
  });

  it('take the attached tokens and keep the others as they were', () => {
    const held = [seat('Aaaaaaaa01', T1, 2), seat('Aaaaaaaa02', T2, 1)];
    const keys: SeatKey[] = [{ game: 'Aaaaaaaa02', side: 'defenders', token: T3 }];
    expect(seatsAfterAttach(held, keys, 99)).toEqual([
      seat('Aaaaaaaa01', T1, 2),
      { id: 'Aaaaaaaa02', token: T3, side: 'defenders', at: 1 },
    ]);
  });

  it('are replaced in the seat store after a sign-up, and the CSRF token is kept', async () => {
    const memory = new Map<string, string>();
    const store = createSeatStore({
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
    });
    store.save(seat('Aaaaaaaa02', T2, 1));
    store.save(seat('Aaaaaaaa01', T1, 2));
    let sent: unknown;
    let csrf: unknown = null;
    const api = {
      signUp: (name: string, password: string, seats: unknown) => {
        sent = { name, password, seats };
        return Promise.resolve({
          ok: true as const,
          value: {
            user: { id: 'u1', name, createdAt: 0 },
            csrf: 'the-csrf',
            seats: [{ game: 'Aaaaaaaa01', side: 'attackers' as const, token: T3 }],
          },
        });
      },
      myGames: () => Promise.resolve({ ok: true as const, value: { games: [], myTurn: 0 } }),
    } as unknown as AccountApi;
    const session = new AccountSession(api, store, (token) => (csrf = token));
    const answer = await session.enter('signup', 'Ragnar', 'long enough');
    expect(answer.ok).toBe(true);
    expect(sent).toEqual({
      name: 'Ragnar',
      password: 'long enough',
      seats: [
        { game: 'Aaaaaaaa01', token: T1 },
        { game: 'Aaaaaaaa02', token: T2 },
      ],
    });
    expect(store.get('Aaaaaaaa01')?.token).toBe(T3);
    expect(store.get('Aaaaaaaa02')?.token).toBe(T2);
    expect(csrf).toBe('the-csrf');
    expect(session.snapshot().user?.name).toBe('Ragnar');
    session.signedOut();
    expect(csrf).toBeNull();
    expect(session.snapshot().user).toBeNull();
  });
});

describe('signing out', () => {
  it('forgets the seats of the account’s games and those it was given the account’s token for, and keeps the others', async () => {
    const memory = new Map<string, string>();
    const store = createSeatStore({
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
    });
    store.save(seat('Aaaaaaaa01', T1, 1));
    store.save(seat('Aaaaaaaa02', T2, 2));
    // A game of the account's that "my games" does not list, whose seat this page asked for.
    store.save(seat('Aaaaaaaa03', T3, 3));
    const calls: string[] = [];
    const api = {
      myGames: () => {
        calls.push('myGames');
        return Promise.resolve({
          ok: true as const,
          value: { games: [{ id: 'Aaaaaaaa01' }], myTurn: 0 },
        });
      },
      signOut: () => {
        calls.push('signOut');
        return Promise.resolve({ ok: true as const, value: undefined });
      },
    } as unknown as AccountApi;
    const session = new AccountSession(api, store, () => undefined);
    session.accountSeat(T3);
    expect((await session.signOut(false)).ok).toBe(true);
    expect(calls).toEqual(['myGames', 'signOut']);
    expect(store.all().map((s) => s.id)).toEqual(['Aaaaaaaa02']);
  });

  it('keeps every seat when the server refuses', async () => {
    const memory = new Map<string, string>();
    const store = createSeatStore({
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
    });
    store.save(seat('Aaaaaaaa01', T1, 1));
    const api = {
      myGames: () =>
        Promise.resolve({ ok: true as const, value: { games: [{ id: 'Aaaaaaaa01' }], myTurn: 0 } }),
      signOutAll: () => Promise.resolve({ ok: false as const, code: 'csrf/refused' as const, message: 'no' }),
    } as unknown as AccountApi;
    const session = new AccountSession(api, store, () => undefined);
    expect((await session.signOut(true)).ok).toBe(false);
    expect(store.all().map((s) => s.id)).toEqual(['Aaaaaaaa01']);
  });
});

const game = (over: Partial<PlayerGame>): PlayerGame => ({
  id: 'Gggggggg00',
  rulesId: 'brandubh-2019',
  rulesName: 'Brandubh',
  time: { kind: 'live', baseMs: 300_000, incrementMs: 3000 },
  rated: false,
  seats: { attackers: { name: 'a' }, defenders: { name: 'b' } },
  status: 'playing',
  result: null,
  ply: 3,
  updatedAt: 0,
  side: 'attackers',
  myTurn: false,
  deadline: null,
  ratingDiff: null,
  tournament: null,
  ...over,
});

describe('my games', () => {
  it('come correspondence-my-move first by deadline, then my move, then the rest by recency', () => {
    const days = { kind: 'correspondence', days: 3 } as const;
    const list = [
      game({ id: 'rest-old', updatedAt: 1 }),
      game({ id: 'live-mine', myTurn: true, deadline: 50 }),
      game({ id: 'corr-late', myTurn: true, time: days, deadline: 900 }),
      game({ id: 'rest-new', updatedAt: 5 }),
      game({ id: 'corr-soon', myTurn: true, time: days, deadline: 100 }),
      game({ id: 'corr-theirs', time: days, deadline: 10, updatedAt: 3 }),
    ];
    expect(orderMyGames(list).map((g) => g.id)).toEqual([
      'corr-soon',
      'corr-late',
      'live-mine',
      'rest-new',
      'corr-theirs',
      'rest-old',
    ]);
  });
});

describe('seeks', () => {
  it('show the range as ± and the rating with ? when provisional', () => {
    expect(rangeText(200)).toBe('±200');
    expect(rangeText(null)).toBe('');
    expect(seekRangeText({ min: 1320, max: 1720 })).toBe('±200');
    expect(seekRangeText(null)).toBe('');
    expect(seekRangeText(undefined)).toBe('');
    expect(ratingText({ rating: 1519.6, provisional: true })).toBe('1520?');
    expect(ratingText({ rating: 1480, provisional: false })).toBe('1480');
  });

  it('may be rated only signed in, with a family’s ruleset and a clock', () => {
    const live = { kind: 'live', baseMs: 300_000, incrementMs: 3000 } as const;
    expect(ratedBlock(false, 'brandubh-2019', live)).toBe('signed-out');
    expect(ratedBlock(true, null, live)).toBe('own-rules');
    expect(ratedBlock(true, 'copenhagen-unknown', live)).toBe('own-rules');
    expect(ratedBlock(true, 'ard-ri-fr', { kind: 'none' })).toBe('untimed');
    expect(ratedBlock(true, 'ard-ri-fr', { kind: 'correspondence', days: 2 })).toBe('ok');
    expect(ratedFields({ rated: true, range: 200 }, 'ok')).toEqual({ rated: true, ratingRange: 200 });
    expect(ratedFields({ rated: true, range: null }, 'ok')).toEqual({ rated: true });
    expect(ratedFields({ rated: true, range: 200 }, 'untimed')).toEqual({});
    expect(ratedFields({}, 'ok')).toEqual({});
  });

  const seek = (over: Partial<GameSummary>): GameSummary => ({
    id: 'Ssssssss00',
    rulesId: 'brandubh-2019',
    rulesName: 'Brandubh',
    time: { kind: 'live', baseMs: 300_000, incrementMs: 3000 },
    rated: true,
    ratingRange: { min: 1300, max: 1700 },
    seekRating: { rating: 1500, provisional: true },
    seats: { attackers: { name: 'Olaf', player: 'Olaf' }, defenders: { name: null } },
    status: 'waiting',
    result: null,
    ply: 0,
    updatedAt: 0,
    ...over,
  });

  it('say why the seat is not for a player', () => {
    expect(joinBlock(seek({}), null, false)).toBe('signin');
    expect(joinBlock(seek({}), { name: 'olaf', ratings: {} }, false)).toBe('own');
    expect(joinBlock(seek({}), null, true)).toBe('own');
    expect(joinBlock(seek({}), { name: 'Bjorn', ratings: { brandubh: 1800 } }, false)).toBe('range');
    expect(joinBlock(seek({}), { name: 'Bjorn', ratings: { 'ard-ri': 1800 } }, false)).toBeUndefined();
    expect(joinBlock(seek({}), { name: 'Bjorn', ratings: { brandubh: 1700 } }, false)).toBeUndefined();
    expect(joinBlock(seek({ rated: false, ratingRange: null }), null, false)).toBeUndefined();
  });
});

describe('the remembered rated choice', () => {
  it('keeps rated and a range it offers, and drops anything else', () => {
    const read = (x: unknown) =>
      parseOnlinePrefs(JSON.stringify({ side: 'random', time: 'live:5+3', ...(x as object) }));
    expect(read({ rated: true, range: 200 })).toMatchObject({ rated: true, range: 200 });
    expect(read({ rated: 'yes', range: 250 })).toEqual({ side: 'random', time: 'live:5+3' });
    expect(read({ rated: true, range: null })).toEqual({ side: 'random', time: 'live:5+3', rated: true });
  });
});

describe('the return after signing in', () => {
  it('goes where the player came from, else to my games', () => {
    expect(returnTo('#/signin?from=%23%2Flobby')).toBe('#/lobby');
    expect(returnTo('#/signin')).toBe('#/games');
    expect(returnTo('#/signin?from=https%3A%2F%2Fevil.example')).toBe('#/games');
    expect(returnTo('#/signup?from=%23%2Fsignin')).toBe('#/games');
  });
});

describe('the CSRF token', () => {
  const recorder = () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetch: Fetch = (url, init = {}) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({}), { status: 200 }));
    };
    return { sent, fetch };
  };
  const header = (init: RequestInit): string | undefined =>
    (init.headers as Record<string, string> | undefined)?.['x-tafl-csrf'];

  it('goes with POST and PUT when signed in, never with GET', async () => {
    const r = recorder();
    const api = createApi(r.fetch, 'http://tafl.example/', () => 'tok-1');
    await api.create({ rules: 'brandubh-2019', side: 'random', time: { kind: 'none' }, name: 'x' });
    await api.join('Aaaaaaaa01', 'x');
    await api.saveAnalysis('Aaaaaaaa01', { version: 2, depth: 1, plies: [] });
    await api.lobby();
    expect(r.sent.map((s) => [s.init.method ?? 'GET', header(s.init)])).toEqual([
      ['POST', 'tok-1'],
      ['POST', 'tok-1'],
      ['PUT', 'tok-1'],
      ['GET', undefined],
    ]);
  });

  it('is waited for by a request made while the account is being read', async () => {
    const r = recorder();
    let give: (token: string | null) => void = () => undefined;
    const pending = new Promise<string | null>((resolve) => (give = resolve));
    const api = createApi(r.fetch, 'http://tafl.example/', () => pending);
    const joined = api.join('Aaaaaaaa01', 'x');
    await Promise.resolve();
    expect(r.sent).toEqual([]);
    give('tok-late');
    await joined;
    expect(header(r.sent[0]!.init)).toBe('tok-late');
  });

  it('is not sent signed out', async () => {
    const r = recorder();
    await createApi(r.fetch, 'http://tafl.example/', () => null).join('Aaaaaaaa01', 'x');
    expect(header(r.sent[0]!.init)).toBeUndefined();
    expect((r.sent[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('goes with the account requests that change something', async () => {
    const r = recorder();
    const api = createAccountApi(r.fetch, 'http://tafl.example/', () => 'tok-2');
    await api.signOut();
    await api.seat('Aaaaaaaa01');
    await api.myGames();
    expect(r.sent.map((s) => [s.url, header(s.init)])).toEqual([
      ['http://tafl.example/api/account/signout', 'tok-2'],
      ['http://tafl.example/api/games/Aaaaaaaa01/seat', undefined],
      ['http://tafl.example/api/me/games', undefined],
    ]);
  });

  it('a 204 answer is done, with nothing to read', async () => {
    const api = createAccountApi(
      () => Promise.resolve(new Response(null, { status: 204 })),
      'http://tafl.example/',
    );
    expect(await api.signOut()).toEqual({ ok: true, value: undefined });
  });
});
