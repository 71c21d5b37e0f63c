/**
 * Mail, for one server process: what queues the mails (the hub's committed changes, the
 * tournaments' rounds), an account's address and settings (routes.ts), and the outbox that
 * sends them (outbox.ts) through Nodemailer's SMTP transport.
 *
 * Nothing here is on a move's way: the hub tells of a change once it is committed, and the mail
 * is queued by a statement of its own that the move never waits for (a failure is logged). Which
 * mail is queued:
 * - "your move": a correspondence game being played whose turn passed to an account (a move, or
 *   the opponent joining), unless that player is at the table (a connection holds the seat, as
 *   far as this process knows): one per game and ply (its id), so one until the player has moved;
 * - a game lost on time or claimed (`time`, `abandoned`), for each account's seat that did not
 *   win and is not at the table;
 * - a tournament's game made for a round, for both players.
 * The store queues each only for a confirmed address that wants it, in one statement.
 */

import { SIDES, type Side } from '@tafl/core';
import { createTransport } from 'nodemailer';
import type { LineLog } from '../log.js';
import {
  DEFAULT_MAIL_SETTINGS,
  MAIL_CONFIRM_MS,
  type MailLang,
  type MailSettings,
  type MailState,
} from '../protocol-mail.js';
import type { MailKind } from '../store/mail.js';
import type { GameRow, Store } from '../store/types.js';
import { Outbox, redact, type Sender } from './outbox.js';
import type { MailConfig } from './settings.js';
import { linkToken, tokenHash } from './tokens.js';

export interface MailOptions {
  readonly store: Store;
  readonly log: LineLog;
  readonly config: MailConfig;
  /** The server's `mail` secret (Store.secret('mail')). */
  readonly secret: string;
  /** Whether a connection holds the seat of `side` in game `id` (Hub.connected). */
  readonly atTable: (id: string, side: Side) => boolean;
  /** Default: Nodemailer's SMTP transport to SMTP_URL. */
  readonly sender?: Sender;
}

/** A tournament's game made for a round (tournaments/director.ts). */
export interface PairedMail {
  readonly tournamentId: string;
  readonly tournament: string;
  readonly round: number;
  readonly gameId: string;
  readonly attackers: string;
  readonly defenders: string;
}

/** Nodemailer's SMTP transport to SMTP_URL, with timeouts that keep a stuck server from holding a mail long. */
export function smtpSender(config: MailConfig): Sender {
  const transport = createTransport({
    // One connection kept open and reused (a connection per mail took about a third of a second).
    pool: true,
    maxConnections: 1,
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // A mail is our text: nothing in it is a file or a URL to fetch.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    send: async (message) => {
      await transport.sendMail({ from: config.from, ...message, headers: { ...message.headers } });
    },
    close: () => transport.close(),
  };
}

const userAt = (row: GameRow, side: Side): string | null =>
  side === 'attackers' ? row.attackersUser : row.defendersUser;

export class MailService {
  readonly outbox: Outbox;

  constructor(private readonly o: MailOptions) {
    this.outbox = new Outbox({
      store: o.store,
      log: o.log,
      config: o.config,
      secret: o.secret,
      sender: o.sender ?? smtpSender(o.config),
    });
  }

  start(): void {
    this.outbox.start();
  }

  stop(): Promise<void> {
    return this.outbox.stop();
  }

  // -------------------------------------------------------------------------------------------
  // What queues mails

  /** A change this process committed to a game (Hub's onChange): `turn` is the side to move after it. */
  changed(prev: GameRow, next: GameRow, turn: Side): void {
    const now = Date.now();
    if (
      next.status === 'playing' &&
      next.timeKind === 'correspondence' &&
      (prev.status !== 'playing' || prev.ply !== next.ply)
    ) {
      const user = userAt(next, turn);
      if (user && !this.o.atTable(next.id, turn))
        this.queue(user, 'move', `${next.id}:${next.ply}`, next.id, { ply: next.ply }, now);
    }
    if (
      prev.status === 'playing' &&
      next.status === 'ended' &&
      (next.reason === 'time' || next.reason === 'abandoned')
    )
      for (const side of SIDES) {
        const user = userAt(next, side);
        if (user && next.winner !== side && !this.o.atTable(next.id, side))
          this.queue(user, 'lost', next.id, next.id, { side, reason: next.reason }, now);
      }
  }

  /** A tournament's game made for its round: both players are told. */
  paired(p: PairedMail): void {
    const now = Date.now();
    for (const [side, user] of [
      ['attackers', p.attackers],
      ['defenders', p.defenders],
    ] as const)
      this.queue(
        user,
        'round',
        `${p.tournamentId}:${p.round}`,
        p.gameId,
        { tournament: p.tournament, round: p.round, side },
        now,
      );
  }

  /** Queues a mail off the caller's way (the store decides whether the address wants it). */
  private queue(
    userId: string,
    kind: MailKind,
    about: string,
    gameId: string | null,
    payload: object,
    now: number,
  ): void {
    this.o.store.mail
      .enqueue({
        id: `${userId}:${kind}:${about}`,
        userId,
        kind,
        gameId,
        payload: JSON.stringify(payload),
        now,
      })
      .then(
        (queued) => void (queued && this.outbox.kick()),
        (e: unknown) =>
          this.o.log(
            `mail: a ${kind} mail could not be queued: ${redact(e instanceof Error ? e.message : String(e))}`,
          ),
      );
  }

  // -------------------------------------------------------------------------------------------
  // An account's address (routes.ts)

  async state(userId: string): Promise<MailState> {
    const row = await this.o.store.mail.address(userId);
    return row
      ? { address: row.address, confirmed: row.confirmedAt !== null, lang: row.lang, settings: row.settings }
      : { address: null, confirmed: false, lang: 'en', settings: DEFAULT_MAIL_SETTINGS };
  }

  /** The account's address becomes `address`, waiting for its confirmation (a mail sent). */
  async setAddress(userId: string, address: string, lang: MailLang): Promise<MailState> {
    const now = Date.now();
    const expires = now + MAIL_CONFIRM_MS;
    const { secret, store } = this.o;
    const before = await store.mail.address(userId);
    await store.mail.setAddress(
      {
        userId,
        address,
        lang,
        addedAt: now,
        confirmHash: tokenHash(linkToken(secret, 'confirm', userId, address, expires)),
        confirmExpiresAt: expires,
        unsubscribeHash: tokenHash(linkToken(secret, 'unsubscribe', userId, address, now)),
      },
      before?.settings ?? DEFAULT_MAIL_SETTINGS,
      { id: `${userId}:confirm:${now}`, userId, kind: 'confirm', gameId: null, payload: '{}', now },
    );
    this.outbox.kick();
    return this.state(userId);
  }

  /** The account's settings changed; undefined when it has no address. */
  async setSettings(
    userId: string,
    settings: Partial<MailSettings>,
    lang?: MailLang,
  ): Promise<MailState | undefined> {
    const before = await this.o.store.mail.address(userId);
    if (!before) return undefined;
    const merged: MailSettings = { ...before.settings, ...settings };
    if (!(await this.o.store.mail.setSettings(userId, merged, lang, Date.now()))) return undefined;
    return this.state(userId);
  }

  async remove(userId: string): Promise<MailState> {
    await this.o.store.mail.removeAddress(userId);
    return this.state(userId);
  }

  /** Confirms the address of a confirmation link's token; whether it did. */
  async confirm(token: string): Promise<boolean> {
    return (await this.o.store.mail.confirm(tokenHash(token), Date.now())) !== undefined;
  }

  /** Turns off every mail of the address of an unsubscribe link's token; whether there is one. */
  unsubscribe(token: string): Promise<boolean> {
    return this.o.store.mail.unsubscribe(tokenHash(token), Date.now());
  }
}
