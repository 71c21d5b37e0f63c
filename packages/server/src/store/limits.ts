/**
 * The limits' facts, in the database that every server process shares (the '0006-limits'
 * migration). A limit counted in one process's memory was forgotten at a restart, and N
 * processes on one PostgreSQL allowed N times its value; here a restart forgets nothing and a
 * cluster allows what one process does.
 *
 * A check and its write are one transaction that first locks every key it counts: on
 * PostgreSQL (READ COMMITTED, where two transactions could both count 4 and both insert) a
 * transaction-scoped advisory lock per key, taken in one global order (by the lock's number)
 * so that two transactions never wait for each other crosswise; on SQLite the worker thread's
 * one connection runs one transaction at a time (Kysely's driver holds it for the whole
 * transaction), which is the same thing. The next request for a key counts after the one
 * before has committed: twelve at once cannot pass a limit of five.
 *
 * - Throttles (`limit_attempts`): attempts per key within a window (sign-in failures, accounts
 *   made). An attempt takes its place when it begins and gives it back when it turns out not to
 *   count (a right password, a name taken, the server busy).
 * - Places (`waiting_places`): a waiting game's place under its address's limit and its
 *   account's. The place is the game's while the game waits: the count reads the game's status,
 *   so a join, an abort or an expiry frees it with nothing more to write.
 * - Known addresses (`known_addresses`): where each account signed in from lately, which exempts
 *   the owner from the account-wide sign-in limit (accounts/routes.ts).
 *
 * Addresses come here as keyed hashes (accounts/limits.ts addressHasher), never as they are.
 * The SQLite store runs in a worker thread: every method is forwarded there by name
 * (thread-store.ts), so arguments and answers are plain data.
 */

import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { int, type Database } from './schema.js';

/**
 * What each throttle counts: sign-in failures per (account, address), per account, per address;
 * sign-ups per address; mails sent to one mail address, and addresses an account set (mail/).
 */
export const THROTTLE_KINDS = [
  'signin-pair',
  'signin-account',
  'signin-address',
  'signup',
  'mail-sent',
  'mail-set',
] as const;
export type ThrottleKind = (typeof THROTTLE_KINDS)[number];

/** Attempts of one key within a window, and when the next may come. */
export interface Throttle {
  readonly kind: ThrottleKind;
  readonly key: string;
  /** Attempts are counted within this many ms before now. */
  readonly windowMs: number;
  /** Attempts within the window that cost no wait. */
  readonly free: number;
  /**
   * Absent: once `free` attempts are in the window, the next waits until the oldest of them
   * leaves it. Present: it waits this long after the last attempt, twice as long after each
   * further one, at most `windowMs`.
   */
  readonly growFromMs?: number;
  /** Counted, not checked: the attempt is written under this key but never refused by it. */
  readonly countOnly?: boolean;
}

export type Taken =
  { readonly ok: true } | { readonly ok: false; readonly kind: ThrottleKind; readonly until: number };

/** A place pending (its game being made) counts this long at most: a process that dies then frees it. */
export const PENDING_PLACE_MS = 5 * 60_000;

export interface LimitStore {
  /**
   * Attempt `id` begins: when no throttle refuses it, a row is written under each key (one
   * transaction, each key locked first) and `ok`; else the throttle that refuses it longest
   * and until when, with nothing written.
   */
  take(id: string, throttles: readonly Throttle[], now: number): Promise<Taken>;
  /** Attempt `id` does not count after all; and every attempt of the keys in `clear` is forgotten. */
  give(id: string, clear?: readonly { readonly kind: ThrottleKind; readonly key: string }[]): Promise<void>;
  /**
   * Takes place `id` under every key when each holds fewer than `max` (its waiting games and
   * pending places); whether it did (one transaction, each key locked first).
   */
  claim(id: string, keys: readonly string[], max: number, now: number): Promise<boolean>;
  /** The place's game was made (it holds the place while it waits), or was not (`null`: freed). */
  settle(id: string, gameId: string | null): Promise<void>;
  /** Whether the account named `nameKey` signed in from `address` at `since` or later. */
  known(nameKey: string, address: string, since: number): Promise<boolean>;
  /** The account signed in from `address` at `now`. */
  remember(userId: string, address: string, now: number): Promise<void>;
  /** Deletes what counts no more: attempts out of their window, free places, addresses not seen since `knownSince`. */
  sweep(now: number, knownSince: number): Promise<number>;
}

/** The tables of this module (the '0006-limits' migration), beside the shared ones. */
type LimitTables = {
  limit_attempts: { id: string; kind: string; key: string; at: number; expires_at: number };
  waiting_places: { id: string; key: string; game_id: string | null; at: number };
  known_addresses: { user_id: string; address: string; last_at: number };
};

type LimitDatabase = Database & LimitTables;

/**
 * When `t` lets the next attempt come (ms since 1970), given its attempts' times within the
 * window (oldest first); undefined: now.
 */
export function throttleUntil(t: Throttle, times: readonly number[], now: number): number | undefined {
  const n = times.length;
  if (n < t.free) return undefined;
  if (t.growFromMs === undefined) return times[n - t.free]! + t.windowMs;
  const until = times[n - 1]! + Math.min(t.windowMs, t.growFromMs * 2 ** (n - t.free));
  return until > now ? until : undefined;
}

/** The advisory locks' first key (PostgreSQL): this module's, apart from every other lock. */
const LOCK_SPACE = 0x7a_f1_1d;

/** A key's advisory lock number: 32 bits of its SHA-256 (two keys sharing one only wait for each other). */
function lockNumber(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0);
}

export class KyselyLimits implements LimitStore {
  private readonly db: Kysely<LimitDatabase>;

  constructor(
    db: Kysely<Database>,
    protected readonly dialect: 'sqlite' | 'postgres',
  ) {
    this.db = db.withTables<LimitTables>();
  }

  /** Locks every key named until the transaction ends (PostgreSQL; SQLite has one writer). */
  private async lock(tx: Transaction<LimitDatabase>, names: readonly string[]): Promise<void> {
    if (this.dialect !== 'postgres') return;
    const numbers = [...new Set(names.map(lockNumber))].sort((a, b) => a - b);
    for (const n of numbers) await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${n})`.execute(tx);
  }

  async take(id: string, throttles: readonly Throttle[], now: number): Promise<Taken> {
    if (throttles.length === 0) return { ok: true };
    return this.db.transaction().execute(async (tx): Promise<Taken> => {
      await this.lock(
        tx,
        throttles.map((t) => `attempts ${t.kind} ${t.key}`),
      );
      let refused: { kind: ThrottleKind; until: number } | undefined;
      for (const t of throttles) {
        if (t.countOnly) continue;
        const rows = await tx
          .selectFrom('limit_attempts')
          .select('at')
          .where('kind', '=', t.kind)
          .where('key', '=', t.key)
          .where('at', '>', now - t.windowMs)
          .orderBy('at', 'asc')
          .execute();
        const until = throttleUntil(
          t,
          rows.map((r) => int(r.at)),
          now,
        );
        if (until !== undefined && (refused === undefined || until > refused.until))
          refused = { kind: t.kind, until };
      }
      if (refused) return { ok: false, ...refused };
      await tx
        .insertInto('limit_attempts')
        .values(
          throttles.map((t) => ({ id, kind: t.kind, key: t.key, at: now, expires_at: now + t.windowMs })),
        )
        .execute();
      return { ok: true };
    });
  }

  async give(
    id: string,
    clear: readonly { readonly kind: ThrottleKind; readonly key: string }[] = [],
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('limit_attempts').where('id', '=', id).execute();
      for (const { kind, key } of clear)
        await tx.deleteFrom('limit_attempts').where('kind', '=', kind).where('key', '=', key).execute();
    });
  }

  async claim(id: string, keys: readonly string[], max: number, now: number): Promise<boolean> {
    if (keys.length === 0) return true;
    return this.db.transaction().execute(async (tx) => {
      await this.lock(
        tx,
        keys.map((k) => `places ${k}`),
      );
      for (const key of keys) {
        await this.freePlaces(tx, now, key);
        const held = await tx
          .selectFrom('waiting_places')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        if (int(held.n) >= max) return false;
      }
      await tx
        .insertInto('waiting_places')
        .values(keys.map((key) => ({ id, key, game_id: null, at: now })))
        .execute();
      return true;
    });
  }

  /**
   * Deletes the places that count no more (of `key`, or of every key): their game waits no
   * longer (joined, aborted, expired, deleted), or it was never made and the place is old.
   */
  private async freePlaces(db: Kysely<LimitDatabase>, now: number, key?: string): Promise<number> {
    let query = db
      .deleteFrom('waiting_places')
      .where((eb) =>
        eb.or([
          eb.and([eb('game_id', 'is', null), eb('at', '<=', now - PENDING_PLACE_MS)]),
          eb.and([
            eb('game_id', 'is not', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('games')
                  .select('games.id')
                  .whereRef('games.id', '=', 'waiting_places.game_id')
                  .where('games.status', '=', 'waiting'),
              ),
            ),
          ]),
        ]),
      );
    if (key !== undefined) query = query.where('key', '=', key);
    const deleted = await query.executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async settle(id: string, gameId: string | null): Promise<void> {
    if (gameId === null) await this.db.deleteFrom('waiting_places').where('id', '=', id).execute();
    else await this.db.updateTable('waiting_places').set({ game_id: gameId }).where('id', '=', id).execute();
  }

  async known(nameKey: string, address: string, since: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('known_addresses')
      .innerJoin('users', 'users.id', 'known_addresses.user_id')
      .select('known_addresses.last_at')
      .where('users.name_key', '=', nameKey)
      .where('known_addresses.address', '=', address)
      .where('known_addresses.last_at', '>=', since)
      .executeTakeFirst();
    return row !== undefined;
  }

  async remember(userId: string, address: string, now: number): Promise<void> {
    await this.db
      .insertInto('known_addresses')
      .values({ user_id: userId, address, last_at: now })
      .onConflict((oc) =>
        oc.columns(['user_id', 'address']).doUpdateSet((eb) => ({ last_at: eb.ref('excluded.last_at') })),
      )
      .execute();
  }

  async sweep(now: number, knownSince: number): Promise<number> {
    const attempts = await this.db
      .deleteFrom('limit_attempts')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    const places = await this.freePlaces(this.db, now);
    const addresses = await this.db
      .deleteFrom('known_addresses')
      .where('last_at', '<', knownSince)
      .executeTakeFirst();
    return Number(attempts.numDeletedRows) + places + Number(addresses.numDeletedRows);
  }
}
