/**
 * The mail tables (the '0007-mail' migration), through the one Kysely query layer of both
 * databases: each account's address and settings, and the queue of mails to send. The SQLite
 * store runs in a worker thread: every method is forwarded there by name (thread-store.ts), so
 * arguments and answers are plain data.
 *
 * Why the queue is made so:
 * - A mail's id says what it is about (`USER:move:GAME:PLY`...): queued twice, it is one row
 *   (`on conflict do nothing`), whichever process, or how many times, a change was seen.
 * - A mail is queued by one statement that reads the account's settings as it inserts
 *   (`insert … select … where confirmed and wanted`): nothing is queued for an address that is
 *   unconfirmed or does not want it, and nothing is read first on the way.
 * - Sending is claimed by a conditional update (pending, due, and no live lease), PostgreSQL's
 *   candidates read `for update skip locked`: of several processes, one takes each mail. A
 *   process that dies while sending leaves a lease that runs out, and another sends it.
 * - The address is read when the mail is sent, never copied into the queue: a changed or
 *   removed address is never mailed what was queued for it.
 */

import { sql, type Kysely, type Transaction } from 'kysely';
import type { MailLang, MailSettings, YourMove } from '../protocol-mail.js';
import { int, intOrNull, type Database } from './schema.js';

/** The kinds of mail: a confirmation, "your move", the daily digest, a round paired, a game lost. */
export const MAIL_KINDS = ['confirm', 'move', 'digest', 'round', 'lost'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface AddressRow {
  readonly userId: string;
  readonly address: string;
  readonly lang: MailLang;
  readonly settings: MailSettings;
  readonly addedAt: number;
  readonly confirmedAt: number | null;
  readonly confirmExpiresAt: number | null;
}

/** An address set (and not confirmed yet), with the hashes of its links' tokens. */
export interface NewAddress {
  readonly userId: string;
  readonly address: string;
  readonly lang: MailLang;
  readonly addedAt: number;
  readonly confirmHash: string;
  readonly confirmExpiresAt: number;
  readonly unsubscribeHash: string;
}

/** A mail to queue: `id` says what it is about (its account's first). */
export interface NewMail {
  readonly id: string;
  readonly userId: string;
  readonly kind: MailKind;
  readonly gameId: string | null;
  /** What the mail says, as JSON (never the address or a token). */
  readonly payload: string;
  readonly now: number;
}

/** A mail claimed for sending, with its account's address as it is now (null: removed). */
export interface ClaimedMail {
  readonly id: string;
  readonly userId: string;
  readonly userName: string;
  readonly kind: MailKind;
  readonly gameId: string | null;
  readonly payload: string;
  /** Attempts so far, this one included. */
  readonly attempts: number;
  readonly address: AddressRow | null;
}

/** What a finished attempt leaves: sent, nothing to send after all, refused for good, or later. */
export type MailOutcome =
  | { readonly status: 'sent' | 'dropped' | 'failed' }
  | { readonly status: 'pending'; readonly nextAt: number };

export interface MailStore {
  address(userId: string): Promise<AddressRow | undefined>;
  /**
   * The account's address is `row`, unconfirmed, with the default settings kept from the one it
   * replaces; the mails pending for the account are dropped and `confirm` queued (one transaction).
   */
  setAddress(row: NewAddress, settings: MailSettings, confirm: NewMail): Promise<void>;
  /** The account's settings (and language); false when it has no address. */
  setSettings(
    userId: string,
    settings: MailSettings,
    lang: MailLang | undefined,
    now: number,
  ): Promise<boolean>;
  /** The address and the mails pending for it are deleted; false when there was none. */
  removeAddress(userId: string): Promise<boolean>;
  /** Confirms the address whose token hashes to `hash`, if the link still works: its account. */
  confirm(hash: string, now: number): Promise<string | undefined>;
  /** Every kind of mail turned off for the address whose unsubscribe token hashes to `hash`. */
  unsubscribe(hash: string, now: number): Promise<boolean>;
  /**
   * Queues `mail` if the account's address is confirmed and wants mails of its kind (and none
   * of the same id was ever queued); whether it did.
   */
  enqueue(mail: NewMail): Promise<boolean>;
  /** Queues the digest of slot `slot` for every confirmed address that asked for one; how many. */
  enqueueDigests(slot: number, now: number): Promise<number>;
  /** Up to `limit` mails due at `now`, leased to `leaseId` until `now + leaseMs`. */
  claim(leaseId: string, now: number, leaseMs: number, limit: number): Promise<ClaimedMail[]>;
  /**
   * The attempt's outcome, if the lease is still `leaseId`'s. `deferred`: no attempt was made
   * after all (the hour's limit, a process stopping), so it does not count.
   */
  finish(id: string, leaseId: string, outcome: MailOutcome, now: number, deferred?: boolean): Promise<void>;
  /** Deletes mails done before `before`; how many. */
  sweep(before: number): Promise<number>;
}

type MailTables = {
  mail_addresses: {
    user_id: string;
    address: string;
    lang: string;
    your_move: string;
    rounds: number;
    losses: number;
    added_at: number;
    confirmed_at: number | null;
    confirm_hash: string | null;
    confirm_expires_at: number | null;
    unsubscribe_hash: string;
    updated_at: number;
  };
  mail_queue: {
    id: string;
    user_id: string;
    kind: string;
    game_id: string | null;
    payload: string;
    status: string;
    attempts: number;
    next_at: number;
    lease_id: string | null;
    lease_until: number | null;
    created_at: number;
    done_at: number | null;
  };
};

type MailDatabase = Database & MailTables;

/** The column of the setting that lets each kind be sent (a confirmation needs none). */
const WANTED: Readonly<Record<Exclude<MailKind, 'confirm'>, readonly [string, string | number]>> = {
  move: ['your_move', 'each'],
  digest: ['your_move', 'digest'],
  round: ['rounds', 1],
  lost: ['losses', 1],
};

function addressFromDb(r: MailTables['mail_addresses']): AddressRow {
  return {
    userId: r.user_id,
    address: r.address,
    lang: r.lang as MailLang,
    settings: { yourMove: r.your_move as YourMove, rounds: int(r.rounds) === 1, losses: int(r.losses) === 1 },
    addedAt: int(r.added_at),
    confirmedAt: intOrNull(r.confirmed_at),
    confirmExpiresAt: intOrNull(r.confirm_expires_at),
  };
}

const settingsToDb = (s: MailSettings) => ({
  your_move: s.yourMove,
  rounds: s.rounds ? 1 : 0,
  losses: s.losses ? 1 : 0,
});

export class KyselyMail implements MailStore {
  private readonly db: Kysely<MailDatabase>;

  constructor(
    db: Kysely<Database>,
    protected readonly dialect: 'sqlite' | 'postgres',
  ) {
    this.db = db.withTables<MailTables>();
  }

  async address(userId: string): Promise<AddressRow | undefined> {
    const r = await this.db
      .selectFrom('mail_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r && addressFromDb(r);
  }

  async setAddress(row: NewAddress, settings: MailSettings, confirm: NewMail): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const values = {
        address: row.address,
        lang: row.lang,
        added_at: row.addedAt,
        confirmed_at: null,
        confirm_hash: row.confirmHash,
        confirm_expires_at: row.confirmExpiresAt,
        unsubscribe_hash: row.unsubscribeHash,
        updated_at: row.addedAt,
      };
      await tx
        .insertInto('mail_addresses')
        .values({ user_id: row.userId, ...settingsToDb(settings), ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      await this.dropPending(tx, row.userId, row.addedAt);
      await this.insert(tx, confirm);
    });
  }

  /** The account's pending mails will not be sent (done now). */
  private async dropPending(tx: Transaction<MailDatabase>, userId: string, now: number): Promise<void> {
    await tx
      .updateTable('mail_queue')
      .set({ status: 'dropped', done_at: now, lease_id: null, lease_until: null })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
  }

  async setSettings(
    userId: string,
    settings: MailSettings,
    lang: MailLang | undefined,
    now: number,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('mail_addresses')
      .set({ ...settingsToDb(settings), ...(lang ? { lang } : {}), updated_at: now })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async removeAddress(userId: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('mail_queue')
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .execute();
      const deleted = await tx.deleteFrom('mail_addresses').where('user_id', '=', userId).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    });
  }

  async confirm(hash: string, now: number): Promise<string | undefined> {
    const row = await this.db
      .updateTable('mail_addresses')
      .set({ confirmed_at: now, confirm_hash: null, confirm_expires_at: null, updated_at: now })
      .where('confirm_hash', '=', hash)
      .where('confirm_expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  async unsubscribe(hash: string, now: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('mail_addresses')
      .set({ your_move: 'off', rounds: 0, losses: 0, updated_at: now })
      .where('unsubscribe_hash', '=', hash)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async enqueue(mail: NewMail): Promise<boolean> {
    if (mail.kind === 'confirm') return false;
    const [column, value] = WANTED[mail.kind];
    const inserted = await this.db
      .insertInto('mail_queue')
      .columns(['id', 'user_id', 'kind', 'game_id', 'payload', 'status', 'attempts', 'next_at', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('mail_addresses')
          .select([
            eb.val(mail.id).as('id'),
            'user_id',
            eb.val(mail.kind).as('kind'),
            eb.val(mail.gameId).as('game_id'),
            eb.val(mail.payload).as('payload'),
            eb.val('pending').as('status'),
            eb.val(0).as('attempts'),
            eb.val(mail.now).as('next_at'),
            eb.val(mail.now).as('created_at'),
          ])
          .where('user_id', '=', mail.userId)
          .where('confirmed_at', 'is not', null)
          .where(sql.ref(column), '=', value),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  private async insert(tx: Transaction<MailDatabase>, mail: NewMail): Promise<boolean> {
    const inserted = await tx
      .insertInto('mail_queue')
      .values({
        id: mail.id,
        user_id: mail.userId,
        kind: mail.kind,
        game_id: mail.gameId,
        payload: mail.payload,
        status: 'pending',
        attempts: 0,
        next_at: mail.now,
        created_at: mail.now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async enqueueDigests(slot: number, now: number): Promise<number> {
    const inserted = await this.db
      .insertInto('mail_queue')
      .columns(['id', 'user_id', 'kind', 'game_id', 'payload', 'status', 'attempts', 'next_at', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('mail_addresses')
          .select([
            sql<string>`user_id || ${`:digest:${slot}`}`.as('id'),
            'user_id',
            eb.val('digest').as('kind'),
            sql<null>`null`.as('game_id'),
            eb.val(JSON.stringify({ slot })).as('payload'),
            eb.val('pending').as('status'),
            eb.val(0).as('attempts'),
            eb.val(now).as('next_at'),
            eb.val(now).as('created_at'),
          ])
          .where('your_move', '=', 'digest')
          .where('confirmed_at', 'is not', null),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }

  async claim(leaseId: string, now: number, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
    let due = this.db
      .selectFrom('mail_queue')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .orderBy('next_at')
      .limit(limit);
    if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
    // The conditions again on the row updated: of two processes that read the same candidates,
    // the second finds them leased once the first has committed (PostgreSQL re-reads the row).
    await this.db
      .updateTable('mail_queue')
      .set((eb) => ({ lease_id: leaseId, lease_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', due)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .execute();
    const rows = await this.db
      .selectFrom('mail_queue')
      .innerJoin('users', 'users.id', 'mail_queue.user_id')
      .leftJoin('mail_addresses', 'mail_addresses.user_id', 'mail_queue.user_id')
      .select([
        'mail_queue.id as id',
        'mail_queue.user_id as userId',
        'users.name as userName',
        'mail_queue.kind as kind',
        'mail_queue.game_id as gameId',
        'mail_queue.payload as payload',
        'mail_queue.attempts as attempts',
        'mail_addresses.address as address',
        'mail_addresses.lang as lang',
        'mail_addresses.your_move as your_move',
        'mail_addresses.rounds as rounds',
        'mail_addresses.losses as losses',
        'mail_addresses.added_at as added_at',
        'mail_addresses.confirmed_at as confirmed_at',
        'mail_addresses.confirm_expires_at as confirm_expires_at',
      ])
      .where('mail_queue.lease_id', '=', leaseId)
      .where('mail_queue.status', '=', 'pending')
      .orderBy('mail_queue.next_at')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      userName: r.userName,
      kind: r.kind as MailKind,
      gameId: r.gameId,
      payload: r.payload,
      attempts: int(r.attempts),
      address:
        r.address === null
          ? null
          : addressFromDb({
              user_id: r.userId,
              address: r.address,
              lang: r.lang!,
              your_move: r.your_move!,
              rounds: r.rounds!,
              losses: r.losses!,
              added_at: r.added_at!,
              confirmed_at: r.confirmed_at,
              confirm_hash: null,
              confirm_expires_at: r.confirm_expires_at,
              unsubscribe_hash: '',
              updated_at: 0,
            }),
    }));
  }

  async finish(
    id: string,
    leaseId: string,
    outcome: MailOutcome,
    now: number,
    deferred = false,
  ): Promise<void> {
    await this.db
      .updateTable('mail_queue')
      .set((eb) =>
        outcome.status === 'pending'
          ? {
              next_at: outcome.nextAt,
              lease_id: null,
              lease_until: null,
              ...(deferred ? { attempts: eb('attempts', '-', 1) } : {}),
            }
          : { status: outcome.status, done_at: now, lease_id: null, lease_until: null },
      )
      .where('id', '=', id)
      .where('lease_id', '=', leaseId)
      .execute();
  }

  async sweep(before: number): Promise<number> {
    const deleted = await this.db
      .deleteFrom('mail_queue')
      .where('status', '!=', 'pending')
      .where('done_at', '<', before)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}
