/**
 * The outbox: each server process sends the mails of the queue (store/mail.ts) that are due,
 * away from every request and every move. It looks every TAFL_MAIL_TICK_MS, and at once when
 * this process has queued a mail.
 *
 * - A mail is claimed under a lease, so that one process sends it (another takes it over if the
 *   lease runs out: a process that died while sending). It may then be sent twice, never lost.
 * - What it says is read when it is sent, and it is dropped when there is nothing left to say:
 *   the address removed or no longer wanting it, "your move" once the player has moved (or the
 *   game is over), a digest with no game waiting, a confirmation already done or expired.
 * - Each address receives at most MAIL_PER_HOUR mails an hour: a throttle of the database
 *   (store/limits.ts, its check and its write one transaction), keyed by the address's HMAC;
 *   a mail over it waits until the hour lets it go, and a mail that was not sent after all gives
 *   its place back.
 * - A failure is tried again after TAFL_MAIL_RETRY_MS, twice as long after each further one, at
 *   most an hour, MAX_ATTEMPTS times in all (about a day); a refusal for good (an SMTP 5xx
 *   answer but a refused login) is not. Nothing of an address reaches the log (`redact`).
 * - The daily digest: at the hour, every process queues one for each address that asked for it
 *   (one per slot, whichever process does it first), and it lists the games waiting then.
 */

import { opposite, type Side } from '@tafl/core';
import { randomUUID } from 'node:crypto';
import { deadline, rulesOfRow, turnAt } from '../game.js';
import type { LineLog } from '../log.js';
import type { MailSettings } from '../protocol-mail.js';
import type { ClaimedMail, MailKind, MailOutcome } from '../store/mail.js';
import type { GameRow, Store } from '../store/types.js';
import { compose, type GameLine, type MailFacts } from './compose.js';
import type { MailConfig } from './settings.js';
import { addressKey, linkToken } from './tokens.js';

/** What sends a mail (Nodemailer's SMTP transport; service.ts). */
export interface Sender {
  send(message: {
    readonly to: string;
    readonly subject: string;
    readonly text: string;
    readonly html: string;
    readonly headers: Readonly<Record<string, string>>;
  }): Promise<void>;
  close(): void;
}

/** Mails claimed at once, and how long a process holds them (longer than sending them takes). */
const BATCH = 5;
const LEASE_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Attempts before a mail is given up: with the default retry, about a day of trying. */
export const MAX_ATTEMPTS = 30;
/** Mails done (sent, dropped, failed) are kept this long: a change seen again is not mailed again. */
const KEEP_MS = 7 * DAY_MS;
/** Games a digest lists at most. */
const DIGEST_MAX = 50;

/** Whether an address's settings let a mail of `kind` go. */
export function wanted(kind: MailKind, settings: MailSettings): boolean {
  switch (kind) {
    case 'confirm':
      return true;
    case 'move':
      return settings.yourMove === 'each';
    case 'digest':
      return settings.yourMove === 'digest';
    case 'round':
      return settings.rounds;
    case 'lost':
      return settings.losses;
  }
}

/** A message with every email address in it, and `address` whatever its form, taken out. */
export function redact(message: string, address?: string): string {
  let text = message;
  if (address) text = text.split(address).join('[address]');
  return text.replace(/[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g, '[address]');
}

/** The start of the digest's slot `now` is in: the day's digest hour (UTC), or every `digestEveryMs`. */
export function digestSlot(now: number, config: Pick<MailConfig, 'digestHour' | 'digestEveryMs'>): number {
  if (config.digestEveryMs) return Math.floor(now / config.digestEveryMs) * config.digestEveryMs;
  const offset = config.digestHour * HOUR_MS;
  return Math.floor((now - offset) / DAY_MS) * DAY_MS + offset;
}

export interface OutboxOptions {
  readonly store: Store;
  readonly log: LineLog;
  readonly config: MailConfig;
  /** The server's `mail` secret (tokens.ts). */
  readonly secret: string;
  readonly sender: Sender;
}

export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastSlot: number | undefined;
  private lastSweep = 0;

  constructor(private readonly o: OutboxOptions) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.o.config.tickMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for mails due now (again once the look under way ends). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => (this.running = undefined));
  }

  /** Stops looking; the mail being sent is finished, the others claimed are given back. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    this.o.sender.close();
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.round(Date.now());
      } catch (e) {
        this.o.log(`mail: the outbox's round failed, trying again: ${redact(errorText(e))}`);
      }
    } while (this.again && !this.stopped);
  }

  private async round(now: number): Promise<void> {
    const { store } = this.o;
    const slot = digestSlot(now, this.o.config);
    if (slot !== this.lastSlot) {
      await store.mail.enqueueDigests(slot, now);
      this.lastSlot = slot;
    }
    if (now - this.lastSweep > HOUR_MS) {
      await store.mail.sweep(now - KEEP_MS);
      this.lastSweep = now;
    }
    const lease = randomUUID();
    for (let claimed = BATCH; claimed === BATCH && !this.stopped;) {
      const batch = await store.mail.claim(lease, Date.now(), LEASE_MS, BATCH);
      claimed = batch.length;
      for (const mail of batch) {
        if (this.stopped) await this.finish(mail, lease, { status: 'pending', nextAt: Date.now() }, true);
        else await this.deliver(mail, lease);
      }
    }
  }

  private finish(mail: ClaimedMail, lease: string, outcome: MailOutcome, deferred = false): Promise<void> {
    return this.o.store.mail.finish(mail.id, lease, outcome, Date.now(), deferred);
  }

  private async deliver(mail: ClaimedMail, lease: string): Promise<void> {
    const { store, config, secret } = this.o;
    const now = Date.now();
    const address = mail.address;
    const facts = address ? await this.facts(mail, now) : undefined;
    if (!address || !facts) return this.finish(mail, lease, { status: 'dropped' });
    const letter = compose(
      facts,
      {
        lang: address.lang,
        name: mail.userName,
        unsubscribe: linkToken(secret, 'unsubscribe', mail.userId, address.address, address.addedAt),
      },
      config.publicUrl,
    );
    const attempt = randomUUID();
    const taken = await store.limits.take(
      attempt,
      [
        {
          kind: 'mail-sent',
          key: addressKey(secret, address.address),
          windowMs: HOUR_MS,
          free: config.perHour,
        },
      ],
      now,
    );
    if (!taken.ok) return this.finish(mail, lease, { status: 'pending', nextAt: taken.until }, true);
    try {
      await this.o.sender.send({ to: address.address, ...letter });
    } catch (e) {
      await store.limits.give(attempt);
      return this.failed(mail, lease, e, address.address);
    }
    return this.finish(mail, lease, { status: 'sent' });
  }

  /** A failed attempt: tried again later, or given up (a refusal for good, or too many attempts). */
  private failed(mail: ClaimedMail, lease: string, e: unknown, address: string): Promise<void> {
    const why = redact(errorText(e), address);
    const code = (e as { responseCode?: unknown }).responseCode;
    const forGood =
      typeof code === 'number' && code >= 500 && code < 600 && (e as { code?: unknown }).code !== 'EAUTH';
    if (forGood || mail.attempts >= MAX_ATTEMPTS) {
      this.o.log(
        `mail: a ${mail.kind} mail could not be sent, given up after ${mail.attempts} attempts: ${why}`,
        {
          level: 'error',
        },
      );
      return this.finish(mail, lease, { status: 'failed' });
    }
    const wait = Math.min(HOUR_MS, this.o.config.retryMs * 2 ** (mail.attempts - 1));
    this.o.log(
      `mail: a ${mail.kind} mail was not sent, trying again in ${Math.round(wait / 1000)} s: ${why}`,
      {
        level: 'warn',
      },
    );
    return this.finish(mail, lease, { status: 'pending', nextAt: Date.now() + wait });
  }

  /** What the mail says now, or undefined when there is nothing left to say (it is dropped). */
  private async facts(mail: ClaimedMail, now: number): Promise<MailFacts | undefined> {
    const address = mail.address!;
    if (mail.kind === 'confirm') {
      const expires = address.confirmExpiresAt;
      if (address.confirmedAt !== null || expires === null || expires <= now) return undefined;
      return {
        kind: 'confirm',
        token: linkToken(this.o.secret, 'confirm', mail.userId, address.address, expires),
      };
    }
    if (address.confirmedAt === null || !wanted(mail.kind, address.settings)) return undefined;
    const payload = JSON.parse(mail.payload) as Record<string, unknown>;
    if (mail.kind === 'digest') {
      const rows = await this.o.store.ratings.games(mail.userId, ['playing'], DIGEST_MAX * 4);
      const games = rows
        .flatMap((row) => {
          const line = waiting(row, mail.userId);
          return line && row.timeKind === 'correspondence' ? [line] : [];
        })
        .sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity))
        .slice(0, DIGEST_MAX);
      return games.length > 0 ? { kind: 'digest', games } : undefined;
    }
    const game = mail.gameId === null ? undefined : await this.o.store.loadGame(mail.gameId);
    if (!game) return undefined;
    const side = payload.side === 'attackers' || payload.side === 'defenders' ? payload.side : undefined;
    switch (mail.kind) {
      case 'move': {
        const line = game.ply === payload.ply ? waiting(game, mail.userId) : undefined;
        return line && { kind: 'move', game: line };
      }
      case 'round':
        if (!side || game.status !== 'playing' || typeof payload.round !== 'number') return undefined;
        return {
          kind: 'round',
          gameId: game.id,
          tournament: String(payload.tournament),
          round: payload.round,
          side,
          opponent: nameAt(game, opposite(side)),
        };
      case 'lost':
        if (!side || (payload.reason !== 'time' && payload.reason !== 'abandoned')) return undefined;
        return {
          kind: 'lost',
          gameId: game.id,
          reason: payload.reason,
          draw: game.winner === 'draw',
          opponent: nameAt(game, opposite(side)),
          rules: game.rulesName,
        };
    }
  }
}

const nameAt = (row: GameRow, side: Side): string =>
  (side === 'attackers' ? row.attackersName : row.defendersName) ?? '?';

/** The game as a line of a mail, if it is being played and `userId` is to move in it. */
function waiting(row: GameRow, userId: string): GameLine | undefined {
  const rules = rulesOfRow(row);
  if (!rules || row.status !== 'playing') return undefined;
  const turn = turnAt(rules, row.ply);
  if ((turn === 'attackers' ? row.attackersUser : row.defendersUser) !== userId) return undefined;
  return {
    id: row.id,
    opponent: nameAt(row, opposite(turn)),
    rules: row.rulesName,
    deadline: deadline(row, turn) ?? null,
  };
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
