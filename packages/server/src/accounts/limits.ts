/**
 * Attempts counted in a sliding window, per key (an account's name key, a client's address):
 * sign-in failures, accounts made. In this process's memory only: a restart forgets them, and
 * each process of a cluster counts its own (so N processes allow N times the numbers).
 *
 * An attempt takes its place when it begins (`take`), so that simultaneous attempts cannot all
 * pass together; one that turns out not to count (a right password) gives it back (`give`).
 */

export interface Window {
  /** Attempts allowed within `ms`. */
  readonly max: number;
  readonly ms: number;
}

export class Attempts {
  private readonly times = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(readonly window: Window) {}

  /** The attempts of `key` within the window, oldest first. */
  private live(key: string, now: number): number[] {
    const list = this.times.get(key);
    if (!list) return [];
    const from = now - this.window.ms;
    while (list.length > 0 && list[0]! <= from) list.shift();
    if (list.length === 0) this.times.delete(key);
    return list;
  }

  /** When `key` may try again (ms since 1970), or undefined when it may now. */
  blockedUntil(key: string, now = Date.now()): number | undefined {
    const list = this.live(key, now);
    if (list.length < this.window.max) return undefined;
    return list[list.length - this.window.max]! + this.window.ms;
  }

  /**
   * One attempt of `key` begins: undefined when it may (its place is taken), else when it may
   * try again.
   */
  take(key: string, now = Date.now()): number | undefined {
    this.sweep(now);
    const until = this.blockedUntil(key, now);
    if (until !== undefined) return until;
    const list = this.times.get(key);
    if (list) list.push(now);
    else this.times.set(key, [now]);
    return undefined;
  }

  /** Gives back the place one attempt of `key` took at `at`. */
  give(key: string, at: number): void {
    const list = this.times.get(key);
    const index = list?.lastIndexOf(at) ?? -1;
    if (!list || index < 0) return;
    list.splice(index, 1);
    if (list.length === 0) this.times.delete(key);
  }

  /** Forgets every attempt of `key`. */
  clear(key: string): void {
    this.times.delete(key);
  }

  /** Drops the keys whose attempts are all out of the window (at most once a minute). */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const key of [...this.times.keys()]) this.live(key, now);
  }
}

/** "try again in 7 minutes" for a wait until `until`. */
export function retryIn(until: number, now = Date.now()): string {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  if (seconds < 60) return `try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * At most `max` of the given tasks run at once (password hashes: scrypt runs in libuv's pool of
 * 4 threads, which file reads share); at most `queue` wait, beyond which `run` answers undefined.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T | undefined> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.queue) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** TAFL_SIGNUPS_PER_HOUR: accounts made from one client address per hour (0: no limit). */
export function signUpSetting(value: string | undefined): { signUpsPerHour?: number } {
  if (value === undefined || value.trim() === '') return {};
  if (!/^\d+$/.test(value.trim()))
    throw new Error(`TAFL_SIGNUPS_PER_HOUR=${value}: it is a whole number of accounts (0: no limit)`);
  return { signUpsPerHour: Number(value) };
}
