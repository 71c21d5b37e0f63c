/**
 * A mail as it is sent: the subject, a plain text and an HTML body saying the same, and the
 * headers of a one-click unsubscribe (RFC 8058: `List-Unsubscribe` with the link a mail client
 * POSTs to, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). Every mail but the
 * confirmation ends with the link to the account's settings and the unsubscribe link.
 *
 * The facts come from the outbox (outbox.ts), read when the mail is sent; the words from
 * text.ts. Whatever a player chose (a name, a tournament's name) is escaped in the HTML; the
 * HTML has no image, script or remote style: a mail client shows it as it is.
 */

import type { MailLang } from '../protocol-mail.js';
import { MAIL_TEXT, type MailText } from './text.js';

export interface GameLine {
  readonly id: string;
  readonly opponent: string;
  readonly rules: string;
  /** When the player's time for the move runs out (ms since 1970), if a clock runs. */
  readonly deadline: number | null;
}

/** What a mail says, read from the database when it is sent. */
export type MailFacts =
  | { readonly kind: 'confirm'; readonly token: string }
  | { readonly kind: 'move'; readonly game: GameLine }
  | { readonly kind: 'digest'; readonly games: readonly GameLine[] }
  | {
      readonly kind: 'round';
      readonly gameId: string;
      readonly tournament: string;
      readonly round: number;
      readonly side: 'attackers' | 'defenders';
      readonly opponent: string;
    }
  | {
      readonly kind: 'lost';
      readonly gameId: string;
      readonly reason: 'time' | 'abandoned';
      readonly draw: boolean;
      readonly opponent: string;
      readonly rules: string;
    };

export interface Recipient {
  readonly lang: MailLang;
  /** The account's user name (the greeting). */
  readonly name: string;
  /** The unsubscribe link's token (mails but the confirmation). */
  readonly unsubscribe: string;
}

export interface Letter {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The app's links, from the site's address (`PUBLIC_URL`, ending with `/`). */
export const links = (site: string) => ({
  game: (id: string) => `${site}#/online/${encodeURIComponent(id)}`,
  games: () => `${site}#/games`,
  settings: () => `${site}#/account`,
  confirm: (token: string) => `${site}#/mail/confirm?token=${token}`,
  unsubscribePage: (token: string) => `${site}#/mail/unsubscribe?token=${token}`,
  /** Where a mail client POSTs `List-Unsubscribe=One-Click`. */
  oneClick: (token: string) => `${site}api/mail/unsubscribe?token=${token}`,
});

interface Body {
  readonly paragraphs: readonly string[];
  readonly items?: readonly { readonly text: string; readonly href: string }[];
  readonly action: { readonly label: string; readonly href: string };
  /** Said after the action, smaller. */
  readonly note?: string;
}

export function compose(facts: MailFacts, to: Recipient, site: string): Letter {
  const t = MAIL_TEXT[to.lang];
  const link = links(site);
  const { subject, body } = content(facts, t, to, site);
  const footer =
    facts.kind === 'confirm'
      ? undefined
      : { why: t.why, settings: link.settings(), unsubscribe: link.unsubscribePage(to.unsubscribe) };
  return {
    subject,
    text: plain(t.hello(to.name), body, footer && { ...footer, t }),
    html: html(to.lang, subject, t.hello(to.name), body, footer && { ...footer, t }),
    headers:
      facts.kind === 'confirm'
        ? {}
        : {
            'List-Unsubscribe': `<${link.oneClick(to.unsubscribe)}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
  };
}

/** A date and time in the recipient's language, in UTC (the mail cannot know their time zone). */
export function when(ms: number, lang: MailLang): string {
  const text = new Intl.DateTimeFormat(lang, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(ms);
  return `${text} UTC`;
}

function content(
  facts: MailFacts,
  t: MailText,
  to: Recipient,
  site: string,
): { subject: string; body: Body } {
  const link = links(site);
  switch (facts.kind) {
    case 'confirm':
      return {
        subject: t.confirmSubject,
        body: {
          paragraphs: [t.confirmBody(to.name)],
          action: { label: t.confirmAction, href: link.confirm(facts.token) },
          note: t.confirmIgnore,
        },
      };
    case 'move': {
      const g = facts.game;
      return {
        subject: t.moveSubject(g.opponent),
        body: {
          paragraphs: [
            t.moveBody(g.opponent, g.rules),
            ...(g.deadline === null ? [] : [t.moveDeadline(when(g.deadline, to.lang))]),
          ],
          action: { label: t.openGame, href: link.game(g.id) },
        },
      };
    }
    case 'digest':
      return {
        subject: t.digestSubject(facts.games.length),
        body: {
          paragraphs: [t.digestBody],
          items: facts.games.map((g) => ({
            text: [
              t.digestGame(g.opponent, g.rules),
              ...(g.deadline === null ? [] : [t.digestUntil(when(g.deadline, to.lang))]),
            ].join(', '),
            href: link.game(g.id),
          })),
          action: { label: t.digestAction, href: link.games() },
        },
      };
    case 'round':
      return {
        subject: t.roundSubject(facts.tournament, facts.round),
        body: {
          paragraphs: [t.roundBody(facts.round, t[facts.side], facts.opponent)],
          action: { label: t.openGame, href: link.game(facts.gameId) },
        },
      };
    case 'lost':
      return {
        subject: facts.reason === 'time' ? t.timeSubject(facts.opponent) : t.claimedSubject(facts.opponent),
        body: {
          paragraphs: [
            facts.reason === 'time'
              ? t.timeBody(facts.rules, facts.opponent)
              : (facts.draw ? t.claimedDraw : t.claimedWin)(facts.rules, facts.opponent),
          ],
          action: { label: t.openGame, href: link.game(facts.gameId) },
        },
      };
  }
}

interface Footer {
  readonly t: MailText;
  readonly why: string;
  readonly settings: string;
  readonly unsubscribe: string;
}

function plain(hello: string, body: Body, footer: Footer | undefined): string {
  const lines = [hello, '', ...body.paragraphs.flatMap((p) => [p, ''])];
  if (body.items) lines.push(...body.items.flatMap((i) => [`- ${i.text}`, `  ${i.href}`]), '');
  lines.push(`${body.action.label}: ${body.action.href}`, '');
  if (body.note) lines.push(body.note, '');
  if (footer)
    lines.push(
      '-- ',
      footer.why,
      `${footer.t.settings}: ${footer.settings}`,
      `${footer.t.unsubscribe}: ${footer.unsubscribe}`,
    );
  return `${lines.join('\n').trimEnd()}\n`;
}

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function html(
  lang: MailLang,
  subject: string,
  hello: string,
  body: Body,
  footer: Footer | undefined,
): string {
  const p = (text: string, style = ''): string => `<p${style ? ` style="${style}"` : ''}>${escape(text)}</p>`;
  const a = (href: string, text: string, style = ''): string =>
    `<a href="${escape(href)}"${style ? ` style="${style}"` : ''}>${escape(text)}</a>`;
  const parts = [
    p(hello),
    ...body.paragraphs.map((text) => p(text)),
    ...(body.items ? [`<ul>${body.items.map((i) => `<li>${a(i.href, i.text)}</li>`).join('')}</ul>`] : []),
    `<p>${a(body.action.href, body.action.label, 'display:inline-block;padding:8px 16px;background:#2f5d50;color:#ffffff;text-decoration:none;border-radius:4px')}</p>`,
    ...(body.note ? [p(body.note, 'color:#555555;font-size:90%')] : []),
    ...(footer
      ? [
          `<hr style="border:none;border-top:1px solid #cccccc">`,
          `<p style="color:#555555;font-size:90%">${escape(footer.why)}<br>${a(footer.settings, footer.t.settings)} · ${a(footer.unsubscribe, footer.t.unsubscribe)}</p>`,
        ]
      : []),
  ];
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>`,
    `<body style="font-family:sans-serif;line-height:1.5;color:#222222;max-width:36em">`,
    ...parts,
    '</body></html>',
    '',
  ].join('\n');
}
