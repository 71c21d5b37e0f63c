/**
 * The trace of a game: one record for the start and one after every move, with the fields of
 * `tafl trace` (ply, move, captured, position, turn, legal, status, reason). The trace vectors
 * kept as test fixtures (packages/core/test/fixtures/vectors) are written in exactly this form.
 */

import { squareName } from './geometry.js';
import { makeMoveSquares, playMoveRecord, type MoveError } from './notation/move.js';
import { makePosition } from './notation/position.js';
import type { Position } from './position.js';
import type { EndReason, Side } from './types.js';

export interface TraceRecord {
  readonly ply: number;
  readonly move?: string;
  readonly captured?: readonly string[];
  readonly position: string;
  readonly turn: Side;
  readonly legal: readonly string[];
  readonly status: 'ongoing' | Side | 'draw';
  readonly reason?: EndReason;
}

/** The record of `pos` as it stands (after its last move, if `withMove`). */
export function traceRecord(pos: Position, withMove: boolean): TraceRecord {
  const geo = pos.geo;
  const outcome = pos.outcome();
  const last = pos.lastMove();
  return {
    ply: pos.ply,
    ...(withMove && last !== undefined
      ? {
          move: makeMoveSquares(geo, last),
          captured: pos
            .lastCaptured()
            .map((sq) => squareName(geo, sq))
            .sort(),
        }
      : {}),
    position: makePosition(geo.size, pos.toSetup().board),
    turn: pos.turn,
    legal: pos.mustPass()
      ? []
      : pos
          .legalMoves()
          .map((m) => makeMoveSquares(geo, m))
          .sort(),
    status: outcome.status,
    ...(outcome.status !== 'ongoing' ? { reason: outcome.reason } : {}),
  };
}

export interface TraceFailure {
  readonly ply: number;
  readonly code: MoveError;
  readonly message: string;
}

export interface Trace {
  readonly records: TraceRecord[];
  /** The first move that could not be played, with the ply it would have had. */
  readonly failure?: TraceFailure;
}

/** Plays `moves` from `pos` (which it changes) and returns every record up to the first bad move. */
export function traceGame(pos: Position, moves: readonly string[]): Trace {
  const records: TraceRecord[] = [traceRecord(pos, false)];
  for (const text of moves) {
    const played = playMoveRecord(pos, text);
    if (!played.ok)
      return { records, failure: { ply: pos.ply + 1, code: played.code, message: played.message } };
    records.push(traceRecord(pos, true));
  }
  return { records };
}
