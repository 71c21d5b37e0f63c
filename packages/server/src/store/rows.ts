/**
 * The rows of a game, its moves and its analysis, in the hub's terms: plain types, apart from
 * types.ts's `Store` because the tables' mapping (schema.ts) and the stores of accounts, ratings
 * and tournaments read them too, and `Store` is made of those stores.
 */

import type { GameStatus, OnlineEndReason } from '../protocol.js';

/** One row of `games`, in the hub's terms. Times are milliseconds since 1970. */
export interface GameRow {
  readonly id: string;
  /** OTN rules string. */
  readonly rules: string;
  readonly rulesId: string | null;
  readonly rulesName: string;
  /** 'none' | 'correspondence' | 'live'. */
  readonly timeKind: string;
  /** live: base; correspondence: days * 86_400_000; none: 0. */
  readonly timeBaseMs: number;
  readonly timeIncrementMs: number;
  readonly status: GameStatus;
  /** 'attackers' | 'defenders' | 'draw' | 'none', or null while not ended. */
  readonly winner: string | null;
  readonly reason: OnlineEndReason | null;
  readonly ply: number;
  /** Starts at 1; every committed change adds 1. */
  readonly version: number;
  readonly attackersName: string | null;
  /** SHA-256 (hex) of the seat token; null while the seat is free. */
  readonly attackersToken: string | null;
  readonly defendersName: string | null;
  readonly defendersToken: string | null;
  /** Time left to each side at `turnStartedAt` (null when untimed). */
  readonly clockAttackersMs: number | null;
  readonly clockDefendersMs: number | null;
  /** When the side to move's time started running; null while no clock runs. */
  readonly turnStartedAt: number | null;
  readonly drawOffer: string | null;
  /** The side asking to take its last move back (a casual game's), or null. */
  readonly takebackOffer: string | null;
  /**
   * Takebacks the game has had: a copy of the game whose count is not the store's holds moves
   * that were taken back, and reads them all again (hub.ts refresh).
   */
  readonly takebacks: number;
  readonly rematchOffer: string | null;
  readonly rematchId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Rated: both seats are accounts' and the end changes their ratings. */
  readonly rated: boolean;
  /** A rated seek's range: the ratings that may take the free seat (inclusive), or null. */
  readonly ratingMin: number | null;
  readonly ratingMax: number | null;
  /** The tournament the game is of (its pairing says which round), or null. */
  readonly tournamentId: string | null;
  /** The account holding each seat (its id), or null: a guest's seat, or free. */
  readonly attackersUser: string | null;
  readonly defendersUser: string | null;
}

export interface MoveRow {
  readonly gameId: string;
  /** 1 for the first move. */
  readonly ply: number;
  /** The OTN move record with captures and info symbol. */
  readonly move: string;
  readonly at: number;
  /** The mover's time left after the move (null when untimed). */
  readonly clockMs: number | null;
}

/**
 * The analysis kept with a finished game: `analysis` is its JSON text (a GameAnalysis of
 * @tafl/core, checked against the game before it is stored), `depth` its depth.
 */
export interface AnalysisRow {
  readonly gameId: string;
  readonly depth: number;
  readonly analysis: string;
  readonly updatedAt: number;
}
