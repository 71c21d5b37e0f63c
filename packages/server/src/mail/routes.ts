/**
 * The mail API (protocol-mail.ts): an account's address, its confirmation, its settings, and
 * the unsubscribe links. Every answer is the account's own: no route tells anyone else an
 * address, and none writes one to the log (a request's line has its path, never its body or
 * its query, where a link's token is).
 *
 * - Setting an address sends a mail, so an account may set MAIL_SETS_PER_HOUR an hour (a
 *   throttle of the database); each address receives MAIL_PER_HOUR mails an hour at most (the
 *   outbox), whoever asks.
 * - The confirmation and the unsubscribe of the app's pages are POSTs carrying the token; a
 *   mail client's one-click unsubscribe (RFC 8058) is a POST of `List-Unsubscribe=One-Click`
 *   as a form, with the token in the link's query: forms are read for that route only (a scope
 *   of its own), at most 1 KiB. That POST has no Origin and no cookie, which the cross-site
 *   check lets through (accounts/sessions.ts: programs); a page of another site cannot send it
 *   (its Origin is refused), nor would it know a token. A GET of the link changes nothing: it
 *   leads to the app's page, which asks first (mail scanners follow links).
 */

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from '../accounts/routes.js';
import {
  MAIL_LANGS,
  MAIL_TOKEN_RE,
  YOUR_MOVE,
  checkMailAddress,
  type MailLang,
  type MailSettings,
} from '../protocol-mail.js';
import type { Refusal } from '../protocol.js';
import type { Store } from '../store/types.js';
import { links } from './compose.js';
import type { MailService } from './service.js';

/** Addresses one account may set in an hour (each sends a confirmation mail). */
export const MAIL_SETS_PER_HOUR = 5;

/** A mail client's one-click unsubscribe: its form body, read no further than this. */
export const ONE_CLICK_MAX_BYTES = 1024;

export interface MailDeps {
  readonly mail: MailService;
  readonly store: Store;
  readonly accounts: Accounts;
  /** The site's address (PUBLIC_URL): where a GET of the unsubscribe link is sent on. */
  readonly publicUrl: string;
  readonly refuse: (reply: FastifyReply, refused: Refusal) => FastifyReply;
}

const required: Refusal = { code: 'auth/required', message: 'sign in first' };
const noAddress: Refusal = { code: 'mail/none', message: 'this account has no email address' };
const badToken: Refusal = {
  code: 'mail/token',
  message: 'this link is not, or no longer, valid: ask for a new one in your account',
};

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Only the named keys; the first offence, or undefined. */
function unknownKey(body: Record<string, unknown>, allowed: readonly string[]): Refusal | undefined {
  const key = Object.keys(body).find((k) => !allowed.includes(k));
  return key === undefined
    ? undefined
    : { code: 'msg/schema', message: `unknown field ${JSON.stringify(key.slice(0, 40))}` };
}

const readLang = (x: unknown): MailLang | undefined => MAIL_LANGS.find((l) => l === x);

/** A settings request's fields, or why it is not one. */
function readSettings(body: unknown): { settings: Partial<MailSettings>; lang?: MailLang } | Refusal {
  if (!isObject(body)) return { code: 'msg/schema', message: 'the request body must be a JSON object' };
  const bad = unknownKey(body, ['yourMove', 'rounds', 'losses', 'lang']);
  if (bad) return bad;
  const settings: { -readonly [K in keyof MailSettings]?: MailSettings[K] } = {};
  if (body.yourMove !== undefined) {
    const yourMove = YOUR_MOVE.find((y) => y === body.yourMove);
    if (!yourMove) return { code: 'msg/schema', message: `yourMove is one of ${YOUR_MOVE.join(', ')}` };
    settings.yourMove = yourMove;
  }
  for (const key of ['rounds', 'losses'] as const)
    if (body[key] !== undefined) {
      if (typeof body[key] !== 'boolean') return { code: 'msg/schema', message: `${key} is true or false` };
      settings[key] = body[key];
    }
  if (body.lang === undefined) return { settings };
  const lang = readLang(body.lang);
  return lang
    ? { settings, lang }
    : { code: 'msg/schema', message: `lang is one of ${MAIL_LANGS.join(', ')}` };
}

/** The token of a `{token}` body, or why not. */
function readToken(body: unknown): string | Refusal {
  if (!isObject(body)) return { code: 'msg/schema', message: 'the request body must be a JSON object' };
  const bad = unknownKey(body, ['token']);
  if (bad) return bad;
  return typeof body.token === 'string' && MAIL_TOKEN_RE.test(body.token) ? body.token : badToken;
}

/** No mail on this server: its API says so (`mail/off`), whatever is asked. */
export function registerMailOff(
  app: FastifyInstance,
  refuse: (reply: FastifyReply, refused: Refusal) => FastifyReply,
): void {
  const off: Refusal = { code: 'mail/off', message: 'this server sends no mail' };
  app.all('/api/mail', async (_request, reply) => refuse(reply, off));
  app.all('/api/mail/*', async (_request, reply) => refuse(reply, off));
}

export async function registerMail(app: FastifyInstance, deps: MailDeps): Promise<void> {
  const { mail, store, accounts, refuse } = deps;
  const signedIn = async (request: FastifyRequest) => accounts.viewer(request);

  app.get('/api/mail', async (request, reply) => {
    const player = await signedIn(request);
    return player ? mail.state(player.id) : refuse(reply, required);
  });

  app.post('/api/mail/address', async (request, reply) => {
    const player = await signedIn(request);
    if (!player) return refuse(reply, required);
    const body = request.body;
    if (!isObject(body))
      return refuse(reply, { code: 'msg/schema', message: 'the request body must be a JSON object' });
    const bad = unknownKey(body, ['address', 'lang']);
    if (bad) return refuse(reply, bad);
    const address = checkMailAddress(body.address);
    if (!address.ok) return refuse(reply, { code: 'mail/address', message: address.message });
    const lang = readLang(body.lang);
    if (!lang)
      return refuse(reply, { code: 'msg/schema', message: `lang is one of ${MAIL_LANGS.join(', ')}` });
    const now = Date.now();
    const taken = await store.limits.take(
      randomUUID(),
      [{ kind: 'mail-set', key: player.id, windowMs: 3_600_000, free: MAIL_SETS_PER_HOUR }],
      now,
    );
    if (!taken.ok) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil((taken.until - now) / 1000))));
      return refuse(reply, {
        code: 'rate/limited',
        message: `at most ${MAIL_SETS_PER_HOUR} addresses an hour: try again later`,
      });
    }
    return mail.setAddress(player.id, address.value, lang);
  });

  app.post('/api/mail/settings', async (request, reply) => {
    const player = await signedIn(request);
    if (!player) return refuse(reply, required);
    const read = readSettings(request.body);
    if ('code' in read) return refuse(reply, read);
    return (await mail.setSettings(player.id, read.settings, read.lang)) ?? refuse(reply, noAddress);
  });

  app.post('/api/mail/remove', async (request, reply) => {
    const player = await signedIn(request);
    return player ? mail.remove(player.id) : refuse(reply, required);
  });

  app.post('/api/mail/confirm', async (request, reply) => {
    const token = readToken(request.body);
    if (typeof token !== 'string') return refuse(reply, token);
    return (await mail.confirm(token)) ? { confirmed: true } : refuse(reply, badToken);
  });

  // A GET of the unsubscribe link (a person's click, or a scanner's) leads to the app's page.
  app.get<{ Querystring: { token?: unknown } }>('/api/mail/unsubscribe', async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const to = MAIL_TOKEN_RE.test(token)
      ? links(deps.publicUrl).unsubscribePage(token)
      : `${deps.publicUrl}#/account`;
    return reply.code(303).header('location', to).send();
  });

  // The app's page (JSON, the token in the body) and a mail client's one click (a form, the
  // token in the query): forms are read in this scope only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: ONE_CLICK_MAX_BYTES },
      (_request, body, done) => done(null, { form: typeof body === 'string' ? body : body.toString('utf8') }),
    );
    scope.post<{ Querystring: { token?: unknown } }>(
      '/api/mail/unsubscribe',
      { bodyLimit: ONE_CLICK_MAX_BYTES },
      async (request, reply) => {
        const body = request.body;
        let token: string | Refusal;
        if (isObject(body) && typeof body.form === 'string') {
          if (!/List-Unsubscribe/.test(body.form) || !/One-Click/.test(body.form))
            return refuse(reply, {
              code: 'msg/schema',
              message: 'the form must say List-Unsubscribe=One-Click',
            });
          const query = request.query.token;
          token = typeof query === 'string' && MAIL_TOKEN_RE.test(query) ? query : badToken;
        } else token = readToken(body);
        if (typeof token !== 'string') return refuse(reply, token);
        return (await mail.unsubscribe(token)) ? {} : refuse(reply, badToken);
      },
    );
  });
}
