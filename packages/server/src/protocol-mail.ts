/**
 * The mail part of the protocol: an account's address for the mails that reach a player away
 * from the app ("your move" in a correspondence game, a tournament round paired, a game lost on
 * time or claimed while away), its confirmation and its settings. Plain types and limits shared
 * by the server and the app (re-exported by protocol.ts).
 *
 * Offered only when the server's operator set SMTP_URL (docs/deploy.md, "Mail"): AccountState's
 * `mail` says so, and without it every route below answers `mail/off` (404). The address is its
 * owner's alone: only GET /api/mail, signed in, ever answers it.
 *
 *     GET  /api/mail                                -> MailState (signed in)
 *     POST /api/mail/address     MailAddressRequest -> 200 MailState (a confirmation mail sent)
 *     POST /api/mail/settings    MailSettingsRequest -> 200 MailState
 *     POST /api/mail/remove                        -> 200 MailState (the address and its mails gone)
 *     POST /api/mail/confirm     MailTokenRequest  -> 200 MailConfirmed (the link of the mail)
 *     POST /api/mail/unsubscribe MailTokenRequest  -> 200 {} (the app's page)
 *     POST /api/mail/unsubscribe?token=T  List-Unsubscribe=One-Click -> 200 (RFC 8058, a mail client)
 *     GET  /api/mail/unsubscribe?token=T            -> 303 to the app's page, which asks first
 *
 * The confirmation and unsubscribe links lead to the app (`#/mail/confirm?token=…`,
 * `#/mail/unsubscribe?token=…`), whose page sends the token in a POST: a GET never changes
 * anything, as mail scanners follow links.
 */

/** The languages a mail is written in: the app's, chosen when the address is added or changed. */
export const MAIL_LANGS = ['en', 'es', 'fr'] as const;
export type MailLang = (typeof MAIL_LANGS)[number];

/**
 * "Your move" in a correspondence game: a mail for each game as the opponent moves (at most one
 * per game until the player has moved), a daily digest of the games waiting, or nothing.
 */
export const YOUR_MOVE = ['each', 'digest', 'off'] as const;
export type YourMove = (typeof YOUR_MOVE)[number];

/** The longest address taken (RFC 5321's path limit). */
export const MAIL_ADDRESS_MAX = 254;
/** A confirmation link works this long after it was sent. */
export const MAIL_CONFIRM_MS = 24 * 3_600_000;
/** The form of a token in a link: 32 bytes in base64url. */
export const MAIL_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export interface MailSettings {
  readonly yourMove: YourMove;
  /** A tournament round paired (the game to play). */
  readonly rounds: boolean;
  /** A game lost on time or claimed while away. */
  readonly losses: boolean;
}

export interface MailState {
  /** The account's address, or null when it has none (its owner alone is ever told it). */
  readonly address: string | null;
  /** Mails are sent only once the address is confirmed (the link of the confirmation mail). */
  readonly confirmed: boolean;
  readonly lang: MailLang;
  readonly settings: MailSettings;
}

export interface MailAddressRequest {
  readonly address: string;
  readonly lang: MailLang;
}

export interface MailSettingsRequest extends Partial<MailSettings> {
  readonly lang?: MailLang;
}

export interface MailTokenRequest {
  readonly token: string;
}

export interface MailConfirmed {
  /** The address confirmed (the page says which). */
  readonly confirmed: true;
}

export const DEFAULT_MAIL_SETTINGS: MailSettings = { yourMove: 'each', rounds: true, losses: true };

/**
 * Whether `address` can be mailed (its trimmed form), or why not: one `@`, a local part and a
 * domain with a dot, no space or control character (nothing a mail header could be split by),
 * at most MAIL_ADDRESS_MAX characters. Not a full RFC 5322 parser: the confirmation mail is what
 * proves an address.
 */
export function checkMailAddress(
  value: unknown,
): { readonly ok: true; readonly value: string } | { readonly ok: false; readonly message: string } {
  if (typeof value !== 'string') return { ok: false, message: 'the address must be text' };
  const address = value.trim();
  if (address.length === 0) return { ok: false, message: 'type an email address' };
  if (address.length > MAIL_ADDRESS_MAX)
    return { ok: false, message: `an email address has at most ${MAIL_ADDRESS_MAX} characters` };
  if (!/^[^\s@<>()[\]\\,;:"\p{Cc}]+@[^\s@<>()[\]\\,;:"\p{Cc}]+\.[^\s@<>()[\]\\,;:"\p{Cc}.]+$/u.test(address))
    return { ok: false, message: 'that is not an email address (name@example.org)' };
  return { ok: true, value: address };
}
