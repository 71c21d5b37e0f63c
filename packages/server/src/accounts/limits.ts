/**
 * What the accounts' limits are made of: the wait's words, the gate of password hashes, the
 * keyed hash an address is counted under. The counts themselves live in the database
 * (store/limits.ts), shared by every process and kept through a restart.
 */

import { createHmac } from 'node:crypto';
import type { Store } from '../store/types.js';

/**
 * The key a client address (client-key.ts) is counted under in the database: an HMAC with a
 * secret of the server's, so that the limits' tables, which keep keys for up to 90 days (the
 * addresses an account signed in from), hold no address as it is.
 */
export async function addressHasher(store: Store): Promise<(clientKey: string) => string> {
  const secret = await store.secret('addresses');
  return (clientKey) => createHmac('sha256', secret).update(clientKey).digest('base64url').slice(0, 22);
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
