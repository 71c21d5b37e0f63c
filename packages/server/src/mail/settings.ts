/**
 * The operator's mail settings (docs/deploy.md, "Mail"), read from the environment by main.ts.
 * Mail is on when SMTP_URL is set, and then needs MAIL_FROM (the sender) and PUBLIC_URL (the
 * site's address: a mail's links are made by a background job, where no request's Host is at
 * hand, and a Host header is the client's to choose anyway). Without SMTP_URL nothing is sent
 * and the app does not offer mail. A bad value stops the start with a sentence naming the
 * variable; SMTP_URL's password is never repeated in it.
 */

import { checkMailAddress } from '../protocol-mail.js';

export interface MailConfig {
  /** smtp:// or smtps://, with the user and password the mail server wants. */
  readonly smtpUrl: string;
  /** The From header: `Name <address>` or an address. */
  readonly from: string;
  /** The site's address, ending with `/`: the app's links are `${publicUrl}#/…`. */
  readonly publicUrl: string;
  /** Mails to one address in an hour at most (all processes together). */
  readonly perHour: number;
  /** The daily digest's hour, UTC. */
  readonly digestHour: number;
  /** Digests every this many ms instead of daily (tests). */
  readonly digestEveryMs?: number;
  /** How often each process looks for mails due. */
  readonly tickMs: number;
  /** The first retry's wait after a failure; each next one waits twice as long, at most an hour. */
  readonly retryMs: number;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The settings' defaults (docs/deploy.md, docs/security.md). */
export const MAIL_DEFAULTS = { perHour: 12, digestHour: 7, tickMs: 5_000, retryMs: 30_000 } as const;

/** A whole number from the environment, at least `min` (and at most `max`), or `fallback`. */
function whole(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < min || n > max)
    throw new Error(
      `${name}=${raw}: a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`,
    );
  return n;
}

/** The mail settings, or undefined when SMTP_URL is not set (no mail); throws a sentence on a bad value. */
export function mailSettings(env: Env): MailConfig | undefined {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) return undefined;
  let smtp: URL;
  try {
    smtp = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL: not a URL; smtp://user:password@mail.example.org:587 or smtps://… (port 465)');
  }
  if (smtp.protocol !== 'smtp:' && smtp.protocol !== 'smtps:')
    throw new Error(`SMTP_URL: a ${smtp.protocol}// URL; mail goes to a smtp:// or smtps:// one`);
  const from = env.MAIL_FROM?.trim();
  if (!from)
    throw new Error('MAIL_FROM: the sender of the mails (Tafl <tafl@example.org>) is needed with SMTP_URL');
  const sender = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  if (/[\r\n]/.test(from) || !checkMailAddress(sender).ok)
    throw new Error(
      `MAIL_FROM=${from}: an address (tafl@example.org) or a name and one (Tafl <tafl@example.org>)`,
    );
  const raw = env.PUBLIC_URL?.trim();
  if (!raw)
    throw new Error(
      'PUBLIC_URL: the site’s address for the links in mails (https://tafl.example.org/) is needed with SMTP_URL',
    );
  let site: URL;
  try {
    site = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL=${raw}: not a URL; the site’s address, https://tafl.example.org/`);
  }
  if ((site.protocol !== 'https:' && site.protocol !== 'http:') || site.search || site.hash || site.username)
    throw new Error(`PUBLIC_URL=${raw}: the site’s https:// address, without a query or a fragment`);
  const publicUrl = site.href.endsWith('/') ? site.href : `${site.href}/`;
  const every = env.TAFL_MAIL_DIGEST_EVERY_MS?.trim();
  return {
    smtpUrl,
    from,
    publicUrl,
    perHour: whole(env, 'MAIL_PER_HOUR', MAIL_DEFAULTS.perHour, 1),
    digestHour: whole(env, 'MAIL_DIGEST_HOUR', MAIL_DEFAULTS.digestHour, 0, 23),
    ...(every ? { digestEveryMs: whole(env, 'TAFL_MAIL_DIGEST_EVERY_MS', 0, 100) } : {}),
    tickMs: whole(env, 'TAFL_MAIL_TICK_MS', MAIL_DEFAULTS.tickMs, 10),
    retryMs: whole(env, 'TAFL_MAIL_RETRY_MS', MAIL_DEFAULTS.retryMs, 10),
  };
}
