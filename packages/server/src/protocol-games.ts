/**
 * The games' part of the protocol: what a game is as the server shows it (its time control,
 * status, result, seats, clocks, header and summary). Plain types shared by the server and the
 * app, re-exported by protocol.ts (the app imports them from `@tafl/server/protocol`). They are a
 * module of their own because protocol-players.ts speaks of games too (a player's games, a
 * tournament's pairings) and protocol.ts re-exports it.
 */

import type { EndReason, Side } from '@tafl/core';

export type TimeControl =
  | { readonly kind: 'none' }
  /** Each move within so many days; the time left is not carried over. */
  | { readonly kind: 'correspondence'; readonly days: number }
  /** A base time for the game and an increment added after each move (Fischer). */
  | { readonly kind: 'live'; readonly baseMs: number; readonly incrementMs: number };

export type SeatChoice = Side | 'random';

export const GAME_STATUSES = ['waiting', 'playing', 'ended', 'aborted'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/**
 * How an online game ends: the rules' own reasons and the players' and the clock's. `abandoned`:
 * a player left and the opponent claimed the win or a draw; `expired`: nobody took the free seat
 * in time; `unstarted`: both seats were taken but no move was made in time (both aborted).
 */
export type OnlineEndReason =
  EndReason | 'resignation' | 'agreement' | 'time' | 'aborted' | 'abandoned' | 'expired' | 'unstarted';

export interface OnlineResult {
  /** `none` for an aborted game. */
  readonly winner: Side | 'draw' | 'none';
  readonly reason: OnlineEndReason;
}

/**
 * Whether a seat's player is connected, and when the opponent may claim the game: milliseconds
 * from the moment the message was sent (0: now), or null while the player is connected or no
 * claim is possible (correspondence, no move made yet, the game over).
 */
export interface SeatPresence {
  readonly connected: boolean;
  readonly claimInMs: number | null;
}

export interface Presence {
  readonly attackers: SeatPresence;
  readonly defenders: SeatPresence;
}

export interface SeatView {
  /** The display name, or null while the seat is free. */
  readonly name: string | null;
  /** The account's user name when an account holds the seat (its player page); null or absent: a guest's. */
  readonly player?: string | null;
}

/**
 * The clocks: milliseconds left to each side at the moment the server sent the message, and
 * the side whose time is running (null before the first move, after the end, or untimed).
 */
export interface ClockView {
  readonly attackers: number;
  readonly defenders: number;
  readonly running: Side | null;
}

/** Everything about a game but its moves. */
export interface GameHeader {
  readonly id: string;
  /** The OTN rules string (with our `x-` keys: every parameter of the ruleset, and its start). */
  readonly rules: string;
  /** The preset's id when the rules are a preset's, else null (the player's own rules). */
  readonly rulesId: string | null;
  readonly rulesName: string;
  readonly time: TimeControl;
  /** A rated game changes both players' ratings when it ends (never when aborted). */
  readonly rated: boolean;
  /** The tournament the game belongs to, if any. */
  readonly tournament: string | null;
  readonly seats: { readonly attackers: SeatView; readonly defenders: SeatView };
  readonly status: GameStatus;
  readonly result: OnlineResult | null;
  /** Moves played so far. */
  readonly ply: number;
  readonly clock: ClockView | null;
  readonly drawOffer: Side | null;
  /**
   * The side asking to take its last move back (a casual game's only), or null. Absent: a server
   * of before takebacks.
   */
  readonly takebackOffer?: Side | null;
  readonly rematchOffer: Side | null;
  /** The id of the rematch, once accepted. */
  readonly rematch: string | null;
  /** Milliseconds since 1970. */
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface GameView extends GameHeader {
  /** OTN move records with captures and info symbols, from move `from` + 1 on. */
  readonly moves: readonly string[];
  readonly from: number;
}

export interface GameSummary {
  readonly id: string;
  readonly rulesId: string | null;
  readonly rulesName: string;
  readonly time: TimeControl;
  readonly rated: boolean;
  /** A rated seek: the ratings that may take the free seat (inclusive); null or absent: anyone. */
  readonly ratingRange?: { readonly min: number; readonly max: number } | null;
  /** A waiting rated game: its creator's rating in the game's family (the lobby only). */
  readonly seekRating?: SeekRating | null;
  readonly seats: { readonly attackers: SeatView; readonly defenders: SeatView };
  readonly status: GameStatus;
  readonly result: OnlineResult | null;
  readonly ply: number;
  readonly updatedAt: number;
}

export interface Lobby {
  /** Waiting for an opponent, newest first. */
  readonly open: readonly GameSummary[];
  /** Being played, most recently moved first. */
  readonly live: readonly GameSummary[];
  /** Finished, most recent first. */
  readonly finished: readonly GameSummary[];
}

/** What the lobby shows of a rated seek's creator. */
export interface SeekRating {
  readonly rating: number;
  readonly provisional: boolean;
}
