/**
 * The pure part of an online game: ids and tokens, rules lookup, clock arithmetic, and the
 * views the protocol sends. No I/O; the hub (hub.ts) does the storing and the sending.
 */

import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  opposite,
  parseRules,
  positionFromOtn,
  presetById,
  type Position,
  type Ruleset,
  type Side,
} from '@tafl/core';
import type {
  ClockView,
  GameHeader,
  GameSummary,
  GameView,
  OnlineResult,
  SeatView,
  TimeControl,
} from './protocol.js';
import { shownText } from './protocol.js';
import type { GameRow } from './store/types.js';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A game id: 10 letters and digits (59 bits), safe in a link. */
export const newGameId = (): string =>
  Array.from({ length: 10 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');

/** A seat token: 128 random bits in 22 base64url characters. */
export const newToken = (): string => randomBytes(16).toString('base64url');

/** What the database keeps of a token: its SHA-256, so a stolen database acts for no seat. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The seat token of an account in one game: derived from the server's secret (Store.secret), the
 * account's id, the game's id and the account's seat key (users.seat_key), so that the account's
 * player gets it again on any device once signed in (GET /api/games/:id/seat), while a token read
 * once acts in that one game only, and only until the seat key is replaced (a password change,
 * signing out everywhere: Hub.rekeyUser gives every game of the account the new token's hash).
 * Like a guest's token it is 22 base64url characters and only its hash is stored with the game.
 * (None of the parts holds a colon: an id is a UUID, a game id letters and digits, a key base64url.)
 */
export const playToken = (secret: string, userId: string, gameId: string, seatKey: string): string =>
  createHmac('sha256', secret)
    .update(`seat:${userId}:${gameId}:${seatKey}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/**
 * A new game's row: nobody has moved, no clock runs, nothing is offered, both seats free, casual
 * and of no tournament, changed when made; `fields` gives what the game is made with and the
 * rest.
 */
export function newGameRow(
  fields: Pick<
    GameRow,
    | 'id'
    | 'rules'
    | 'rulesId'
    | 'rulesName'
    | 'timeKind'
    | 'timeBaseMs'
    | 'timeIncrementMs'
    | 'status'
    | 'createdAt'
  > &
    Partial<GameRow>,
): GameRow {
  return {
    winner: null,
    reason: null,
    ply: 0,
    version: 1,
    attackersName: null,
    attackersToken: null,
    defendersName: null,
    defendersToken: null,
    clockAttackersMs: null,
    clockDefendersMs: null,
    turnStartedAt: null,
    drawOffer: null,
    takebackOffer: null,
    takebacks: 0,
    rematchOffer: null,
    rematchId: null,
    updatedAt: fields.createdAt,
    rated: false,
    ratingMin: null,
    ratingMax: null,
    tournamentId: null,
    attackersUser: null,
    defendersUser: null,
    ...fields,
  };
}

/** The seat a token holds in a game, if any. */
export function seatOf(row: GameRow, token: string): Side | undefined {
  const hash = hashToken(token);
  if (row.attackersToken === hash) return 'attackers';
  if (row.defendersToken === hash) return 'defenders';
  return undefined;
}

const rulesCache = new Map<string, Ruleset>();

/** The ruleset of a stored game: the preset itself when it is one, else its OTN rules string. */
export function rulesOfRow(row: Pick<GameRow, 'rules' | 'rulesId'>): Ruleset | undefined {
  const preset = row.rulesId === null ? undefined : presetById(row.rulesId);
  if (preset) return preset;
  const cached = rulesCache.get(row.rules);
  if (cached) return cached;
  const parsed = parseRules(row.rules);
  if (!parsed.ok) return undefined;
  if (rulesCache.size > 1000) rulesCache.clear();
  rulesCache.set(row.rules, parsed.value);
  return parsed.value;
}

/** A ruleset from a creation request (a preset id or an OTN rules string), with a valid start. */
export function rulesFromRequest(text: string): { rules: Ruleset; rulesId: string | null } | string {
  const preset = presetById(text);
  if (preset) return { rules: preset, rulesId: preset.id };
  const parsed = parseRules(text);
  if (!parsed.ok) return `the rules are neither a preset id nor a valid OTN rules string: ${parsed.message}`;
  const start = positionFromOtn(parsed.value);
  if (!start.ok) return `the rules' starting position is not valid: ${start.message}`;
  if (start.value.isOver()) return 'the game would be over before the first move';
  // The lobby shows custom rules by their name: one that shows as nothing is refused.
  const name = parsed.value.id === 'custom' ? shownText(parsed.value.name) : undefined;
  if (name && !name.ok) return `the rules' name is refused: ${name.message}`;
  return { rules: parsed.value, rulesId: null };
}

/** Every move alternates the side to move (a pass is a move), so the turn follows from the ply. */
export const turnAt = (rules: Ruleset, ply: number): Side =>
  ply % 2 === 0 ? rules.firstToMove : opposite(rules.firstToMove);

// ---------------------------------------------------------------------------------------------
// Time

export const DAY_MS = 86_400_000;

export function timeControlOf(row: GameRow): TimeControl {
  if (row.timeKind === 'live')
    return { kind: 'live', baseMs: row.timeBaseMs, incrementMs: row.timeIncrementMs };
  if (row.timeKind === 'correspondence')
    return { kind: 'correspondence', days: Math.round(row.timeBaseMs / DAY_MS) };
  return { kind: 'none' };
}

export function timeColumns(time: TimeControl): Pick<GameRow, 'timeKind' | 'timeBaseMs' | 'timeIncrementMs'> {
  if (time.kind === 'live')
    return { timeKind: 'live', timeBaseMs: time.baseMs, timeIncrementMs: time.incrementMs };
  if (time.kind === 'correspondence')
    return { timeKind: 'correspondence', timeBaseMs: time.days * DAY_MS, timeIncrementMs: 0 };
  return { timeKind: 'none', timeBaseMs: 0, timeIncrementMs: 0 };
}

const storedClock = (row: GameRow, side: Side): number | null =>
  side === 'attackers' ? row.clockAttackersMs : row.clockDefendersMs;

/** Milliseconds `side` has left at `now`: its stored time, less the running turn if it is its. */
export function timeLeft(row: GameRow, turn: Side, side: Side, now: number): number | null {
  const stored = storedClock(row, side);
  if (stored === null) return null;
  return row.turnStartedAt !== null && side === turn ? stored - Math.max(0, now - row.turnStartedAt) : stored;
}

/** When the side to move's time runs out, or undefined when no clock runs. */
export function deadline(row: GameRow, turn: Side): number | undefined {
  if (row.status !== 'playing' || row.turnStartedAt === null) return undefined;
  const stored = storedClock(row, turn);
  return stored === null ? undefined : row.turnStartedAt + stored;
}

export function clockView(row: GameRow, turn: Side, now: number): ClockView | null {
  const a = timeLeft(row, turn, 'attackers', now);
  const d = timeLeft(row, turn, 'defenders', now);
  if (a === null || d === null) return null;
  const running = row.status === 'playing' && row.turnStartedAt !== null ? turn : null;
  return { attackers: Math.max(0, a), defenders: Math.max(0, d), running };
}

/**
 * The clock columns after `mover` moved at `now` (the game goes on or not): Fischer increment
 * for live games, a fresh allowance for correspondence. The first move of a live game is not
 * timed: its clock starts with the second. Returns undefined if the mover's time had run out.
 */
export function clocksAfterMove(
  row: GameRow,
  mover: Side,
  now: number,
  over: boolean,
): Pick<GameRow, 'clockAttackersMs' | 'clockDefendersMs' | 'turnStartedAt'> | undefined {
  if (row.timeKind === 'none') return { clockAttackersMs: null, clockDefendersMs: null, turnStartedAt: null };
  const left = timeLeft(row, mover, mover, now) ?? row.timeBaseMs;
  if (left <= 0) return undefined;
  const mine =
    row.timeKind === 'live'
      ? row.turnStartedAt === null
        ? left
        : left + row.timeIncrementMs
      : row.timeBaseMs;
  const theirs =
    row.timeKind === 'live' ? (storedClock(row, opposite(mover)) ?? row.timeBaseMs) : row.timeBaseMs;
  return {
    clockAttackersMs: mover === 'attackers' ? mine : theirs,
    clockDefendersMs: mover === 'defenders' ? mine : theirs,
    turnStartedAt: over ? null : now,
  };
}

/** The clock columns when the game starts (both seats taken). Correspondence starts at once. */
export function clocksAtStart(
  row: GameRow,
  now: number,
): Pick<GameRow, 'clockAttackersMs' | 'clockDefendersMs' | 'turnStartedAt'> {
  if (row.timeKind === 'none') return { clockAttackersMs: null, clockDefendersMs: null, turnStartedAt: null };
  return {
    clockAttackersMs: row.timeBaseMs,
    clockDefendersMs: row.timeBaseMs,
    turnStartedAt: row.timeKind === 'correspondence' ? now : null,
  };
}

/** The clocks stopped at `now` (the game ended): the running side's time is charged. */
export function clocksStopped(
  row: GameRow,
  turn: Side,
  now: number,
): Pick<GameRow, 'clockAttackersMs' | 'clockDefendersMs' | 'turnStartedAt'> {
  const a = timeLeft(row, turn, 'attackers', now);
  const d = timeLeft(row, turn, 'defenders', now);
  return {
    clockAttackersMs: a === null ? null : Math.max(0, a),
    clockDefendersMs: d === null ? null : Math.max(0, d),
    turnStartedAt: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Views

const asSide = (x: string | null): Side | null => (x === 'attackers' || x === 'defenders' ? x : null);

export function resultOf(row: GameRow): OnlineResult | null {
  if (row.reason === null || row.winner === null) return null;
  const winner =
    row.winner === 'attackers' || row.winner === 'defenders' || row.winner === 'draw' ? row.winner : 'none';
  return { winner, reason: row.reason };
}

/** An account's seat shows the account's name, which is its player page's. */
const seats = (row: GameRow): { attackers: SeatView; defenders: SeatView } => ({
  attackers: { name: row.attackersName, player: row.attackersUser === null ? null : row.attackersName },
  defenders: { name: row.defendersName, player: row.defendersUser === null ? null : row.defendersName },
});

export function headerOf(row: GameRow, turn: Side, now: number): GameHeader {
  return {
    id: row.id,
    rules: row.rules,
    rulesId: row.rulesId,
    rulesName: row.rulesName,
    time: timeControlOf(row),
    rated: row.rated,
    tournament: row.tournamentId,
    seats: seats(row),
    status: row.status,
    result: resultOf(row),
    ply: row.ply,
    clock: clockView(row, turn, now),
    drawOffer: asSide(row.drawOffer),
    takebackOffer: asSide(row.takebackOffer),
    rematchOffer: asSide(row.rematchOffer),
    rematch: row.rematchId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function viewOf(
  row: GameRow,
  turn: Side,
  moves: readonly string[],
  from: number,
  now: number,
): GameView {
  const start = Math.min(Math.max(0, from), moves.length);
  return { ...headerOf(row, turn, now), moves: moves.slice(start), from: start };
}

export const summaryOf = (row: GameRow): GameSummary => ({
  id: row.id,
  rulesId: row.rulesId,
  rulesName: row.rulesName,
  time: timeControlOf(row),
  rated: row.rated,
  ratingRange:
    row.ratingMin === null || row.ratingMax === null ? null : { min: row.ratingMin, max: row.ratingMax },
  seats: seats(row),
  status: row.status,
  result: resultOf(row),
  ply: row.ply,
  updatedAt: row.updatedAt,
});

/** Did anything but the ply, the clocks and the time of change move between two rows? */
export const headerChanged = (a: GameRow, b: GameRow): boolean =>
  a.status !== b.status ||
  a.winner !== b.winner ||
  a.reason !== b.reason ||
  a.attackersName !== b.attackersName ||
  a.defendersName !== b.defendersName ||
  a.attackersUser !== b.attackersUser ||
  a.defendersUser !== b.defendersUser ||
  a.drawOffer !== b.drawOffer ||
  a.takebackOffer !== b.takebackOffer ||
  a.takebacks !== b.takebacks ||
  a.rematchOffer !== b.rematchOffer ||
  a.rematchId !== b.rematchId;

/** The result a position's outcome gives, or undefined while the game goes on. */
export function ruleResult(pos: Position): Pick<GameRow, 'winner' | 'reason'> | undefined {
  const outcome = pos.outcome();
  return outcome.status === 'ongoing' ? undefined : { winner: outcome.status, reason: outcome.reason };
}
