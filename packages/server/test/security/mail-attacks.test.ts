/**
 * Attacks on mail, against real servers and a real SMTP server on both databases:
 * - a page of another site cannot unsubscribe, confirm, set or remove an address in a
 *   visitor's browser (its Origin, its Sec-Fetch-Site, a signed-in victim's cookie without the
 *   CSRF token), and nothing changes;
 * - a link's token is not guessed, not taken for the other link's, and ends with what should
 *   end it: a day for a confirmation, a new address (or a new confirmation) for both links;
 * - an account cannot make the server mail an address over and over: MAIL_SETS_PER_HOUR
 *   addresses an hour (no mail for the next), and the address's own hourly limit besides;
 * - input is bounded before it costs anything: a one-click form body past 1 KiB, a token of
 *   the wrong form;
 * - what a player chose (a tournament's name) is text in the HTML of a mail, never markup.
 */

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, MailState } from '../../src/protocol.js';
import { MAIL_SETS_PER_HOUR } from '../../src/mail/routes.js';
import { apiAs, signUp, userName, type Session } from '../accounts-harness.js';
import { BACKENDS, freshDatabase, startServer, type ServerProcess, type ServerSetup } from '../harness.js';
import { Inbox, mailEnv, startNow, tokenIn, until } from '../mail-harness.js';
import { TOURNAMENT_ENV, createTournament, joinTournament, querySql, runSql } from '../tournament-harness.js';

const SETTINGS_ON = { yourMove: 'each', rounds: true, losses: true };

describe.each(BACKENDS)('attacks on mail on %s', (backend) => {
  let inbox: Inbox;
  let server: ServerProcess;
  let setup: ServerSetup;
  let remove: () => Promise<void>;
  let base: string;

  beforeAll(async () => {
    inbox = await Inbox.start();
    const database = await freshDatabase(backend);
    remove = database.remove;
    setup = database.setup;
    server = await startServer({ ...setup, env: { ...mailEnv(inbox), ...TOURNAMENT_ENV } });
    base = server.url;
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.down();
    await remove?.();
  });

  const as = <T>(
    session: Session | undefined,
    path: string,
    body?: unknown,
    headers?: Record<string, string | undefined>,
  ) =>
    apiAs<T>(base, path, session, {
      ...(body === undefined ? {} : { body }),
      ...(headers ? { headers } : {}),
    });

  /** An account with an address, and the tokens of its two links (the confirmation unused unless `confirm`). */
  async function victim(
    confirm = true,
  ): Promise<{ session: Session; address: string; confirm: string; unsubscribe: string }> {
    const session = await signUp(base, userName('Victim'));
    const address = `${session.user.name.toLowerCase()}@example.org`;
    expect((await as(session, '/api/mail/address', { address, lang: 'en' })).status).toBe(200);
    const mail = await inbox.next((m) => m.to === address);
    const token = tokenIn(mail.text, 'confirm');
    if (confirm) expect((await as(undefined, '/api/mail/confirm', { token })).status).toBe(200);
    // The unsubscribe link's token, from the tournament mail every account with an address gets.
    return {
      session,
      address,
      confirm: token,
      unsubscribe: confirm ? await unsubscribeToken(session, address) : '',
    };
  }

  /** The unsubscribe token of `session`'s mails (a round of a tournament of its own mailed to it). */
  async function unsubscribeToken(session: Session, address: string): Promise<string> {
    const rival = await signUp(base, userName('Rival'));
    const t = await createTournament(base, session, {
      name: 'Beltane',
      startsAt: Date.now() + 60_000,
      rounds: 1,
    });
    await joinTournament(base, t.id, session);
    await joinTournament(base, t.id, rival);
    await startNow(setup, t.id);
    const mail = await inbox.next((m) => m.to === address && m.subject.startsWith('Beltane'));
    return tokenIn(mail.text, 'unsubscribe');
  }

  const settingsOf = async (session: Session) => (await as<MailState>(session, '/api/mail')).body;

  it('refuses another site’s one-click unsubscribe, confirmation, address and removal in a visitor’s browser', async () => {
    const { session, address, unsubscribe } = await victim();
    const evil = { origin: 'https://evil.example' };
    const form = { 'content-type': 'application/x-www-form-urlencoded', ...evil };
    const forged = await fetch(`${base}/api/mail/unsubscribe?token=${unsubscribe}`, {
      method: 'POST',
      headers: form,
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as ErrorBody).error.code).toBe('csrf/refused');
    const fetchSite = await fetch(`${base}/api/mail/unsubscribe?token=${unsubscribe}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(fetchSite.status).toBe(403);
    // The victim's own cookie, without the session's CSRF token: refused, whatever the Origin.
    const cookieOnly = { cookie: session.cookie, csrf: '' };
    for (const [path, body] of [
      ['/api/mail/address', { address: 'thief@example.net', lang: 'en' }],
      ['/api/mail/remove', {}],
      ['/api/mail/settings', { yourMove: 'off' }],
    ] as const) {
      const r = await apiAs<ErrorBody>(base, path, cookieOnly, {
        body,
        headers: { origin: undefined, 'x-tafl-csrf': undefined },
      });
      expect(r.status, path).toBe(403);
      expect(r.body.error.code).toBe('csrf/refused');
    }
    expect(await settingsOf(session)).toEqual({
      address,
      confirmed: true,
      lang: 'en',
      settings: SETTINGS_ON,
    });
    expect(inbox.to('thief@example.net')).toEqual([]);
  });

  it('takes no made-up token, nor one link’s token for the other’s, nor a token of the wrong form', async () => {
    const { session, confirm, unsubscribe } = await victim();
    const made = randomBytes(32).toString('base64url');
    for (const [path, token] of [
      ['/api/mail/confirm', made],
      ['/api/mail/unsubscribe', made],
      ['/api/mail/confirm', unsubscribe],
      ['/api/mail/unsubscribe', confirm],
      ['/api/mail/unsubscribe', `${unsubscribe}x`],
      ['/api/mail/confirm', 'x'.repeat(4000)],
    ] as const) {
      const r = await as<ErrorBody>(undefined, path, { token });
      expect(r.status, `${path} ${token.slice(0, 10)}`).toBe(404);
      expect(r.body.error.code).toBe('mail/token');
    }
    expect((await settingsOf(session)).settings).toEqual(SETTINGS_ON);
  });

  it('ends a confirmation link after a day, and both links with a new address', async () => {
    const late = await victim(false);
    await runSql(setup, [
      {
        sql: 'update mail_addresses set confirm_expires_at = ? where user_id = ?',
        params: [Date.now() - 1, late.session.user.id],
      },
    ]);
    expect((await as<ErrorBody>(undefined, '/api/mail/confirm', { token: late.confirm })).status).toBe(404);
    expect((await settingsOf(late.session)).confirmed).toBe(false);

    const { session, address, unsubscribe } = await victim();
    const moved = `moved-${address}`;
    expect((await as(session, '/api/mail/address', { address: moved, lang: 'en' })).status).toBe(200);
    const mail = await inbox.next((m) => m.to === moved);
    // The old address's unsubscribe link, and the new address's first confirmation once it asks again.
    expect((await as<ErrorBody>(undefined, '/api/mail/unsubscribe', { token: unsubscribe })).status).toBe(
      404,
    );
    expect((await as(session, '/api/mail/address', { address: moved, lang: 'en' })).status).toBe(200);
    await inbox.next((m) => m.to === moved);
    expect(
      (await as<ErrorBody>(undefined, '/api/mail/confirm', { token: tokenIn(mail.text, 'confirm') })).status,
    ).toBe(404);
    expect(await settingsOf(session)).toMatchObject({ address: moved, confirmed: false });
  });

  it(`lets an account set ${MAIL_SETS_PER_HOUR} addresses an hour, and mails nothing for the next`, async () => {
    const session = await signUp(base, userName('Spammer'));
    const target = `target-${session.user.name.toLowerCase()}@example.org`;
    for (let i = 0; i < MAIL_SETS_PER_HOUR; i++)
      expect((await as(session, '/api/mail/address', { address: target, lang: 'en' })).status).toBe(200);
    const refused = await as<ErrorBody>(session, '/api/mail/address', { address: target, lang: 'en' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate/limited');
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(60);
    // One confirmation queued for each address set, none for the refused one.
    const rows = await querySql<{ kind: string }>(setup, 'select kind from mail_queue where user_id = ?', [
      session.user.id,
    ]);
    expect(rows.map((r) => r.kind)).toEqual(Array<string>(MAIL_SETS_PER_HOUR).fill('confirm'));
    await until('the last confirmation sent', () => inbox.to(target).length > 0);
    expect(inbox.to(target).length).toBeLessThanOrEqual(MAIL_SETS_PER_HOUR);
  });

  it('bounds a one-click body before reading it, and refuses a form that does not say One-Click', async () => {
    const { session, unsubscribe } = await victim();
    const url = `${base}/api/mail/unsubscribe?token=${unsubscribe}`;
    const big = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `List-Unsubscribe=One-Click&pad=${'x'.repeat(2048)}`,
    });
    expect(big.status).toBe(413);
    const other = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=Later',
    });
    expect(other.status).toBe(400);
    // Forms are read by this route alone: elsewhere they are refused as before.
    const elsewhere = await fetch(`${base}/api/mail/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=x',
    });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as ErrorBody).error.code).toBe('msg/schema');
    expect((await settingsOf(session)).settings).toEqual(SETTINGS_ON);
  });

  it('writes a tournament’s name into a mail’s HTML as text, never as markup', async () => {
    const { session, address } = await victim();
    const rival = await signUp(base, userName('Rival'));
    const t = await createTournament(base, session, {
      name: '<img src=x onerror=alert(1)> Samhain',
      startsAt: Date.now() + 60_000,
      rounds: 1,
    });
    await joinTournament(base, t.id, session);
    await joinTournament(base, t.id, rival);
    await startNow(setup, t.id);
    const mail = await inbox.next((m) => m.to === address && m.subject.includes('Samhain'));
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Samhain');
  });
});
