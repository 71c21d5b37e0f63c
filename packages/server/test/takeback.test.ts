/**
 * Takebacks in casual online games, through real server processes on both databases: a player
 * asks to take their last move back (with the opponent's reply to it, when there is one) and
 * the opponent accepts or declines, as lichess has it. Accepted, the moves are gone from the
 * game, its stored moves, its record and every watcher's view (a watcher catches up as it does
 * after any header ahead of it: watching again from the moves it has), and it is the asker's
 * move again with the clocks as they stood (no time given back). A rated or tournament game has
 * no takebacks; a request nobody made, a player with no move of their own, a stale ply are
 * refused with their codes. On PostgreSQL, two processes serving one game agree on its moves
 * after a takeback, and after a move made at the very ply a move was taken back from.
 */

import {
  makeMoveSquares,
  parseRecord,
  presetById,
  startingPosition,
  type Position,
  type Side,
} from '@tafl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameHeader, TimeControl } from '../src/protocol.js';
import { apiAs, signUp, userName } from './accounts-harness.js';
import {
  BACKENDS,
  Client,
  api,
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  startServer,
  Relay,
  type ServerProcess,
  type ServerSetup,
} from './harness.js';
import { LIVE, table as accountsTable } from './players-harness.js';
import {
  TOURNAMENT_ENV,
  createTournament,
  joinTournament,
  playing,
  startNow,
  until,
} from './tournament-harness.js';

const cleanup: (() => Promise<void>)[] = [];
const clients: Client[] = [];
afterAll(async () => {
  clients.forEach((c) => c.close());
  while (cleanup.length > 0) await cleanup.pop()!().catch(() => {});
}, 60_000);

async function connect(server: ServerProcess): Promise<Client> {
  const client = await Client.connect(server.ws);
  clients.push(client);
  await client.next('hello');
  return client;
}

/** A casual game of brandub-fr (the attackers move first), both players watching with their tokens. */
interface Table {
  readonly id: string;
  readonly seats: Record<Side, { readonly client: Client; readonly token: string }>;
  /** The game as the test follows it. */
  readonly pos: Position;
}

async function table(
  servers: readonly [ServerProcess, ServerProcess],
  time: TimeControl = { kind: 'none' },
): Promise<Table> {
  const [one, two] = servers;
  const created = await createGame(one.url, { rules: 'brandub-fr', side: 'attackers', time });
  const joined = await joinGame(two.url, created.game.id);
  const seats = {} as Record<Side, { client: Client; token: string }>;
  for (const [grant, server] of [
    [created, one],
    [joined, two],
  ] as const) {
    const client = await connect(server);
    client.send({ t: 'watch', game: created.game.id, token: grant.token });
    expect((await client.next('state')).you).toBe(grant.side);
    seats[grant.side] = { client, token: grant.token };
  }
  return { id: created.game.id, seats, pos: startingPosition(presetById('brandub-fr')!) };
}

/** The side to move plays its `n`th legal move (the first by default); every seat sees it. */
async function move(game: Table, n = 0): Promise<string> {
  const side = game.pos.turn;
  const chosen = game.pos.legalMoves()[n]!;
  const squares = makeMoveSquares(game.pos.geo, chosen);
  const { client, token } = game.seats[side];
  client.send({ t: 'move', game: game.id, token, ply: game.pos.ply, move: squares });
  const ply = game.pos.ply + 1;
  for (const seat of Object.values(game.seats)) await seat.client.next('move', (m) => m.ply === ply);
  game.pos.play(chosen);
  return squares;
}

type Act = 'offer' | 'accept' | 'decline';

/** `side` sends a takeback message at `ply` (the game's by default) with request id `re`. */
function takeback(game: Table, side: Side, act: Act, re: number, ply = game.pos.ply): void {
  const { client, token } = game.seats[side];
  client.send({ t: 'takeback', game: game.id, token, ply, act, re });
}

/** The next header `client` is sent in which `ready` holds. */
const header = async (client: Client, ready: (h: GameHeader) => boolean): Promise<GameHeader> =>
  (await client.next('update', (m) => ready(m.game))).game;

const refusal = async (client: Client, re: number): Promise<string> =>
  (await client.next('error', (m) => m.re === re)).code;

/** Undoes the test's own copy of the last `n` moves. */
function undo(game: Table, n: number): void {
  for (let i = 0; i < n; i++) game.pos.undo();
}

describe.each(BACKENDS)('takebacks on %s', (backend) => {
  let server: ServerProcess;
  let setup: ServerSetup;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    cleanup.push(database.remove);
    setup = database.setup;
    server = await startServer({ ...database.setup, env: TOURNAMENT_ENV });
    cleanup.push(() => server.stop());
  });
  const both = (): [ServerProcess, ServerProcess] => [server, server];

  it('the opponent accepts: the asker’s last move is gone from the game, its record and every view, and it is the asker’s move again', async () => {
    const game = await table(both(), { kind: 'live', baseMs: 300_000, incrementMs: 0 });
    const spectator = await connect(server);
    spectator.send({ t: 'watch', game: game.id });
    await spectator.next('state');
    const played = [await move(game), await move(game), await move(game)];
    const before = await fetchGame(server.url, game.id);
    expect(before.clock?.running).toBe('defenders');

    // The attackers, who have just moved, ask; both players and the spectator are told.
    takeback(game, 'attackers', 'offer', 1);
    for (const client of [game.seats.defenders.client, spectator])
      expect((await header(client, (h) => h.takebackOffer === 'attackers')).ply).toBe(3);

    takeback(game, 'defenders', 'accept', 2);
    const after = await header(spectator, (h) => h.ply === 2);
    expect(after.takebackOffer).toBeNull();
    undo(game, 1);
    // The attackers' move again, on their clock; nobody was given time back.
    expect(after.clock?.running).toBe('attackers');
    expect(after.clock!.attackers).toBeLessThanOrEqual(before.clock!.attackers);
    expect(after.clock!.defenders).toBeLessThanOrEqual(before.clock!.defenders);
    const stored = await fetchGame(server.url, game.id);
    expect(stored.moves.map((m) => m.replace(/x.*$/, ''))).toEqual(played.slice(0, 2));
    expect(stored.ply).toBe(2);
    const record = parseRecord((await api<string>(server.url, `/api/games/${game.id}/record`)).body);
    expect(record.ok && record.value.moves.map((m) => m.move.replace(/x.*$/, ''))).toEqual(
      played.slice(0, 2),
    );

    // A watcher that had the three moves watches again from them, as after any header behind
    // it, and is given the game as it is: two moves.
    spectator.send({ t: 'watch', game: game.id, from: 3 });
    const state = await spectator.next('state', (m) => m.game.ply === 2);
    expect([state.game.from, state.game.moves]).toEqual([2, []]);

    // The attackers play another move where the one taken back stood.
    const again = await move(game, 1);
    expect(again).not.toBe(played[2]);
    expect((await fetchGame(server.url, game.id)).moves).toHaveLength(3);
  });

  it('asked once the opponent has replied, the reply is taken back too: the asker moves again', async () => {
    const game = await table(both());
    await move(game);
    await move(game);
    // The attackers' last move was the first one; the defenders have replied to it.
    takeback(game, 'attackers', 'offer', 1);
    await header(game.seats.defenders.client, (h) => h.takebackOffer === 'attackers');
    takeback(game, 'defenders', 'accept', 2);
    const after = await header(game.seats.attackers.client, (h) => h.ply === 0);
    undo(game, 2);
    expect(after.status).toBe('playing');
    expect((await fetchGame(server.url, game.id)).moves).toEqual([]);
    await move(game);
  });

  it('declined, withdrawn or overtaken by a move, a takeback request takes nothing back', async () => {
    const game = await table(both());
    await move(game);
    const { attackers, defenders } = game.seats;

    takeback(game, 'attackers', 'offer', 1);
    await header(defenders.client, (h) => h.takebackOffer === 'attackers');
    takeback(game, 'defenders', 'decline', 2);
    expect((await header(attackers.client, (h) => h.takebackOffer === null)).ply).toBe(1);

    // Asked again, and withdrawn by the asker.
    takeback(game, 'attackers', 'offer', 3);
    await header(defenders.client, (h) => h.takebackOffer === 'attackers');
    takeback(game, 'attackers', 'decline', 4);
    expect((await header(defenders.client, (h) => h.takebackOffer === null)).ply).toBe(1);

    // Asked again; the defenders move instead, which withdraws it: nothing is left to accept.
    takeback(game, 'attackers', 'offer', 5);
    await header(defenders.client, (h) => h.takebackOffer === 'attackers');
    await move(game);
    await header(attackers.client, (h) => h.takebackOffer === null && h.ply === 2);
    takeback(game, 'defenders', 'accept', 6);
    expect(await refusal(defenders.client, 6)).toBe('takeback/none');
    expect((await fetchGame(server.url, game.id)).moves).toHaveLength(2);
  });

  it('refuses what is not a takeback to make: no move of one’s own, a stale ply, one’s own request, a game over', async () => {
    const game = await table(both());
    const { attackers, defenders } = game.seats;
    // Nobody has moved: nothing to take back.
    takeback(game, 'attackers', 'offer', 1);
    expect(await refusal(attackers.client, 1)).toBe('takeback/nothing');
    await move(game);
    // The defenders have not moved yet.
    takeback(game, 'defenders', 'offer', 2);
    expect(await refusal(defenders.client, 2)).toBe('takeback/nothing');
    // A client that has not seen the move.
    takeback(game, 'attackers', 'offer', 3, 0);
    expect(await refusal(attackers.client, 3)).toBe('move/stale');
    // Accepting with no request, and accepting one's own.
    takeback(game, 'defenders', 'accept', 4);
    expect(await refusal(defenders.client, 4)).toBe('takeback/none');
    takeback(game, 'attackers', 'offer', 5);
    await header(defenders.client, (h) => h.takebackOffer === 'attackers');
    takeback(game, 'attackers', 'accept', 6);
    expect(await refusal(attackers.client, 6)).toBe('takeback/none');
    // Over: resigned.
    defenders.client.send({ t: 'resign', game: game.id, token: defenders.token });
    await header(attackers.client, (h) => h.status === 'ended');
    takeback(game, 'defenders', 'accept', 7);
    expect(await refusal(defenders.client, 7)).toBe('game/over');
    expect((await fetchGame(server.url, game.id)).moves).toHaveLength(1);
  });

  it('a rated game has no takebacks', async () => {
    const alice = await signUp(server.url, userName('alice'));
    const bob = await signUp(server.url, userName('bob'));
    const rated = await accountsTable(server.url, alice, bob, { side: 'attackers', time: LIVE });
    const client = await connect(server);
    client.send({ t: 'watch', game: rated.id, token: rated.tokens.attackers });
    await client.next('state');
    const first = makeMoveSquares(rated.pos.geo, rated.pos.legalMoves()[0]!);
    client.send({ t: 'move', game: rated.id, token: rated.tokens.attackers, ply: 0, move: first });
    await client.next('move');
    client.send({
      t: 'takeback',
      game: rated.id,
      token: rated.tokens.attackers,
      ply: 1,
      act: 'offer',
      re: 1,
    });
    expect(await refusal(client, 1)).toBe('takeback/casual');
    expect((await fetchGame(server.url, rated.id)).takebackOffer).toBeNull();
  });

  it('a casual tournament game has no takebacks either', async () => {
    const ann = await signUp(server.url, userName('ann'));
    const ben = await signUp(server.url, userName('ben'));
    const t = await createTournament(server.url, ann, {
      rounds: 1,
      rated: false,
      startsAt: Date.now() + 60_000,
    });
    await joinTournament(server.url, t.id, ben);
    await startNow(setup, t.id);
    const view = await until(server.url, t.id, playing(1));
    const gameId = view.pairings[0]![0]!.game!;
    const attackers = view.pairings[0]![0]!.attackers === ann.user.name ? ann : ben;
    const seat = await apiAs<{ token: string; side: Side }>(
      server.url,
      `/api/games/${gameId}/seat`,
      attackers,
    );
    expect(seat.body.side).toBe('attackers');
    const client = await connect(server);
    client.send({ t: 'watch', game: gameId, token: seat.body.token });
    await client.next('state');
    const pos = startingPosition(presetById('brandub-fr')!);
    const first = makeMoveSquares(pos.geo, pos.legalMoves()[0]!);
    client.send({ t: 'move', game: gameId, token: seat.body.token, ply: 0, move: first });
    await client.next('move');
    client.send({ t: 'takeback', game: gameId, token: seat.body.token, ply: 1, act: 'offer', re: 1 });
    expect(await refusal(client, 1)).toBe('takeback/casual');
  });
});

const admin = process.env.TAFL_TEST_PG;

/** Waits until `ready` answers true (another process's copy follows on its own time). */
async function eventually(ready: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error('never ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!admin)('takebacks with two server processes on one PostgreSQL', () => {
  let servers: [ServerProcess, ServerProcess];
  let relay: Relay;
  beforeAll(async () => {
    const database = await freshDatabase('postgres');
    cleanup.push(database.remove);
    // The second process reaches the database through a relay, to be cut off from it a while.
    const relayed = await Relay.to(database.setup.databaseUrl!);
    relay = relayed.relay;
    cleanup.push(() => relay.down());
    servers = (await Promise.all([
      startServer(database.setup),
      startServer({ databaseUrl: relayed.databaseUrl }),
    ])) as [ServerProcess, ServerProcess];
    for (const s of servers) cleanup.push(() => s.stop());
  });

  it('both processes agree on the moves after a takeback, and after a move made where one was taken back', async () => {
    const [one, two] = servers;
    // Both players on the first process; the defenders also on a device served by the second.
    const game = await table([one, one]);
    const defendersTwo = await connect(two);
    defendersTwo.send({ t: 'watch', game: game.id, token: game.seats.defenders.token });
    await defendersTwo.next('state');
    await move(game);
    await move(game);
    const taken = await move(game);
    await defendersTwo.next('move', (m) => m.ply === 3);

    takeback(game, 'attackers', 'offer', 1);
    await header(defendersTwo, (h) => h.takebackOffer === 'attackers');
    // The second process hears nothing for a while: meanwhile the defenders accept and the
    // attackers move again, on the first. When it listens again it reads the game as it is then,
    // whose ply is its copy's, the new move standing where its copy has the one taken back.
    await relay.down();
    undo(game, 1);
    const chosen = game.pos.legalMoves()[2]!;
    const replaced = makeMoveSquares(game.pos.geo, chosen);
    expect(replaced).not.toBe(taken);
    const { client } = game.seats.attackers;
    takeback(game, 'defenders', 'accept', 2, 3);
    await header(client, (h) => h.ply === 2);
    client.send({ t: 'move', game: game.id, token: game.seats.attackers.token, ply: 2, move: replaced });
    await client.next('move', (m) => m.ply === 3 && m.move.startsWith(replaced));
    game.pos.play(chosen);
    await relay.up();

    // The second process serves the game as it is: its moves, and the defenders' reply to the
    // new move (legal only after it) made through it.
    await eventually(async () => (await fetchGame(two.url, game.id)).moves[2]?.startsWith(replaced) === true);
    const reply = makeMoveSquares(game.pos.geo, game.pos.legalMoves()[0]!);
    defendersTwo.send({
      t: 'move',
      game: game.id,
      token: game.seats.defenders.token,
      ply: 3,
      move: reply,
      re: 9,
    });
    expect((await client.next('move', (m) => m.ply === 4)).move.startsWith(reply)).toBe(true);
    // Both serve the four moves. (Once, under a full run's load, the second process's page still
    // answered three just after the reply it had confirmed itself: waited for, as the copies are.)
    await eventually(async () =>
      (await Promise.all(servers.map((s) => fetchGame(s.url, game.id)))).every((v) => v.moves.length === 4),
    );
    const views = await Promise.all(servers.map((s) => fetchGame(s.url, game.id)));
    expect(views[1]!.moves).toEqual(views[0]!.moves);
    expect(views[0]!.moves).toHaveLength(4);
  });
});
