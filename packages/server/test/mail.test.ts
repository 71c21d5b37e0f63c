/**
 * Mail that reaches a player away from the app, through real server processes and a real SMTP
 * server (mail-harness.ts), on both databases: an address confirmed by the link of its mail,
 * "your move" in a correspondence game (one per game until the player has moved, none to a
 * player at the table), a game lost on time or claimed while away, a tournament's round paired,
 * each in the account's language with a plain text and an HTML body, the game's link, the
 * settings' link and a one-click unsubscribe; the settings honoured; the address its owner's
 * alone, in no log, and gone with the account.
 */

import { makeMoveSquares, playMoveRecord, presetById, startingPosition, type Position } from '@tafl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, MailState, PlayerView, SeatGrant, TimeControl } from '../src/protocol.js';
import { apiAs, signUp, userName, type Session } from './accounts-harness.js';
import {
  BACKENDS,
  Client,
  freshDatabase,
  startServer,
  type ServerProcess,
  type ServerSetup,
} from './harness.js';
import { Inbox, SITE, mailEnv, queued, startNow, tokenIn, until, type Received } from './mail-harness.js';
import { TOURNAMENT_ENV, createTournament, joinTournament, querySql } from './tournament-harness.js';

const RULES = presetById('brandub-fr')!;

describe.each(BACKENDS)('mail on %s', (backend) => {
  let inbox: Inbox;
  let server: ServerProcess;
  let setup: ServerSetup;
  let remove: () => Promise<void>;
  let base: string;
  const clients: Client[] = [];
  const addresses: string[] = [];

  beforeAll(async () => {
    inbox = await Inbox.start();
    const database = await freshDatabase(backend);
    remove = database.remove;
    setup = database.setup;
    server = await startServer({
      ...setup,
      env: { ...mailEnv(inbox), ...TOURNAMENT_ENV, TAFL_CLAIM_GRACE_MS: '300' },
    });
    base = server.url;
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await server?.stop();
    await inbox?.down();
    await remove?.();
  });

  const as = <T>(session: Session | undefined, path: string, body?: unknown) =>
    apiAs<T>(base, path, session, body === undefined ? {} : { body });

  async function connect(): Promise<Client> {
    const client = await Client.connect(server.ws);
    clients.push(client);
    await client.next('hello');
    return client;
  }

  /** An account with a confirmed address (its confirmation mail taken), in `lang`. */
  async function withAddress(
    prefix: string,
    lang: 'en' | 'es' | 'fr',
    confirm = true,
  ): Promise<{ session: Session; address: string }> {
    const session = await signUp(base, userName(prefix));
    const address = `${session.user.name.toLowerCase()}@example.org`;
    addresses.push(address);
    const set = await as<MailState>(session, '/api/mail/address', { address, lang });
    expect(set.status).toBe(200);
    const mail = await inbox.next((m) => m.to === address);
    if (confirm)
      expect(
        (await as(undefined, '/api/mail/confirm', { token: tokenIn(mail.text, 'confirm') })).status,
      ).toBe(200);
    return { session, address };
  }

  /** A game `creator` makes (as the attackers, who move first) and `joiner` joins. */
  async function game(
    creator: Session,
    joiner: Session,
    time: TimeControl,
  ): Promise<{ id: string; a: string; d: string }> {
    const made = await as<SeatGrant>(creator, '/api/games', {
      rules: RULES.id,
      side: 'attackers',
      time,
      name: 'x',
    });
    expect(made.status).toBe(201);
    const joined = await as<SeatGrant>(joiner, `/api/games/${made.body.game.id}/join`, { name: 'y' });
    expect(joined.status).toBe(200);
    return { id: made.body.game.id, a: made.body.token, d: joined.body.token };
  }

  /** Plays the first legal move of `pos` in game `id` with `token`, and waits for it. */
  async function move(client: Client, id: string, token: string, pos: Position): Promise<void> {
    const text = makeMoveSquares(pos.geo, pos.legalMoves()[0]!);
    client.send({ t: 'move', game: id, token, ply: pos.ply, move: text });
    await client.next('move', (m) => m.game === id && m.ply === pos.ply + 1);
    expect(playMoveRecord(pos, text).ok).toBe(true);
  }

  const kinds = async (userId: string, kind: string): Promise<string[]> =>
    (await queued(setup, userId)).filter((r) => r.kind === kind).map((r) => r.id);

  it('says the server sends mail, and an account has no address until it sets one', async () => {
    expect((await as<{ mail?: boolean }>(undefined, '/api/account')).body.mail).toBe(true);
    const session = await signUp(base, userName('Fand'));
    expect((await as<{ mail?: boolean }>(session, '/api/account')).body.mail).toBe(true);
    expect((await as<MailState>(session, '/api/mail')).body).toEqual({
      address: null,
      confirmed: false,
      lang: 'en',
      settings: { yourMove: 'each', rounds: true, losses: true },
    });
    expect((await as<ErrorBody>(undefined, '/api/mail')).status).toBe(401);
  });

  it('confirms an address by the link of its mail (a POST of the token), once; in the language asked for', async () => {
    const session = await signUp(base, userName('Emer'));
    const address = `${session.user.name.toLowerCase()}@example.org`;
    addresses.push(address);
    const set = await as<MailState>(session, '/api/mail/address', { address: ` ${address} `, lang: 'fr' });
    expect(set.body).toMatchObject({ address, confirmed: false, lang: 'fr' });
    const mail = await inbox.next((m) => m.to === address);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail.from).toContain('tafl@example.org');
    expect(mail.text).toContain(`Bonjour ${session.user.name},`);
    expect(mail.text).toContain(`${SITE}#/mail/confirm?token=`);
    expect(mail.html).toContain(`lang="fr"`);
    expect(mail.html).toContain(`${SITE}#/mail/confirm?token=`);
    // No unsubscribe for a confirmation: nothing is subscribed yet.
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    const token = tokenIn(mail.text, 'confirm');
    expect((await as<MailState>(session, '/api/mail')).body.confirmed).toBe(false);
    expect((await as(undefined, '/api/mail/confirm', { token })).body).toEqual({ confirmed: true });
    expect((await as<MailState>(session, '/api/mail')).body).toMatchObject({ address, confirmed: true });
    // A link works once.
    const again = await as<ErrorBody>(undefined, '/api/mail/confirm', { token });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('mail/token');
  });

  it('refuses what is not an address with a code and a sentence, and keeps the one set', async () => {
    const { session, address } = await withAddress('Niamh', 'en');
    for (const bad of [
      '',
      'niamh',
      'a@b',
      'x@example.org\r\nBcc: y@example.org',
      `${'a'.repeat(250)}@example.org`,
      42,
    ]) {
      const r = await as<ErrorBody>(session, '/api/mail/address', { address: bad, lang: 'en' });
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.error.code).toBe('mail/address');
      expect(r.body.error.message.length).toBeGreaterThan(10);
    }
    expect((await as<ErrorBody>(session, '/api/mail/address', { address, lang: 'de' })).body.error.code).toBe(
      'msg/schema',
    );
    expect((await as<MailState>(session, '/api/mail')).body).toMatchObject({ address, confirmed: true });
  });

  it('mails "your move" once per game until the player has moved, never to a player at the table, in the language, with the links', async () => {
    const { session: alice, address } = await withAddress('Aoife', 'es');
    const bob = await signUp(base, userName('Bran'));
    const g = await game(bob, alice, { kind: 'correspondence', days: 3 });
    const pos = startingPosition(RULES);
    const bobs = await connect();
    bobs.send({ t: 'watch', game: g.id, token: g.a });
    await bobs.next('state');
    // Bob moves while Alice is away: her move, a mail.
    await move(bobs, g.id, g.a, pos);
    const first = await inbox.next((m) => m.to === address);
    expect(first.subject).toBe(`Te toca jugar contra ${bob.user.name}`);
    expect(first.text).toContain(`Hola, ${alice.user.name}:`);
    expect(first.text).toContain(`partida por correspondencia de ${RULES.name}`);
    expect(first.text).toMatch(/Tienes hasta el .* UTC para esta jugada\./);
    expect(first.text).toContain(`${SITE}#/online/${g.id}`);
    expect(first.text).toContain(`${SITE}#/account`);
    expect(first.text).toContain(`${SITE}#/mail/unsubscribe?token=`);
    expect(first.html).toContain(`href="${SITE}#/online/${g.id}"`);
    expect(first.html).toContain(`${SITE}#/mail/unsubscribe?token=`);
    expect(first.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${SITE.replace(/\./g, '\\.')}api/mail/unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`),
    );
    expect(first.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Alice comes to the table and moves; Bob moves while she is there: no mail.
    const alices = await connect();
    alices.send({ t: 'watch', game: g.id, token: g.d });
    await alices.next('state');
    await move(alices, g.id, g.d, pos);
    await move(bobs, g.id, g.a, pos);
    await alices.next('move', (m) => m.game === g.id && m.ply === 3);
    // She moves and leaves; Bob moves again: her move, a second mail.
    await move(alices, g.id, g.d, pos);
    alices.close();
    await bobs.next('presence', (m) => m.game === g.id && !m.presence.defenders.connected);
    await move(bobs, g.id, g.a, pos);
    await inbox.next((m) => m.to === address && m.subject === first.subject);
    expect(await kinds(alice.user.id, 'move')).toEqual([
      `${alice.user.id}:move:${g.id}:1`,
      `${alice.user.id}:move:${g.id}:5`,
    ]);
    // A draw offer at her move changes the game but not whose move it is: no mail.
    bobs.send({ t: 'draw', game: g.id, token: g.a, act: 'offer' });
    await bobs.next('update', (m) => m.game.id === g.id && m.game.drawOffer === 'attackers');
    expect(await kinds(alice.user.id, 'move')).toHaveLength(2);
    expect(inbox.to(address).filter((m) => m.subject === first.subject)).toHaveLength(2);
  });

  it('mails nothing an address has not confirmed, or has turned off', async () => {
    const { session: alice } = await withAddress('Grainne', 'en', false);
    const bob = await signUp(base, userName('Diarmuid'));
    const g = await game(bob, alice, { kind: 'correspondence', days: 2 });
    const pos = startingPosition(RULES);
    const bobs = await connect();
    bobs.send({ t: 'watch', game: g.id, token: g.a });
    await bobs.next('state');
    await move(bobs, g.id, g.a, pos);
    // Confirmed, with "your move" off:
    const { session: carol } = await withAddress('Cliodhna', 'en');
    expect(
      (await as<MailState>(carol, '/api/mail/settings', { yourMove: 'off' })).body.settings.yourMove,
    ).toBe('off');
    const h = await game(bob, carol, { kind: 'correspondence', days: 2 });
    const other = startingPosition(RULES);
    bobs.send({ t: 'watch', game: h.id, token: h.a });
    await bobs.next('state', (m) => m.game.id === h.id);
    await move(bobs, h.id, h.a, other);
    // A mail queued after both, to an account that wants it, is sent: the two before it were not queued.
    const { session: dana, address } = await withAddress('Deirdre', 'en');
    const k = await game(bob, dana, { kind: 'correspondence', days: 2 });
    bobs.send({ t: 'watch', game: k.id, token: k.a });
    await bobs.next('state', (m) => m.game.id === k.id);
    await move(bobs, k.id, k.a, startingPosition(RULES));
    await inbox.next((m) => m.to === address && m.subject.startsWith('Your move'));
    expect(await kinds(alice.user.id, 'move')).toEqual([]);
    expect(await kinds(carol.user.id, 'move')).toEqual([]);
  });

  it('unsubscribes by the mail client’s one click (a form POST, no cookie, no Origin), never by a GET of the link', async () => {
    const { session, address } = await withAddress('Etain', 'en');
    const bob = await signUp(base, userName('Midir'));
    const g = await game(bob, session, { kind: 'correspondence', days: 2 });
    const bobs = await connect();
    bobs.send({ t: 'watch', game: g.id, token: g.a });
    await bobs.next('state');
    await move(bobs, g.id, g.a, startingPosition(RULES));
    const mail = await inbox.next((m) => m.to === address && m.subject.startsWith('Your move'));
    const link = /^<(.*)>$/.exec(mail.headers['list-unsubscribe']!)![1]!.replace(SITE, `${base}/`);
    // A scanner's GET: sent on to the app's page, which asks first; nothing changes.
    const get = await fetch(link, { redirect: 'manual' });
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(
      `${SITE}#/mail/unsubscribe?token=${new URL(link).searchParams.get('token')}`,
    );
    expect((await as<MailState>(session, '/api/mail')).body.settings).toEqual({
      yourMove: 'each',
      rounds: true,
      losses: true,
    });
    // The one click: a form, as RFC 8058 has mail clients send it.
    const post = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect((await as<MailState>(session, '/api/mail')).body).toMatchObject({
      address,
      confirmed: true,
      settings: { yourMove: 'off', rounds: false, losses: false },
    });
    // The app's page: the token in a JSON body, also without the account's session.
    const token = tokenIn(mail.text, 'unsubscribe');
    expect((await as(undefined, '/api/mail/unsubscribe', { token })).status).toBe(200);
    // A multipart form (the other encoding RFC 8058 allows) is read too.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await fetch(link, { method: 'POST', body: form })).status).toBe(200);
  });

  it('mails a game lost on time, and one claimed while the player was away', async () => {
    const { session: alice, address } = await withAddress('Scathach', 'fr');
    const bob = await signUp(base, userName('Cuchulainn'));
    // On time: Bob moves, Alice never comes; her second runs out.
    const timed = await game(bob, alice, { kind: 'live', baseMs: 1_000, incrementMs: 0 });
    const bobs = await connect();
    bobs.send({ t: 'watch', game: timed.id, token: timed.a });
    await bobs.next('state');
    await move(bobs, timed.id, timed.a, startingPosition(RULES));
    const lost = await inbox.next((m) => m.to === address && m.subject.includes('au temps'));
    expect(lost.subject).toBe(`Vous avez perdu au temps contre ${bob.user.name}`);
    expect(lost.text).toContain(`${SITE}#/online/${timed.id}`);
    expect(lost.text).toContain('Votre temps est écoulé');
    // Claimed: Bob moves, Alice is away longer than the grace, Bob claims the victory.
    const claimed = await game(bob, alice, { kind: 'live', baseMs: 600_000, incrementMs: 0 });
    bobs.send({ t: 'watch', game: claimed.id, token: claimed.a });
    await bobs.next('state', (m) => m.game.id === claimed.id);
    await move(bobs, claimed.id, claimed.a, startingPosition(RULES));
    await new Promise((r) => setTimeout(r, 400));
    bobs.send({ t: 'claim', game: claimed.id, token: claimed.a, act: 'win' });
    await bobs.next('update', (m) => m.game.id === claimed.id && m.game.status === 'ended');
    const mail = await inbox.next((m) => m.to === address && m.subject.includes('réclamé'));
    expect(mail.subject).toBe(`${bob.user.name} a réclamé votre partie`);
    expect(mail.text).toContain(`${bob.user.name} a réclamé la victoire`);
    // Bob, at the table, is mailed nothing, and he had no address anyway; the winner never is.
    expect(await kinds(bob.user.id, 'lost')).toEqual([]);
  });

  it('mails both players of a tournament game when its round is paired', async () => {
    const { session: alice, address: a } = await withAddress('Macha', 'es');
    const { session: bob, address: b } = await withAddress('Nuada', 'en');
    const t = await createTournament(base, alice, {
      name: 'Tailtiu',
      startsAt: Date.now() + 60_000,
      rounds: 1,
    });
    await joinTournament(base, t.id, alice);
    await joinTournament(base, t.id, bob);
    await startNow(setup, t.id);
    const forAlice = await inbox.next((m) => m.to === a && m.subject.includes('Tailtiu'));
    const forBob = await inbox.next((m) => m.to === b && m.subject.includes('Tailtiu'));
    expect(forAlice.subject).toBe('Tailtiu: emparejada la ronda 1');
    expect(forBob.subject).toBe('Tailtiu: round 1 is paired');
    const [pairing] = await querySql<{ game_id: string; attackers_user: string }>(
      setup,
      'select game_id, attackers_user from tournament_pairings where tournament_id = ?',
      [t.id],
    );
    expect(forBob.text).toContain(`${SITE}#/online/${pairing!.game_id}`);
    expect(forBob.text).toContain(
      pairing!.attackers_user === bob.user.id ? 'you play the attackers' : 'you play the defenders',
    );
    expect(forAlice.text).toContain(`contra ${bob.user.name}`);
  });

  it('keeps the address its owner’s: no other account, no page and no log line holds it; removed, it is mailed nothing', async () => {
    const { session, address } = await withAddress('Oisin', 'en');
    const other = await signUp(base, userName('Niamh'));
    expect((await as<MailState>(other, '/api/mail')).body.address).toBeNull();
    const page = await as<PlayerView>(undefined, `/api/players/${session.user.name}`);
    expect(JSON.stringify(page.body)).not.toContain('@');
    expect(JSON.stringify((await as(other, '/api/me/games')).body)).not.toContain('@');
    // Removed: the address and its links go.
    const unsubscribe = tokenIn((await yourMove(session, address)).text, 'unsubscribe');
    expect((await as<MailState>(session, '/api/mail/remove', {})).body.address).toBeNull();
    expect((await as<ErrorBody>(undefined, '/api/mail/unsubscribe', { token: unsubscribe })).status).toBe(
      404,
    );
    expect((await as<ErrorBody>(session, '/api/mail/settings', { yourMove: 'digest' })).body.error.code).toBe(
      'mail/none',
    );
  });

  /** A "your move" mail for `session`'s address (a game made and moved in for it). */
  async function yourMove(session: Session, address: string): Promise<Received> {
    const bob = await signUp(base, userName('Lir'));
    const g = await game(bob, session, { kind: 'correspondence', days: 2 });
    const bobs = await connect();
    bobs.send({ t: 'watch', game: g.id, token: g.a });
    await bobs.next('state');
    await move(bobs, g.id, g.a, startingPosition(RULES));
    return inbox.next((m) => m.to === address && m.subject.startsWith('Your move'));
  }

  it('deletes the address and the account’s mails with the account', async () => {
    const { session, address } = await withAddress('Fionn', 'en');
    await yourMove(session, address);
    expect((await queued(setup, session.user.id)).length).toBeGreaterThanOrEqual(2);
    expect((await as(session, '/api/account/delete', { password: 'correct horse' })).status).toBe(204);
    expect(await queued(setup, session.user.id)).toEqual([]);
    expect(
      await querySql(setup, 'select user_id from mail_addresses where user_id = ?', [session.user.id]),
    ).toEqual([]);
  });

  it('writes no address in its log', async () => {
    await until('the mails sent', () => addresses.every((a) => inbox.to(a).length > 0));
    expect(addresses.length).toBeGreaterThan(5);
    const log = server.log() + server.out();
    for (const a of addresses) expect(log).not.toContain(a);
    expect(log).not.toMatch(/[\w.-]+@example\.org/);
    // The server ran with mail and wrote lines (its requests among them).
    expect(log).toContain('/api/mail/address');
  });
});
