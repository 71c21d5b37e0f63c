/**
 * The flag timers of the running clocks, and the time no server was up. A timer per game with a
 * running clock calls `flag` when its time runs out; `rearm` (at a start, after a database
 * outage, and every sweep) reads every running clock from the store and arms its timer again, so
 * a game whose flag fell while its end could not be committed is checked again until it is.
 * Time comes from a TimeSource, so the module is tested with a fake clock.
 */

import type { GameRow } from './store/types.js';
import { deadline, rulesOfRow, turnAt } from './game.js';

/** Where time comes from: the system's, or a test's. */
export interface TimeSource {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The system's time; its timers do not keep the process alive. */
export const systemTime: TimeSource = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The longest wait setTimeout takes (about 24.8 days). */
const MAX_WAIT_MS = 2 ** 31 - 1;

/** When a stored game's running clock runs out, or undefined when none runs. */
export function dueOf(row: GameRow): number | undefined {
  const rules = rulesOfRow(row);
  return rules && deadline(row, turnAt(rules, row.ply));
}

export interface ClocksOptions {
  readonly time: TimeSource;
  /** Every game with a running clock, as stored (throws when the database is unreachable). */
  running(): Promise<readonly GameRow[]>;
  /**
   * Ends game `id` on time if its time has run out, and arms its timer again (`arm`) if its
   * clock still runs; throws when the game could not be read or its end not committed.
   */
  flag(id: string): Promise<void>;
  readonly log?: (message: string) => void;
  /** `rearm` arms only the timers due within this (the sweep picks the others up later). */
  readonly horizonMs?: number;
  /** The first wait before checking every clock again after a failure, doubled up to `maxRetryMs`. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
}

export class Clocks {
  private readonly timers = new Map<string, { handle: unknown; due: number }>();
  private readonly time: TimeSource;
  private readonly log: (message: string) => void;
  /** The pending check of every clock after a failure, and the wait before the next one. */
  private recovery: unknown;
  private wait: number;
  private beating: unknown;
  private stopped = false;

  constructor(private readonly options: ClocksOptions) {
    this.time = options.time;
    this.log = options.log ?? (() => {});
    this.wait = options.retryMs ?? 500;
  }

  /** Sets game `id`'s timer to `due` (replacing the one it had), or clears it (undefined). */
  arm(id: string, due: number | undefined): void {
    const existing = this.timers.get(id);
    if (existing !== undefined) this.time.clearTimeout(existing.handle);
    this.timers.delete(id);
    if (due === undefined || this.stopped) return;
    const ms = Math.min(MAX_WAIT_MS, Math.max(0, due - this.time.now()));
    const handle = this.time.setTimeout(() => {
      if (this.timers.get(id)?.handle !== handle) return;
      this.timers.delete(id);
      this.options.flag(id).then(
        () => (this.wait = this.options.retryMs ?? 500),
        (e: unknown) => {
          this.log(`game ${id}: the time check failed (${message(e)}); every clock is checked again`);
          this.recover();
        },
      );
    }, ms);
    this.timers.set(id, { handle, due });
  }

  /**
   * Arms the timer of every stored running clock due within the horizon (one already due fires
   * at once). A timer already armed earlier is kept: it may come from a fresher copy than this
   * read (a move committed meanwhile), and one that fires early is armed again by `flag`. If the
   * store cannot be read, it is tried again (after 0.5 s, then longer waits) until it can.
   */
  async rearm(): Promise<void> {
    if (this.stopped) return;
    let rows: readonly GameRow[];
    try {
      rows = await this.options.running();
    } catch (e) {
      this.log(`the running clocks could not be read (${message(e)}); trying again`);
      this.recover();
      return;
    }
    if (this.stopped) return;
    const horizon = this.time.now() + (this.options.horizonMs ?? 20_000);
    for (const row of rows) {
      const due = dueOf(row);
      const armed = this.timers.get(row.id);
      if (due !== undefined && due < horizon && !(armed && armed.due <= due)) this.arm(row.id, due);
    }
  }

  /** Checks every clock again after a wait that grows while failures go on. */
  private recover(): void {
    if (this.stopped || this.recovery !== undefined) return;
    const wait = this.wait;
    this.wait = Math.min(this.options.maxRetryMs ?? 5000, wait * 2);
    this.recovery = this.time.setTimeout(() => {
      this.recovery = undefined;
      void this.rearm();
    }, wait);
  }

  /**
   * Writes this process's heartbeat every `everyMs` (one at a time, never piling up while the
   * database hangs). One written after failures means the database answers again: every clock
   * is checked (`rearm`).
   */
  beat(write: (now: number) => Promise<void>, everyMs: number): void {
    let failing = false;
    const next = (): void => {
      if (this.stopped) return;
      this.beating = this.time.setTimeout(() => {
        this.beating = undefined;
        write(this.time.now()).then(
          () => {
            if (failing) {
              failing = false;
              this.log('the database answers again; every clock is checked');
              void this.rearm();
            }
            next();
          },
          (e: unknown) => {
            if (!failing) this.log(`the heartbeat could not be written (${message(e)})`);
            failing = true;
            next();
          },
        );
      }, everyMs);
    };
    next();
  }

  /** Clears every timer; nothing is armed after this. */
  stop(): void {
    if (this.beating !== undefined) this.time.clearTimeout(this.beating);
    this.beating = undefined;
    this.stopped = true;
    for (const timer of this.timers.values()) this.time.clearTimeout(timer.handle);
    this.timers.clear();
    if (this.recovery !== undefined) this.time.clearTimeout(this.recovery);
    this.recovery = undefined;
  }

  /** The games with an armed timer (for tests). */
  armed(): string[] {
    return [...this.timers.keys()];
  }
}

// ---------------------------------------------------------------------------------------------
// The time no server was up

export interface ResumeOptions {
  readonly time: TimeSource;
  /** The latest heartbeat of any process. */
  lastHeartbeat(): Promise<number | undefined>;
  /** The latest moment a running game was changed (a commit proves a server was up then). */
  lastChange(): Promise<number | undefined>;
  /**
   * Adds `ms` to every running clock's turn start and writes this process's heartbeat at `now`,
   * in one transaction (so the same time is never credited twice); the number of games shifted.
   */
  shift(ms: number, now: number, last: number): Promise<number>;
  /** Writes this process's heartbeat at `now`. */
  heartbeat(now: number): Promise<void>;
  /**
   * A heartbeat younger than this may be another process's that is still up: wait until it is
   * this old and read again; one written meanwhile means a server is up and no time is credited.
   */
  readonly aliveMs: number;
}

/**
 * Credits every running clock with the time no server was up: from the last moment one is
 * known to have been up (its last heartbeat or commit) to now. Called once at a start, before
 * any timer is armed; writes this process's first heartbeat. Returns the ms credited.
 */
export async function resumeClocks(o: ResumeOptions): Promise<{ downMs: number; shifted: number }> {
  let last = await o.lastHeartbeat();
  if (last !== undefined && o.time.now() - last < o.aliveMs) {
    const first = last;
    await new Promise<void>((resolve) => o.time.setTimeout(resolve, first + o.aliveMs - o.time.now()));
    last = await o.lastHeartbeat();
    if (last !== undefined && last > first) {
      await o.heartbeat(o.time.now());
      return { downMs: 0, shifted: 0 };
    }
  }
  if (last === undefined) {
    await o.heartbeat(o.time.now());
    return { downMs: 0, shifted: 0 };
  }
  const changed = await o.lastChange();
  const up = Math.max(last, changed ?? last);
  const now = o.time.now();
  const downMs = Math.max(0, now - up);
  if (downMs === 0) {
    await o.heartbeat(now);
    return { downMs, shifted: 0 };
  }
  return { downMs, shifted: await o.shift(downMs, now, last) };
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
