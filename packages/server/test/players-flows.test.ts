/**
 * What the app shows of a player's online games once they are over, against real server
 * processes on both databases: "my games" lists my finished games (the latest first, with the
 * result, my side and my rating change; an aborted game is none of them) and the tournaments I
 * am entered in while they are open or running; a game says what it did to its players' ratings
 * (GET /api/games/:id/ratings: each side's new rating and change once counted, `none` for a
 * casual or aborted game); a player's page is looked up by a name that may be nobody's with a
 * 200 and null (GET /api/players?name=), so that a mistyped name fails no request; and a
 * tournament over says why: all its rounds played, a Swiss that could not pair another round
 * without a repeat, or cancelled for want of players.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, GameRatings, MyGames, PlayerLookup, TournamentView } from '../src/protocol.js';
import { INITIAL_RATING, rateGame } from '../src/ratings/glicko2.js';
import { apiAs, signUp, userName } from './accounts-harness.js';
import { BACKENDS, freshDatabase, startServer, type ServerProcess, type ServerSetup } from './harness.js';
import { abort, play, resign, seek, table, until as eventually } from './players-harness.js';
import {
  TOURNAMENT_ENV,
  createTournament,
  joinTournament,
  playGame,
  playing,
  startNow,
  until,
} from './tournament-harness.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanup.length > 0) await cleanup.pop()!().catch(() => {});
}, 60_000);

describe.each(BACKENDS)("a player's online games once over, on %s", (backend) => {
  let server: ServerProcess;
  let setup: ServerSetup;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    cleanup.push(database.remove);
    setup = database.setup;
    server = await startServer({ ...database.setup, env: TOURNAMENT_ENV });
    cleanup.push(() => server.stop());
  });

  const myGames = async (session: Parameters<typeof apiAs>[2]): Promise<MyGames> => {
    const { status, body } = await apiAs<MyGames>(server.url, '/api/me/games', session);
    expect(status).toBe(200);
    return body;
  };

  it('my games lists my finished games, the latest first, with the result, my side and my rating change', async () => {
    const alice = await signUp(server.url, userName('alice'));
    const bob = await signUp(server.url, userName('bob'));
    // A casual game Alice wins, an aborted one, then a rated one Alice wins as the attackers.
    const casual = await table(server.url, alice, bob, { side: 'defenders', rated: false });
    await play(server.ws, casual, 2);
    await resign(server.ws, casual, 'attackers');
    await abort(server.ws, await table(server.url, alice, bob));
    const rated = await table(server.url, alice, bob, { side: 'attackers' });
    await play(server.ws, rated, 2);
    await resign(server.ws, rated, 'defenders');
    const waiting = await seek(server.url, alice, { rated: false });

    // Rated a moment after its end.
    const mine = await eventually(
      () => myGames(alice),
      (m) => m.finished[0]?.ratingDiff != null,
      'rated',
    );
    expect(mine.finished.map((g) => g.id)).toEqual([rated.id, casual.id]);
    const [won, casualWin] = mine.finished;
    const [after] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    expect(won).toMatchObject({
      side: 'attackers',
      status: 'ended',
      rated: true,
      result: { winner: 'attackers', reason: 'resignation' },
      ratingDiff: Math.round(after.rating) - 1500,
      tournament: null,
    });
    expect(casualWin).toMatchObject({ side: 'defenders', rated: false, ratingDiff: null });
    // The games in progress are as they were: the waiting one only.
    expect(mine.games.map((g) => g.id)).toEqual([waiting.game.id]);
    // Bob's side of the same games: lost, his change the opposite of Alice's.
    const his = await myGames(bob);
    expect(his.finished.map((g) => [g.id, g.side, g.ratingDiff])).toEqual([
      [rated.id, 'defenders', -won!.ratingDiff!],
      [casual.id, 'attackers', null],
    ]);
  });

  it('a game says what it did to its players’ ratings: each side’s new rating and change, or none', async () => {
    const alice = await signUp(server.url, userName('alice'));
    const bob = await signUp(server.url, userName('bob'));
    const rated = await table(server.url, alice, bob, { side: 'attackers' });
    await play(server.ws, rated, 2);
    await resign(server.ws, rated, 'attackers');
    const read = async (id: string): Promise<GameRatings> =>
      (await apiAs<GameRatings>(server.url, `/api/games/${id}/ratings`, undefined)).body;
    const counted = await eventually(
      () => read(rated.id),
      (r) => r.status === 'rated',
      'rated',
    );
    const [won, lost] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    expect(counted).toEqual({
      status: 'rated',
      attackers: {
        family: 'brandubh',
        rating: Math.round(lost.rating),
        diff: Math.round(lost.rating) - 1500,
      },
      defenders: { family: 'brandubh', rating: Math.round(won.rating), diff: Math.round(won.rating) - 1500 },
    });
    // A casual game, an aborted rated one and a game in progress change no rating.
    const casual = await table(server.url, alice, bob, { rated: false });
    await play(server.ws, casual, 2);
    await resign(server.ws, casual, 'attackers');
    const aborted = await table(server.url, alice, bob);
    await abort(server.ws, aborted);
    const going = await table(server.url, alice, bob);
    for (const game of [casual, aborted, going])
      expect(await read(game.id)).toEqual({ status: 'none', attackers: null, defenders: null });
    // An unknown game is refused as such.
    const unknown = await apiAs<ErrorBody>(server.url, '/api/games/NoSuchGame/ratings', undefined);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'game/unknown']);
  });

  it('a player looked up by name: the page, or null for a name that is nobody’s, never a failed request', async () => {
    const carol = await signUp(server.url, userName('carol'));
    const found = await apiAs<PlayerLookup>(
      server.url,
      `/api/players?name=${encodeURIComponent(carol.user.name.toUpperCase())}`,
      undefined,
    );
    expect(found.status).toBe(200);
    expect(found.body.player?.name).toBe(carol.user.name);
    for (const name of ['nobody_here', 'x'.repeat(1000), '<script>', '..', '\u0000abc', 'ａｌｉｃｅ']) {
      const { status, body } = await apiAs<PlayerLookup>(
        server.url,
        `/api/players?name=${encodeURIComponent(name)}`,
        undefined,
      );
      expect([status, body], name.slice(0, 20)).toEqual([200, { player: null }]);
    }
    // Without a name, a clear refusal.
    const bare = await apiAs<ErrorBody>(server.url, '/api/players', undefined);
    expect([bare.status, bare.body.error.code]).toEqual([400, 'msg/schema']);
  });

  it('my games lists the tournaments I am entered in while they are open or running', async () => {
    const ann = await signUp(server.url, userName('ann'));
    const ben = await signUp(server.url, userName('ben'));
    const later = await createTournament(server.url, ann, { startsAt: Date.now() + 3_600_000 });
    const soon = await createTournament(server.url, ann, { rounds: 1, startsAt: Date.now() + 60_000 });
    await joinTournament(server.url, soon.id, ben);
    expect((await myGames(ann)).tournaments.map((t) => t.id)).toEqual([soon.id, later.id]);
    expect((await myGames(ben)).tournaments.map((t) => [t.id, t.status])).toEqual([[soon.id, 'open']]);
    await startNow(setup, soon.id);
    const view = await until(server.url, soon.id, playing(1));
    const mine = await myGames(ben);
    expect(mine.tournaments.map((t) => [t.id, t.status, t.round])).toEqual([[soon.id, 'running', 1]]);
    // The round's game is among my games, marked as the tournament's.
    const game = view.pairings[0]![0]!.game!;
    expect(mine.games.find((g) => g.id === game)?.tournament).toBe(soon.id);
  });

  it('a tournament over says why: its rounds played, no pairing left without a repeat, too few players', async () => {
    const cat = await signUp(server.url, userName('cat'));
    const dan = await signUp(server.url, userName('dan'));
    const names = { [cat.user.name]: cat, [dan.user.name]: dan };
    /** A Swiss of `rounds` between Cat and Dan, its first game played to a win of the attackers. */
    const swiss = async (rounds: number): Promise<TournamentView> => {
      const made = await createTournament(server.url, cat, { rounds, startsAt: Date.now() + 60_000 });
      await joinTournament(server.url, made.id, dan);
      await startNow(setup, made.id);
      const view = await until(server.url, made.id, playing(1));
      expect(view.ending).toBeNull();
      const pairing = view.pairings[0]![0]!;
      await playGame(
        server.url,
        server.ws,
        pairing.game!,
        { attackers: names[pairing.attackers]!, defenders: names[pairing.defenders!]! },
        'attackers',
      );
      return until(server.url, made.id, (v) => v.status === 'finished');
    };
    const one = await swiss(1);
    expect([one.round, one.totalRounds, one.ending]).toEqual([1, 1, 'rounds']);
    expect(one.standings[0]!.points).toBe(1);
    // Two players cannot meet twice in a Swiss: a Swiss of two rounds ends after the first.
    const two = await swiss(2);
    expect([two.round, two.totalRounds, two.ending]).toEqual([1, 2, 'no-pairing']);
    // Alone at the start: cancelled.
    const alone = await createTournament(server.url, cat, { startsAt: Date.now() + 300 });
    const cancelled = await until(server.url, alone.id, (v) => v.status === 'cancelled');
    expect(cancelled.ending).toBe('too-few');
  });
});
