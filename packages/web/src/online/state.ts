/**
 * One online game as this browser knows it, and how each server message changes it: a pure
 * reducer (`apply`), tested without a socket. The server is the authority: the moves are the
 * ones it confirmed, in order; a move of ours waits as `pending` (shown as such) until the
 * server's `move` confirms it, and is dropped when the server refuses it or plays something else
 * at its ply, so a refusal never leaves the board wrong.
 *
 * When the messages do not follow on from what we have (a move that skips ahead, a header ahead
 * of or behind our moves, a stale move refused), the state asks to be resynchronised: `resync`
 * is the `from` of the `watch` to send, and the session sends it (`resyncSent`). The answer, a
 * `state`, appends the moves from `from` on, or replaces ours where the server's view is shorter.
 */

import { opposite, type Side } from '@tafl/core';
import type {
  ClockView,
  ErrorCode,
  GameHeader,
  GameView,
  Presence,
  ServerMessage,
} from '@tafl/server/protocol';

/** The clocks as last received, and when (the local clock, in ms). */
export interface ClockSync {
  readonly view: ClockView;
  readonly at: number;
}

/**
 * Who is connected, as last received, and when (the local clock, in ms): a seat's `claimInMs`
 * counts from `at` (see presence.ts).
 */
export interface PresenceSync {
  readonly presence: Presence;
  readonly at: number;
}

export interface PendingMove {
  /** The number of confirmed moves before it (the `ply` sent with it). */
  readonly ply: number;
  /** The squares sent (`d2-d4`, `pass`). */
  readonly squares: string;
  /** The record with its captures, as the list shows it while it waits. */
  readonly record: string;
  /** The request id it was sent with. */
  readonly re: number;
  /** Sent on a connection that closed before the answer: send it again once resynchronised. */
  readonly resend?: boolean;
}

export interface Refused {
  readonly code: ErrorCode;
  readonly message: string;
  /** The request id the server echoed, if any. */
  readonly re?: number;
}

export interface OnlineState {
  readonly id: string;
  /** Undefined until the first `state` (or a seat grant). */
  readonly header: GameHeader | undefined;
  /** The moves the server confirmed, OTN records with captures. */
  readonly moves: readonly string[];
  /** The seat this browser plays, null when watching. */
  readonly you: Side | null;
  readonly clock: ClockSync | null;
  /** Which players are connected; undefined until the server says (an older server never does). */
  readonly presence: PresenceSync | undefined;
  readonly pending: PendingMove | undefined;
  /** The `from` of a `watch` to send to catch up; undefined when nothing is missing. */
  readonly resync: number | undefined;
  /** A resynchronisation was sent and its `state` has not come yet. */
  readonly resyncing: boolean;
  /** The last refusal, until it is dismissed or superseded. */
  readonly refused: Refused | undefined;
  /** The server does not know this game. */
  readonly missing: boolean;
  /** A rematch began while we were watching (null before, or when opened after it began). */
  readonly rematchStarted: string | undefined;
}

export function initialState(id: string, you: Side | null = null): OnlineState {
  return {
    id,
    header: undefined,
    moves: [],
    you,
    clock: null,
    presence: undefined,
    pending: undefined,
    resync: undefined,
    resyncing: false,
    refused: undefined,
    missing: false,
    rematchStarted: undefined,
  };
}

const headerOf = (view: GameView): GameHeader => {
  const { moves, from, ...header } = view;
  void moves;
  void from;
  return header;
};

const clockOf = (view: ClockView | null, now: number): ClockSync | null =>
  view === null ? null : { view, at: now };

/** The presence received at `now` (kept as it was when the message has none: an older server). */
const withPresence = (state: OnlineState, presence: Presence | undefined, now: number): OnlineState =>
  presence === undefined ? state : { ...state, presence: { presence, at: now } };

const withResync = (state: OnlineState, from: number): OnlineState =>
  state.resync === undefined || from < state.resync ? { ...state, resync: from } : state;

/** The state after a server message received at `now` (the local clock). */
export function apply(state: OnlineState, message: ServerMessage, now: number): OnlineState {
  switch (message.t) {
    case 'hello':
    case 'pong':
      return state;
    case 'state':
      return message.game.id === state.id
        ? withPresence(applyState(state, message.game, message.you, now), message.presence, now)
        : state;
    case 'presence':
      return message.game === state.id ? withPresence(state, message.presence, now) : state;
    // Before the first `state` there is nothing to change: the `state` brings it all.
    case 'move':
      return message.game === state.id && state.header ? applyMove(state, message, now) : state;
    case 'update':
      return message.game.id === state.id && state.header ? applyUpdate(state, message.game, now) : state;
    case 'error':
      return message.game === undefined || message.game === state.id ? applyError(state, message) : state;
  }
}

function applyState(state: OnlineState, view: GameView, you: Side | null, now: number): OnlineState {
  const header = headerOf(view);
  // The server's moves from `from` on follow ours up to `from`; where it has fewer, ours go.
  const moves =
    view.from <= state.moves.length ? [...state.moves.slice(0, view.from), ...view.moves] : undefined;
  if (moves === undefined)
    // It answered from further than we have (we never ask that): ask for everything.
    return { ...state, resync: 0, resyncing: false };
  return {
    ...state,
    header,
    moves,
    you,
    clock: clockOf(header.clock, now),
    pending: pendingAfter(state.pending, moves.length, header),
    resync: undefined,
    resyncing: false,
    missing: false,
    rematchStarted: rematchAfter(state, header),
  };
}

/** What remains of a pending move once the server is at `ply`. */
function pendingAfter(
  pending: PendingMove | undefined,
  ply: number,
  header: GameHeader,
): PendingMove | undefined {
  if (pending === undefined) return undefined;
  // Confirmed, or something else was played at its ply, or the game is no longer played.
  if (ply !== pending.ply || header.status !== 'playing') return undefined;
  return pending;
}

function applyMove(
  state: OnlineState,
  message: Extract<ServerMessage, { t: 'move' }>,
  now: number,
): OnlineState {
  const have = state.moves.length;
  if (message.ply === have + 1) {
    const pending = state.pending && state.pending.ply === have ? undefined : state.pending;
    return {
      ...state,
      moves: [...state.moves, message.move],
      header: state.header && {
        ...state.header,
        ply: message.ply,
        clock: message.clock,
        // A move answers the mover's opponent's draw offer (the server clears it too), and
        // withdraws a takeback request, which was about the position before it.
        drawOffer: null,
        ...(state.header.takebackOffer === undefined ? {} : { takebackOffer: null }),
      },
      clock: clockOf(message.clock, now),
      pending,
    };
  }
  // Already known: nothing to do, unless the server's record differs from ours.
  if (message.ply >= 1 && message.ply <= have)
    return state.moves[message.ply - 1] === message.move ? state : withResync(state, 0);
  // It skips ahead: we missed a move. Watch again from ours.
  return withResync(state, have);
}

function applyUpdate(state: OnlineState, header: GameHeader, now: number): OnlineState {
  const next: OnlineState = {
    ...state,
    header,
    clock: clockOf(header.clock, now),
    pending: state.pending && header.status !== 'playing' ? undefined : state.pending,
    rematchStarted: rematchAfter(state, header),
  };
  // The header counts moves we do not have (or fewer than ours): catch up from ours.
  return header.ply === state.moves.length ? next : withResync(next, state.moves.length);
}

/** A rematch that began after we first saw the game (so a player is taken to it once). */
function rematchAfter(state: OnlineState, header: GameHeader): string | undefined {
  if (state.rematchStarted !== undefined) return state.rematchStarted;
  if (header.rematch === null || state.header === undefined || state.header.rematch !== null)
    return undefined;
  return header.rematch;
}

function applyError(state: OnlineState, message: Extract<ServerMessage, { t: 'error' }>): OnlineState {
  const refused: Refused = {
    code: message.code,
    message: message.message,
    ...(message.re === undefined ? {} : { re: message.re }),
  };
  if (message.code === 'game/unknown' && state.header === undefined)
    return { ...state, missing: true, refused };
  const pendingRefused = state.pending !== undefined && message.re === state.pending.re;
  const next: OnlineState = { ...state, refused, ...(pendingRefused ? { pending: undefined } : {}) };
  // A stale move: the game went on without us. Catch up.
  return message.code === 'move/stale' ? withResync(next, state.moves.length) : next;
}

// ---------------------------------------------------------------------------------------------
// What this browser does

/** A move of ours sent with request id `re`: shown as pending until confirmed or refused. */
export function moveSent(state: OnlineState, squares: string, record: string, re: number): OnlineState {
  return { ...state, pending: { ply: state.moves.length, squares, record, re }, refused: undefined };
}

/** The connection closed: a pending move may not have arrived; send it again if still wanted. */
export function connectionLost(state: OnlineState): OnlineState {
  return {
    ...state,
    resyncing: false,
    ...(state.pending ? { pending: { ...state.pending, resend: true } } : {}),
  };
}

/** A `watch` was sent to catch up. */
export const resyncSent = (state: OnlineState): OnlineState => ({
  ...state,
  resync: undefined,
  resyncing: true,
});

/** A pending move sent again with a new request id. */
export const moveResent = (state: OnlineState, re: number): OnlineState =>
  state.pending ? { ...state, pending: { ...state.pending, re, resend: false } } : state;

/** A seat taken (created or joined): the grant's game is a full view. */
export function seatTaken(state: OnlineState, side: Side, view: GameView, now: number): OnlineState {
  return applyState(state, view, side, now);
}

export const dismissRefusal = (state: OnlineState): OnlineState =>
  state.refused === undefined ? state : { ...state, refused: undefined };

/** The token of our watch was refused (the seat is not ours): watch without it. */
export const seatLost = (state: OnlineState): OnlineState => ({ ...state, you: null, pending: undefined });

// ---------------------------------------------------------------------------------------------
// Derived

/** The moves to show: the confirmed ones and a pending move of ours. */
export const shownMoves = (state: OnlineState): readonly string[] =>
  state.pending && state.pending.ply === state.moves.length
    ? [...state.moves, state.pending.record]
    : state.moves;

/** The side to move after `ply` moves of a game whose first move is `first`'s. */
export const turnAfter = (first: Side, ply: number): Side => (ply % 2 === 0 ? first : opposite(first));

/** A free seat, when the game waits for its second player. */
export function freeSeat(header: GameHeader | undefined): Side | undefined {
  if (!header || header.status !== 'waiting') return undefined;
  if (header.seats.attackers.name === null) return 'attackers';
  if (header.seats.defenders.name === null) return 'defenders';
  return undefined;
}

/** Milliseconds left to `side` at `now`, counting down the running side from the last sync. */
export function timeLeft(clock: ClockSync | null, side: Side, now: number): number | undefined {
  if (clock === null) return undefined;
  const left = clock.view[side];
  return clock.view.running === side ? Math.max(0, left - Math.max(0, now - clock.at)) : left;
}

/** Whether this browser may move now: its seat, its turn, the game on, nothing pending. */
export function canMove(state: OnlineState, first: Side): boolean {
  const h = state.header;
  return (
    h !== undefined &&
    h.status === 'playing' &&
    state.you !== null &&
    state.pending === undefined &&
    !state.resyncing &&
    state.resync === undefined &&
    h.ply === state.moves.length &&
    turnAfter(first, state.moves.length) === state.you
  );
}
