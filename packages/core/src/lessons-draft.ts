/**
 * What a lesson is before lessons.ts checks it: its id, its drawing, its move and what that move
 * must do. The positions' modules (lessons-moves.ts, lessons-king.ts, lessons-end.ts) write
 * drafts and lessons.ts checks and offers them, so these shapes are a module of their own that
 * both import, rather than lessons.ts's, which imports the positions.
 */

import { makePosition } from './notation/position.js';
import { ATTACKER, DEFENDER, EMPTY, KING, type EndReason, type Side } from './types.js';

export const LESSON_IDS = [
  'move',
  'king-move',
  'throne-pass',
  'throne-block',
  'king-throne',
  'corner-defender',
  'capture',
  'capture-edge',
  'capture-throne',
  'capture-throne-king',
  'capture-corner',
  'capture-king-armed',
  'king-unarmed',
  'escape-corner',
  'escape-edge',
  'king-capture-2',
  'king-capture-4',
  'king-capture-throne',
  'king-capture-beside-throne',
  'king-corner',
  'shield',
  'all-captured',
  'pass',
  'blocked-loses',
  'repetition',
  'quiet',
] as const;
export type LessonId = (typeof LESSON_IDS)[number];

/** What the lesson's move does, as data the test and the app compare with what happened. */
export interface LessonExpect {
  /** Exactly these squares are captured (the king's included), sorted. */
  readonly captures?: readonly string[];
  /** The move captures nothing (a lesson showing what does not capture). */
  readonly noCapture?: boolean;
  readonly kingCaptured?: boolean;
  /** The move is a pass. */
  readonly pass?: boolean;
  /** The game ends so; without it, the game goes on after the move. */
  readonly outcome?: { readonly winner: Side | 'draw'; readonly reason: EndReason };
}

/** A lesson before it is checked. `fixed`: only `move` is the answer (a lesson about one move). */
export interface Draft {
  readonly id: LessonId;
  readonly drawing: string;
  readonly turn: Side;
  readonly move: string;
  readonly expect: LessonExpect;
  readonly prelude?: readonly string[];
  readonly fixed?: readonly string[];
  readonly target?: string;
  readonly trap?: string;
}

const CODES: Readonly<Record<string, number>> = { '.': EMPTY, A: ATTACKER, D: DEFENDER, K: KING };

/** An OTN position record from a 7x7 drawing, rank 7 first. */
export function drawn(drawing: string): string {
  const rows = drawing
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/));
  const board = rows.reverse().flatMap((row) => row.map((cell) => CODES[cell] ?? EMPTY));
  return makePosition(rows.length, board);
}
