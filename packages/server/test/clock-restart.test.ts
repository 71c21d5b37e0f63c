/**
 * Clocks do not run while the server is down, and the time it was down is credited once: a live
 * game's server is killed (SIGKILL) while a player thinks, started again on the same database
 * after a short and after a long outage, and both clocks are compared with what they were at
 * the last confirmed move, less only the time a server was up; a slow start-up (seconds before
 * the server listens) is not charged either: the credit runs until it can take a move. And a
 * flag that falls while PostgreSQL cannot be reached (through a TCP relay this test cuts) ends
 * the game on time once it can be reached again.
 */

import { afterAll, describe, expect, it } from 'vitest';
import type { ClockView } from '../src/protocol.js';
import {
  BACKENDS,
  Client,
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  Relay,
  startServer,
  type ServerProcess,
  type ServerSetup,
} from './harness.js';

const running: ServerProcess[] = [];
const removals: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  await Promise.all(removals.map((remove) => remove()));
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** How far a clock may be from the time a server was up, in ms: well within a second. */
const TOLERANCE_MS = 500;

describe.each(BACKENDS)('clocks across a SIGKILL, on %s', (backend) => {
  it('charge only the time a server was up, after a short and a long outage', async () => {
    const fresh = await freshDatabase(backend);
    removals.push(fresh.remove);
    const setup: ServerSetup = fresh.setup;
    let server = await startServer(setup);
    running.push(server);
    const a = await createGame(server.url, { time: { kind: 'live', baseMs: 60_000, incrementMs: 0 } });
    const d = await joinGame(server.url, a.game.id);
    const tokens = { attackers: a.token, defenders: d.token };
    const id = a.game.id;

    /** Plays `move` for `side` at ply `ply`; the clocks the server sent with it, and when. */
    const play = async (side: 'attackers' | 'defenders', ply: number, move: string) => {
      const client = await Client.connect(server.ws);
      client.send({ t: 'watch', game: id, token: tokens[side] });
      await client.next('state');
      client.send({ t: 'move', game: id, token: tokens[side], ply, move });
      const confirmed = await client.next('move', (m) => m.ply === ply + 1);
      const at = Date.now();
      client.close();
      return { clock: confirmed.clock!, at };
    };

    /**
     * The last move was confirmed at `last`; the player to move thinks `thinkMs`, the server is
     * killed, stays down `downMs`, and starts again: the clocks are read and checked.
     */
    const outage = async (last: { clock: ClockView; at: number }, thinkMs: number, downMs: number) => {
      const mover = last.clock.running!;
      const waiting = mover === 'attackers' ? 'defenders' : 'attackers';
      await sleep(thinkMs);
      const killedAt = Date.now();
      await server.kill();
      const deadAt = Date.now();
      await sleep(downMs);
      const spawnAt = Date.now();
      server = await startServer(setup);
      running.push(server);
      const readyAt = Date.now();
      const view = await fetchGame(server.url, id);
      const readAt = Date.now();
      expect(view.status).toBe('playing');
      expect(view.clock!.running).toBe(mover);
      // The waiting side's clock is what it was at the last move, to the millisecond.
      expect(view.clock![waiting]).toBe(last.clock[waiting]);
      // The side to move was charged the time a server was up: before the kill (less at most one
      // heartbeat, from which the credit counts), and after the restart credited the clocks
      // (somewhere between the spawn and the first answer, however slow the start is under load),
      // but never the outage itself.
      const up = killedAt - last.at + (readAt - readyAt);
      const charged = last.clock[mover] - view.clock![mover];
      expect(charged).toBeGreaterThan(killedAt - last.at - 250 - TOLERANCE_MS);
      expect(charged).toBeLessThan(readAt - last.at - (spawnAt - deadAt) + TOLERANCE_MS);
      // The time credited, as the server says: from no earlier than its last heartbeat (written
      // every 250 ms) before it died, to no later than when it was ready again.
      const credited = Number(/stopped for the (\d+) ms/.exec(server.log())?.[1]);
      expect(credited).toBeGreaterThanOrEqual(spawnAt - deadAt);
      expect(credited).toBeLessThanOrEqual(readyAt - killedAt + TOLERANCE_MS);
      return { up, charged, credited };
    };

    const first = await play('attackers', 0, 'd2-c2');
    await sleep(300);
    const second = await play('defenders', 1, 'c4-c3');
    expect(second.clock.running).toBe('attackers');
    // A restart shorter than the old 3 s threshold: it must not be charged (it is credited).
    const short = await outage(second, 700, 200);
    expect(short.credited).toBeGreaterThanOrEqual(200);

    const third = await play('attackers', 2, 'd1-d2');
    expect(third.clock.running).toBe('defenders');
    // The defenders' clock runs again from that move (sent once it was committed).
    expect(second.clock.defenders - third.clock.defenders).toBeGreaterThanOrEqual(0);
    expect(second.clock.defenders - third.clock.defenders).toBeLessThan(200);
    // A long outage: credited once, and not more than it lasted.
    const long = await outage(third, 800, 5000);
    expect(long.charged).toBeGreaterThan(800 - TOLERANCE_MS);
    expect(first.clock.attackers).toBe(60_000);
  });
});

describe.each(BACKENDS)('clocks across a slow start, on %s', (backend) => {
  it('charge none of the start-up: the credit runs until the server can take a move', async () => {
    const fresh = await freshDatabase(backend);
    removals.push(fresh.remove);
    let server = await startServer(fresh.setup);
    running.push(server);
    const a = await createGame(server.url, { time: { kind: 'live', baseMs: 60_000, incrementMs: 0 } });
    const d = await joinGame(server.url, a.game.id);
    const id = a.game.id;
    const client = await Client.connect(server.ws);
    client.send({ t: 'watch', game: id, token: a.token });
    client.send({ t: 'move', game: id, token: a.token, ply: 0, move: 'd2-c2' });
    const moved = await client.next('move', (m) => m.ply === 1);
    const lastAt = Date.now();
    client.close();
    expect(moved.clock!.running).toBe('defenders');
    // The defenders think 300 ms; the server dies, and its next start is slow: 3 s before it
    // listens (as a busy machine's start-up can be), a delay only tests set.
    await sleep(300);
    const killedAt = Date.now();
    await server.kill();
    server = await startServer({ ...fresh.setup, env: { TAFL_TEST_START_DELAY_MS: '3000' } });
    running.push(server);
    const readyAt = Date.now();
    // The defenders move at once: they were charged only what they thought while a server was up.
    const defenders = await Client.connect(server.ws);
    defenders.send({ t: 'watch', game: id, token: d.token });
    defenders.send({ t: 'move', game: id, token: d.token, ply: 1, move: 'c4-c3' });
    const answered = await defenders.next('move', (m) => m.ply === 2);
    const answeredAt = Date.now();
    defenders.close();
    const charged = moved.clock!.defenders - answered.clock!.defenders;
    const up = killedAt - lastAt + (answeredAt - readyAt);
    expect(charged).toBeGreaterThanOrEqual(killedAt - lastAt - 250 - TOLERANCE_MS);
    expect(charged).toBeLessThan(up + TOLERANCE_MS);
    // The attackers' clock stood still throughout (it runs again only from the defenders' move,
    // shown as at the moment it was sent).
    expect(moved.clock!.attackers - answered.clock!.attackers).toBeGreaterThanOrEqual(0);
    expect(moved.clock!.attackers - answered.clock!.attackers).toBeLessThan(answeredAt - readyAt + 50);
  });
});

describe.runIf(process.env.TAFL_TEST_PG)('a flag during a PostgreSQL outage', () => {
  it('ends the game on time once the database can be reached again', async () => {
    const fresh = await freshDatabase('postgres');
    removals.push(fresh.remove);
    const { relay, databaseUrl } = await Relay.to(fresh.setup.databaseUrl!);
    const server = await startServer({ databaseUrl });
    running.push(server);
    // Live 4 s + 0; the defenders' clock runs from the attackers' first move.
    const a = await createGame(server.url, { time: { kind: 'live', baseMs: 4000, incrementMs: 0 } });
    const d = await joinGame(server.url, a.game.id);
    const attackers = await Client.connect(server.ws);
    attackers.send({ t: 'watch', game: a.game.id, token: a.token });
    attackers.send({ t: 'move', game: a.game.id, token: a.token, ply: 0, move: 'd2-c2' });
    const moved = await attackers.next('move');
    expect(moved.clock?.running).toBe('defenders');
    expect(d.side).toBe('defenders');
    // The database is unreachable for 6 s, while the defenders' time runs out.
    await sleep(1000);
    await relay.down();
    await sleep(6000);
    expect(attackers.messages.some((m) => m.t === 'update' && m.game.status === 'ended')).toBe(false);
    await relay.up();
    const backAt = Date.now();
    // Back: the game ends on time by itself, told to the watcher, and so stored.
    const ended = await attackers.next('update', (m) => m.game.status === 'ended', 15_000);
    expect(ended.game.result).toEqual({ winner: 'attackers', reason: 'time' });
    expect(ended.game.clock?.defenders).toBe(0);
    expect(Date.now() - backAt).toBeLessThan(8000);
    const stored = await fetchGame(server.url, a.game.id);
    expect(stored.status).toBe('ended');
    expect(stored.result).toEqual({ winner: 'attackers', reason: 'time' });
    attackers.close();
  });
});
