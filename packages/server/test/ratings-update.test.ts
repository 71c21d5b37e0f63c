/**
 * What a rated game does to its players' ratings (ratings/update.ts), which games are rated
 * (ratings/service.ts), and the pure parts of the players' pages (ratings/routes.ts): the side
 * scores, "my games" order, the leaderboard's ranks. (Glickman's worked example is in
 * glicko2.test.ts.)
 */

import { describe, expect, it } from 'vitest';
import type { PlayerGame } from '../src/protocol-players.js';
import { INITIAL_RATING, rate, SCALE } from '../src/ratings/glicko2.js';
import { myGamesOrder, playerGame, ranked, sideScores } from '../src/ratings/routes.js';
import { ratedGameOf } from '../src/ratings/service.js';
import { changes, current, IDLE_PERIOD_MS, idlePeriods, scoreOfAttackers } from '../src/ratings/update.js';
import { gameRow } from './rows.js';

const T = 1_800_000_000_000;

describe('idle periods', () => {
  it('counts whole weeks since the last rated game; none without one or for a time before it', () => {
    expect(IDLE_PERIOD_MS).toBe(7 * 86_400_000);
    expect(idlePeriods(null, T)).toBe(0);
    expect(idlePeriods(T, T + IDLE_PERIOD_MS - 1)).toBe(0);
    expect(idlePeriods(T, T + IDLE_PERIOD_MS)).toBe(1);
    expect(idlePeriods(T, T + 52 * IDLE_PERIOD_MS + 5)).toBe(52);
    expect(idlePeriods(T, T - IDLE_PERIOD_MS * 3)).toBe(0);
  });

  it('grows the deviation as Glicko-2 periods without games do, up to 350, the rating untouched', () => {
    const r = { rating: 1620, deviation: 80, volatility: 0.06, lastPlayedAt: T };
    expect(current(r, T + IDLE_PERIOD_MS - 1)).toEqual({ rating: 1620, deviation: 80, volatility: 0.06 });
    // n periods in one step: the same as rate() with no result n times.
    let stepwise = { rating: 1620, deviation: 80, volatility: 0.06 };
    for (let i = 0; i < 3; i++) stepwise = rate(stepwise, []);
    const three = current(r, T + 3 * IDLE_PERIOD_MS);
    expect(three.rating).toBe(1620);
    expect(three.deviation).toBeCloseTo(stepwise.deviation, 9);
    // By hand: √(80² + 3 (0.06 · 173.7178)²) ≈ 82.01.
    expect(three.deviation).toBeCloseTo(Math.sqrt(80 ** 2 + 3 * (0.06 * SCALE) ** 2), 9);
    expect(three.deviation).toBeCloseTo(82.01, 2);
    expect(current(r, T + 10_000 * IDLE_PERIOD_MS).deviation).toBe(350);
    expect(current({ ...r, deviation: 350 }, T + 10 * IDLE_PERIOD_MS).deviation).toBe(350);
  });
});

describe("one game's changes", () => {
  const game = {
    gameId: 'Game000001',
    family: 'brandubh' as const,
    attackers: 'a',
    defenders: 'd',
    scoreOfAttackers: 1 as const,
    endedAt: T,
  };

  it('two new players: the winner gains what the loser loses, the games counted, the end kept', () => {
    const [a, d] = changes(game, undefined, undefined);
    expect(a.before).toEqual(INITIAL_RATING);
    expect(a.after.rating).toBeGreaterThan(1500);
    expect(d.after.rating).toBeLessThan(1500);
    expect(a.diff).toBe(-d.diff);
    expect(a.diff).toBeGreaterThan(0);
    expect(a).toMatchObject({ userId: 'a', games: 1, lastPlayedAt: T });
    expect(d).toMatchObject({ userId: 'd', games: 1, lastPlayedAt: T });
  });

  it('a draw between equals changes no rating; the diff is of the ratings as shown (rounded)', () => {
    const [a, d] = changes({ ...game, scoreOfAttackers: 0.5 }, undefined, undefined);
    expect(a.after.rating).toBeCloseTo(1500, 9);
    expect(a.diff).toBe(0);
    expect(d.diff).toBe(0);
    const stored = {
      userId: 'a',
      family: 'brandubh' as const,
      rating: 1500.4,
      deviation: 50,
      volatility: 0.06,
      games: 9,
      lastPlayedAt: T - 1000,
    };
    const [b] = changes(game, stored, undefined);
    expect(b.diff).toBe(Math.round(b.after.rating) - 1500);
    expect(b.games).toBe(10);
  });

  it('scores: attackers 1, defenders 0, draw ½; no winner, no rating', () => {
    expect(scoreOfAttackers('attackers')).toBe(1);
    expect(scoreOfAttackers('defenders')).toBe(0);
    expect(scoreOfAttackers('draw')).toBe(0.5);
    expect(scoreOfAttackers('none')).toBeUndefined();
    expect(scoreOfAttackers(null)).toBeUndefined();
  });
});

describe('which games are rated', () => {
  const seats = { rated: true, attackersUser: 'a', defendersUser: 'd' };
  const ended = {
    status: 'ended' as const,
    winner: 'defenders',
    reason: 'resignation' as const,
    updatedAt: T,
  };

  it('a rated game of two accounts in a family, ended with a result', () => {
    expect(ratedGameOf(gameRow(undefined, { ...seats, ...ended }))).toEqual({
      gameId: 'AAAAAAAAAA',
      family: 'brandubh',
      attackers: 'a',
      defenders: 'd',
      scoreOfAttackers: 0,
      endedAt: T,
    });
  });

  it('never an aborted, casual, unfinished, guest-seated or own-rules game', () => {
    const no = (over: Parameters<typeof gameRow>[1]) =>
      expect(ratedGameOf(gameRow(undefined, { ...seats, ...ended, ...over }))).toBeUndefined();
    no({ status: 'aborted', winner: 'none', reason: 'aborted' });
    no({ rated: false });
    no({ status: 'playing', winner: null, reason: null });
    no({ defendersUser: null });
    no({ rulesId: null });
    no({ winner: 'none' });
  });
});

describe("the players' pages", () => {
  it("a player's game: the side, whose turn (from the ply and who moves first) and the deadline", () => {
    const live = { kind: 'live' as const, baseMs: 300_000, incrementMs: 0 };
    // Brandubh: the attackers move first; at ply 1 the defenders are to move, their clock running.
    const row = gameRow(live, {
      ply: 1,
      clockAttackersMs: 290_000,
      clockDefendersMs: 300_000,
      turnStartedAt: T,
    });
    const mine = playerGame(row, 'defenders', undefined);
    expect(mine).toMatchObject({ side: 'defenders', myTurn: true, deadline: T + 300_000, ratingDiff: null });
    expect(playerGame(row, 'attackers', undefined).myTurn).toBe(false);
    const over = gameRow(live, { ply: 1, status: 'ended', winner: 'attackers', reason: 'resignation' });
    expect(playerGame(over, 'defenders', -7)).toMatchObject({
      myTurn: false,
      deadline: null,
      ratingDiff: -7,
    });
  });

  it('my games: correspondence on my turn by deadline, then my other turns, then the rest by last change', () => {
    const g = (id: string, over: Partial<PlayerGame>): PlayerGame =>
      ({
        id,
        myTurn: false,
        deadline: null,
        updatedAt: 0,
        time: { kind: 'live', baseMs: 1, incrementMs: 0 },
        ...over,
      }) as PlayerGame;
    const corr = { kind: 'correspondence' as const, days: 3 };
    const games = [
      g('rest-old', { updatedAt: 1 }),
      g('live-turn', { myTurn: true, deadline: 50 }),
      g('corr-late', { myTurn: true, deadline: 900, time: corr }),
      g('rest-new', { updatedAt: 5 }),
      g('corr-soon', { myTurn: true, deadline: 100, time: corr }),
      g('corr-theirs', { deadline: 10, time: corr, updatedAt: 3 }),
      g('untimed-turn', { myTurn: true, time: { kind: 'none' } }),
    ];
    expect(games.sort(myGamesOrder).map((x) => x.id)).toEqual([
      'corr-soon',
      'corr-late',
      'live-turn',
      'untimed-turn',
      'rest-new',
      'corr-theirs',
      'rest-old',
    ]);
  });

  it('side scores count the rated games of the family by side', () => {
    const scores = sideScores(
      [
        { family: 'brandubh', side: 'attackers', winner: 'attackers', games: 3 },
        { family: 'brandubh', side: 'attackers', winner: 'defenders', games: 1 },
        { family: 'brandubh', side: 'defenders', winner: 'draw', games: 2 },
        { family: 'brandubh', side: 'defenders', winner: 'defenders', games: 4 },
        { family: 'ard-ri', side: 'attackers', winner: 'attackers', games: 9 },
      ],
      'brandubh',
    );
    expect(scores.attackers).toEqual({ games: 4, wins: 3, draws: 0, losses: 1 });
    expect(scores.defenders).toEqual({ games: 6, wins: 4, draws: 2, losses: 0 });
  });

  it('ranks: equal ratings share one', () => {
    const row = (name: string, rating: number) => ({
      name,
      rating,
      deviation: 50,
      games: 1,
      lastPlayedAt: T,
    });
    expect(
      ranked([row('a', 1900), row('b', 1800), row('c', 1800), row('d', 1700)]).map((e) => e.rank),
    ).toEqual([1, 2, 2, 4]);
  });
});
