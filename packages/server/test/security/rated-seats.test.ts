/**
 * Rated seats, against a real server on each database. A rated game moves two accounts'
 * ratings, so its seats go only to the accounts it is for. Refused, each with its code, and
 * nothing changed (the game read back the same, its free seat still free; nothing made):
 *
 * - a guest taking a rated game's free seat (403 `seat/rated`), or making a rated game
 *   (400 `create/rated`);
 * - an account rated below or above a seek's range (409 `seat/range`, the range in the
 *   sentence); a range beyond RATING_RANGE, or not a whole number (400 `msg/schema`);
 * - an account taking both seats: joining its own seek, from the session that made it or another
 *   device (409 `seat/own`), or attaching a guest's seat of a game whose other seat it holds
 *   (passed over: the seat stays the guest's, and the guest's token acts);
 * - a tournament game's seat, by an account not paired in it: none free to join (409
 *   `seat/taken`), no token to be had (404 `seat/none`), none to attach.
 *
 * Then an account the seat is for takes it: what was refused was a seat to be had.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RATING_RANGE,
  type ErrorBody,
  type ErrorCode,
  type GameView,
  type Lobby,
  type SeatKey,
} from '../../src/protocol.js';
import { apiAs, signIn, signUp, userName, type Session } from '../accounts-harness.js';
import {
  BACKENDS,
  Client,
  api,
  fetchGame,
  freshDatabase,
  startServer,
  type ServerProcess,
  type ServerSetup,
} from '../harness.js';
import { join, LIVE, RULES, seek } from '../players-harness.js';
import {
  TOURNAMENT_ENV,
  createTournament,
  joinTournament,
  playing,
  setRatings,
  startNow,
  until,
} from '../tournament-harness.js';

/** A refusal's status and code. */
const refused = ({ status, body }: { status: number; body: unknown }): [number, ErrorCode | undefined] => [
  status,
  (body as Partial<ErrorBody>).error?.code,
];

describe.each(BACKENDS)('rated seats on %s', (backend) => {
  let server: ServerProcess;
  let setup: ServerSetup;
  let remove: () => Promise<void>;
  const clients: Client[] = [];
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    setup = database.setup;
    server = await startServer({ ...setup, env: TOURNAMENT_ENV });
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await server?.stop();
    await remove?.();
  });

  const player = (prefix: string): Promise<Session> => signUp(server.url, userName(prefix));
  const openGames = async (): Promise<string[]> =>
    (await api<Lobby>(server.url, '/api/lobby')).body.open.map((g) => g.id);

  /** The seat `token` holds in `game`, as the server says to a connection watching with it. */
  async function seatOf(game: string, token: string): Promise<string | null> {
    const client = await Client.connect(server.ws);
    clients.push(client);
    client.send({ t: 'watch', game, token });
    return (await client.next('state', (m) => m.game.id === game)).you;
  }

  it('a guest takes no rated seat and makes no rated game', async () => {
    const aoife = await player('Aoife');
    const made = await seek(server.url, aoife);
    const before = await fetchGame(server.url, made.game.id);
    const open = await openGames();
    expect(refused(await join(server.url, made.game.id, undefined))).toEqual([403, 'seat/rated']);
    const rated = await apiAs(server.url, '/api/games', undefined, {
      body: { rules: RULES, side: 'attackers', time: LIVE, name: 'Guest', rated: true },
    });
    expect(refused(rated)).toEqual([400, 'create/rated']);
    expect(await fetchGame(server.url, made.game.id)).toEqual(before);
    expect(await openGames()).toEqual(open);
    expect((await join(server.url, made.game.id, await player('Bran'))).status).toBe(200);
  });

  it("an account outside a seek's range, below or above, takes no seat; a range beyond the bounds makes no seek", async () => {
    const [aoife, low, high, inside] = await Promise.all(
      ['Aoife', 'Low', 'High', 'Inside'].map((p) => player(p)),
    );
    // The range is the ratings as shown (whole numbers), its ends included: Aoife's 1800.4 makes
    // it 1700 to 1900; 1699.4 shows as 1699 and 1900.6 as 1901, outside; 1699.6 shows as 1700.
    await setRatings(setup, 'brandubh', [
      [aoife!, 1800.4],
      [low!, 1699.4],
      [high!, 1900.6],
      [inside!, 1699.6],
    ]);
    const made = await seek(server.url, aoife, { ratingRange: 100 });
    const before = await fetchGame(server.url, made.game.id);
    for (const [who, shown] of [
      [low!, 1699],
      [high!, 1901],
    ] as const) {
      const out = await join(server.url, made.game.id, who);
      expect(refused(out)).toEqual([409, 'seat/range']);
      expect((out.body as ErrorBody).error.message).toContain(
        `${shown} is outside this game's range, 1700 to 1900`,
      );
    }
    expect(await fetchGame(server.url, made.game.id)).toEqual(before);

    const open = await openGames();
    for (const ratingRange of [RATING_RANGE.min - 1, RATING_RANGE.max + 1, -100, 100.5, '100', [100]]) {
      const answer = await apiAs(server.url, '/api/games', aoife, {
        body: { rules: RULES, side: 'attackers', time: LIVE, name: 'x', rated: true, ratingRange },
      });
      expect(refused(answer), JSON.stringify(ratingRange)).toEqual([400, 'msg/schema']);
    }
    expect(await openGames()).toEqual(open);
    expect((await join(server.url, made.game.id, inside)).status).toBe(200);
  });

  it('an account takes no second seat: not by joining its own seek, from any device, nor by attaching a guest seat', async () => {
    const name = userName('Aoife');
    const aoife = await signUp(server.url, name);
    const made = await seek(server.url, aoife);
    const before = await fetchGame(server.url, made.game.id);
    const device = await signIn(server.url, name);
    for (const session of [aoife, device])
      expect(refused(await join(server.url, made.game.id, session))).toEqual([409, 'seat/own']);
    expect(await fetchGame(server.url, made.game.id)).toEqual(before);

    // A casual game of hers that a guest joined: the guest's seat is not hers to attach.
    const casual = await seek(server.url, aoife, { rated: false });
    const guest = await join(server.url, casual.game.id, undefined);
    expect(guest.status).toBe(200);
    const token = (guest.body as { token: string }).token;
    const casualBefore = await fetchGame(server.url, casual.game.id);
    const again = await signIn(server.url, name, 'correct horse', [{ game: casual.game.id, token }]);
    expect(again.seats).toEqual([]);
    const attached = await apiAs<{ seats: SeatKey[] }>(server.url, '/api/account/seats', aoife, {
      body: { seats: [{ game: casual.game.id, token }] },
    });
    expect([attached.status, attached.body.seats]).toEqual([200, []]);
    expect(await fetchGame(server.url, casual.game.id)).toEqual(casualBefore);
    expect(await seatOf(casual.game.id, token)).toBe('defenders');

    expect((await join(server.url, made.game.id, await player('Bran'))).status).toBe(200);
  });

  it('an account not paired in a tournament game takes none of its seats', async () => {
    const [ailill, bran, mallory] = await Promise.all(['Ailill', 'Bran', 'Mallory'].map((p) => player(p)));
    const created = await createTournament(server.url, ailill!, {
      rated: true,
      rounds: 1,
      startsAt: Date.now() + 60_000,
    });
    await joinTournament(server.url, created.id, bran!);
    await startNow(setup, created.id);
    const view = await until(server.url, created.id, playing(1));
    const game = view.pairings[0]![0]!.game!;
    const before: GameView = await fetchGame(server.url, game);
    expect([before.status, before.rated, before.tournament]).toEqual(['playing', true, created.id]);

    expect(refused(await join(server.url, game, mallory))).toEqual([409, 'seat/taken']);
    expect(refused(await join(server.url, game, undefined))).toEqual([409, 'seat/taken']);
    expect(refused(await apiAs(server.url, `/api/games/${game}/seat`, mallory))).toEqual([404, 'seat/none']);
    const attached = await apiAs<{ seats: SeatKey[] }>(server.url, '/api/account/seats', mallory, {
      body: { seats: [{ game, token: 'AAAAAAAAAAAAAAAAAAAAAA' }] },
    });
    expect([attached.status, attached.body.seats]).toEqual([200, []]);
    expect(await fetchGame(server.url, game)).toEqual(before);

    // The players paired are given their seats.
    for (const [session, name] of [
      [ailill!, ailill!.user.name],
      [bran!, bran!.user.name],
    ] as const) {
      const seat = await apiAs<SeatKey>(server.url, `/api/games/${game}/seat`, session);
      expect(seat.status).toBe(200);
      expect(before.seats[seat.body.side].player).toBe(name);
      expect(await seatOf(game, seat.body.token)).toBe(seat.body.side);
    }
  });
});
