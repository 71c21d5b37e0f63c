/**
 * Accounts and their games through the real server, on both databases: a guest's games
 * attached at sign-up (the seat shows the account, the guest token acts no more, the new one
 * does), a seat's token on another device, and a deleted account's games kept under
 * DELETED_NAME with their moves.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETED_NAME,
  type AccountState,
  type AttachResult,
  type ErrorBody,
  type GameView,
  type SeatGrant,
  type SeatKey,
} from '../src/protocol.js';
import { apiAs, signIn, signUp, userName } from './accounts-harness.js';
import {
  BACKENDS,
  Client,
  api,
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  startServer,
  type ServerProcess,
} from './harness.js';

describe.each(BACKENDS)('accounts and games on %s', (backend) => {
  let server: ServerProcess;
  let remove: () => Promise<void>;
  let base: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    server = await startServer(database.setup);
    base = server.url;
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await server?.stop();
    await remove?.();
  });

  async function connect(): Promise<Client> {
    const client = await Client.connect(server.ws);
    clients.push(client);
    await client.next('hello');
    return client;
  }

  /** Sends a move the server must refuse: the refusal's code. */
  let re = 1;
  async function refusedMove(client: Client, game: string, token: string, ply: number, move: string) {
    const mine = re++;
    client.send({ t: 'move', game, token, ply, move, re: mine });
    return (await client.next('error', (m) => m.re === mine)).code;
  }

  /** Sends a move the server must play: waits for it to be confirmed. */
  async function playedMove(client: Client, game: string, token: string, ply: number, move: string) {
    client.send({ t: 'move', game, token, ply, move, re: re++ });
    return (await client.next('move', (m) => m.game === game && m.ply === ply + 1)).move;
  }

  it("attaches a guest's seats at sign-up: the seat shows the account, the guest token acts no more, the new one does", async () => {
    const created = await createGame(base, { side: 'attackers', name: 'Guest' });
    const joined = await joinGame(base, created.game.id, 'Opponent');
    const waiting = await createGame(base, { side: 'defenders', name: 'Guest' });
    const name = userName('Conall');
    const session = await signUp(base, name, 'correct horse', [
      { game: created.game.id, token: created.token },
      { game: waiting.game.id, token: waiting.token },
      { game: joined.game.id, token: 'not a token of this game' },
    ]);
    expect(session.seats).toHaveLength(2);
    const [first, second] = session.seats as [SeatKey, SeatKey];
    expect(first).toMatchObject({ game: created.game.id, side: 'attackers' });
    expect(second).toMatchObject({ game: waiting.game.id, side: 'defenders' });
    expect(first.token).not.toBe(created.token);
    // A token of each game: the one of one game acts in no other.
    expect(second.token).not.toBe(first.token);

    const view = await fetchGame(base, created.game.id);
    expect(view.seats.attackers).toMatchObject({ name, player: name });
    expect(view.seats.defenders.name).toBe('Opponent');
    expect((await fetchGame(base, waiting.game.id)).seats.defenders).toMatchObject({ name, player: name });

    const client = await connect();
    client.send({ t: 'watch', game: created.game.id });
    await client.next('state');
    // brandub-fr: attackers on d1 d2; d2-c2 is a legal first move.
    expect(await refusedMove(client, created.game.id, created.token, 0, 'd2-c2')).toBe('seat/token');
    expect(await playedMove(client, created.game.id, first.token, 0, 'd2-c2')).toBe('d2-c2');
    // The seats cannot be attached twice (to this account or another).
    const other = await signUp(base, userName('Thief'), 'correct horse', [
      { game: created.game.id, token: created.token },
    ]);
    expect(other.seats).toEqual([]);
    expect((await fetchGame(base, created.game.id)).seats.attackers.player).toBe(name);
  });

  it('attaches seats after sign-in too (POST /api/account/seats), and refuses it signed out', async () => {
    const name = userName('Niamh');
    await signUp(base, name);
    const guest = await createGame(base, { side: 'defenders', name: 'Guest' });
    const seats = [{ game: guest.game.id, token: guest.token }];
    const signedOut = await apiAs<ErrorBody>(base, '/api/account/seats', undefined, { body: { seats } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe('auth/required');
    const device = await signIn(base, name);
    const { status, body } = await apiAs<AttachResult>(base, '/api/account/seats', device, {
      body: { seats },
    });
    expect(status).toBe(200);
    expect(body.seats).toEqual([{ game: guest.game.id, side: 'defenders', token: expect.any(String) }]);
    expect((await fetchGame(base, guest.game.id)).seats.defenders.player).toBe(name);
  });

  it("gives a seat's token to the account on any device (GET /api/games/:id/seat), and 404 seat/none elsewhere", async () => {
    const name = userName('Ronan');
    const phone = await signUp(base, name);
    const made = await apiAs<SeatGrant>(base, '/api/games', phone, {
      body: { rules: 'brandub-fr', side: 'attackers', time: { kind: 'none' }, name: 'ignored' },
    });
    expect(made.status).toBe(201);
    expect(made.body.game.seats.attackers).toMatchObject({ name, player: name });
    const id = made.body.game.id;
    const laptop = await signIn(base, name);
    const seat = await apiAs<SeatKey>(base, `/api/games/${id}/seat`, laptop);
    expect(seat.status).toBe(200);
    expect(seat.body).toEqual({ game: id, side: 'attackers', token: made.body.token });

    const stranger = await signUp(base, userName('Stranger'));
    for (const [path, who, status, code] of [
      [`/api/games/${id}/seat`, stranger, 404, 'seat/none'],
      ['/api/games/ZZZZZZZZZZ/seat', laptop, 404, 'seat/none'],
      ['/api/games/not-an-id!/seat', laptop, 404, 'seat/none'],
      [`/api/games/${id}/seat`, undefined, 401, 'auth/required'],
    ] as const) {
      const got = await apiAs<ErrorBody>(base, path, who);
      expect(got.status, path).toBe(status);
      expect(got.body.error.code).toBe(code);
    }
  });

  it('deletes an account: its games stay, under DELETED_NAME, moves intact; the name is free; the old cookie refused', async () => {
    const name = userName('Deleted');
    const session = await signUp(base, name, 'delete me please');
    // A finished game, a game being played, and a seek.
    const create = (side: 'attackers' | 'defenders') =>
      apiAs<SeatGrant>(base, '/api/games', session, {
        body: { rules: 'brandub-fr', side, time: { kind: 'none' }, name: 'x' },
      }).then((r) => r.body);
    const finished = await create('attackers');
    const finishedOpponent = await joinGame(base, finished.game.id, 'Survivor');
    const playing = await create('defenders');
    const playingOpponent = await joinGame(base, playing.game.id, 'Survivor');
    const seek = await create('attackers');
    const client = await connect();
    client.send({ t: 'watch', game: finished.game.id });
    await client.next('state');
    await playedMove(client, finished.game.id, finished.token, 0, 'd2-c2');
    await playedMove(client, finished.game.id, finishedOpponent.token, 1, 'c4-c6');
    client.send({ t: 'resign', game: finished.game.id, token: finishedOpponent.token });
    await client.next('update', (m) => m.game.id === finished.game.id && m.game.status === 'ended');
    client.send({ t: 'watch', game: playing.game.id });
    await client.next('state', (m) => m.game.id === playing.game.id);
    await playedMove(client, playing.game.id, playingOpponent.token, 0, 'd2-c2');
    const before = await fetchGame(base, finished.game.id);
    expect(before.moves).toHaveLength(2);

    // A wrong password deletes nothing.
    const wrong = await apiAs<ErrorBody>(base, '/api/account/delete', session, {
      body: { password: 'not it' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('auth/wrong');
    expect((await apiAs<AccountState>(base, '/api/account', session)).body.user?.name).toBe(name);

    const deleted = await apiAs(base, '/api/account/delete', session, {
      body: { password: 'delete me please' },
    });
    expect(deleted.status).toBe(204);

    const after = await fetchGame(base, finished.game.id);
    expect(after.status).toBe('ended');
    expect(after.moves).toEqual(before.moves);
    expect(after.result).toEqual(before.result);
    expect(after.seats.attackers.name).toBe(DELETED_NAME);
    expect(after.seats.attackers.player ?? null).toBeNull();
    expect(after.seats.defenders.name).toBe('Survivor');
    // The game being played was resigned for the account; the seek aborted.
    const resigned: GameView = await fetchGame(base, playing.game.id);
    expect(resigned.status).toBe('ended');
    expect(resigned.result).toEqual({ winner: 'attackers', reason: 'resignation' });
    expect(resigned.moves).toHaveLength(1);
    expect(resigned.seats.defenders.name).toBe(DELETED_NAME);
    const aborted = await fetchGame(base, seek.game.id);
    expect(aborted.status).toBe('aborted');
    // The account's old token acts no more.
    expect(await refusedMove(client, playing.game.id, playing.token, 1, 'c4-c6')).toMatch(/^(seat|game)\//);

    // The old cookie is refused, the password signs nobody in, the name is free again.
    expect((await apiAs<AccountState>(base, '/api/account', session)).body).toEqual({
      user: null,
      csrf: null,
    });
    const replay = await apiAs<ErrorBody>(base, '/api/account/seats', session, { body: { seats: [] } });
    expect(replay.status).toBe(401);
    const old = await apiAs(base, '/api/account/signin', undefined, {
      body: { name, password: 'delete me please' },
    });
    expect(old.status).toBe(401);
    const reborn = await signUp(base, name, 'a new beginning');
    expect(reborn.user.id).not.toBe(session.user.id);
    const seat = await apiAs<ErrorBody>(base, `/api/games/${finished.game.id}/seat`, reborn);
    expect(seat.status).toBe(404);
    expect((await api(base, `/api/games/${finished.game.id}/record`)).status).toBe(200);
  });
});
