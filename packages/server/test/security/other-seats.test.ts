/**
 * Acting in a seat one does not hold, against a real server on each database. Every action of a
 * seat (a move, resigning, a draw offered, accepted or declined, a claim of an abandoned game as
 * a win or a draw, aborting, a rematch offered, accepted or declined; there are no takebacks)
 * sent by someone who does not hold the seat is refused with its code, and changes nothing: the
 * game read back is the same, and a spectator watching it is sent no move and no update. The
 * senders:
 *
 * - a spectator, with no token;
 * - the opponent, with the own seat's token, doing what is the other seat's to do: the other's
 *   move, accepting or declining the own draw or rematch offer, claiming against a player who is
 *   there or has been away for less than the grace, aborting once a move is made;
 * - a token of another game, a guest's and an account's;
 * - a guest's token of the seat, after the seat was attached to an account;
 * - a forged token: random, one character off, the token's stored hash (SHA-256), empty, one
 *   character too long, 5,000 characters, not a string.
 *
 * Each game is left where the action works for the seat's player, and the same message with the
 * seat's own token then does what it says: what was refused could have been done.
 */

import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode, GameHeader, SeatGrant, ServerMessage } from '../../src/protocol.js';
import { signUp, userName, type Session } from '../accounts-harness.js';
import {
  BACKENDS,
  Client,
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  startServer,
  type ServerProcess,
} from '../harness.js';
import { seek } from '../players-harness.js';

/** The grace before a claim: long enough that "too early" holds on a loaded machine. */
const GRACE_MS = 3000;

/** A message sent in place of a seat's player: its fields but the game and the token. */
type Act = Readonly<Record<string, unknown>>;

/** Someone who does not hold the seat, and the code every action of theirs is refused with. */
interface Sender {
  readonly who: string;
  /** Sent as the message's token; undefined: no token at all. */
  readonly token: unknown;
  readonly code: ErrorCode;
}

/**
 * Every sender of a forged or foreign token at a game whose seat holds `seat` (a guest's token),
 * given a guest's and an account's token of another game.
 */
function forgers(seat: string, other: { guest: string; account: string }): Sender[] {
  const last = seat.at(-1) === 'A' ? 'B' : 'A';
  return [
    { who: 'a spectator, with no token', token: undefined, code: 'msg/schema' },
    { who: "a guest's token of another game", token: other.guest, code: 'seat/token' },
    { who: "an account's token of another game", token: other.account, code: 'seat/token' },
    { who: 'a random token', token: randomBytes(16).toString('base64url'), code: 'seat/token' },
    { who: 'the token one character off', token: seat.slice(0, -1) + last, code: 'seat/token' },
    {
      who: "the token's stored hash",
      token: createHash('sha256').update(seat).digest('hex'),
      code: 'msg/schema',
    },
    { who: 'an empty token', token: '', code: 'msg/schema' },
    { who: 'the token and one character more', token: seat + 'A', code: 'msg/schema' },
    { who: 'a token of 5,000 characters', token: 'A'.repeat(5000), code: 'msg/size' },
    { who: 'a number', token: 1234567890, code: 'msg/schema' },
    { who: 'null', token: null, code: 'msg/schema' },
    { who: 'an array holding the token', token: [seat], code: 'msg/depth' },
  ];
}

let re = 1;

/**
 * Sends `message` in `game` on `client`, a connection watching the game, with a fresh request
 * id: the refusal's code (checked to come with a sentence). A message refused before it is read
 * (its size, its depth) has no id to echo: the next error naming no game is its answer. Should
 * the message be done instead, the move, update or state it caused fails the test at once.
 */
async function refusal(client: Client, game: string, message: Act): Promise<ErrorCode> {
  const mine = re++;
  const answer = new Promise<ServerMessage>((resolve, reject) => {
    const timer = setTimeout(
      () => (off(), reject(new Error(`no answer to ${JSON.stringify(message)}`))),
      10_000,
    );
    const on = (data: unknown): void => {
      const m = JSON.parse(String(data)) as ServerMessage;
      const fits =
        (m.t === 'error' && (m.re === mine || (m.re === undefined && m.game === undefined))) ||
        (m.t === 'move' && m.game === game) ||
        ((m.t === 'update' || m.t === 'state') && m.game.id === game);
      if (!fits) return;
      off();
      resolve(m);
    };
    const off = (): void => void (clearTimeout(timer), client.socket.off('message', on));
    client.socket.on('message', on);
  });
  client.send({ ...message, game, re: mine });
  const got = await answer;
  if (got.t !== 'error') throw new Error(`${JSON.stringify(message)} was done: ${JSON.stringify(got)}`);
  expect(got.message.length, got.code).toBeGreaterThan(10);
  return got.code;
}

/** What the watchers of `game` were sent that changes it (moves and updates). */
const changes = (client: Client, game: string): unknown[] =>
  client.messages.filter(
    (m) => (m.t === 'move' && m.game === game) || (m.t === 'update' && m.game.id === game),
  );

describe.each(BACKENDS)('acting in a seat one does not hold, on %s', (backend) => {
  let server: ServerProcess;
  let remove: () => Promise<void>;
  const clients: Client[] = [];
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    server = await startServer({ ...database.setup, env: { TAFL_CLAIM_GRACE_MS: String(GRACE_MS) } });
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

  /** A connection watching `game` (with `token`: seated), its state read. */
  async function watching(game: string, token?: string): Promise<Client> {
    const client = await connect();
    client.send({ t: 'watch', game, ...(token === undefined ? {} : { token }) });
    await client.next('state', (m) => m.game.id === game);
    return client;
  }

  /** Sends `message` in `game` and waits for the update `done` wants. */
  async function acted(
    client: Client,
    game: string,
    message: Act,
    done: (g: GameHeader) => boolean,
  ): Promise<GameHeader> {
    client.send({ ...message, game });
    return (await client.next('update', (m) => m.game.id === game && done(m.game))).game;
  }

  /**
   * Each of `senders` sends each of `acts` in `game` (and asks to watch it with its token), on a
   * connection of its own: every one refused with the sender's code.
   */
  async function allRefused(game: string, senders: readonly Sender[], acts: readonly Act[]): Promise<void> {
    for (const sender of senders) {
      const client = await watching(game);
      const token = sender.token === undefined ? {} : { token: sender.token };
      const sent = sender.token === undefined ? acts : [...acts, { t: 'watch' }];
      for (const act of sent)
        expect(await refusal(client, game, { ...act, ...token }), `${act.t} by ${sender.who}`).toBe(
          sender.code,
        );
      client.close();
    }
  }

  /** A game for the tokens of another game: an account's seat and a guest's. */
  async function elsewhere(account: Session): Promise<{ guest: string; account: string }> {
    const made = await seek(server.url, account, { rated: false, time: { kind: 'none' } });
    const joined = await joinGame(server.url, made.game.id, 'Elsewhere');
    return { guest: joined.token, account: made.token };
  }

  it("refuses every action of a playing game's seats, and the claims of an abandoned one, to anyone but the player", async () => {
    // Aoife plays as a guest, then signs up with her seat; Bran stays a guest.
    const first = await createGame(server.url, { side: 'attackers', name: 'Aoife' });
    const bran = await joinGame(server.url, first.game.id, 'Bran');
    const id = first.game.id;
    const aoife = await signUp(server.url, userName('Aoife'), 'correct horse', [
      { game: id, token: first.token },
    ]);
    const a = aoife.seats[0]!.token;
    const other = await elsewhere(aoife);
    const seats = { a: await watching(id, a), d: await watching(id, bran.token) };
    seats.a.send({ t: 'move', game: id, token: a, ply: 0, move: 'd2-c2' });
    await seats.d.next('move', (m) => m.game === id && m.ply === 1);
    await acted(seats.a, id, { t: 'draw', act: 'offer', token: a }, (g) => g.drawOffer === 'attackers');
    const spectator = await watching(id);
    const before = await fetchGame(server.url, id);
    expect([before.ply, before.drawOffer, before.status]).toEqual([1, 'attackers', 'playing']);

    // The opponent does the other seat's part: Aoife Bran's, Bran Aoife's.
    const opponent = await watching(id);
    const opponents: [string, Act, ErrorCode][] = [
      [a, { t: 'move', ply: 1, move: 'c4-c6' }, 'move/turn'],
      [a, { t: 'draw', act: 'accept' }, 'draw/none'],
      [a, { t: 'draw', act: 'decline' }, 'draw/none'],
      [a, { t: 'claim', act: 'win' }, 'claim/present'],
      [a, { t: 'abort' }, 'abort/late'],
      [bran.token, { t: 'move', ply: 1, move: 'd1-b1' }, 'move/illegal'],
      [bran.token, { t: 'claim', act: 'draw' }, 'claim/present'],
      [bran.token, { t: 'rematch', act: 'offer' }, 'rematch/none'],
    ];
    for (const [token, act, code] of opponents)
      expect(await refusal(opponent, id, { ...act, token }), `${String(act.t)}`).toBe(code);

    // Bran leaves: too early to claim against him.
    seats.d.close();
    const gone = await seats.a.next('presence', (m) => m.game === id && !m.presence.defenders.connected);
    expect(await refusal(opponent, id, { t: 'claim', act: 'win', token: a })).toBe('claim/early');
    await new Promise((r) => setTimeout(r, gone.presence.defenders.claimInMs! + 200));

    // Now every action of either seat, the claims included, by anyone else.
    await allRefused(
      id,
      [
        ...forgers(bran.token, other),
        { who: "Aoife's guest token, since attached to her account", token: first.token, code: 'seat/token' },
      ],
      [
        { t: 'move', ply: 1, move: 'c4-c6' },
        { t: 'resign' },
        { t: 'draw', act: 'offer' },
        { t: 'draw', act: 'accept' },
        { t: 'draw', act: 'decline' },
        { t: 'claim', act: 'win' },
        { t: 'claim', act: 'draw' },
        { t: 'abort' },
        { t: 'rematch', act: 'offer' },
      ],
    );
    expect(await fetchGame(server.url, id)).toEqual(before);
    expect(changes(spectator, id)).toEqual([]);
    // Aoife's own claim works.
    const claimed = await acted(
      seats.a,
      id,
      { t: 'claim', act: 'win', token: a },
      (g) => g.status === 'ended',
    );
    expect(claimed.result).toEqual({ winner: 'attackers', reason: 'abandoned' });
  });

  it('refuses to abort a game before its first move, or a waiting one, to anyone but its players', async () => {
    const aoife = await signUp(server.url, userName('Aoife'));
    const other = await elsewhere(aoife);
    const joined: SeatGrant = await seek(server.url, aoife, { rated: false, time: { kind: 'none' } });
    const bran = await joinGame(server.url, joined.game.id, 'Bran');
    const waiting = await seek(server.url, aoife, {
      rated: false,
      time: { kind: 'none' },
      side: 'defenders',
    });
    const games = [
      { id: joined.game.id, seat: bran.token, own: bran.token },
      { id: waiting.game.id, seat: waiting.token, own: waiting.token },
    ];
    for (const game of games) {
      const spectator = await watching(game.id);
      const before = await fetchGame(server.url, game.id);
      await allRefused(game.id, forgers(game.seat, other), [
        { t: 'abort' },
        { t: 'resign' },
        { t: 'move', ply: 0, move: 'd2-c2' },
        { t: 'draw', act: 'offer' },
      ]);
      expect(await fetchGame(server.url, game.id)).toEqual(before);
      expect(changes(spectator, game.id)).toEqual([]);
      const aborted = await acted(
        spectator,
        game.id,
        { t: 'abort', token: game.own },
        (g) => g.status !== before.status,
      );
      expect(aborted.result).toEqual({ winner: 'none', reason: 'aborted' });
    }
  });

  it("refuses to answer a rematch offer, or make one, to anyone but the offer's opponent", async () => {
    const aoife = await signUp(server.url, userName('Aoife'));
    const other = await elsewhere(aoife);
    const made = await seek(server.url, aoife, { rated: false, time: { kind: 'none' } });
    const bran = await joinGame(server.url, made.game.id, 'Bran');
    const id = made.game.id;
    const player = await watching(id, bran.token);
    await acted(player, id, { t: 'resign', token: bran.token }, (g) => g.status === 'ended');
    await acted(
      player,
      id,
      { t: 'rematch', act: 'offer', token: bran.token },
      (g) => g.rematchOffer === 'defenders',
    );
    const spectator = await watching(id);
    const before = await fetchGame(server.url, id);

    // Bran answers his own offer.
    for (const act of ['accept', 'decline'])
      expect(await refusal(player, id, { t: 'rematch', act, token: bran.token })).toBe('rematch/none');
    await allRefused(id, forgers(bran.token, other), [
      { t: 'rematch', act: 'accept' },
      { t: 'rematch', act: 'decline' },
      { t: 'rematch', act: 'offer' },
      { t: 'draw', act: 'offer' },
      { t: 'claim', act: 'win' },
    ]);
    expect(await fetchGame(server.url, id)).toEqual(before);
    expect(changes(spectator, id)).toEqual([]);
    // Aoife accepts: the rematch is made.
    const accepted = await acted(
      player,
      id,
      { t: 'rematch', act: 'accept', token: made.token },
      (g) => g.rematch !== null,
    );
    expect((await fetchGame(server.url, accepted.rematch!)).status).toBe('playing');
  });
});
