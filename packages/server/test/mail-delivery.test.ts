/**
 * How mail is sent, through real server processes and a real SMTP server (mail-harness.ts), on
 * both databases: an address receives MAIL_PER_HOUR mails an hour and the next waits; a mail
 * server that is down, then back, gets every mail once (tried again with back-off); mails queued
 * when the server stops are sent by the next start; a mailbox refused for good is not tried
 * again; the daily digest lists the games waiting instead of a mail per game. And the settings:
 * a start with SMTP_URL but a missing or wrong MAIL_FROM or PUBLIC_URL stops, naming it.
 */

import { makeMoveSquares, presetById, startingPosition } from '@tafl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import type { ErrorBody, MailState, SeatGrant } from '../src/protocol.js';
import { apiAs, signUp, userName, type Session } from './accounts-harness.js';
import {
  BACKENDS,
  Client,
  freshDatabase,
  startServer,
  type ServerProcess,
  type ServerSetup,
} from './harness.js';
import { Inbox, SITE, mailEnv, queued, tokenIn, until } from './mail-harness.js';
import { runSql } from './tournament-harness.js';

const RULES = presetById('brandub-fr')!;
const PER_HOUR = 3;

describe.each(BACKENDS)('sending mail on %s', (backend) => {
  let inbox: Inbox;
  let server: ServerProcess;
  let setup: ServerSetup;
  let remove: () => Promise<void>;
  const clients: Client[] = [];
  const env = (): Record<string, string> =>
    mailEnv(inbox, { MAIL_PER_HOUR: String(PER_HOUR), TAFL_MAIL_DIGEST_EVERY_MS: '1500' });

  beforeAll(async () => {
    inbox = await Inbox.start();
    const database = await freshDatabase(backend);
    remove = database.remove;
    setup = database.setup;
    server = await startServer({ ...setup, env: env() });
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await server?.stop();
    await inbox?.down();
    await remove?.();
  });

  const as = <T>(session: Session | undefined, path: string, body?: unknown) =>
    apiAs<T>(server.url, path, session, body === undefined ? {} : { body });

  /** An account whose address is set (and confirmed, unless the mail server is down). */
  async function account(prefix: string, confirm = true): Promise<{ session: Session; address: string }> {
    const session = await signUp(server.url, userName(prefix));
    const address = `${session.user.name.toLowerCase()}@example.org`;
    expect((await as<MailState>(session, '/api/mail/address', { address, lang: 'en' })).status).toBe(200);
    if (confirm) {
      const mail = await inbox.next((m) => m.to === address);
      expect(
        (await as(undefined, '/api/mail/confirm', { token: tokenIn(mail.text, 'confirm') })).status,
      ).toBe(200);
    }
    return { session, address };
  }

  /** A correspondence game `opponent` makes and moves in, so that it is `player`'s move. */
  async function waitingFor(player: Session, opponent: Session): Promise<string> {
    const made = await as<SeatGrant>(opponent, '/api/games', {
      rules: RULES.id,
      side: 'attackers',
      time: { kind: 'correspondence', days: 5 },
      name: 'x',
    });
    const id = made.body.game.id;
    expect((await as(player, `/api/games/${id}/join`, { name: 'y' })).status).toBe(200);
    const client = await Client.connect(server.ws);
    clients.push(client);
    const pos = startingPosition(RULES);
    client.send({ t: 'watch', game: id, token: made.body.token });
    await client.next('state');
    client.send({
      t: 'move',
      game: id,
      token: made.body.token,
      ply: 0,
      move: makeMoveSquares(pos.geo, pos.legalMoves()[0]!),
    });
    await client.next('move', (m) => m.game === id && m.ply === 1);
    client.close();
    return id;
  }

  it(`sends one address ${PER_HOUR} mails an hour; the next waits for the hour, and others are not held up`, async () => {
    const { session: alice, address } = await account('Ailbhe');
    const bob = await signUp(server.url, userName('Bres'));
    const games = [await waitingFor(alice, bob), await waitingFor(alice, bob), await waitingFor(alice, bob)];
    // The confirmation and two of the three: three mails this hour.
    await until(`${PER_HOUR} mails to the address`, () => inbox.to(address).length === PER_HOUR);
    const later = Date.now() + 50 * 60_000;
    await until('the last one put off', async () =>
      (await queued(setup, alice.user.id)).some((r) => r.status === 'pending' && Number(r.next_at) > later),
    );
    const rows = await queued(setup, alice.user.id);
    const waiting = rows.filter((r) => r.status === 'pending');
    expect(waiting).toHaveLength(1);
    expect(games.map((g) => `${alice.user.id}:move:${g}:1`)).toContain(waiting[0]!.id);
    // It waits for the hour (its attempt not counted), and nobody else waits for it.
    expect(Number(waiting[0]!.attempts)).toBe(0);
    const { address: other } = await account('Conaire');
    expect(inbox.to(other)).toHaveLength(1);
    expect(inbox.to(address)).toHaveLength(PER_HOUR);
  });

  it('sends every mail once to a mail server that was down and is back, trying again meanwhile', async () => {
    await inbox.down();
    const { session, address } = await account('Dubthach', false);
    await until('two attempts', async () =>
      (await queued(setup, session.user.id)).some((r) => Number(r.attempts) >= 2),
    );
    expect(inbox.to(address)).toEqual([]);
    await inbox.up();
    const mail = await inbox.next((m) => m.to === address);
    expect(mail.subject).toBe('Confirm your email address');
    await until('sent', async () => (await queued(setup, session.user.id)).every((r) => r.status === 'sent'));
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.to(address)).toHaveLength(1);
    expect(server.log()).toMatch(/mail was not sent, trying again/);
  });

  it('sends the mails queued when the server stopped once it starts again', async () => {
    await inbox.down();
    const { session, address } = await account('Eochaid', false);
    await until('an attempt', async () =>
      (await queued(setup, session.user.id)).some((r) => Number(r.attempts) >= 1),
    );
    await server.stop();
    await inbox.up();
    expect(inbox.to(address)).toEqual([]);
    server = await startServer({ ...setup, env: env() });
    const mail = await inbox.next((m) => m.to === address);
    const token = tokenIn(mail.text, 'confirm');
    expect((await as(undefined, '/api/mail/confirm', { token })).status).toBe(200);
    expect((await as<MailState>(session, '/api/mail')).body.confirmed).toBe(true);
  });

  it('does not try again a mailbox refused for good', async () => {
    const session = await signUp(server.url, userName('Fergus'));
    const address = `nobody-${session.user.name.toLowerCase()}@example.org`;
    expect((await as(session, '/api/mail/address', { address, lang: 'en' })).status).toBe(200);
    await until('given up', async () =>
      (await queued(setup, session.user.id)).some((r) => r.status === 'failed'),
    );
    const [row] = await queued(setup, session.user.id);
    expect(Number(row!.attempts)).toBe(1);
    expect(server.log()).toMatch(/given up after 1 attempts/);
    expect(server.log()).not.toContain(address);
  });

  it('holds up no move while the mail server hangs (it takes the connection and never answers)', async () => {
    const hung = createServer(() => {});
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as AddressInfo;
    const database = await freshDatabase(backend);
    const stuck = await startServer({
      ...database.setup,
      env: { ...mailEnv(inbox), SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    try {
      const [alice, bob] = [
        await signUp(stuck.url, userName('Ith')),
        await signUp(stuck.url, userName('Mil')),
      ];
      for (const s of [alice, bob])
        await apiAs(stuck.url, '/api/mail/address', s, {
          body: { address: `${s.user.name.toLowerCase()}@example.org`, lang: 'en' },
        });
      await runSql(database.setup, [
        { sql: 'update mail_addresses set confirmed_at = ?', params: [Date.now()] },
      ]);
      const made = await apiAs<SeatGrant>(stuck.url, '/api/games', bob, {
        body: { rules: RULES.id, side: 'attackers', time: { kind: 'correspondence', days: 5 }, name: 'x' },
      });
      const joined = await apiAs<SeatGrant>(stuck.url, `/api/games/${made.body.game.id}/join`, alice, {
        body: { name: 'y' },
      });
      const id = made.body.game.id;
      const client = await Client.connect(stuck.ws);
      clients.push(client);
      const tokens = { attackers: made.body.token, defenders: joined.body.token };
      client.send({ t: 'watch', game: id });
      await client.next('state');
      const pos = startingPosition(RULES);
      // Every move queues a "your move" mail for an address that wants it; each is confirmed at once.
      for (let ply = 0; ply < 12; ply++) {
        const text = makeMoveSquares(pos.geo, pos.legalMoves()[0]!);
        client.send({ t: 'move', game: id, token: tokens[pos.turn], ply, move: text });
        await client.next('move', (m) => m.game === id && m.ply === ply + 1, 5_000);
        pos.play(pos.legalMoves()[0]!);
      }
      const pending = [
        ...(await queued(database.setup, alice.user.id)),
        ...(await queued(database.setup, bob.user.id)),
      ];
      expect(
        pending.filter((r) => r.kind === 'move' && r.status === 'pending').length,
      ).toBeGreaterThanOrEqual(10);
    } finally {
      await stuck.kill();
      hung.close();
      await database.remove();
    }
  });

  it('sends a daily digest of the games waiting instead of a mail per game', async () => {
    const { session: alice, address } = await account('Gormlaith');
    expect(
      (await as<MailState>(alice, '/api/mail/settings', { yourMove: 'digest' })).body.settings.yourMove,
    ).toBe('digest');
    const bob = await signUp(server.url, userName('Lugaid'));
    const games = [await waitingFor(alice, bob), await waitingFor(alice, bob)];
    const digest = await inbox.next((m) => m.to === address && m.subject === '2 games wait for your move');
    for (const id of games) expect(digest.text).toContain(`${SITE}#/online/${id}`);
    expect(digest.text).toContain(`against ${bob.user.name}, ${RULES.name}, until `);
    expect(digest.text).toContain(`${SITE}#/games`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect((await queued(setup, alice.user.id)).filter((r) => r.kind === 'move')).toEqual([]);
  });
});

describe.skipIf(!BACKENDS.includes('postgres'))('sending mail from two processes on postgres', () => {
  it('sends each mail once, however many processes look for it at once', async () => {
    const inbox = await Inbox.start();
    const database = await freshDatabase('postgres');
    const env = mailEnv(inbox, { TAFL_MAIL_TICK_MS: '10', MAIL_PER_HOUR: '10' });
    try {
      // The schema, then 150 confirmation mails due at once (written as the server writes them).
      await (await startServer({ ...database.setup, env })).stop();
      const now = Date.now();
      const addresses = Array.from({ length: 150 }, (_, i) => `twin${i}@example.org`);
      await runSql(
        database.setup,
        addresses.flatMap((address, i) => [
          {
            sql: 'insert into users (id, name, name_key, password, created_at, updated_at, seat_key) values (?, ?, ?, ?, ?, ?, ?)',
            params: [`u${i}`, `twin${i}`, `twin${i}`, 'scrypt$x', now, now, 'k'],
          },
          {
            sql: `insert into mail_addresses (user_id, address, lang, your_move, rounds, losses, added_at,
              confirm_hash, confirm_expires_at, unsubscribe_hash, updated_at) values (?, ?, 'en', 'each', 1, 1, ?, ?, ?, ?, ?)`,
            params: [`u${i}`, address, now, `c${i}`, now + 86_400_000, `u${i}`, now],
          },
          {
            sql: `insert into mail_queue (id, user_id, kind, game_id, payload, status, attempts, next_at, created_at)
              values (?, ?, 'confirm', null, '{}', 'pending', 0, ?, ?)`,
            params: [`u${i}:confirm:${now}`, `u${i}`, now, now],
          },
        ]),
      );
      const servers = await Promise.all([
        startServer({ ...database.setup, env }),
        startServer({ ...database.setup, env }),
      ]);
      try {
        await until('every confirmation', () => addresses.every((a) => inbox.to(a).length > 0), 60_000);
        // Both processes claim every 10 ms: give a second copy time to come, were one to.
        await new Promise((r) => setTimeout(r, 1_000));
        expect(addresses.filter((a) => inbox.to(a).length !== 1)).toEqual([]);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    } finally {
      await inbox.down();
      await database.remove();
    }
  });
});

describe('a server without SMTP_URL', () => {
  it('sends no mail and offers none: the account says nothing of it, and the mail API answers mail/off', async () => {
    const server = await startServer();
    try {
      const session = await signUp(server.url, userName('Plain'));
      const account = await apiAs<Record<string, unknown>>(server.url, '/api/account', session);
      expect(account.body).not.toHaveProperty('mail');
      for (const [path, body] of [
        ['/api/mail', undefined],
        ['/api/mail/address', { address: 'plain@example.org', lang: 'en' }],
        ['/api/mail/unsubscribe', { token: 'x' }],
      ] as const) {
        const r = await apiAs<ErrorBody>(server.url, path, session, body === undefined ? {} : { body });
        expect(r.status, path).toBe(404);
        expect(r.body.error.code).toBe('mail/off');
      }
    } finally {
      await server.stop();
    }
  });
});

describe('the mail settings', () => {
  const fails = async (env: Record<string, string>): Promise<string> => {
    const e = await startServer({ env }).then(
      async (s) => (await s.stop(), new Error('it started')),
      (error: unknown) => error as Error,
    );
    return e.message;
  };
  const good = {
    SMTP_URL: 'smtp://mailer:s3cret-pass@127.0.0.1:2525',
    MAIL_FROM: 'Tafl <tafl@example.org>',
    PUBLIC_URL: SITE,
  };

  it('stop a start that sets SMTP_URL without a sender or the site’s address, or with a wrong one, naming it', async () => {
    expect(await fails({ ...good, MAIL_FROM: '' })).toMatch(/MAIL_FROM: the sender of the mails/);
    expect(await fails({ ...good, MAIL_FROM: 'not an address' })).toMatch(
      /MAIL_FROM=not an address: an address/,
    );
    expect(await fails({ ...good, PUBLIC_URL: '' })).toMatch(/PUBLIC_URL: the site’s address/);
    expect(await fails({ ...good, PUBLIC_URL: 'https://tafl.example.org/?x=1' })).toMatch(
      /PUBLIC_URL=.*without a query/,
    );
    expect(await fails({ ...good, MAIL_PER_HOUR: '0' })).toMatch(/MAIL_PER_HOUR=0: a whole number from 1/);
    expect(await fails({ ...good, MAIL_DIGEST_HOUR: '24' })).toMatch(
      /MAIL_DIGEST_HOUR=24: a whole number from 0 to 23/,
    );
    const wrong = await fails({ ...good, SMTP_URL: 'https://mailer:s3cret-pass@mail.example.org' });
    expect(wrong).toMatch(/SMTP_URL: a https:\/\/ URL; mail goes to a smtp:\/\/ or smtps:\/\/ one/);
    expect(wrong).not.toContain('s3cret-pass');
  });
});
