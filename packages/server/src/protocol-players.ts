/**
 * The players' part of the protocol (docs/online.md): accounts, ratings, "my games", leaderboards and
 * tournaments. Plain types and limits shared by the server and the app (re-exported by
 * protocol.ts, so the app imports them from `@tafl/server/protocol`).
 *
 * HTTP (JSON). A signed-in browser holds the session cookie `tafl_session` (httpOnly,
 * SameSite=Lax, Secure over TLS). Every request but GET, HEAD and OPTIONS, whatever its path,
 * and the WebSocket's upgrade, must come from the app's own origin (an `Origin` or
 * `Sec-Fetch-Site` header saying otherwise is refused, `csrf/refused`, 403); such a request that
 * carries the session cookie must send the session's CSRF token (AccountState.csrf) in the
 * `x-tafl-csrf` header. Every answer of the API is `Cache-Control: no-store`.
 *
 *     GET  /api/account                          -> AccountState (user null when signed out)
 *     POST /api/account/signup   SignUpRequest   -> 201 SignedIn   (and the cookie)
 *     POST /api/account/signin   SignInRequest   -> 200 SignedIn   (and the cookie)
 *     POST /api/account/signout                  -> 204            (this session revoked)
 *     POST /api/account/signout-all              -> 204            (every session revoked)
 *     POST /api/account/password PasswordRequest -> 204            (other sessions revoked)
 *     POST /api/account/delete   DeleteRequest   -> 204            (games kept, renamed)
 *     POST /api/account/seats    AttachRequest   -> 200 AttachResult  (a guest's seats attached)
 *     GET  /api/games/:id/seat                   -> 200 SeatKey    (my seat's token of this game)
 *     GET  /api/me/games                         -> 200 MyGames
 *     GET  /api/games/:id/ratings                -> 200 GameRatings (what a game did to ratings)
 *     GET  /api/players?name=NAME                -> 200 PlayerLookup (null: no such player)
 *     GET  /api/players/:name                    -> 200 PlayerView (404 player/unknown)
 *     GET  /api/leaderboard/:family              -> 200 Leaderboard
 *     GET  /api/tournaments                      -> 200 TournamentList
 *     POST /api/tournaments      CreateTournamentRequest -> 201 TournamentView
 *     GET  /api/tournaments/:id                  -> 200 TournamentView
 *     POST /api/tournaments/:id/join             -> 200 TournamentView
 *     POST /api/tournaments/:id/leave            -> 200 TournamentView
 *
 * Games: `CreateGameRequest` takes `rated` and `ratingRange` (protocol.ts); a signed-in player's
 * seat is shown under the account's name whatever `name` says.
 */

import type { Side } from '@tafl/core';
import type { GameStatus, GameSummary, OnlineResult, TimeControl } from './protocol-games.js';

// ---------------------------------------------------------------------------------------------
// Accounts

/** Cookie name of a session. */
export const SESSION_COOKIE = 'tafl_session';
/** Header carrying the session's CSRF token on every state-changing request. */
export const CSRF_HEADER = 'x-tafl-csrf';
/** A session lasts this long after it was last used. */
export const SESSION_IDLE_MS = 30 * 24 * 3_600_000;
/** User names: letters a–z (either case), digits, `_` and `-`, 3 to 20 characters. */
export const USER_NAME_RE = /^[A-Za-z0-9_-]{3,20}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
/** The name a deleted account's games show in its place. */
export const DELETED_NAME = 'deleted player';
/** At most this many guest seats are attached by one request. */
export const MAX_ATTACH = 200;

export interface AccountView {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
}

export interface AccountState {
  readonly user: AccountView | null;
  /** The session's CSRF token (send it as `x-tafl-csrf`), null when signed out. */
  readonly csrf: string | null;
  /** Whether this server sends mail (protocol-mail.ts): the account page then offers it. */
  readonly mail?: boolean;
}

/** A guest seat this browser holds: the game and the seat token. */
export interface GuestSeat {
  readonly game: string;
  readonly token: string;
}

export interface SignUpRequest {
  readonly name: string;
  readonly password: string;
  /** This browser's guest seats, attached to the new account. */
  readonly seats?: readonly GuestSeat[];
}

export type SignInRequest = SignUpRequest;

export interface PasswordRequest {
  readonly current: string;
  readonly password: string;
}

export interface DeleteRequest {
  readonly password: string;
}

export interface AttachRequest {
  readonly seats: readonly GuestSeat[];
}

/**
 * The seats attached: for each, the game, the side and the seat's new token (the guest token no
 * longer acts). An account's token is one of each game: the server gives it again on any device
 * signed in to the account (GET /api/games/:id/seat), and a password change or signing out
 * everywhere replaces it (the old one acts no more; the app asks again when it is refused).
 */
export interface AttachResult {
  readonly seats: readonly SeatKey[];
}

export interface SeatKey {
  readonly game: string;
  readonly side: Side;
  readonly token: string;
}

export interface SignedIn extends AccountState, AttachResult {
  readonly user: AccountView;
  readonly csrf: string;
}

// ---------------------------------------------------------------------------------------------
// Ratings

/**
 * The rating families: games of one family are rated together. Brandubh: every named ruleset on
 * the Brandubh layout; Ard Ri: those on the Ard Ri layout. A game of the player's own rules is
 * never rated.
 */
export const RATING_FAMILIES = ['brandubh', 'ard-ri'] as const;
export type RatingFamily = (typeof RATING_FAMILIES)[number];

/** The presets of each family (a preset not listed here cannot be played rated). */
export const FAMILY_PRESETS: Readonly<Record<RatingFamily, readonly string[]>> = {
  brandubh: [
    'plazoleta',
    'brandubh-2019',
    'brandubh-en',
    'brandub-fr',
    'opentafl-brandub',
    'federation-brandubh',
  ],
  'ard-ri': ['ard-ri-es', 'ard-ri-fr'],
};

export function familyOf(rulesId: string | null): RatingFamily | null {
  if (rulesId === null) return null;
  for (const family of RATING_FAMILIES) if (FAMILY_PRESETS[family].includes(rulesId)) return family;
  return null;
}

/** Above this deviation a rating is provisional (shown with a `?`). */
export const PROVISIONAL_DEVIATION = 110;
/** Leaderboards list players who played a rated game within this long. */
export const LEADERBOARD_ACTIVE_MS = 90 * 24 * 3_600_000;
/** A seek's rating range: ± this many points at most (null: anyone). */
export const RATING_RANGE = { min: 50, max: 1000 } as const;

/** Games, wins, draws and losses on one side. */
export interface SideScore {
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface RatingPoint {
  readonly at: number;
  readonly rating: number;
  readonly deviation: number;
  /** The game that moved the rating here. */
  readonly game: string;
}

export interface RatingView {
  readonly family: RatingFamily;
  /** Rounded to a whole point. */
  readonly rating: number;
  readonly deviation: number;
  readonly provisional: boolean;
  /** Rated games played in the family. */
  readonly games: number;
  readonly lastPlayedAt: number | null;
  readonly attackers: SideScore;
  readonly defenders: SideScore;
  /** Oldest first. */
  readonly history: readonly RatingPoint[];
}

/** A game on a player's page or in "my games": the summary, the player's side and result. */
export interface PlayerGame extends GameSummary {
  readonly side: Side;
  readonly rated: boolean;
  /** Whether it is this player's turn (false once over). */
  readonly myTurn: boolean;
  /** When the side to move runs out of time (ms since 1970), or null when no clock runs. */
  readonly deadline: number | null;
  /** The rating change this game brought this player, once rated. */
  readonly ratingDiff: number | null;
  /** The tournament the game is of, or null. */
  readonly tournament: string | null;
}

export interface PlayerView {
  readonly name: string;
  readonly createdAt: number;
  /** Every family the player has a rating in (a new player has none). */
  readonly ratings: readonly RatingView[];
  /** Games being played, most recent first. */
  readonly playing: readonly PlayerGame[];
  /** Ended games, most recent first (at most 30). */
  readonly recent: readonly PlayerGame[];
}

/**
 * "My games": every game of mine in progress, on any device. Correspondence games where it is
 * my turn come first (soonest deadline first), then the other games where it is my turn, then
 * the rest (most recently changed first).
 */
export interface MyGames {
  readonly games: readonly PlayerGame[];
  /** Games in progress where it is my turn (the header's count). */
  readonly myTurn: number;
  /** My ended games (not the aborted ones), the latest first: at most MY_FINISHED_MAX. */
  readonly finished: readonly PlayerGame[];
  /**
   * The tournaments I am entered in that are open or running, the soonest start first: the app
   * looks for my next game more often while one is under way or about to start.
   */
  readonly tournaments: readonly TournamentSummary[];
}

/** Ended games in "my games" (MyGames.finished). */
export const MY_FINISHED_MAX = 50;

/**
 * A player page looked up by name (GET /api/players?name=NAME): the page, or null when nobody
 * has that name. A name typed in an address is a question whose "nobody" is an answer, not an
 * error: the app asks this way, and no request of its fails for a mistyped name.
 */
export interface PlayerLookup {
  readonly player: PlayerView | null;
}

/** The rating a game left one of its players with, and the change it made. */
export interface RatingChange {
  readonly family: RatingFamily;
  /** Rounded to a whole point. */
  readonly rating: number;
  readonly diff: number;
}

/**
 * What a game did to its players' ratings (GET /api/games/:id/ratings). `none`: not a game that
 * is rated (casual, aborted, or not over); `pending`: rated once its end is counted, a moment
 * after it (ask again); `rated`: each side's change (null for a seat whose account is gone).
 */
export interface GameRatings {
  readonly status: 'none' | 'pending' | 'rated';
  readonly attackers: RatingChange | null;
  readonly defenders: RatingChange | null;
}

export interface LeaderboardEntry {
  readonly rank: number;
  readonly name: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
  readonly lastPlayedAt: number;
}

export interface Leaderboard {
  readonly family: RatingFamily;
  /** Settled ratings (deviation at most PROVISIONAL_DEVIATION), active within 90 days; top 100. */
  readonly players: readonly LeaderboardEntry[];
}

// ---------------------------------------------------------------------------------------------
// Tournaments

export const TOURNAMENT_KINDS = ['swiss', 'round-robin'] as const;
export type TournamentKind = (typeof TOURNAMENT_KINDS)[number];
export const TOURNAMENT_STATUSES = ['open', 'running', 'finished', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
export const TOURNAMENT_NAME_MAX = 60;
export const SWISS_ROUNDS = { min: 1, max: 15 } as const;
/** Players in one tournament at most. */
export const TOURNAMENT_PLAYERS_MAX = 64;
/** A tournament starts between 1 minute and 60 days from its creation. */
export const TOURNAMENT_START = { minMs: 60_000, maxMs: 60 * 24 * 3_600_000 } as const;

export interface CreateTournamentRequest {
  readonly name: string;
  readonly kind: TournamentKind;
  /** A preset id. */
  readonly rules: string;
  /** live or correspondence (never untimed). */
  readonly time: TimeControl;
  /** Swiss: the number of rounds; round robin: 1 (each pair meets once) or 2 (once on each side). */
  readonly rounds: number;
  /** When the first round is paired, ms since 1970. */
  readonly startsAt: number;
  readonly rated: boolean;
}

export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: TournamentKind;
  readonly rulesId: string;
  readonly rulesName: string;
  readonly time: TimeControl;
  /** As created: a Swiss's rounds; a round robin's cycles (1 or 2). */
  readonly rounds: number;
  readonly rated: boolean;
  readonly startsAt: number;
  readonly status: TournamentStatus;
  /** The round being played (0 before the start). */
  readonly round: number;
  readonly players: number;
  readonly creator: string;
}

export interface TournamentList {
  /** Open for joining, soonest first. */
  readonly open: readonly TournamentSummary[];
  readonly running: readonly TournamentSummary[];
  /** Finished or cancelled, most recent first (at most 30). */
  readonly finished: readonly TournamentSummary[];
}

export interface TournamentPairing {
  readonly attackers: string;
  /** null: `attackers` has a bye this round. */
  readonly defenders: string | null;
  readonly game: string | null;
  readonly status: GameStatus | null;
  /** The attackers' score once decided: 1, 0.5 or 0 (a bye: 1 in a Swiss, 0 in a round robin). */
  readonly score: 0 | 0.5 | 1 | null;
  readonly result: OnlineResult | null;
  /**
   * Lost by forfeit: the game was aborted before its first move (the side to move lost it), or
   * a player's account was deleted before the round (no game was made).
   */
  readonly forfeit: boolean;
}

export interface TournamentStanding {
  readonly rank: number;
  readonly name: string;
  readonly points: number;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
  readonly attacked: number;
  readonly defended: number;
  readonly rating: number | null;
}

/**
 * Why a tournament is over: `rounds`, its rounds were all played; `no-pairing`, a Swiss whose
 * next round could not be paired without two players meeting again (it ends after the rounds
 * played); `too-few`, cancelled at its start with fewer than two players.
 */
export const TOURNAMENT_ENDINGS = ['rounds', 'no-pairing', 'too-few'] as const;
export type TournamentEnding = (typeof TOURNAMENT_ENDINGS)[number];

export interface TournamentView extends TournamentSummary {
  /**
   * The rounds in all: a Swiss's rounds (it ends sooner when no round can be paired without a
   * repeat); a round robin's (players − 1, or players when odd) × cycles, for the players entered.
   */
  readonly totalRounds: number;
  /** Player names, in the order they joined. */
  readonly entrants: readonly string[];
  /** Every round paired so far, first first. */
  readonly pairings: readonly (readonly TournamentPairing[])[];
  /** Points, then Buchholz, then Sonneborn-Berger, then rating. */
  readonly standings: readonly TournamentStanding[];
  /** Why it is over (finished or cancelled), null while it is not. */
  readonly ending: TournamentEnding | null;
}
