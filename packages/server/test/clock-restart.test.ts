/**
 * Clocks do not run while the server is down, and the time it was down is credited once: a live
 * game's server is killed (SIGKILL) while a player thinks, started again on the same database
 * after a short and after a long outage, and both clocks are compared with what they were at
 * the last confirmed move, less only the time a server was up.
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
      await sleep(downMs);
      server = await startServer(setup);
      running.push(server);
      const readyAt = Date.now();
      const view = await fetchGame(server.url, id);
      const readAt = Date.now();
      expect(view.status).toBe('playing');
      expect(view.clock!.running).toBe(mover);
      // The waiting side's clock is what it was at the last move, to the millisecond.
      expect(view.clock![waiting]).toBe(last.clock[waiting]);
      // The side to move was charged the time a server was up: before the kill, after the start.
      const up = killedAt - last.at + (readAt - readyAt);
      const charged = last.clock[mover] - view.clock![mover];
      expect(Math.abs(charged - up)).toBeLessThan(TOLERANCE_MS);
      return { up, charged };
    };

    const first = await play('attackers', 0, 'd2-c2');
    await sleep(300);
    const second = await play('defenders', 1, 'c4-c3');
    expect(second.clock.running).toBe('attackers');
    // A restart shorter than the old 3 s threshold: it must not be charged.
    const short = await outage(second, 700, 200);
    expect(short.charged).toBeLessThan(1500);

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
