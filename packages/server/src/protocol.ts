/**
 * The online-play protocol, shared by the server and the app (`@tafl/server/protocol`): plain
 * types, limits, refusal codes and the validators of what clients send. It imports nothing but
 * `@tafl/core` types and bounded-json.ts (no Node API), so the browser bundles it without any of
 * the server.
 *
 * HTTP (JSON):
 *
 *     POST /api/games            CreateGameRequest -> 201 SeatGrant        create, take a seat
 *     POST /api/games/:id/join   JoinRequest       -> 200 SeatGrant        take the free seat
 *     GET  /api/games/:id                          -> 200 GameView         (all moves)
 *     GET  /api/games/:id/record                   -> 200 text/plain       the OTN game record
 *     GET  /api/lobby                              -> 200 Lobby
 *
 * A refusal is `{ error: { code, message } }` with a 4xx status. POSTs are limited per client
 * address (`rate/limited`, 429): the server's TAFL_HTTP_RATE, per second, 0 for no limit. A body
 * is bounded before it is parsed, in bytes, keys and depth (MAX_BODY_MEMBERS, MAX_BODY_DEPTH; an
 * analysis by its game's length, analysisBounds): beyond, `msg/size` (413) or `msg/depth` (400).
 *
 * WebSocket `GET /api/ws`: JSON text messages, one flat object each (MAX_MESSAGE_BYTES,
 * MAX_MESSAGE_DEPTH). The client watches games (`watch`, with `from` = the number of moves it
 * already has) and acts in them with the seat token the server gave it. The server sends
 * `state` in answer to `watch`, then `move` and `update` to everyone watching the game, and
 * `error` to the sender of a refused message (with the sender's `re`, if it gave one). A move is
 * only ever sent after it is committed to the database: the mover's confirmation is the `move`
 * message itself.
 */

import type { Side } from '@tafl/core';
import { readJson } from './bounded-json.js';
import type { ClockView, GameHeader, GameView, Presence, SeatChoice, TimeControl } from './protocol-games.js';
import { MAX_ATTACH, RATING_RANGE } from './protocol-players.js';

export * from './protocol-games.js';
export * from './protocol-players.js';
export * from './protocol-mail.js';

export const PROTOCOL_VERSION = 1;

// ---------------------------------------------------------------------------------------------
// Limits

/** Largest WebSocket message the server reads; larger ones are refused with `msg/size`. */
export const MAX_MESSAGE_BYTES = 4096;
/**
 * The deepest nesting of arrays and objects a WebSocket message may have: every message is one
 * flat object. Deeper ones are refused with `msg/depth` before they are parsed (bounded-json.ts).
 */
export const MAX_MESSAGE_DEPTH = 1;
/**
 * The deepest nesting of arrays and objects a request body may have: an analysis's
 * `{"plies": [{"pv": ["d1-d3"]}]}` is 4, the deepest of the API (a sign-in's
 * `{"seats": [{"game", "token"}]}` is 3, a new game's `{"time": {"kind"}}` 2). Deeper bodies are
 * refused with `msg/depth` (400) before they are parsed (bounded-json.ts).
 */
export const MAX_BODY_DEPTH = 4;
/**
 * The most object members (key and value pairs, in all) a request body may have, an analysis's
 * aside (analysisBounds): a sign-in attaching MAX_ATTACH guest seats has two for each, the most
 * of the others. More are refused with `msg/size` (413) before the body is parsed.
 */
export const MAX_BODY_MEMBERS = 2 * MAX_ATTACH + 16;
/** Messages a connection may send: a bucket of `RATE_BURST` refilled at `RATE_PER_SECOND`. */
export const RATE_PER_SECOND = 20;
export const RATE_BURST = 60;
/** Games one connection may watch at once. */
export const MAX_WATCHED = 32;
/** The longest display name, in characters (code points) after NFC normalisation and trimming. */
export const NAME_MAX = 24;
/**
 * Waiting games (created, nobody has taken the other seat yet; rated seeks included) one client
 * address, and one signed-in account, may hold at once, all server processes together; the next
 * creation is refused with `create/limit` until one is joined, aborted or expires.
 */
export const MAX_WAITING_PER_CLIENT = 5;
export const RULES_MAX = 1024;
export const GAME_ID_RE = /^[A-Za-z0-9]{10}$/;
export const TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;
/** The longest game the server keeps: beyond it the game is drawn (no ruleset comes near). */
export const MAX_PLIES = 2000;
/**
 * The largest analysis a client may store with a finished game (PUT /api/games/ID/analysis),
 * whatever the game's length; each game's own bound is smaller (analysisBytes). Larger bodies
 * are refused with `msg/size` (413).
 */
export const MAX_ANALYSIS_BYTES = 512 * 1024;
/**
 * The bytes an analysis may spend on each position: a best line of MAX_PV_LENGTH moves (core's
 * analysis.ts) of the longest move records its check allows (24 characters) takes about 360 as
 * JSON.stringify writes it.
 */
export const ANALYSIS_BYTES_PER_POSITION = 512;

/**
 * The bounds of an analysis of a finished game of `plies` moves, known before its body is read:
 * 1 KiB and ANALYSIS_BYTES_PER_POSITION for each of its positions, at most MAX_ANALYSIS_BYTES
 * (about 100 KiB for a game of 200 plies); and the object members an analysis has (its version,
 * depth and plies, and at most four a position: score, result, pv, depth). Beyond either, the
 * body is refused with `msg/size` (413): as its bytes arrive, or before it is parsed.
 */
export function analysisBounds(plies: number): { readonly bytes: number; readonly members: number } {
  const positions = plies + 1;
  return {
    bytes: Math.min(MAX_ANALYSIS_BYTES, 1024 + ANALYSIS_BYTES_PER_POSITION * positions),
    members: 3 + 4 * positions,
  };
}

export const CORRESPONDENCE_DAYS = { min: 1, max: 14 } as const;
export const LIVE_BASE_MS = { min: 1_000, max: 3 * 3600_000 } as const;
export const LIVE_INCREMENT_MS = { min: 0, max: 180_000 } as const;

// ---------------------------------------------------------------------------------------------
// Games: their plain types are in protocol-games.ts, re-exported above.

// ---------------------------------------------------------------------------------------------
// Abandonment and expiry (docs/online.md, "Games nobody plays", states these times)

/** The grace before any claim: a player who loses the connection has this long to come back. */
export const CLAIM_GRACE_BASE_MS = 30_000;
/** An untimed game's grace. */
export const CLAIM_GRACE_UNTIMED_MS = 60_000;

/**
 * How long a player of a game with this time control may be away (no connection holding the
 * seat) before the opponent may claim the game, as a win or a draw: 30 s plus a twentieth of the
 * base time plus the increment for a live game (45 s at 5+0, 2 min at 30+0), 60 s untimed. A
 * correspondence game is not claimed: players come and go, and the days per move decide.
 */
export function claimGraceMs(time: TimeControl): number | null {
  switch (time.kind) {
    case 'correspondence':
      return null;
    case 'none':
      return CLAIM_GRACE_UNTIMED_MS;
    case 'live':
      return CLAIM_GRACE_BASE_MS + Math.round(time.baseMs / 20) + time.incrementMs;
  }
}

/** A game waiting for an opponent expires after this long (a live or untimed game). */
export const WAITING_EXPIRY_MS = 24 * 3_600_000;
/** A correspondence game waiting for an opponent expires after this long. */
export const WAITING_EXPIRY_CORRESPONDENCE_MS = 7 * 24 * 3_600_000;
/**
 * A live or untimed game whose seats are both taken and in which no move has been made is
 * aborted after this long. A correspondence game is aborted when the first mover's days run out
 * without a move (instead of being lost on time).
 */
export const UNSTARTED_ABORT_MS = 10 * 60_000;

// ---------------------------------------------------------------------------------------------
// HTTP bodies

export interface CreateGameRequest {
  /** An OTN rules string (`makeRules`), or a preset's id. */
  readonly rules: string;
  readonly side: SeatChoice;
  readonly time: TimeControl;
  readonly name: string;
  /** Rated (signed-in players, a named ruleset, a clock) or casual; default casual. */
  readonly rated?: boolean;
  /** A rated seek: only players within ± this of the creator's rating may join (null: anyone). */
  readonly ratingRange?: number | null;
}

export interface JoinRequest {
  readonly name: string;
}

/** A seat taken: the secret token that acts for it (keep it), and the game as it stands. */
export interface SeatGrant {
  readonly token: string;
  readonly side: Side;
  readonly game: GameView;
}

export interface ErrorBody {
  readonly error: { readonly code: ErrorCode; readonly message: string };
}

// ---------------------------------------------------------------------------------------------
// WebSocket messages

/** Optional request id, echoed in the `error` that refuses the message. */
type Re = { readonly re?: number };

export type ClientMessage =
  | ({ readonly t: 'watch'; readonly game: string; readonly from?: number; readonly token?: string } & Re)
  | ({ readonly t: 'unwatch'; readonly game: string } & Re)
  | ({
      readonly t: 'move';
      readonly game: string;
      readonly token: string;
      /** The number of moves the client has seen: the move is refused unless it is the server's. */
      readonly ply: number;
      /** An OTN move record (`d2-d4`; captures optional, checked when given). */
      readonly move: string;
    } & Re)
  | ({ readonly t: 'resign'; readonly game: string; readonly token: string } & Re)
  | ({
      readonly t: 'draw' | 'rematch';
      readonly game: string;
      readonly token: string;
      readonly act: 'offer' | 'accept' | 'decline';
    } & Re)
  | ({ readonly t: 'abort'; readonly game: string; readonly token: string } & Re)
  /**
   * A takeback, in a casual game only (not rated, no tournament): `offer` asks the opponent to
   * let the player's last move be taken back (with the opponent's reply to it, when there is
   * one); the opponent may `accept` or `decline`, and the asker may withdraw it (`decline`). Any
   * move withdraws it. `ply` is the number of moves the client has seen: a takeback is refused
   * (`move/stale`) unless it is the server's.
   */
  | ({
      readonly t: 'takeback';
      readonly game: string;
      readonly token: string;
      readonly ply: number;
      readonly act: 'offer' | 'accept' | 'decline';
    } & Re)
  /** The opponent has been away longer than the grace: end the game as a win, or a draw. */
  | ({
      readonly t: 'claim';
      readonly game: string;
      readonly token: string;
      readonly act: 'win' | 'draw';
    } & Re)
  | ({ readonly t: 'ping' } & Re);

export type ServerMessage =
  | { readonly t: 'hello'; readonly v: number; readonly now: number }
  /**
   * The answer to `watch`: the game's header and its moves from `from` on; `you` is the seat;
   * `presence` says which players are connected.
   */
  | { readonly t: 'state'; readonly game: GameView; readonly you: Side | null; readonly presence: Presence }
  /** A player connected or left (or a claim became possible): both seats' presence. */
  | { readonly t: 'presence'; readonly game: string; readonly presence: Presence }
  /** A committed move: `ply` is the number of moves after it. */
  | {
      readonly t: 'move';
      readonly game: string;
      readonly ply: number;
      readonly move: string;
      readonly clock: ClockView | null;
    }
  /**
   * The header changed (seat taken, offer, end, rematch...). A header with fewer moves than the
   * watcher has follows a takeback: watch again from the moves it has, and the `state` that
   * answers has the moves up to the header's (a client of before takebacks does so already).
   */
  | { readonly t: 'update'; readonly game: GameHeader }
  | { readonly t: 'pong'; readonly re?: number; readonly now: number }
  | {
      readonly t: 'error';
      readonly re?: number;
      readonly game?: string;
      readonly code: ErrorCode;
      readonly message: string;
    };

// ---------------------------------------------------------------------------------------------
// Refusals

export const ERROR_CODES = [
  'msg/json',
  'msg/schema',
  'msg/size',
  /** JSON nested deeper than the protocol's deepest shape (MAX_BODY_DEPTH, MAX_MESSAGE_DEPTH). */
  'msg/depth',
  'rate/limited',
  'game/unknown',
  'game/over',
  'game/waiting',
  'game/watch-limit',
  /**
   * The token holds no seat in this game; also sent unasked (no `re`) to a connection seated
   * with a token that has stopped holding its seat (an account's tokens replaced, a seat attached).
   */
  'seat/token',
  'seat/taken',
  'move/stale',
  'move/turn',
  'move/syntax',
  'move/illegal',
  'time/out',
  'draw/none',
  'rematch/none',
  'rematch/taken',
  'abort/late',
  /** A takeback in a rated or tournament game: takebacks are for casual games (409). */
  'takeback/casual',
  /** No takeback request to answer, or none of the opponent's (409). */
  'takeback/none',
  /** The player has no move of their own to take back (409). */
  'takeback/nothing',
  /** The opponent is connected: there is nothing to claim. */
  'claim/present',
  /** The opponent has been away for less than the grace: the message says how long is left. */
  'claim/early',
  /** This game cannot be claimed: correspondence, or no move made yet (abort it instead). */
  'claim/none',
  'create/rules',
  'create/name',
  /** The client already holds MAX_WAITING_PER_CLIENT waiting games (429). */
  'create/limit',
  'create/time',
  'create/side',
  'server/busy',
  'server/error',
  'http/not-found',
  /** GET analysis: the game has none stored (404). */
  'analysis/none',
  /** PUT analysis: the game is not finished (409). */
  'analysis/not-over',
  /** PUT analysis: not an analysis of this game (422); the message says what is wrong. */
  'analysis/invalid',
  /** PUT analysis: one as deep or deeper is kept (409). */
  'analysis/shallower',
  /** The request needs a signed-in account (401). */
  'auth/required',
  /** Sign-in: the user name or the password is wrong (401). */
  'auth/wrong',
  /** Too many sign-in attempts for this account or from this client; the message says when to retry (429). */
  'auth/limited',
  /** Sign-up: the user name is taken, whatever its case (409). */
  'auth/name-taken',
  /** A user name that is not 3 to 20 letters, digits, _ or - (400). */
  'auth/name',
  /** A password of the wrong length (400). */
  'auth/password',
  /** A state-changing request from another site, or without the session's CSRF token (403). */
  'csrf/refused',
  /** A rated game's seat needs a signed-in account (403). */
  'seat/rated',
  /** The free seat of one's own game (409). */
  'seat/own',
  /** A rated seek whose rating range the joiner is outside (409). */
  'seat/range',
  /** This account holds no seat in that game (404). */
  'seat/none',
  /** A rated game cannot be made so: signed out, the player's own rules, or untimed (400). */
  'create/rated',
  /** No player has that name (404). */
  'player/unknown',
  'tournament/unknown',
  /** The tournament has started or ended: nobody joins or leaves now (409). */
  'tournament/closed',
  'tournament/full',
  /** A tournament request that cannot be made (400): the message says why. */
  'tournament/invalid',
  /** A tournament game cannot be aborted: the clock decides (409). */
  'game/tournament',
  /** This server sends no mail: its operator has not set it up (404). */
  'mail/off',
  /** Not an email address (400): the message says why. */
  'mail/address',
  /** A confirmation or unsubscribe link that is not, or no longer, valid (404). */
  'mail/token',
  /** The account has no address (404), or none confirmed yet for what was asked (409). */
  'mail/none',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
}

export const refusal = (code: ErrorCode, message: string): Refusal => ({ code, message });

// ---------------------------------------------------------------------------------------------
// Validation of what clients send (the server's schema: no library, every field checked)

type Checked<T> = { readonly ok: true; readonly value: T } | ({ readonly ok: false } & Refusal);

const bad = (message: string): { ok: false } & Refusal => ({ ok: false, code: 'msg/schema', message });

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const isInt = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

/** Only these keys, each of the listed kind; returns the first offence. */
function checkKeys(o: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  for (const key of Object.keys(o))
    if (!allowed.includes(key)) return `unknown field ${JSON.stringify(key.slice(0, 40))}`;
  return undefined;
}

/** Control characters (Unicode Cc). */
const CONTROL_RE = /\p{Cc}/u;
/** Bidirectional controls: embeddings, overrides, isolates, marks and the Arabic letter mark. */
const BIDI_RE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;
/** Zero-width characters: space, non-joiner, joiner, word joiner, byte-order mark. */
const ZERO_WIDTH_RE = /[\u200b-\u200d\u2060\ufeff]/u;
/**
 * Variation selectors: they only choose how the character before them is drawn (an emoji in
 * colour, which phone keyboards add by themselves), never show by themselves, and are removed.
 */
const VARIATION_RE = /[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;
/**
 * Every other character that shows as nothing: the format characters (Cf: the soft hyphen, the
 * invisible operators U+2061 to U+2064, the tags U+E0000 to U+E007F...), the rest of Unicode's
 * Default_Ignorable_Code_Point (the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the
 * combining grapheme joiner...) and the braille blank U+2800. Refused, not removed: the player
 * is told, and the name stored is the one typed.
 */
const INVISIBLE_RE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
const INVISIBLES_RE = new RegExp(INVISIBLE_RE, 'gu');
/** What a name shows at least: a letter or a digit. */
const VISIBLE_RE = /[\p{L}\p{N}]/u;

/** `U+00AD`: a character as a sentence names it. */
const codePointOf = (c: string): string =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Text shown to other players (a display name, a tournament's name, custom rules' name), as
 * shown: variation selectors removed, NFC-normalised, trimmed, runs of spaces made one; or the
 * sentence saying why it cannot be shown: a control, bidi, zero-width or other invisible
 * character (which could hide or reorder what the others read, or show a blank), or no letter
 * or digit at all. Its length is the caller's to bound.
 */
export function shownText(x: string): { readonly ok: true; readonly value: string } | NameRefused {
  if (CONTROL_RE.test(x)) return { ok: false, message: 'a name may not hold control characters' };
  if (BIDI_RE.test(x)) return { ok: false, message: 'a name may not hold bidirectional control characters' };
  if (ZERO_WIDTH_RE.test(x)) return { ok: false, message: 'a name may not hold zero-width characters' };
  const kept = x.replace(VARIATION_RE, '');
  const invisible = INVISIBLE_RE.exec(kept);
  if (invisible)
    return { ok: false, message: `a name may not hold invisible characters (${codePointOf(invisible[0])})` };
  const value = kept.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (value.length === 0) return { ok: false, message: 'a name may not be empty', empty: true };
  if (!VISIBLE_RE.test(value)) return { ok: false, message: 'a name needs a letter or a digit' };
  return { ok: true, value };
}

interface NameRefused {
  readonly ok: false;
  readonly message: string;
  /** Nothing is left once trimmed. */
  readonly empty?: true;
}

/**
 * What makes two names the same one where a name is unique (accounts): what looks the same is
 * the same name. NFKC (a full-width or styled letter is its plain one), invisible characters
 * dropped, and case folded (upper then lower case: ß and SS are one).
 */
export function nameKey(name: string): string {
  const plain = name.normalize('NFKC').replace(VARIATION_RE, '').replace(INVISIBLES_RE, '');
  return plain.toUpperCase().toLowerCase().normalize('NFKC');
}

const nameRefused = (message: string): { ok: false } & Refusal => ({
  ok: false,
  code: 'create/name',
  message,
});

/**
 * A display name, as it is shown to everybody (shownText): 1 to NAME_MAX characters, at least
 * one a letter or a digit, and none of them invisible.
 */
export function checkName(x: unknown): Checked<string> {
  if (typeof x !== 'string') return nameRefused('the name must be a string');
  const name = shownText(x);
  if (!name.ok) return nameRefused(name.message);
  if ([...name.value].length > NAME_MAX) return nameRefused(`a name has at most ${NAME_MAX} characters`);
  return name;
}

export function checkTimeControl(x: unknown): Checked<TimeControl> {
  const no = (message: string): Checked<TimeControl> => ({ ok: false, code: 'create/time', message });
  if (!isObject(x)) return no('the time control must be an object');
  if (x.kind === 'none')
    return checkKeys(x, ['kind'])
      ? no('a time control of kind none has no other field')
      : { ok: true, value: { kind: 'none' } };
  if (x.kind === 'correspondence') {
    if (checkKeys(x, ['kind', 'days']) || !isInt(x.days, CORRESPONDENCE_DAYS.min, CORRESPONDENCE_DAYS.max))
      return no(
        `correspondence is ${CORRESPONDENCE_DAYS.min} to ${CORRESPONDENCE_DAYS.max} whole days per move`,
      );
    return { ok: true, value: { kind: 'correspondence', days: x.days } };
  }
  if (x.kind === 'live') {
    if (
      checkKeys(x, ['kind', 'baseMs', 'incrementMs']) ||
      !isInt(x.baseMs, LIVE_BASE_MS.min, LIVE_BASE_MS.max) ||
      !isInt(x.incrementMs, LIVE_INCREMENT_MS.min, LIVE_INCREMENT_MS.max)
    )
      return no(
        'a live time control has a base of 1 second to 3 hours and an increment of 0 to 3 minutes, in milliseconds',
      );
    return { ok: true, value: { kind: 'live', baseMs: x.baseMs, incrementMs: x.incrementMs } };
  }
  return no('the time control is none, correspondence or live');
}

export function checkCreateRequest(x: unknown): Checked<CreateGameRequest> {
  if (!isObject(x)) return bad('the body must be a JSON object');
  const extra = checkKeys(x, ['rules', 'side', 'time', 'name', 'rated', 'ratingRange']);
  if (extra) return bad(extra);
  if (x.rated !== undefined && typeof x.rated !== 'boolean') return bad('rated is true or false');
  if (
    x.ratingRange !== undefined &&
    x.ratingRange !== null &&
    !isInt(x.ratingRange, RATING_RANGE.min, RATING_RANGE.max)
  )
    return bad(`ratingRange is a whole number from ${RATING_RANGE.min} to ${RATING_RANGE.max}, or null`);
  if (typeof x.rules !== 'string' || x.rules.length === 0 || x.rules.length > RULES_MAX)
    return {
      ok: false,
      code: 'create/rules',
      message: `the rules are a preset id or an OTN rules string of at most ${RULES_MAX} characters`,
    };
  if (x.side !== 'attackers' && x.side !== 'defenders' && x.side !== 'random')
    return { ok: false, code: 'create/side', message: 'the side is attackers, defenders or random' };
  const time = checkTimeControl(x.time);
  if (!time.ok) return time;
  const name = checkName(x.name);
  if (!name.ok) return name;
  return {
    ok: true,
    value: {
      rules: x.rules,
      side: x.side,
      time: time.value,
      name: name.value,
      ...(x.rated === true ? { rated: true } : {}),
      ...(typeof x.ratingRange === 'number' ? { ratingRange: x.ratingRange } : {}),
    },
  };
}

export function checkJoinRequest(x: unknown): Checked<JoinRequest> {
  if (!isObject(x)) return bad('the body must be a JSON object');
  const extra = checkKeys(x, ['name']);
  if (extra) return bad(extra);
  const name = checkName(x.name);
  return name.ok ? { ok: true, value: { name: name.value } } : name;
}

const ACTS = ['offer', 'accept', 'decline'] as const;
const CLAIMS = ['win', 'draw'] as const;

/**
 * Reads one WebSocket message: its size and depth before it is parsed, JSON, then the shape of
 * its kind, every field checked.
 */
export function parseClientMessage(text: string): Checked<ClientMessage> {
  const read = readJson(text, {
    what: 'a message',
    maxLength: MAX_MESSAGE_BYTES,
    maxDepth: MAX_MESSAGE_DEPTH,
  });
  if (!read.ok) return read;
  const x = read.value;
  if (!isObject(x)) return bad('a message is a JSON object');
  if (x.re !== undefined && !isInt(x.re, 0, 2 ** 31)) return bad('re is a whole number from 0 to 2^31');
  const re = x.re === undefined ? {} : { re: x.re };
  const game = (): string | undefined =>
    typeof x.game === 'string' && GAME_ID_RE.test(x.game) ? x.game : undefined;
  const token = (): string | undefined =>
    typeof x.token === 'string' && TOKEN_RE.test(x.token) ? x.token : undefined;
  const only = (...keys: string[]): string | undefined => checkKeys(x, ['t', 're', ...keys]);
  /** A seat's message: its game and token well formed, and no key but those and `keys`. */
  const seated = (
    ...keys: string[]
  ): ({ ok: false } & Refusal) | { readonly ok: true; readonly id: string; readonly tok: string } => {
    const extra = only('game', 'token', ...keys);
    if (extra) return bad(extra);
    const id = game();
    const tok = token();
    if (!id) return bad('game is a game id of 10 letters and digits');
    if (!tok) return bad('token is the 22-character seat token');
    return { ok: true, id, tok };
  };
  switch (x.t) {
    case 'ping': {
      const extra = only();
      return extra ? bad(extra) : { ok: true, value: { t: 'ping', ...re } };
    }
    case 'watch': {
      const extra = only('game', 'from', 'token');
      if (extra) return bad(extra);
      const id = game();
      if (!id) return bad('game is a game id of 10 letters and digits');
      if (x.from !== undefined && !isInt(x.from, 0, MAX_PLIES))
        return bad(`from is a whole number from 0 to ${MAX_PLIES}`);
      if (x.token !== undefined && !token()) return bad('token is the 22-character seat token');
      return {
        ok: true,
        value: {
          t: 'watch',
          game: id,
          ...(x.from === undefined ? {} : { from: x.from as number }),
          ...(x.token === undefined ? {} : { token: x.token as string }),
          ...re,
        },
      };
    }
    case 'unwatch': {
      const extra = only('game');
      if (extra) return bad(extra);
      const id = game();
      return id
        ? { ok: true, value: { t: 'unwatch', game: id, ...re } }
        : bad('game is a game id of 10 letters and digits');
    }
    case 'move': {
      const seat = seated('ply', 'move');
      if (!seat.ok) return seat;
      const { id, tok } = seat;
      if (!isInt(x.ply, 0, MAX_PLIES)) return bad(`ply is a whole number from 0 to ${MAX_PLIES}`);
      if (typeof x.move !== 'string' || x.move.length === 0 || x.move.length > 64)
        return bad('move is an OTN move record such as d2-d4');
      return { ok: true, value: { t: 'move', game: id, token: tok, ply: x.ply, move: x.move, ...re } };
    }
    case 'resign':
    case 'abort': {
      const seat = seated();
      if (!seat.ok) return seat;
      const { id, tok } = seat;
      return { ok: true, value: { t: x.t, game: id, token: tok, ...re } };
    }
    case 'takeback': {
      const seat = seated('ply', 'act');
      if (!seat.ok) return seat;
      const { id, tok } = seat;
      if (!isInt(x.ply, 0, MAX_PLIES)) return bad(`ply is a whole number from 0 to ${MAX_PLIES}`);
      const act = ACTS.find((a) => a === x.act);
      if (!act) return bad('act is offer, accept or decline');
      return { ok: true, value: { t: 'takeback', game: id, token: tok, ply: x.ply, act, ...re } };
    }
    case 'draw':
    case 'rematch':
    case 'claim': {
      const seat = seated('act');
      if (!seat.ok) return seat;
      const { id, tok } = seat;
      if (x.t === 'claim') {
        const act = CLAIMS.find((a) => a === x.act);
        if (!act) return bad('act is win or draw');
        return { ok: true, value: { t: 'claim', game: id, token: tok, act, ...re } };
      }
      const act = ACTS.find((a) => a === x.act);
      if (!act) return bad('act is offer, accept or decline');
      return { ok: true, value: { t: x.t, game: id, token: tok, act, ...re } };
    }
    default:
      return bad('t is one of watch, unwatch, move, resign, draw, takeback, rematch, abort, claim, ping');
  }
}
