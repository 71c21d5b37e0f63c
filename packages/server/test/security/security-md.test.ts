/**
 * docs/security.md states the limits and the secrets' sizes; this holds it to the code, so that
 * it cannot go stale silently. Its tables name, in their last column, the code each row is
 * about; each name's values, taken from the constants and functions themselves, are written
 * here as the page writes them ("10 s", "16 KiB", "5 free"), and must be in the row. In the
 * limits' table every number must be one of them, and every limit below must have its row.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCRYPT } from '../../src/accounts/passwords.js';
import { ACCOUNT_LIMITS } from '../../src/accounts/routes.js';
import { newCsrfToken, newSessionToken } from '../../src/accounts/sessions.js';
import { HTTP_RATE, LIMITS, MAX_BODY_BYTES, MAX_FRAME_BYTES } from '../../src/app.js';
import { newToken, playToken } from '../../src/game.js';
import { LOG_INTERVAL_MS } from '../../src/log.js';
import { MAIL_SETS_PER_HOUR, ONE_CLICK_MAX_BYTES } from '../../src/mail/routes.js';
import { MAIL_DEFAULTS } from '../../src/mail/settings.js';
import { linkToken } from '../../src/mail/tokens.js';
import {
  analysisBounds,
  MAX_ANALYSIS_BYTES,
  MAX_ATTACH,
  MAX_BODY_DEPTH,
  MAX_BODY_MEMBERS,
  MAX_MESSAGE_BYTES,
  MAX_MESSAGE_DEPTH,
  MAX_PLIES,
  MAX_WAITING_PER_CLIENT,
  MAX_WATCHED,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RATE_BURST,
  RATE_PER_SECOND,
  RATING_RANGE,
  RULES_MAX,
  SESSION_IDLE_MS,
  SWISS_ROUNDS,
  TOURNAMENT_PLAYERS_MAX,
  UNSTARTED_ABORT_MS,
  WAITING_EXPIRY_MS,
} from '../../src/protocol.js';
import {
  HISTORY_MAX,
  LEADERBOARD_MAX,
  MY_GAMES_MAX,
  PLAYING_MAX,
  RECENT_MAX,
} from '../../src/ratings/routes.js';
import { ABUSE_LIMIT, SEND_BUFFER_LIMIT } from '../../src/sockets.js';
import { MAIL_ADDRESS_MAX, MAIL_CONFIRM_MS } from '../../src/protocol-mail.js';
import { OPEN_PER_CREATOR } from '../../src/tournaments/routes.js';

const PAGE = readFileSync(new URL('../../../../docs/security.md', import.meta.url), 'utf8');

// Values as the page writes them.
const count = (n: number): string => n.toLocaleString('en-US');
const s = (ms: number): string => `${ms / 1000} s`;
const min = (ms: number): string => `${ms / 60_000} min`;
const h = (ms: number): string => `${ms / 3_600_000} h`;
const days = (ms: number): string => `${ms / 86_400_000} days`;
const kib = (bytes: number): string => `${bytes / 1024} KiB`;
const mib = (bytes: number): string => `${bytes / (1024 * 1024)} MiB`;
/** The random (or HMAC) bits a token carries: its base64url text decoded. */
const bits = (token: string): number => Buffer.from(token, 'base64url').length * 8;

/** Each name of the limits' table, and its values as its row must state them. */
const LIMIT_ROWS: Readonly<Record<string, readonly string[]>> = {
  'LIMITS.headersTimeoutMs': [`${s(LIMITS.headersTimeoutMs)} to send a request's headers`],
  'LIMITS.requestTimeoutMs': [`${s(LIMITS.requestTimeoutMs)} to send a whole request`],
  'LIMITS.keepAliveTimeoutMs': [`keep-alive connection ${s(LIMITS.keepAliveTimeoutMs)}`],
  'LIMITS.connectionTimeoutMs': [`a silent one ${s(LIMITS.connectionTimeoutMs)}`],
  'LIMITS.maxConnections': [`${count(LIMITS.maxConnections)} connections in all`],
  'LIMITS.maxConnectionsPerAddress': [`${count(LIMITS.maxConnectionsPerAddress)} per address`],
  'LIMITS.maxSocketsPerClient': [`${LIMITS.maxSocketsPerClient} WebSockets per client`],
  'LIMITS.pingMs': [`pinged every ${s(LIMITS.pingMs)}`],
  HTTP_RATE: [`${HTTP_RATE.perSecond} a second per client, a burst of ${HTTP_RATE.burst}`],
  MAX_BODY_BYTES: [`a body: ${kib(MAX_BODY_BYTES)}`],
  MAX_BODY_DEPTH: [`nested ${MAX_BODY_DEPTH} deep`],
  MAX_BODY_MEMBERS: [`${count(MAX_BODY_MEMBERS)} members`],
  analysisBounds: [
    `${kib(analysisBounds(0).bytes - (analysisBounds(1).bytes - analysisBounds(0).bytes))}`,
    `${analysisBounds(1).bytes - analysisBounds(0).bytes} bytes a position`,
  ],
  MAX_ANALYSIS_BYTES: [`${kib(MAX_ANALYSIS_BYTES)} at most`],
  MAX_MESSAGE_BYTES: [`a message: ${kib(MAX_MESSAGE_BYTES)}`],
  MAX_MESSAGE_DEPTH: [MAX_MESSAGE_DEPTH === 1 ? 'one flat object' : `nested ${MAX_MESSAGE_DEPTH} deep`],
  MAX_FRAME_BYTES: [`a frame over ${kib(MAX_FRAME_BYTES)}`],
  RATE_PER_SECOND: [`${RATE_PER_SECOND} a second per socket`],
  RATE_BURST: [`a burst of ${RATE_BURST}`],
  ABUSE_LIMIT: [`${ABUSE_LIMIT} refused in a row`],
  MAX_WATCHED: [`${MAX_WATCHED} games watched`],
  SEND_BUFFER_LIMIT: [`${mib(SEND_BUFFER_LIMIT)} queued`],
  MAX_WAITING_PER_CLIENT: [`${MAX_WAITING_PER_CLIENT} games waiting`],
  WAITING_EXPIRY_MS: [`expires after ${h(WAITING_EXPIRY_MS)}`],
  UNSTARTED_ABORT_MS: [`begins after ${min(UNSTARTED_ABORT_MS)}`],
  NAME_MAX: [`names of ${NAME_MAX} characters`],
  RULES_MAX: [`rules strings of ${count(RULES_MAX)}`],
  MAX_PLIES: [`games of ${count(MAX_PLIES)} moves`],
  'ACCOUNT_LIMITS.pairFailures': [
    `${ACCOUNT_LIMITS.pairFailures.free} free in ${min(ACCOUNT_LIMITS.pairFailures.windowMs)}`,
    `waits from ${s(ACCOUNT_LIMITS.pairFailures.growFromMs)}`,
  ],
  'ACCOUNT_LIMITS.accountFailures': [`${ACCOUNT_LIMITS.accountFailures.free} free`],
  'ACCOUNT_LIMITS.knownMs': [`addresses of ${days(ACCOUNT_LIMITS.knownMs)}`],
  'ACCOUNT_LIMITS.addressFailures': [`${ACCOUNT_LIMITS.addressFailures.free} free`],
  'ACCOUNT_LIMITS.signUps': [
    `${ACCOUNT_LIMITS.signUps.free} accounts made per client in ${min(ACCOUNT_LIMITS.signUps.windowMs)}`,
  ],
  'ACCOUNT_LIMITS.hashes': [
    `${ACCOUNT_LIMITS.hashes.running} password hashes at once, ${ACCOUNT_LIMITS.hashes.waiting} waiting`,
  ],
  PASSWORD_MIN: [`${PASSWORD_MIN} to`],
  PASSWORD_MAX: [`to ${PASSWORD_MAX} characters`],
  SESSION_IDLE_MS: [`${days(SESSION_IDLE_MS)} unused`],
  MAX_ATTACH: [`${MAX_ATTACH} guest seats`],
  RATING_RANGE: [`± ${count(RATING_RANGE.min)} to ${count(RATING_RANGE.max)}`],
  PLAYING_MAX: [`${PLAYING_MAX} games in progress`],
  RECENT_MAX: [`${RECENT_MAX} finished`],
  HISTORY_MAX: [`${HISTORY_MAX} ratings`],
  MY_GAMES_MAX: [`my games ${MY_GAMES_MAX}`],
  LEADERBOARD_MAX: [`leaderboards ${LEADERBOARD_MAX}`],
  TOURNAMENT_PLAYERS_MAX: [`${TOURNAMENT_PLAYERS_MAX} players`],
  SWISS_ROUNDS: [`${SWISS_ROUNDS.max} Swiss rounds`],
  OPEN_PER_CREATOR: [`${OPEN_PER_CREATOR} not yet started per creator`],
  LOG_INTERVAL_MS: [`every ${s(LOG_INTERVAL_MS)}`],
  'MAIL_DEFAULTS.perHour': [`${MAIL_DEFAULTS.perHour} an hour by default`],
  MAIL_SETS_PER_HOUR: [`${MAIL_SETS_PER_HOUR} an hour`],
  MAIL_ADDRESS_MAX: [`an address of ${MAIL_ADDRESS_MAX} characters`],
  ONE_CLICK_MAX_BYTES: [`body: ${kib(ONE_CLICK_MAX_BYTES)}`],
};

/** Each name of the secrets' table, and what its row must state of it. */
const SECRET_ROWS: Readonly<Record<string, readonly string[]>> = {
  newSessionToken: [`${bits(newSessionToken())} random bits`],
  SESSION_IDLE_MS: [days(SESSION_IDLE_MS)],
  newCsrfToken: [`${bits(newCsrfToken())} random bits`],
  newToken: [`${bits(newToken())} random bits`],
  playToken: [`${bits(playToken('secret', 'user', 'AAAAAAAAAA', 'key'))} bits of HMAC-SHA-256`],
  SCRYPT: [`N = 2^${Math.log2(SCRYPT.N)}, r = ${SCRYPT.r}, p = ${SCRYPT.p}`],
  secrets: [],
  addressHasher: [],
  'ACCOUNT_LIMITS.knownMs': [days(ACCOUNT_LIMITS.knownMs)],
  linkToken: [`${bits(linkToken('secret', 'confirm', 'user', 'a@example.org', 0))} bits of HMAC-SHA-256`],
  MAIL_CONFIRM_MS: [h(MAIL_CONFIRM_MS)],
  addressKey: [],
};

interface Row {
  readonly cells: readonly string[];
  /** The names in backquotes in the last cell. */
  readonly names: readonly string[];
}

/** The rows of the first table after the heading `## heading`. */
function table(heading: string): Row[] {
  const start = PAGE.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const lines = PAGE.slice(start).split('\n').slice(2);
  const first = lines.findIndex((l) => l.startsWith('|'));
  const body = lines.slice(first + 2);
  const rows = body.slice(
    0,
    body.findIndex((l) => !l.startsWith('|')),
  );
  return rows.map((line) => {
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
    return { cells, names: [...cells.at(-1)!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!) };
  });
}

const numbers = (text: string): string[] => text.match(/\d+(?:[.,]\d+)*/g) ?? [];

describe('docs/security.md', () => {
  it("states every limit with the code's value, and no other number, in the limits' table", () => {
    const rows = table('Limits');
    const named = new Set<string>();
    for (const { cells, names } of rows) {
      const limit = cells[0]!;
      expect(names.length, limit).toBeGreaterThan(0);
      const values = names.flatMap((name) => {
        expect(Object.keys(LIMIT_ROWS), `${name} in "${limit}"`).toContain(name);
        named.add(name);
        return LIMIT_ROWS[name]!;
      });
      for (const value of values) expect(limit, names.join(', ')).toContain(value);
      const stated = new Set(values.flatMap(numbers));
      for (const n of numbers(cells.slice(0, -1).join(' ')))
        expect([...stated], `${n} in "${limit}"`).toContain(n);
    }
    expect([...named].sort()).toEqual(Object.keys(LIMIT_ROWS).sort());
  });

  it("states the secrets' sizes as the code makes them", () => {
    const named = new Set<string>();
    for (const { cells, names } of table('What is secret, where it is kept, and what ends it'))
      for (const name of names) {
        expect(Object.keys(SECRET_ROWS), name).toContain(name);
        named.add(name);
        for (const value of SECRET_ROWS[name]!) expect(cells.slice(0, -1).join(' '), name).toContain(value);
      }
    expect([...named].sort()).toEqual(Object.keys(SECRET_ROWS).sort());
  });

  it('names every file of the attack suite', () => {
    const files = readdirSync(new URL('./', import.meta.url)).filter((f) => f.endsWith('.test.ts'));
    for (const file of files) expect(PAGE, file).toContain(`\`${file}\`:`);
  });
});
