/**
 * A real mail server for the mail tests: smtp-server on 127.0.0.1 (a free port, kept when it is
 * stopped and started again: a mail server that is down, then back), every mail it receives
 * parsed by mailparser, and a wait for the one a test expects.
 *
 *     const inbox = await Inbox.start();
 *     const server = await startServer({ ...setup, env: mailEnv(inbox) });
 *     const mail = await inbox.next((m) => m.to === 'ailill@example.org');
 */

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { querySql } from './tournament-harness.js';
export { startNow } from './tournament-harness.js';
import type { ServerSetup } from './harness.js';

export interface Received {
  readonly to: string;
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Lower-case names; the value as sent (unfolded). */
  readonly headers: Readonly<Record<string, string>>;
}

/** The site's address the test servers are given (PUBLIC_URL): the links of their mails start so. */
export const SITE = 'https://tafl.example.org/';

/** The environment of a server that sends mail to `inbox`: quick ticks and retries. */
export function mailEnv(inbox: Inbox, more: Record<string, string> = {}): Record<string, string> {
  return {
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Tafl <tafl@example.org>',
    PUBLIC_URL: SITE,
    TAFL_MAIL_TICK_MS: '100',
    TAFL_MAIL_RETRY_MS: '100',
    ...more,
  };
}

export class Inbox {
  readonly mails: Received[] = [];
  port = 0;
  private server: SMTPServer | undefined;
  private waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  private readonly taken = new Set<Received>();

  static async start(): Promise<Inbox> {
    const inbox = new Inbox();
    await inbox.up();
    return inbox;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Listens (again, on the same port once it has one). */
  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Going down, it tells the connections still open so (421) and closes them at once, as a
      // mail server that stops does. smtp-server's default waits 30 s for them to end, and the
      // server under test keeps its connection open between mails: every down() took 30 s.
      closeTimeout: 1,
      // An address of a mailbox that does not exist, refused for good (550).
      onRcptTo: (address, _session, done) => {
        if (address.address.startsWith('nobody')) {
          const refused = Object.assign(new Error(`<${address.address}>: no such mailbox here`), {
            responseCode: 550,
          });
          done(refused);
        } else done();
      },
      onData: (stream, _session, done) => {
        simpleParser(stream).then(
          (parsed) => {
            const headers: Record<string, string> = {};
            for (const line of parsed.headerLines)
              headers[line.key] = line.line.replace(/^[^:]*:\s*/, '').replace(/\r?\n\s+/g, ' ');
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            this.received({
              to: to?.value[0]?.address ?? '',
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers,
            });
            done();
          },
          (e: Error) => done(e),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Stops listening (a mail server that is down). */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private received(mail: Received): void {
    this.mails.push(mail);
    const waiter = this.waiters.find((w) => w.match(mail));
    if (!waiter) return;
    this.taken.add(mail);
    this.waiters = this.waiters.filter((w) => w !== waiter);
    waiter.resolve(mail);
  }

  /** The first mail matching `match` not taken yet (received already, or within `ms`). */
  next(match: (m: Received) => boolean, ms = 20_000): Promise<Received> {
    const found = this.mails.find((m) => !this.taken.has(m) && match(m));
    if (found) {
      this.taken.add(found);
      return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (m: Received) => (clearTimeout(timer), resolve(m)),
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(
            `no such mail within ${ms} ms; received: ${JSON.stringify(this.mails.map((m) => [m.to, m.subject]))}`,
          ),
        );
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** The mails received for `to`. */
  to(address: string): Received[] {
    return this.mails.filter((m) => m.to === address);
  }
}

/** The token of a link of the mail (`#/mail/confirm?token=…`, `#/mail/unsubscribe?token=…`). */
export function tokenIn(text: string, page: 'confirm' | 'unsubscribe'): string {
  const token = new RegExp(`#/mail/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(text)?.[1];
  if (!token) throw new Error(`no ${page} link in ${text}`);
  return token;
}

/** The queue's rows of an account (the tests' look into the database). */
export function queued(
  setup: ServerSetup,
  userId: string,
): Promise<{ id: string; kind: string; status: string; attempts: number; next_at: number }[]> {
  return querySql(
    setup,
    'select id, kind, status, attempts, next_at from mail_queue where user_id = ? order by created_at, id',
    [userId],
  );
}

/** Waits until `check` holds (polling), or fails saying what it waited for. */
export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  ms = 20_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
