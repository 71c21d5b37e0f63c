/**
 * The flag timers (clocks.ts) on a fake time source: a flag falls exactly when the time runs
 * out, a database outage loses no flag (every clock is checked again until each end is
 * committed), and a start credits the clocks with exactly the time no server was up.
 */

import { describe, expect, it } from 'vitest';
import { Clocks, dueOf, resumeClocks, type TimeSource } from '../src/clocks.js';
import { clocksStopped, hashToken, timeColumns, turnAt } from '../src/game.js';
import type { GameRow } from '../src/store/types.js';
import { presetById } from '@tafl/core';

const T0 = 1_800_000_000_000;

/** A fake clock: timers run in order of their time when `advance` moves time past it. */
class FakeTime implements TimeSource {
  private t = T0;
  private seq = 0;
  private timers = new Map<number, { at: number; run: () => void }>();

  now = (): number => this.t;
  setTimeout = (run: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), run });
    return id;
  };
  clearTimeout = (handle: unknown): void => void this.timers.delete(handle as number);

  /** Moves time to `to`, running each timer due on the way at its own time. */
  async advanceTo(to: number): Promise<void> {
    for (;;) {
      await settle();
      const next = [...this.timers.entries()]
        .filter(([, t]) => t.at <= to)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].run();
    }
    this.t = Math.max(this.t, to);
    await settle();
  }

  advance(ms: number): Promise<void> {
    return this.advanceTo(this.t + ms);
  }

  get pending(): number {
    return this.timers.size;
  }
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const RULES = presetById('brandub-fr')!;

/** A live game with a running clock: `leftMs` for the side to move from `startedAt`. */
function game(id: string, leftMs: number, startedAt = T0): GameRow {
  return {
    id,
    rules: 'dim:7',
    rulesId: RULES.id,
    rulesName: RULES.name,
    ...timeColumns({ kind: 'live', baseMs: 60_000, incrementMs: 0 }),
    status: 'playing',
    winner: null,
    reason: null,
    ply: 1,
    version: 3,
    attackersName: 'A',
    attackersToken: hashToken('a'.repeat(22)),
    defendersName: 'D',
    defendersToken: hashToken('d'.repeat(22)),
    clockAttackersMs: 60_000,
    clockDefendersMs: leftMs,
    turnStartedAt: startedAt,
    drawOffer: null,
    takebackOffer: null,
    takebacks: 0,
    rematchOffer: null,
    rematchId: null,
    createdAt: T0 - 10_000,
    updatedAt: startedAt,
    rated: false,
    ratingMin: null,
    ratingMax: null,
    tournamentId: null,
    attackersUser: null,
    defendersUser: null,
  };
}

/**
 * A database of games that can be unreachable (reads and writes fail) or refuse writes only,
 * and the hub's side of a flag: read the game, end it on time if its time ran out (a commit),
 * else arm its timer again.
 */
class World {
  readonly time = new FakeTime();
  readonly rows = new Map<string, GameRow>();
  down = false;
  writesDown = false;
  /** What the next reads of the running clocks return instead of the rows (a read made earlier). */
  staleRead: GameRow[] | undefined;
  readonly ended = new Map<string, number>();
  flagCalls = 0;
  readonly clocks: Clocks;

  constructor(games: GameRow[]) {
    for (const g of games) this.rows.set(g.id, g);
    this.clocks = this.open();
  }

  /** A Clocks on this world (a process's). */
  open(): Clocks {
    const clocks: Clocks = new Clocks({
      time: this.time,
      running: async () => {
        if (this.down) throw new Error('connect ECONNREFUSED');
        if (this.staleRead) return this.staleRead;
        return [...this.rows.values()].filter((r) => r.status === 'playing' && r.turnStartedAt !== null);
      },
      flag: async (id) => {
        this.flagCalls++;
        if (this.down) throw new Error('connect ECONNREFUSED');
        const row = this.rows.get(id)!;
        const due = dueOf(row);
        const now = this.time.now();
        if (due === undefined || due > now) return clocks.arm(id, due);
        if (this.writesDown) throw new Error('the commit failed');
        const turn = turnAt(RULES, row.ply);
        this.rows.set(id, {
          ...row,
          ...clocksStopped(row, turn, now),
          status: 'ended',
          winner: 'attackers',
          reason: 'time',
        });
        this.ended.set(id, now);
        clocks.arm(id, undefined);
      },
      horizonMs: 20_000,
      retryMs: 500,
      maxRetryMs: 4000,
    });
    return clocks;
  }
}

describe('flag timers', () => {
  it('a flag falls exactly when the time runs out, not a millisecond before', async () => {
    const world = new World([game('g1', 4000), game('g2', 7000)]);
    await world.clocks.rearm();
    expect(world.clocks.armed().sort()).toEqual(['g1', 'g2']);
    await world.time.advanceTo(T0 + 3999);
    expect(world.ended.size).toBe(0);
    await world.time.advanceTo(T0 + 4000);
    expect([...world.ended]).toEqual([['g1', T0 + 4000]]);
    expect(world.rows.get('g1')!.clockDefendersMs).toBe(0);
    await world.time.advanceTo(T0 + 10_000);
    expect(world.ended.get('g2')).toBe(T0 + 7000);
    expect(world.clocks.armed()).toEqual([]);
  });

  it('arms only the clocks due within the horizon; a later sweep picks the others up', async () => {
    const world = new World([game('soon', 5000), game('later', 50_000)]);
    await world.clocks.rearm();
    expect(world.clocks.armed()).toEqual(['soon']);
    await world.time.advanceTo(T0 + 35_000);
    await world.clocks.rearm();
    expect(world.clocks.armed()).toEqual(['later']);
    await world.time.advanceTo(T0 + 50_000);
    expect(world.ended.get('later')).toBe(T0 + 50_000);
  });

  it('after an outage, ends every game whose time ran out during it', async () => {
    const world = new World([game('a', 3000), game('b', 5000), game('c', 9000), game('d', 60_000)]);
    await world.clocks.rearm();
    await world.time.advanceTo(T0 + 1000);
    world.down = true;
    // Every flag falls while the database cannot be reached: none is committed.
    await world.time.advanceTo(T0 + 20_000);
    expect(world.ended.size).toBe(0);
    expect(world.flagCalls).toBeGreaterThanOrEqual(3);
    world.down = false;
    // Nobody calls anything: the clocks are checked again, within the longest wait (4 s).
    await world.time.advanceTo(T0 + 24_000);
    expect([...world.ended.keys()].sort()).toEqual(['a', 'b', 'c']);
    for (const at of world.ended.values()) expect(at).toBeGreaterThan(T0 + 20_000);
    expect(world.rows.get('d')!.status).toBe('playing');
  });

  it('a restart (a fresh rearm) ends at once every game whose time ran out while it was down', async () => {
    const world = new World([game('a', 3000), game('b', 5000), game('c', 40_000)]);
    world.clocks.stop();
    await world.time.advanceTo(T0 + 10_000);
    const clocks = world.open();
    await clocks.rearm();
    await world.time.advance(0);
    expect([...world.ended].sort()).toEqual([
      ['a', T0 + 10_000],
      ['b', T0 + 10_000],
    ]);
    expect(clocks.armed()).toEqual([]);
    await world.time.advanceTo(T0 + 40_000);
    await clocks.rearm();
    await world.time.advance(0);
    expect(world.ended.get('c')).toBe(T0 + 40_000);
  });

  it('retries a flag whose end could not be committed until it is', async () => {
    const world = new World([game('g', 2000), game('h', 30_000)]);
    await world.clocks.rearm();
    world.writesDown = true;
    await world.time.advanceTo(T0 + 12_000);
    // Tried at 2 s, then again after 0.5, 1, 2, 4 s waits: never forgotten.
    expect(world.ended.size).toBe(0);
    expect(world.flagCalls).toBeGreaterThanOrEqual(4);
    world.writesDown = false;
    await world.time.advanceTo(T0 + 16_000);
    expect(world.ended.has('g')).toBe(true);
    expect(world.rows.get('g')!.status).toBe('ended');
    // The waits start short again once a flag is committed.
    await world.time.advanceTo(T0 + 29_999);
    expect(world.ended.has('h')).toBe(false);
    await world.time.advanceTo(T0 + 30_000);
    expect(world.ended.get('h')).toBe(T0 + 30_000);
  });

  it('a stale timer (the move came first) arms the new deadline instead', async () => {
    const world = new World([game('g', 2000)]);
    await world.clocks.rearm();
    await world.time.advanceTo(T0 + 1500);
    // A move was made and committed elsewhere: the other side's clock runs now, from 1.5 s.
    world.rows.set('g', { ...game('g', 5000, T0 + 1500), ply: 2, clockAttackersMs: 5000 });
    await world.time.advanceTo(T0 + 2000);
    expect(world.ended.size).toBe(0);
    expect(world.clocks.armed()).toEqual(['g']);
    await world.time.advanceTo(T0 + 6500);
    expect(world.ended.get('g')).toBe(T0 + 6500);
  });

  it('checks every clock as soon as a heartbeat is written again after an outage', async () => {
    // Game 'a' has no timer here (another process served it and went away).
    const world = new World([game('a', 3000)]);
    const beats: number[] = [];
    world.clocks.beat(async (now) => {
      if (world.down) throw new Error('connect ECONNREFUSED');
      beats.push(now);
    }, 250);
    await world.time.advanceTo(T0 + 1000);
    expect(beats).toEqual([T0 + 250, T0 + 500, T0 + 750, T0 + 1000]);
    world.down = true;
    await world.time.advanceTo(T0 + 8000);
    expect(world.ended.size).toBe(0);
    world.down = false;
    await world.time.advanceTo(T0 + 8250);
    expect([...world.ended]).toEqual([['a', T0 + 8250]]);
    world.clocks.stop();
    expect(world.time.pending).toBe(0);
  });

  it('writes one heartbeat at a time while the database hangs', async () => {
    const world = new World([]);
    let calls = 0;
    let release = (): void => {};
    world.clocks.beat(() => {
      calls++;
      return new Promise<void>((resolve) => (release = resolve));
    }, 250);
    await world.time.advanceTo(T0 + 5000);
    expect(calls).toBe(1);
    release();
    await world.time.advanceTo(T0 + 5250);
    expect(calls).toBe(2);
    world.clocks.stop();
  });

  it('a sweep that read a game before its last move never delays the timer armed after it', async () => {
    const world = new World([game('g', 9000)]);
    await world.clocks.rearm();
    // The read of a sweep under way: the defenders to move, due at 9 s.
    const stale = [...world.rows.values()];
    // A move is committed and armed meanwhile: the attackers' clock runs, due at 3 s.
    world.rows.set('g', { ...game('g', 9000), ply: 2, clockAttackersMs: 3000 });
    world.clocks.arm('g', T0 + 3000);
    world.staleRead = stale;
    await world.clocks.rearm();
    world.staleRead = undefined;
    await world.time.advanceTo(T0 + 3000);
    expect(world.ended.get('g')).toBe(T0 + 3000);
  });

  it('stop clears every timer', async () => {
    const world = new World([game('g', 2000)]);
    await world.clocks.rearm();
    world.clocks.stop();
    expect(world.time.pending).toBe(0);
    await world.time.advanceTo(T0 + 5000);
    expect(world.flagCalls).toBe(0);
  });
});

describe('time no server was up', () => {
  /** A database's heartbeats and running clocks for resumeClocks. */
  function store(time: FakeTime, heartbeats: number[], lastChange?: number) {
    const shifts: number[] = [];
    const written: number[] = [];
    return {
      shifts,
      written,
      options: {
        time,
        lastHeartbeat: async () => (heartbeats.length ? Math.max(...heartbeats) : undefined),
        lastChange: async () => lastChange,
        shift: async (ms: number, now: number) => (shifts.push(ms), written.push(now), 3),
        heartbeat: async (now: number) => void written.push(now),
        aliveMs: 1000,
      },
    };
  }

  it('credits a long outage from the last heartbeat exactly', async () => {
    const time = new FakeTime();
    const s = store(time, [T0 - 60_000]);
    expect(await resumeClocks(s.options)).toEqual({ downMs: 60_000, shifted: 3 });
    expect(s.shifts).toEqual([60_000]);
    expect(s.written).toEqual([T0]);
  });

  it('credits from a commit after the last heartbeat (the server was up then)', async () => {
    const time = new FakeTime();
    const s = store(time, [T0 - 10_000], T0 - 9_800);
    expect((await resumeClocks(s.options)).downMs).toBe(9_800);
  });

  it('credits a restart shorter than a second too, once no heartbeat follows', async () => {
    const time = new FakeTime();
    const s = store(time, [T0 - 400]);
    const resumed = resumeClocks(s.options);
    await time.advanceTo(T0 + 600);
    expect(await resumed).toEqual({ downMs: 1000, shifted: 3 });
    expect(s.written).toEqual([T0 + 600]);
  });

  it('credits nothing when another process is up (its heartbeat goes on)', async () => {
    const time = new FakeTime();
    const heartbeats = [T0 - 200];
    const s = store(time, heartbeats);
    const resumed = resumeClocks(s.options);
    await time.advanceTo(T0 + 50);
    heartbeats.push(T0 + 50);
    await time.advanceTo(T0 + 800);
    expect(await resumed).toEqual({ downMs: 0, shifted: 0 });
    expect(s.shifts).toEqual([]);
  });

  it('credits nothing on a first start', async () => {
    const time = new FakeTime();
    const s = store(time, []);
    expect(await resumeClocks(s.options)).toEqual({ downMs: 0, shifted: 0 });
    expect(s.written).toEqual([T0]);
  });
});
