/**
 * Attacks on accounts' seat tokens, against real servers on both databases: a token read once
 * (a stolen session asking GET /api/games/:id/seat, a shared computer's storage) must act in its
 * own game only, and in none once the player changes the password, signs out everywhere or
 * deletes the account, in the games of then or made after; the player's own devices, signed in,
 * get tokens that act. Guests' tokens act as before. A database of before the tokens of each
 * game (migration 0003) is upgraded so that the old tokens act no more; a replacement of the
 * key that a process died in the middle of is finished when a process starts.
 */

import { createHash, createHmac } from 'node:crypto';
import { makeRules, presetById } from '@tafl/core';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, nameKey } from '../../src/accounts/passwords.js';
import { newGameRow, playToken } from '../../src/game.js';
import type { ErrorBody, ErrorCode, SeatGrant, SeatKey, ServerMessage } from '../../src/protocol.js';
import { migrateTo, migrateToLatest } from '../../src/store/migrations.js';
import { gameToDb, type Database, type GamesTable } from '../../src/store/schema.js';
import type { GameRow } from '../../src/store/types.js';
import { apiAs, signIn, signUp, userName, type Session } from '../accounts-harness.js';
import {
  BACKENDS,
  Client,
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  startServer,
  type ServerProcess,
  type ServerSetup,
} from '../harness.js';

/** A game's row with the columns of 0003 (none of 0008-takeback's), as the table of then takes it. */
function gamesAt0003(row: GameRow): GamesTable {
  const { takeback_offer, takebacks, ...then } = gameToDb(row);
  void [takeback_offer, takebacks];
  return then as GamesTable;
}

/** What ends an account's seat tokens. */
const ENDINGS = ['a password change', 'signing out everywhere', 'deleting the account'] as const;
type Ending = (typeof ENDINGS)[number];

const PASSWORD = 'correct horse';
const NEW_PASSWORD = 'battery staple';

/** A socket to `server`, its hello read. */
async function connect(server: ServerProcess, clients: Client[]): Promise<Client> {
  const client = await Client.connect(server.ws);
  clients.push(client);
  await client.next('hello');
  return client;
}

let re = 1;

/** Sends `message` with a fresh request id: the code it is refused with. */
async function refused(client: Client, message: Record<string, unknown>): Promise<ErrorCode> {
  const mine = re++;
  client.send({ ...message, re: mine });
  return (await client.next('error', (m) => m.re === mine)).code;
}

/**
 * Watches `game` with `token` on a connection of its own: the seat the server says the token
 * holds (null: none asked), or the code of the refusal.
 */
async function watchWith(server: ServerProcess, game: string, token: string): Promise<string | null> {
  const client = await Client.connect(server.ws);
  try {
    const answer = new Promise<ServerMessage>((resolve) =>
      client.socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as ServerMessage;
        if (message.t === 'state' || message.t === 'error') resolve(message);
      }),
    );
    client.send({ t: 'watch', game, token });
    const got = await answer;
    return got.t === 'state' ? got.you : got.t === 'error' ? got.code : null;
  } finally {
    client.close();
  }
}

/** Plays `move` at `ply` with `token` on a connection watching the game: the move confirmed. */
async function plays(
  server: ServerProcess,
  game: string,
  token: string,
  ply: number,
  move: string,
): Promise<string> {
  const client = await Client.connect(server.ws);
  try {
    client.send({ t: 'watch', game });
    await client.next('state', (m) => m.game.id === game);
    client.send({ t: 'move', game, token, ply, move });
    return (await client.next('move', (m) => m.game === game && m.ply === ply + 1)).move;
  } finally {
    client.close();
  }
}

/** A game made by the account of `session` (a guest's when undefined), taking `side`. */
async function createAs(
  base: string,
  session: Session | undefined,
  side: 'attackers' | 'defenders',
): Promise<SeatGrant> {
  const made = await apiAs<SeatGrant | ErrorBody>(base, '/api/games', session, {
    body: { rules: 'brandub-fr', side, time: { kind: 'none' }, name: 'Guest' },
  });
  if (made.status !== 201) throw new Error(`create: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body as SeatGrant;
}

/** The token GET /api/games/:id/seat gives `session` (throws unless 200). */
async function seatToken(base: string, session: Session, game: string): Promise<string> {
  const seat = await apiAs<SeatKey | ErrorBody>(base, `/api/games/${game}/seat`, session);
  if (seat.status !== 200) throw new Error(`seat: ${seat.status} ${JSON.stringify(seat.body)}`);
  return (seat.body as SeatKey).token;
}

/** Ends the account's tokens as `ending` says, from its own device `own` (204). */
async function end(base: string, own: Session, ending: Ending): Promise<void> {
  const [path, body] =
    ending === 'a password change'
      ? ['/api/account/password', { current: PASSWORD, password: NEW_PASSWORD }]
      : ending === 'signing out everywhere'
        ? ['/api/account/signout-all', {}]
        : ['/api/account/delete', { password: PASSWORD }];
  const answer = await apiAs(base, path, own, { body });
  expect(answer.status, path).toBe(204);
}

describe.each(BACKENDS)('seat tokens on %s', (backend) => {
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

  it.each(ENDINGS)(
    'after %s, a token read before acts in no game: no move, resignation, offer, abort or claim, now or in a game made after',
    async (ending) => {
      const name = userName('Victim');
      const own = await signUp(base, name, PASSWORD);
      // A session on a shared computer, which the attacker reads.
      const shared = await signIn(base, name, PASSWORD);
      const playing = await createAs(base, own, 'attackers');
      await joinGame(base, playing.game.id, 'Opponent');
      const waiting = await createAs(base, own, 'defenders');
      const ended = await createAs(base, own, 'attackers');
      const endedOpponent = await joinGame(base, ended.game.id, 'Opponent');
      const client = await connect(server, clients);
      client.send({ t: 'watch', game: ended.game.id });
      await client.next('state', (m) => m.game.id === ended.game.id);
      client.send({ t: 'resign', game: ended.game.id, token: endedOpponent.token });
      await client.next('update', (m) => m.game.id === ended.game.id && m.game.status === 'ended');

      // The attacker reads the token of each seat through the shared session: each acts.
      const stolen = {
        playing: await seatToken(base, shared, playing.game.id),
        waiting: await seatToken(base, shared, waiting.game.id),
        ended: await seatToken(base, shared, ended.game.id),
      };
      expect(stolen.playing).toBe(playing.token);
      expect(await watchWith(server, waiting.game.id, stolen.waiting)).toBe('defenders');
      // A connection of the attacker's holds the seat (the player shows as there).
      const sitting = await connect(server, clients);
      sitting.send({ t: 'watch', game: playing.game.id, token: stolen.playing });
      expect((await sitting.next('state', (m) => m.game.id === playing.game.id)).you).toBe('attackers');

      await end(base, own, ending);

      // It is unseated and told: the seat shows nobody there.
      await sitting.next('error', (m) => m.game === playing.game.id && m.code === 'seat/token');
      const spectator = await connect(server, clients);
      spectator.send({ t: 'watch', game: playing.game.id });
      const seen = await spectator.next('state', (m) => m.game.id === playing.game.id);
      expect(seen.presence?.attackers.connected).toBe(false);

      const attacker = await connect(server, clients);
      const attempts: [string, string, Record<string, unknown>][] = [
        [playing.game.id, stolen.playing, { t: 'move', ply: 0, move: 'd2-c2' }],
        [playing.game.id, stolen.playing, { t: 'resign' }],
        [playing.game.id, stolen.playing, { t: 'draw', act: 'offer' }],
        [playing.game.id, stolen.playing, { t: 'abort' }],
        [playing.game.id, stolen.playing, { t: 'claim', act: 'win' }],
        [waiting.game.id, stolen.waiting, { t: 'abort' }],
        [ended.game.id, stolen.ended, { t: 'rematch', act: 'offer' }],
      ];
      for (const [game, token, message] of attempts)
        expect(await refused(attacker, { ...message, game, token }), `${message.t} in ${game}`).toBe(
          'seat/token',
        );
      for (const [game, token] of [
        [playing.game.id, stolen.playing],
        [waiting.game.id, stolen.waiting],
        [ended.game.id, stolen.ended],
      ] as const)
        expect(await watchWith(server, game, token)).toBe('seat/token');
      // Nothing the attacker sent changed a game.
      const after = await fetchGame(base, playing.game.id);
      expect(after.moves).toEqual([]);
      expect(after.drawOffer).toBeNull();
      expect((await fetchGame(base, ended.game.id)).rematchOffer).toBeNull();
      // The stolen session itself is over.
      expect((await apiAs(base, `/api/games/${playing.game.id}/seat`, shared)).status).toBe(401);

      if (ending === 'deleting the account') return;
      // The player's own device (signed in again after signing out everywhere): tokens that act.
      const device = ending === 'a password change' ? own : await signIn(base, name, PASSWORD);
      const fresh = {
        playing: await seatToken(base, device, playing.game.id),
        waiting: await seatToken(base, device, waiting.game.id),
        ended: await seatToken(base, device, ended.game.id),
      };
      expect(fresh.playing).not.toBe(stolen.playing);
      expect(await plays(server, playing.game.id, fresh.playing, 0, 'd2-c2')).toBe('d2-c2');
      expect(await watchWith(server, ended.game.id, fresh.ended)).toBe('attackers');
      const player = await connect(server, clients);
      player.send({ t: 'watch', game: ended.game.id });
      await player.next('state', (m) => m.game.id === ended.game.id);
      player.send({ t: 'rematch', game: ended.game.id, token: fresh.ended, act: 'offer' });
      await player.next('update', (m) => m.game.id === ended.game.id && m.game.rematchOffer === 'attackers');
      expect(await watchWith(server, waiting.game.id, fresh.waiting)).toBe('defenders');

      // A game made after: none of the stolen tokens acts in it.
      const later = await createAs(base, device, 'attackers');
      for (const token of Object.values(stolen))
        expect(await refused(attacker, { t: 'abort', game: later.game.id, token })).toBe('seat/token');
      expect((await fetchGame(base, later.game.id)).status).toBe('waiting');
    },
  );

  it("a seat token acts in its own game only, not in the account's other games", async () => {
    const player = await signUp(base, userName('Two'), PASSWORD);
    const a = await createAs(base, player, 'attackers');
    const b = await createAs(base, player, 'attackers');
    await joinGame(base, a.game.id, 'Opponent');
    await joinGame(base, b.game.id, 'Opponent');
    expect(a.token).not.toBe(b.token);
    const client = await connect(server, clients);
    expect(await watchWith(server, b.game.id, a.token)).toBe('seat/token');
    for (const message of [{ t: 'move', ply: 0, move: 'd2-c2' }, { t: 'resign' }, { t: 'abort' }])
      expect(await refused(client, { ...message, game: b.game.id, token: a.token })).toBe('seat/token');
    expect((await fetchGame(base, b.game.id)).status).toBe('playing');
    expect(await watchWith(server, a.game.id, a.token)).toBe('attackers');
    expect(await plays(server, a.game.id, a.token, 0, 'd2-c2')).toBe('d2-c2');
  });

  it("a rematch gives an account its token of the new game (the old one's acts not there), a guest the same token", async () => {
    const account = await signUp(base, userName('Again'), PASSWORD);
    const first = await createAs(base, account, 'attackers');
    const guest = await joinGame(base, first.game.id, 'Guest');
    const client = await connect(server, clients);
    client.send({ t: 'watch', game: first.game.id });
    await client.next('state', (m) => m.game.id === first.game.id);
    client.send({ t: 'resign', game: first.game.id, token: guest.token });
    await client.next('update', (m) => m.game.id === first.game.id && m.game.status === 'ended');
    client.send({ t: 'rematch', game: first.game.id, token: first.token, act: 'offer' });
    await client.next('update', (m) => m.game.id === first.game.id && m.game.rematchOffer !== null);
    client.send({ t: 'rematch', game: first.game.id, token: guest.token, act: 'accept' });
    const rematch = (
      await client.next('update', (m) => m.game.id === first.game.id && m.game.rematch !== null)
    ).game.rematch!;
    // The sides swap: the guest's token holds the attackers' seat of the rematch.
    expect(await watchWith(server, rematch, guest.token)).toBe('attackers');
    expect(await watchWith(server, rematch, first.token)).toBe('seat/token');
    const token = await seatToken(base, account, rematch);
    expect(await watchWith(server, rematch, token)).toBe('defenders');
  });

  it("keeps guests' tokens, and attaches a guest's seat with the account's token of that game, ended as any", async () => {
    const guest = await createGame(base, { side: 'attackers', name: 'Guest' });
    const opponent = await joinGame(base, guest.game.id, 'Opponent');
    const client = await connect(server, clients);
    // Another account's password changes: the guests play on.
    const other = await signUp(base, userName('Other'), PASSWORD);
    await end(base, other, 'a password change');
    expect(await watchWith(server, guest.game.id, guest.token)).toBe('attackers');
    expect(await plays(server, guest.game.id, guest.token, 0, 'd2-c2')).toBe('d2-c2');

    const name = userName('Joiner');
    const account = await signUp(base, name, PASSWORD, [{ game: guest.game.id, token: guest.token }]);
    const attached = account.seats[0]!;
    expect(attached).toMatchObject({ game: guest.game.id, side: 'attackers' });
    expect(await refused(client, { t: 'draw', act: 'offer', game: guest.game.id, token: guest.token })).toBe(
      'seat/token',
    );
    expect(await watchWith(server, guest.game.id, attached.token)).toBe('attackers');
    // The opponent, still a guest, is not touched by what the account does.
    await end(base, account, 'a password change');
    expect(await watchWith(server, guest.game.id, attached.token)).toBe('seat/token');
    expect(await watchWith(server, guest.game.id, opponent.token)).toBe('defenders');
    expect(await plays(server, guest.game.id, opponent.token, 1, 'c4-c6')).toBe('c4-c6');
    expect(await watchWith(server, guest.game.id, await seatToken(base, account, guest.game.id))).toBe(
      'attackers',
    );
  });

  it('gives no acting token to a request under way when the password changes', async () => {
    const name = userName('Racer');
    const own = await signUp(base, name, PASSWORD);
    const shared = await signIn(base, name, PASSWORD);
    // Seats asked for through the shared session, a few at a time, all the while the password
    // changes on the own device (and once more after).
    const create = () =>
      apiAs<SeatGrant | ErrorBody>(base, '/api/games', shared, {
        body: { rules: 'brandub-fr', side: 'attackers', time: { kind: 'none' }, name: 'x' },
      });
    const asked: ReturnType<typeof create>[] = [];
    let changed = false;
    const change = end(base, own, 'a password change').then(() => (changed = true));
    do {
      const wave = [create(), create(), create()];
      asked.push(...wave);
      await Promise.all(wave);
    } while (!changed);
    asked.push(create(), create(), create());
    await change;
    const answers = await Promise.all(asked);
    for (const { status, body } of answers) {
      if (status !== 201) {
        expect((body as ErrorBody).error.code).toBe('auth/required');
        continue;
      }
      const grant = body as SeatGrant;
      // Asked once the session had ended: a guest's game, none of the account's business.
      if (grant.game.seats.attackers.player !== name) continue;
      expect(await watchWith(server, grant.game.id, grant.token)).toBe('seat/token');
      expect(await watchWith(server, grant.game.id, await seatToken(base, own, grant.game.id))).toBe(
        'attackers',
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Upgrades and a replacement left unfinished

/** A Kysely of its own on a server's database, closed after `work`. */
async function withDb<T>(setup: ServerSetup, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = new Kysely<Database>({
    dialect: setup.dataDir
      ? new SqliteDialect({ database: new SQLite(join(setup.dataDir, 'tafl.sqlite')) })
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: setup.databaseUrl }) }),
  });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The seat token of an account as 0003 made it: one for every game, of the account's id only. */
const oldToken = (secret: string, userId: string): string =>
  createHmac('sha256', secret).update(`seat:${userId}`).digest().subarray(0, 16).toString('base64url');

describe.each(BACKENDS)('seat tokens across an upgrade on %s', (backend) => {
  const clients: Client[] = [];
  afterAll(() => clients.forEach((c) => c.close()));

  it('upgrades a database of one token per account (0003): the old tokens act no more, the new ones do', async () => {
    const database = await freshDatabase(backend);
    const secret = 'an-old-secret-of-the-seat-tokens-0000000000';
    const userId = '0b7c0c1e-7d0e-4a57-9b4e-6d8f4b1d2c3a';
    const name = 'Oldtimer';
    const guestToken = 'guestTokenOfTheOldGame';
    // A game being played against a guest, and more waiting than one statement of the rewrite takes.
    const ids = Array.from({ length: 160 }, (_, i) => `OldGame${String(i).padStart(3, '0')}`);
    let server: ServerProcess | undefined;
    try {
      // The database as 0003 left it: an account, the seat secret, its games with its one token.
      await withDb(database.setup, async (db) => {
        await migrateTo(db, '0003-players');
        await db.insertInto('secrets').values({ name: 'seat', value: secret }).execute();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the users table of 0003
        await (db as Kysely<any>)
          .insertInto('users')
          .values({
            id: userId,
            name,
            name_key: nameKey(name),
            password: await hashPassword(PASSWORD),
            created_at: 1,
            updated_at: 1,
          })
          .execute();
        for (const [i, id] of ids.entries())
          await db
            .insertInto('games')
            .values(
              gamesAt0003(
                newGameRow({
                  id,
                  rules: makeRules(presetById('brandub-fr')!),
                  rulesId: 'brandub-fr',
                  rulesName: 'Brandubh',
                  timeKind: 'none',
                  timeBaseMs: 0,
                  timeIncrementMs: 0,
                  status: i === 0 ? 'playing' : 'waiting',
                  createdAt: Date.now(),
                  attackersName: name,
                  attackersUser: userId,
                  attackersToken: sha256(oldToken(secret, userId)),
                  ...(i === 0 ? { defendersName: 'Guest', defendersToken: sha256(guestToken) } : {}),
                }),
              ),
            )
            .execute();
      });
      // Upgraded (by this test, to read what it wrote; the server finds nothing left to do).
      const { hashes, key } = await withDb(database.setup, async (db) => {
        await migrateToLatest(db);
        const rows = await db
          .selectFrom('games')
          .select(['id', 'attackers_token', 'defenders_token', 'version'])
          .orderBy('id')
          .execute();
        const user = await db.selectFrom('users').select('seat_key').executeTakeFirstOrThrow();
        return { hashes: rows, key: user.seat_key! };
      });
      // Each game holds the hash of the account's token of that game; the guest's seat is as it was.
      expect(hashes.map((r) => r.attackers_token)).toEqual(
        ids.map((id) => sha256(playToken(secret, userId, id, key))),
      );
      expect(hashes.map((r) => r.defenders_token)).toEqual(
        ids.map((_, i) => (i === 0 ? sha256(guestToken) : null)),
      );
      expect(hashes.every((r) => r.version === 2)).toBe(true);

      server = await startServer(database.setup);
      const client = await connect(server, clients);
      for (const id of ids.slice(0, 2)) {
        expect(await watchWith(server, id, oldToken(secret, userId))).toBe('seat/token');
        expect(await refused(client, { t: 'abort', game: id, token: oldToken(secret, userId) })).toBe(
          'seat/token',
        );
      }
      expect(await watchWith(server, ids[0]!, guestToken)).toBe('defenders');
      const session = await signIn(server.url, name, PASSWORD);
      const tokens = await Promise.all(ids.slice(0, 2).map((id) => seatToken(server!.url, session, id)));
      // The tokens the migration wrote are the server's own: each game's, and they act.
      expect(tokens.map(sha256)).toEqual(hashes.slice(0, 2).map((r) => r.attackers_token));
      expect(tokens[0]).not.toBe(tokens[1]);
      expect(await watchWith(server, ids[0]!, tokens[0]!)).toBe('attackers');
      expect(await plays(server, ids[0]!, tokens[0]!, 0, 'd2-c2')).toBe('d2-c2');
    } finally {
      await server?.stop();
      await database.remove();
    }
  });

  it("finishes at the start a key's replacement that a process died in the middle of", async () => {
    const database = await freshDatabase(backend);
    let server: ServerProcess | undefined = await startServer(database.setup);
    try {
      const name = userName('Crashed');
      const own = await signUp(server.url, name, PASSWORD);
      const game = await createAs(server.url, own, 'attackers');
      await joinGame(server.url, game.game.id, 'Opponent');
      await server.stop();
      // What a password change leaves when its process dies before the games were given the new
      // key's hashes: the new key, waiting since then.
      await withDb(database.setup, (db) =>
        db
          .updateTable('users')
          .set({ seat_key: 'a-new-key-whose-games-never-heard-of-it-00', seat_rekey_at: 1 })
          .where('id', '=', own.user.id)
          .execute(),
      );
      server = await startServer(database.setup);
      expect(await watchWith(server, game.game.id, game.token)).toBe('seat/token');
      const again = await signIn(server.url, name, PASSWORD);
      expect(await watchWith(server, game.game.id, await seatToken(server.url, again, game.game.id))).toBe(
        'attackers',
      );
      const waiting = await withDb(database.setup, (db) =>
        db
          .selectFrom('users')
          .select('seat_rekey_at')
          .where('id', '=', own.user.id)
          .executeTakeFirstOrThrow(),
      );
      expect(waiting.seat_rekey_at).toBeNull();
    } finally {
      await server?.stop();
      await database.remove();
    }
  });
});

describe.skipIf(!BACKENDS.includes('postgres'))('seat tokens in two processes on PostgreSQL', () => {
  const clients: Client[] = [];
  const servers: ServerProcess[] = [];
  let remove: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await freshDatabase('postgres');
    remove = database.remove;
    servers.push(...(await Promise.all([startServer(database.setup), startServer(database.setup)])));
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await Promise.all(servers.map((s) => s.stop()));
    await remove?.();
  });

  it('a password change through one process ends the tokens in games the other holds', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const name = userName('Spread');
    const own = await signUp(one.url, name, PASSWORD);
    const game = await createAs(one.url, own, 'attackers');
    await joinGame(two.url, game.game.id, 'Opponent');
    // The attacker plays through the other process, which holds the game (a watcher there).
    const attacker = await connect(two, clients);
    attacker.send({ t: 'watch', game: game.game.id, token: game.token });
    expect((await attacker.next('state', (m) => m.game.id === game.game.id)).you).toBe('attackers');
    await end(one.url, own, 'a password change');
    // The other process hears of the change: the connection there is unseated, and told.
    await attacker.next('error', (m) => m.game === game.game.id && m.code === 'seat/token');
    expect(
      await refused(attacker, { t: 'move', game: game.game.id, token: game.token, ply: 0, move: 'd2-c2' }),
    ).toBe('seat/token');
    expect(await refused(attacker, { t: 'resign', game: game.game.id, token: game.token })).toBe(
      'seat/token',
    );
    const token = await seatToken(one.url, own, game.game.id);
    expect(await watchWith(two, game.game.id, token)).toBe('attackers');
    expect(await plays(two, game.game.id, token, 0, 'd2-c2')).toBe('d2-c2');
  });
});
