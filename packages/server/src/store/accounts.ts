/**
 * The accounts tables, through the one Kysely query layer of both databases. The SQLite
 * store runs in a worker thread: every method is forwarded there by name (thread-store.ts), so
 * arguments and answers are plain data (structured clone), and an error reaches the caller with
 * its message only: report expected outcomes as values, not as errors of a kind.
 *
 * A session is kept by the SHA-256 of its cookie's token (`sessions.id`), never the token.
 *
 * An account's seat key (game.ts playToken) is made with it and replaced in the same transaction
 * as what should end its seat tokens (a password change, signing out everywhere), with the time
 * since which the new key waits for the games (`seat_rekey_at`, cleared by `seatsRekeyed`).
 */

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DELETED_NAME } from '../protocol-players.js';
import { int, type Database } from './schema.js';

/** A user as stored, with the password's stored form (scrypt$...). */
export interface UserRow {
  readonly id: string;
  readonly name: string;
  readonly password: string;
  readonly createdAt: number;
}

export interface NewUser {
  readonly id: string;
  readonly name: string;
  /** nameKey(name): what makes two names the same one. */
  readonly nameKey: string;
  readonly password: string;
  readonly createdAt: number;
}

export interface NewSession {
  /** SHA-256 (hex) of the cookie's token. */
  readonly id: string;
  readonly userId: string;
  readonly csrf: string;
  readonly createdAt: number;
}

/** A live session and the account it signs in. */
export interface SessionRow {
  readonly userId: string;
  readonly name: string;
  readonly userCreatedAt: number;
  readonly csrf: string;
  /** When it was last used before this lookup. */
  readonly lastSeenAt: number;
}

export interface AccountStore {
  /** A new account; 'taken' when the name (whatever its case) is some account's already. */
  signUp(user: NewUser): Promise<'created' | 'taken'>;
  /** The account named so (by nameKey), with its password's stored form. */
  userByName(nameKey: string): Promise<UserRow | undefined>;
  userById(id: string): Promise<UserRow | undefined>;
  /** The password's stored form rewritten (the same password: its seat tokens stay). */
  setPassword(userId: string, password: string, now: number): Promise<void>;
  /**
   * A new password, in one transaction with a new seat key (waiting since `now`) and the end of
   * every session of the account but `keep` (a session id).
   */
  changePassword(userId: string, password: string, now: number, keep: string): Promise<void>;
  /**
   * Signing out everywhere, in one transaction: every session of the account ends and it gets a
   * new seat key (waiting since `now`); the number of sessions ended.
   */
  signOutEverywhere(userId: string, now: number): Promise<number>;
  /** The account's seat key, or undefined when there is no such account. */
  seatKey(userId: string): Promise<string | undefined>;
  /** Every game of the account holds the hashes of `key`'s tokens: nothing waits, if it is still the key. */
  seatsRekeyed(userId: string, key: string): Promise<void>;
  /** Up to `limit` accounts whose new seat key has waited since before `before`. */
  rekeysDue(before: number, limit: number): Promise<string[]>;
  createSession(session: NewSession): Promise<void>;
  /**
   * The session `id` names, if it was used within `idleMs` of `now` (an older one is deleted);
   * its `last_seen_at` is moved to `now` when it is `touchMs` old or more.
   */
  session(id: string, now: number, idleMs: number, touchMs: number): Promise<SessionRow | undefined>;
  revokeSession(id: string): Promise<void>;
  /** Revokes every session of the account but `except` (a session id); the number revoked. */
  revokeSessions(userId: string, except?: string): Promise<number>;
  /** Deletes the sessions unused since `before`; the number deleted. */
  sweepSessions(before: number): Promise<number>;
  /** The ids of the games in which the account holds a seat. */
  userGames(userId: string): Promise<string[]>;
  /**
   * Deletes the account: its sessions and ratings go with it (foreign keys, on delete cascade);
   * its tournament entries and tournaments created show DELETED_NAME. Its games are the hub's
   * to forget first (Hub.forgetUser).
   */
  deleteUser(userId: string): Promise<void>;
}

/** A new seat key: 32 random bytes in base64url. */
const newSeatKey = (): string => randomBytes(32).toString('base64url');

const userOf = (r: { id: string; name: string; password: string; created_at: number }): UserRow => ({
  id: r.id,
  name: r.name,
  password: r.password,
  createdAt: int(r.created_at),
});

export class KyselyAccounts implements AccountStore {
  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly dialect: 'sqlite' | 'postgres',
  ) {}

  async signUp(user: NewUser): Promise<'created' | 'taken'> {
    const inserted = await this.db
      .insertInto('users')
      .values({
        id: user.id,
        name: user.name,
        name_key: user.nameKey,
        password: user.password,
        created_at: user.createdAt,
        updated_at: user.createdAt,
        seat_key: newSeatKey(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? 'created' : 'taken';
  }

  async userByName(nameKey: string): Promise<UserRow | undefined> {
    const r = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'password', 'created_at'])
      .where('name_key', '=', nameKey)
      .executeTakeFirst();
    return r && userOf(r);
  }

  async userById(id: string): Promise<UserRow | undefined> {
    const r = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'password', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return r && userOf(r);
  }

  async setPassword(userId: string, password: string, now: number): Promise<void> {
    await this.db.updateTable('users').set({ password, updated_at: now }).where('id', '=', userId).execute();
  }

  async changePassword(userId: string, password: string, now: number, keep: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({ password, updated_at: now, seat_key: newSeatKey(), seat_rekey_at: now })
        .where('id', '=', userId)
        .execute();
      await tx.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keep).execute();
    });
  }

  async signOutEverywhere(userId: string, now: number): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({ seat_key: newSeatKey(), seat_rekey_at: now })
        .where('id', '=', userId)
        .execute();
      const deleted = await tx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    });
  }

  async seatKey(userId: string): Promise<string | undefined> {
    const r = await this.db
      .selectFrom('users')
      .select('seat_key')
      .where('id', '=', userId)
      .executeTakeFirst();
    return r?.seat_key ?? undefined;
  }

  async seatsRekeyed(userId: string, key: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ seat_rekey_at: null })
      .where('id', '=', userId)
      .where('seat_key', '=', key)
      .execute();
  }

  async rekeysDue(before: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('seat_rekey_at', 'is not', null)
      .where('seat_rekey_at', '<', before)
      .orderBy('seat_rekey_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async createSession(session: NewSession): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        csrf: session.csrf,
        created_at: session.createdAt,
        last_seen_at: session.createdAt,
      })
      .execute();
  }

  async session(id: string, now: number, idleMs: number, touchMs: number): Promise<SessionRow | undefined> {
    const r = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.user_id as userId',
        'users.name as name',
        'users.created_at as userCreatedAt',
        'sessions.csrf as csrf',
        'sessions.last_seen_at as lastSeenAt',
      ])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
    if (!r) return undefined;
    const lastSeenAt = int(r.lastSeenAt);
    if (now - lastSeenAt > idleMs) {
      await this.revokeSession(id);
      return undefined;
    }
    if (now - lastSeenAt >= touchMs)
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: now })
        .where('id', '=', id)
        .where('last_seen_at', '<', now)
        .execute();
    return {
      userId: r.userId,
      name: r.name,
      userCreatedAt: int(r.userCreatedAt),
      csrf: r.csrf,
      lastSeenAt,
    };
  }

  async revokeSession(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async revokeSessions(userId: string, except?: string): Promise<number> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (except !== undefined) query = query.where('id', '!=', except);
    const deleted = await query.executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async sweepSessions(before: number): Promise<number> {
    const deleted = await this.db
      .deleteFrom('sessions')
      .where('last_seen_at', '<', before)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async userGames(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('games')
      .select('id')
      .where((eb) => eb.or([eb('attackers_user', '=', userId), eb('defenders_user', '=', userId)]))
      .execute();
    return rows.map((r) => r.id);
  }

  async deleteUser(userId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('tournament_players')
        .set({ name: DELETED_NAME })
        .where('user_id', '=', userId)
        .execute();
      await tx
        .updateTable('tournaments')
        .set({ creator_name: DELETED_NAME, creator_id: null })
        .where('creator_id', '=', userId)
        .execute();
      await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await tx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }
}
