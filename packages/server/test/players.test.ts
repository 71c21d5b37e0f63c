/**
 * The players' pages against real server processes on both databases: a player's
 * ratings with the score as attackers and as defenders apart (rated games only), the history
 * oldest first, the recent games with their rating changes and the games in progress; "my
 * games" in its order (correspondence games on my turn first, soonest deadline first) with its
 * count; the leaderboards (settled and active players only); and hostile names and families.
 */

import { presetById } from '@tafl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_ACTIVE_MS } from '../src/protocol-players.js';
import type { ErrorBody, Leaderboard, MyGames, PlayerView } from '../src/protocol.js';
import { INITIAL_RATING, rateGame, type Rating } from '../src/ratings/glicko2.js';
import { openStore } from '../src/store/index.js';
import { apiAs, signUp, userName, type Session } from './accounts-harness.js';
import { BACKENDS, freshDatabase, startServer, type ServerProcess, type ServerSetup } from './harness.js';
import {
  agreeDraw,
  CORRESPONDENCE,
  LIVE,
  play,
  playerPage,
  ratedGames,
  resign,
  RULES,
  seek,
  table,
  until,
  type Table,
} from './players-harness.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanup.length > 0) await cleanup.pop()!().catch(() => {});
}, 60_000);

const DAY = 86_400_000;
const brandubh = (view: PlayerView) => view.ratings.find((r) => r.family === 'brandubh');

describe.each(BACKENDS)("the players' pages on %s", (backend) => {
  let server: ServerProcess;
  let setup: ServerSetup;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    cleanup.push(database.remove);
    setup = database.setup;
    server = await startServer(setup);
    cleanup.push(() => server.stop());
  });

  it("a player's page: the rated games' score as attackers and as defenders, the history, recent games and games in progress", async () => {
    const alice = await signUp(server.url, userName('alice'));
    const bob = await signUp(server.url, userName('bob'));
    /** Waits until Alice has `n` rated games (each game rated before the next is played). */
    const rated = (n: number) =>
      until(
        () => playerPage(server.url, alice.user.name),
        (v) => ratedGames(v) === n,
        `${n} rated`,
      );
    // R1: Alice attacks and wins (Bob resigns).
    const r1 = await table(server.url, alice, bob, { side: 'attackers' });
    await play(server.ws, r1, 2);
    await resign(server.ws, r1, 'defenders');
    await rated(1);
    // R2: Alice defends, a draw agreed.
    const r2 = await table(server.url, bob, alice, { side: 'attackers' });
    await play(server.ws, r2, 2);
    await agreeDraw(server.ws, r2, 'defenders');
    await rated(2);
    // R3: Alice defends and resigns.
    const r3 = await table(server.url, bob, alice, { side: 'attackers' });
    await resign(server.ws, r3, 'defenders');
    await rated(3);
    // A casual game Alice wins as the defenders: not in the score.
    const casual = await table(server.url, bob, alice, { side: 'attackers', rated: false });
    await resign(server.ws, casual, 'attackers');
    // In progress: Alice defends, Bob has moved, it is her turn.
    const playing = await table(server.url, bob, alice, { side: 'attackers' });
    await play(server.ws, playing, 1);

    const page = await playerPage(server.url, alice.user.name.toUpperCase());
    expect(page.name).toBe(alice.user.name);
    expect(page.createdAt).toBe(alice.user.createdAt);
    // The ratings, game after game, each from the one before (one game a rating period).
    const [a1, b1] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    const [b2, a2] = rateGame(b1, a1, 0.5);
    const [, a3] = rateGame(b2, a2, 1);
    const shown = (r: Rating) => Math.round(r.rating);
    const r = brandubh(page)!;
    expect(r).toMatchObject({ rating: shown(a3), games: 3, provisional: true });
    expect(page.ratings.map((x) => x.family)).toEqual(['brandubh']);
    expect(r.attackers).toEqual({ games: 1, wins: 1, draws: 0, losses: 0 });
    expect(r.defenders).toEqual({ games: 2, wins: 0, draws: 1, losses: 1 });
    expect(r.history.map((h) => [h.game, h.rating])).toEqual([
      [r1.id, shown(a1)],
      [r2.id, shown(a2)],
      [r3.id, shown(a3)],
    ]);
    expect(r.history.map((h) => h.at)).toEqual([...r.history.map((h) => h.at)].sort((x, y) => x - y));
    // Recent games, the latest first, with what each did to the rating.
    expect(page.recent.map((g) => [g.id, g.side, g.ratingDiff])).toEqual([
      [casual.id, 'defenders', null],
      [r3.id, 'defenders', shown(a3) - shown(a2)],
      [r2.id, 'defenders', shown(a2) - shown(a1)],
      [r1.id, 'attackers', shown(a1) - 1500],
    ]);
    expect(page.recent.every((g) => !g.myTurn && g.deadline === null)).toBe(true);
    expect(page.playing).toHaveLength(1);
    expect(page.playing[0]).toMatchObject({
      id: playing.id,
      side: 'defenders',
      myTurn: true,
      status: 'playing',
    });
    expect(page.playing[0]!.deadline).toBeGreaterThan(Date.now());
    // Bob's side of the same games.
    const bobs = brandubh(await playerPage(server.url, bob.user.name))!;
    expect(bobs.attackers).toEqual({ games: 2, wins: 1, draws: 1, losses: 0 });
    expect(bobs.defenders).toEqual({ games: 1, wins: 0, draws: 0, losses: 1 });
    expect((await playerPage(server.url, bob.user.name)).playing[0]).toMatchObject({ myTurn: false });
  });

  it('my games: correspondence games on my turn first (soonest deadline first), then my other turns, then the rest; the count', async () => {
    const alice = await signUp(server.url, userName('alice'));
    const bob = await signUp(server.url, userName('bob'));
    const mover = presetById(RULES)!.firstToMove;
    const waiter = mover === 'attackers' ? 'defenders' : 'attackers';
    /** A game where it is Alice's turn once Bob, first to move, has moved. */
    const bobMoved = async (time = CORRESPONDENCE): Promise<Table> => {
      const game = await table(server.url, bob, alice, { side: mover, time, rated: false });
      await play(server.ws, game, 1);
      return game;
    };
    const corrSoon = await bobMoved();
    const liveMine = await table(server.url, alice, bob, { side: mover, time: LIVE });
    const liveTheirs = await table(server.url, alice, bob, { side: waiter, time: LIVE });
    const corrLater = await bobMoved();
    const over = await table(server.url, alice, bob);
    await resign(server.ws, over, 'attackers');
    const waiting = await seek(server.url, alice, { rated: false });

    const mine = await apiAs<MyGames>(server.url, '/api/me/games', alice);
    expect(mine.status).toBe(200);
    expect(mine.body.games.map((g) => g.id)).toEqual([
      corrSoon.id,
      corrLater.id,
      liveMine.id,
      waiting.game.id,
      liveTheirs.id,
    ]);
    expect(mine.body.myTurn).toBe(3);
    expect(mine.body.games.map((g) => g.myTurn)).toEqual([true, true, true, false, false]);
    const [soon, later] = mine.body.games;
    expect(soon!.deadline).toBeLessThanOrEqual(later!.deadline!);
    expect(soon!.deadline).toBeGreaterThan(Date.now() + 2 * DAY);
    // Bob's: it is his turn in one game (a live one), the rest after it.
    const his = await apiAs<MyGames>(server.url, '/api/me/games', bob);
    expect(his.body.myTurn).toBe(1);
    expect(his.body.games[0]!.id).toBe(liveTheirs.id);
    expect(his.body.games.map((g) => g.id).sort()).toEqual(
      [corrSoon.id, liveMine.id, liveTheirs.id, corrLater.id].sort(),
    );
  });

  it('my games needs a signed-in account', async () => {
    const guest = await apiAs<ErrorBody>(server.url, '/api/me/games', undefined);
    expect([guest.status, guest.body.error.code]).toEqual([401, 'auth/required']);
    const forged = await apiAs<ErrorBody>(server.url, '/api/me/games', {
      cookie: 'tafl_session=forged-forged-forged-forged',
      csrf: 'x',
    });
    expect([forged.status, forged.body.error.code]).toEqual([401, 'auth/required']);
  });

  it('a leaderboard lists settled players active within 90 days, best first, and no one else', async () => {
    const names = ['best', 'second', 'provisional', 'inactive', 'ardri'].map((n) => userName(n));
    const users: Session[] = [];
    for (const name of names) users.push(await signUp(server.url, name));
    const [best, second, provisional, inactive, ardri] = users as [
      Session,
      Session,
      Session,
      Session,
      Session,
    ];
    const store = await openStore({ ...setup, origin: 'test', log: () => {} });
    const now = Date.now();
    try {
      const put = (
        who: Session,
        rating: number,
        deviation: number,
        lastPlayedAt: number,
        family = 'brandubh',
      ) =>
        store.ratings.put({
          userId: who.user.id,
          family: family as 'brandubh',
          rating,
          deviation,
          volatility: 0.06,
          games: 40,
          lastPlayedAt,
        });
      await put(best, 2100.4, 55, now - DAY);
      await put(second, 1899.6, 110, now - 2 * DAY);
      await put(provisional, 2400, 111, now - DAY);
      await put(inactive, 2300, 50, now - LEADERBOARD_ACTIVE_MS - DAY);
      await put(ardri, 1700, 60, now - DAY, 'ard-ri');
    } finally {
      await store.close();
    }
    // The players of the other tests are provisional: none of them is listed either.
    const board = await apiAs<Leaderboard>(server.url, '/api/leaderboard/brandubh', undefined);
    expect(board.status).toBe(200);
    expect(board.body).toEqual({
      family: 'brandubh',
      players: [
        { rank: 1, name: best.user.name, rating: 2100, deviation: 55, games: 40, lastPlayedAt: now - DAY },
        {
          rank: 2,
          name: second.user.name,
          rating: 1900,
          deviation: 110,
          games: 40,
          lastPlayedAt: now - 2 * DAY,
        },
      ],
    });
    const other = await apiAs<Leaderboard>(server.url, '/api/leaderboard/ard-ri', undefined);
    expect(other.body.players.map((p) => p.name)).toEqual([ardri.user.name]);
    // The player page shows a provisional rating as such, and an inactive settled one as it stands.
    expect(brandubh(await playerPage(server.url, provisional.user.name))).toMatchObject({
      provisional: true,
    });
    expect(brandubh(await playerPage(server.url, inactive.user.name))).toMatchObject({ rating: 2300 });
  });

  it('hostile names and families: a clear refusal, nothing else', async () => {
    const before = await apiAs<Leaderboard>(server.url, '/api/leaderboard/brandubh', undefined);
    const names = [
      'x'.repeat(1000),
      'x'.repeat(21),
      'ab',
      'a b',
      '<script>alert(1)</script>',
      '..',
      '../../api/lobby',
      '\u0000abc',
      'ａｌｉｃｅ',
      'deleted player',
      "robert'); drop table users;--",
    ];
    for (const name of names) {
      const { status, body } = await apiAs<ErrorBody>(
        server.url,
        `/api/players/${encodeURIComponent(name)}`,
        undefined,
      );
      expect(status, name.slice(0, 30)).toBe(404);
      expect(['player/unknown', 'http/not-found']).toContain(body.error.code);
      // The refusal names what was asked for shortened, never the whole of it.
      expect(body.error.message.length).toBeLessThan(200);
    }
    for (const family of [
      'nonsense',
      'BRANDUBH',
      'brandubh ',
      '%00',
      'x'.repeat(500),
      '__proto__',
      'constructor',
    ]) {
      const { status, body } = await apiAs<ErrorBody>(
        server.url,
        `/api/leaderboard/${encodeURIComponent(family)}`,
        undefined,
      );
      expect(status, family.slice(0, 30)).toBe(404);
      expect(body.error.code).toBe('http/not-found');
    }
    // A write to these read-only addresses is not a route.
    const post = await apiAs<ErrorBody>(server.url, '/api/leaderboard/brandubh', undefined, { body: {} });
    expect(post.status).toBe(404);
    expect(await apiAs<Leaderboard>(server.url, '/api/leaderboard/brandubh', undefined)).toMatchObject({
      status: 200,
      body: before.body,
    });
  });
});
