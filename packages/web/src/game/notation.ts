/**
 * Moves as the app writes them wherever a player reads them (a game's move list, the analysis
 * tree, the engine's lines, the puzzles, a hint): OpenTafl's notation as game records write it
 * (core's `makeMoveRecord`): `Kd4-d5` a king's move, `e2-d2xd3` the soldiers a move captured,
 * `c2-a2xKa3++` the king captured, `+` a king the attackers threaten, `-` an open way out, `--` the
 * king escaped. One notation, so that a line read in one place is the line written in another; the
 * legend (MovesLegend) explains it. What the app keeps (its games, the tree's paths, a server's
 * records) stays in the short form it always had: only what is shown changes.
 */

import { makeMoveRecord, playMoveRecord, type Move, type Position } from '@tafl/core';

/** A move of `pos` (legal there) as the app writes it; `pos` is left as it was. */
export function moveNotation(pos: Position, move: Move): string {
  const after = pos.clone();
  after.play(move);
  return makeMoveRecord(after);
}

/** Moves from `start`, each legal after the ones before, as the app writes them. */
export function lineNotation(start: Position, moves: readonly Move[]): string[] {
  const pos = start.clone();
  return moves.map((move) => {
    pos.play(move);
    return makeMoveRecord(pos);
  });
}

/** Move records (any form `playMoveRecord` reads) from `start`, as the app writes them; stops at one that cannot be played. */
export function recordsNotation(start: Position, records: readonly string[]): string[] {
  const pos = start.clone();
  const out: string[] = [];
  for (const record of records) {
    if (pos.isOver() || !playMoveRecord(pos, record).ok) break;
    out.push(makeMoveRecord(pos));
  }
  return out;
}
