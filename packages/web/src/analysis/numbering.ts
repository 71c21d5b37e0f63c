/**
 * Moves as players count them: an attackers' move and the defenders' reply make one move,
 * numbered together ("1. d1-d3 d4-c4"); a game the defenders start begins "1. … c4-c2". Plies
 * (each side's half) stay inside the code: these functions turn them into what is shown.
 */

import type { Side } from '@tafl/core';

/** The side that plays the ply of index `index` (0: the first ply from the start). */
export const sideOfPly = (index: number, firstSide: Side): Side =>
  index % 2 === 0 ? firstSide : firstSide === 'attackers' ? 'defenders' : 'attackers';

/** The number of the move the ply of index `index` belongs to. */
export const moveNumber = (index: number, firstSide: Side): number =>
  Math.floor((index + (firstSide === 'defenders' ? 1 : 0)) / 2) + 1;

/** How many moves `plies` plies make: the number of the last one (0 for none). */
export const moveCount = (plies: number, firstSide: Side = 'attackers'): number =>
  plies <= 0 ? 0 : moveNumber(plies - 1, firstSide);

/** One row of a move list: its number and the index of each side's ply in it. */
export interface MoveRow {
  readonly number: number;
  readonly attackers?: number;
  readonly defenders?: number;
}

/** The rows of a list of `plies` plies from the start, the defenders' reply beside the move. */
export function moveRows(plies: number, firstSide: Side): MoveRow[] {
  const rows: MoveRow[] = [];
  for (let i = 0; i < plies; i++) {
    const side = sideOfPly(i, firstSide);
    const number = moveNumber(i, firstSide);
    const last = rows[rows.length - 1];
    if (last && last.number === number) rows[rows.length - 1] = { ...last, [side]: i };
    else rows.push({ number, [side]: i });
  }
  return rows;
}

/**
 * The number shown before a move of an engine line, "" for none: every attackers' move has its
 * number ("3. "), and so has the line's first move when it is the defenders' ("3. … ").
 */
export function lineMoveNumber(ply: number, firstSide: Side, firstOfLine: boolean): string {
  const side = sideOfPly(ply, firstSide);
  return side === 'attackers' || firstOfLine
    ? `${moveNumber(ply, firstSide)}.${side === 'defenders' ? ' …' : ''} `
    : '';
}
