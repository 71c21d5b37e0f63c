/**
 * What the game hub needs from storage. Two implementations share one Kysely query layer:
 * SQLite (better-sqlite3, the embedded default) and PostgreSQL (pg, with LISTEN/NOTIFY for
 * several server processes).
 *
 * Every change to a game is a `GameChange`: conditional on the version the hub saw, so two
 * processes (or two messages) can never both apply a change to the same version. Changes are
 * committed in batches (one transaction for all changes waiting at that moment, "group
 * commit"); `commit` resolves only after the transaction is durable, and says whether this
 * change applied (false: the version had moved on, nothing of the change was written).
 */

import type { AccountStore } from './accounts.js';
import type { LimitStore } from './limits.js';
import type { MailStore } from './mail.js';
import type { RatingStore } from './ratings.js';
import type { AnalysisRow, GameRow, MoveRow } from './rows.js';
import type { TournamentStore } from './tournaments.js';

export type { AnalysisRow, GameRow, MoveRow } from './rows.js';

export type GameChange =
  /** A new game (its version is 1); fails only on a duplicate id. */
  | { readonly kind: 'create'; readonly row: GameRow }
  /**
   * Replace the row of `row.id` where its version is `expectVersion` (`row.version` must be
   * `expectVersion + 1`), inserting `move` with it when given.
   */
  | {
      readonly kind: 'update';
      readonly expectVersion: number;
      readonly row: GameRow;
      readonly move?: MoveRow;
      /** A takeback: the moves after `row.ply` are deleted with it (never with a `move`). */
      readonly takeback?: true;
    }
  /** Rematch: create `row` and update `from`, both or neither. */
  | {
      readonly kind: 'rematch';
      readonly expectVersion: number;
      readonly from: GameRow;
      readonly row: GameRow;
    };

/** Sent to every process (PostgreSQL NOTIFY) after a change commits. */
export interface ChangeNotice {
  readonly id: string;
  readonly version: number;
  /** The process that made the change (it has broadcast it itself). */
  readonly origin: string;
  /**
   * A change that added a move: the move and the game as it is after it (but its rules, which a
   * move never changes), so that a process that shows the game applies it without reading the
   * database. Absent: read the game again.
   */
  readonly moved?: { readonly row: Omit<GameRow, 'rules'>; readonly move: MoveRow };
}

/** The notice of a committed change (with the move and row when it added a move). */
export function noticeOf(change: GameChange, origin: string): ChangeNotice[] {
  const of = (row: GameRow): ChangeNotice => ({ id: row.id, version: row.version, origin });
  if (change.kind === 'rematch') return [of(change.from), of(change.row)];
  if (change.kind === 'update' && change.move)
    return [{ ...of(change.row), moved: { row: withoutRules(change.row), move: change.move } }];
  return [of(change.row)];
}

/** A game's row without its rules (what a move's notice carries). */
export function withoutRules(row: GameRow): Omit<GameRow, 'rules'> {
  const copy: { -readonly [K in keyof GameRow]?: GameRow[K] } = { ...row };
  delete copy.rules;
  return copy as Omit<GameRow, 'rules'>;
}

/**
 * Which seats one process's connections hold (presence.ts), sent to the other processes
 * (PostgreSQL NOTIFY on a channel of its own): `[game id, side, held]` for each seat that changed,
 * and every seat it holds again every few seconds (a process that stops saying so is taken to
 * hold nothing once its last word is old).
 */
export interface PresenceNotice {
  readonly origin: string;
  readonly seats: readonly (readonly [string, 'attackers' | 'defenders', boolean])[];
}

export interface LobbyRows {
  readonly open: readonly GameRow[];
  readonly live: readonly GameRow[];
  readonly finished: readonly GameRow[];
}

/** How long `ping` waits for the database by default. */
export const PING_TIMEOUT_MS = 2000;

/** `work`, or a rejection saying `message` once `ms` have passed (`work` goes on, its end ignored). */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The parts of a store beyond the games (accounts, ratings, tournaments, limits, mail), each a module of its own. */
export const STORE_PARTS = ['accounts', 'ratings', 'tournaments', 'limits', 'mail'] as const;
export type StorePart = (typeof STORE_PARTS)[number];

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  /** Users and their sessions (store/accounts.ts). */
  readonly accounts: AccountStore;
  /** Ratings, their history, and which rated games have been counted (store/ratings.ts). */
  readonly ratings: RatingStore;
  /** Tournaments, their players and pairings (store/tournaments.ts). */
  readonly tournaments: TournamentStore;
  /** The limits every process shares: attempts, waiting games' places, known addresses (store/limits.ts). */
  readonly limits: LimitStore;
  /** Mail addresses and the queue of mails to send (store/mail.ts). */
  readonly mail: MailStore;
  /**
   * The server's secret called `name`: 32 random bytes (base64url) made the first time it is
   * asked for, the same ever after and in every process (the first one written wins).
   */
  secret(name: string): Promise<string>;
  /** Creates or migrates the schema; safe to call on every start and from several processes. */
  migrate(): Promise<void>;
  commit(change: GameChange): Promise<boolean>;
  loadGame(id: string): Promise<GameRow | undefined>;
  /** Moves with ply > `afterPly`, in order. */
  loadMoves(id: string, afterPly: number): Promise<MoveRow[]>;
  /** Up to `limit` of each kind: waiting (newest first), playing (latest change first), ended. */
  lobby(limit: number): Promise<LobbyRows>;
  /** Games with a running clock (status playing and turnStartedAt not null). */
  runningClocks(): Promise<GameRow[]>;
  /** How many games wait for an opponent and how many are being played (for the metrics). */
  countGames(): Promise<{ waiting: number; playing: number }>;
  /**
   * Up to `limit` games that may be due to expire (abandonment, hub.ts): waiting for an opponent
   * since before `waitingBefore` (createdAt), or playing with no move made, no clock running and
   * no change since before `unstartedBefore` (updatedAt). The hub decides each one exactly.
   */
  expiring(waitingBefore: number, unstartedBefore: number, limit: number): Promise<GameRow[]>;
  /**
   * Adds `ms` to the turnStartedAt of every game with a running clock: the time the server was
   * down, which no clock should count. One statement, one transaction, with `heartbeat` written
   * in it when given (so a process killed right after cannot credit the same time again).
   *
   * `expectLast`: the latest heartbeat the caller read. If a newer one is there when the
   * transaction runs (another process started at the same moment and credited the time first),
   * nothing is shifted and 0 is returned: the same outage is never credited twice.
   */
  shiftClocks(ms: number, heartbeat?: { serverId: string; at: number }, expectLast?: number): Promise<number>;
  /** The analysis kept with a game, if any. */
  loadAnalysis(gameId: string): Promise<AnalysisRow | undefined>;
  /**
   * Keeps `row` as its game's analysis when the game has none or a shallower one (one
   * statement: of two at once, the deeper stays); false when a kept one is as deep or deeper.
   * It never touches the game itself.
   */
  saveAnalysis(row: AnalysisRow): Promise<boolean>;
  /** Records that process `serverId` is alive at `now`. */
  heartbeat(serverId: string, now: number): Promise<void>;
  /** The latest heartbeat of any process, or undefined if none was ever written. */
  lastHeartbeat(): Promise<number | undefined>;
  /**
   * Calls `onNotice` for every change committed by any process (PostgreSQL); SQLite serves one
   * process, so its implementation never calls it. `origin` is this process's id: the store
   * sends it with every NOTIFY.
   *
   * `onReconnect` (PostgreSQL): the LISTEN connection failed and listens again; notices sent in
   * between were missed, so every game held may be stale and should be read again.
   */
  listen(
    origin: string,
    onNotice: (notice: ChangeNotice) => void,
    onReconnect?: () => void,
    onPresence?: (notice: PresenceNotice) => void,
  ): Promise<void>;
  /**
   * Tells the other processes which seats this one's connections hold (PostgreSQL; `onPresence`
   * of `listen` hears the others'). SQLite serves one process: nothing to tell.
   */
  announce(notice: PresenceNotice): Promise<void>;
  /**
   * Resolves when the database answers a trivial query within `timeoutMs` (default
   * PING_TIMEOUT_MS); otherwise rejects with an Error whose message says why in one sentence
   * (unreachable, too slow, the store closed). Cheap: for a readiness probe (`/readyz`).
   */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}
