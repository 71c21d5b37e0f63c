/**
 * What the analysis board shows, as pure functions of positions and scores (tested without a
 * DOM): an engine line as move records and board squares, a score as a figure seen from one
 * side, where a node of the tree stands on the game's own line, and the judgement thresholds.
 */

import {
  PASS,
  makeLastMoveRecord,
  makeMoveRecord,
  moveFrom,
  moveTo,
  playMoveRecord,
  type Move,
  type Position,
  type Side,
} from '@tafl/core';
import { JUDGEMENT_THRESHOLDS, scoreOfChances, type Judgement } from '../game/evaluation.js';
import type { TreeNode, TreePath } from './tree.js';

/**
 * A line of moves from a position, as far as legal: its records (the tree's short form, with
 * captures), the same moves as the app shows them (game/notation.ts), and its moves.
 */
export interface PlayedLine {
  readonly records: readonly string[];
  readonly notation: readonly string[];
  readonly moves: readonly Move[];
}

/** The engine's moves from `pos`, as records; stops at the first move that is not legal. */
export function lineOfMoves(pos: Position, moves: readonly Move[]): PlayedLine {
  const p = pos.clone();
  const records: string[] = [];
  const notation: string[] = [];
  const played: Move[] = [];
  for (const move of moves) {
    if (p.isOver() || !p.isLegal(move)) break;
    p.play(move);
    records.push(makeLastMoveRecord(p));
    notation.push(makeMoveRecord(p));
    played.push(move);
  }
  return { records, notation, moves: played };
}

/** A stored line of records from `pos`, with its moves; stops at the first that cannot be played. */
export function lineOfRecords(pos: Position, records: readonly string[]): PlayedLine {
  const p = pos.clone();
  const out: string[] = [];
  const notation: string[] = [];
  const moves: Move[] = [];
  for (const record of records) {
    if (p.isOver()) break;
    const played = playMoveRecord(p, record);
    if (!played.ok) break;
    out.push(makeLastMoveRecord(p));
    notation.push(makeMoveRecord(p));
    moves.push(played.value);
  }
  return { records: out, notation, moves };
}

/**
 * Every move of the tree as the app shows it (game/notation.ts), by its path's key (`pathKey`):
 * the tree keeps the short records, whose `K` and captured king only a position can tell.
 */
export function treeNotation(start: Position, root: TreeNode): Map<string, string> {
  const out = new Map<string, string>();
  const pos = start.clone();
  const walk = (node: TreeNode, path: readonly string[]): void => {
    for (const child of node.children) {
      if (pos.isOver() || !playMoveRecord(pos, child.record).ok) continue;
      const here = [...path, child.record];
      out.set(pathKey(here), makeMoveRecord(pos));
      walk(child, here);
      pos.undo();
    }
  };
  walk(root, []);
  return out;
}

/** The squares of a move for an arrow, or undefined for a pass. */
export const arrowOf = (move: Move | undefined): readonly [number, number] | undefined =>
  move === undefined || move === PASS ? undefined : [moveFrom(move), moveTo(move)];

/**
 * A score (the attackers', engine units) as seen by `pov`, as a short figure: soldiers with one
 * decimal and a sign (`+1.4`, `−0.3`, `0.0`), or a forced win as `#3` (in moves: the viewer
 * wins) and `#−3` (the viewer loses). `win` is the score's forced win, if it is one.
 */
export function scoreFigure(
  score: number,
  pov: Side,
  lang: string,
  win: { readonly side: Side; readonly moves: number } | undefined,
): string {
  if (win) return win.side === pov ? `#${win.moves}` : `#−${win.moves}`;
  const mine = pov === 'attackers' ? score : -score;
  const soldiers = Math.round(mine / 10) / 10;
  const text = Math.abs(soldiers).toLocaleString(lang, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return soldiers > 0 ? `+${text}` : soldiers < 0 ? `−${text}` : text;
}

/** The number of the game's moves `path` follows from the start (the game's ply it stands on when whole). */
export function gamePrefix(gameMoves: readonly string[], path: TreePath): number {
  let n = 0;
  while (n < path.length && n < gameMoves.length && path[n] === gameMoves[n]) n++;
  return n;
}

/** True when `path` is a position of the game itself (not a variation). */
export const onGameLine = (gameMoves: readonly string[], path: TreePath): boolean =>
  gamePrefix(gameMoves, path) === path.length;

/** The tree path of a key (`path.join(' ')`), and back: records have no spaces. */
export const pathKey = (path: TreePath): string => path.join(' ');

/**
 * The judgement thresholds as the help states them, in the page's language: a fall of x in
 * chances counted from -1 to 1 is 50x points of chances counted from 0 to 100.
 */
export function thresholdTexts(lang: string): { readonly [j in Judgement]: string } {
  const points = (x: number): string => (x * 50).toLocaleString(lang, { maximumFractionDigits: 0 });
  return {
    inaccuracy: points(JUDGEMENT_THRESHOLDS.inaccuracy),
    mistake: points(JUDGEMENT_THRESHOLDS.mistake),
    blunder: points(JUDGEMENT_THRESHOLDS.blunder),
  };
}

/**
 * The judgement thresholds in soldiers, in the page's language: the score (one decimal) whose
 * winning chances are the threshold below an even position's, the fall seen from a draw.
 */
export function thresholdSoldiers(lang: string): { readonly [j in Judgement]: string } {
  const soldiers = (x: number): string =>
    (scoreOfChances(x) / 100).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    inaccuracy: soldiers(JUDGEMENT_THRESHOLDS.inaccuracy),
    mistake: soldiers(JUDGEMENT_THRESHOLDS.mistake),
    blunder: soldiers(JUDGEMENT_THRESHOLDS.blunder),
  };
}
