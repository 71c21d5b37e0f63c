/**
 * Lessons: for any ruleset, a short course of positions that each show one of its rules by a
 * move the player makes (move a soldier, capture, escape, take the king, pass...). A lesson is
 * language-neutral data; the app gives it words. Which lessons exist follows the ruleset's
 * parameters, never its id, so a ruleset made in the editor gets its own course.
 *
 * Every lesson is checked here before it is offered: its position must be legal and unfinished
 * under the rules, its move legal, and the move must do exactly what the lesson's `expect` says
 * (captures, the end of the game, a pass). A lesson whose position these rules reject is left
 * out rather than shown wrong. The accepted answers of a lesson about an effect are every legal
 * move with that same effect, so a player who finds another way to do it is not told it is wrong.
 *
 * The positions are in lessons-moves.ts, lessons-king.ts and lessons-end.ts, in the order of the
 * course, as drafts (lessons-draft.ts) drawn as the rule tests draw them: rank 7 at the top, `A`
 * an attacker, `D` a defender, `K` the king, `.` an empty square; the throne is d4, the corners
 * a1 g1 a7 g7.
 */

import { squareName } from './geometry.js';
import { makeMoveSquares, parseMove } from './notation/move.js';
import type { Position } from './position.js';
import type { Ruleset } from './rules.js';
import { positionFromOtn } from './start.js';
import { drawn, type Draft, type LessonExpect, type LessonId } from './lessons-draft.js';
import { endLessons } from './lessons-end.js';
import { escapeLessons, kingCaptureLessons } from './lessons-king.js';
import { captureLessons, moveLessons } from './lessons-moves.js';
import { KING, PASS, type Side } from './types.js';

export { LESSON_IDS, drawn, type Draft, type LessonExpect, type LessonId } from './lessons-draft.js';
export { MAX_QUIET_LESSON } from './lessons-end.js';

export interface Lesson {
  readonly id: LessonId;
  /** The OTN position record the lesson starts from, and the side to move there. */
  readonly position: string;
  readonly turn: Side;
  /** Moves played before the task (the quiet moves before a draw, a position come back twice). */
  readonly prelude: readonly string[];
  /** The move the lesson's words describe (OTN, `d1-d2` or `pass`). */
  readonly move: string;
  /** Every move that counts as the answer: `move` first. */
  readonly answers: readonly string[];
  readonly expect: LessonExpect;
  /** The square of the piece the lesson is about (the one to capture, the king), if any. */
  readonly target?: string;
  /** A tempting move that does not do it, which the lesson's words explain (checked by the test). */
  readonly trap?: string;
}

/** What a move did: the facts `LessonExpect` speaks of. */
export interface LessonEffect {
  readonly captures: readonly string[];
  readonly kingCaptured: boolean;
  readonly pass: boolean;
  readonly outcome: LessonExpect['outcome'];
}

/** The effect of the move just played in `pos`. */
export function lessonEffect(pos: Position): LessonEffect {
  const outcome = pos.outcome();
  const codes = pos.lastCapturedCodes();
  return {
    captures: pos
      .lastCaptured()
      .map((sq) => squareName(pos.geo, sq))
      .sort(),
    kingCaptured: codes.includes(KING),
    pass: pos.lastMove() === PASS,
    outcome: outcome.status === 'ongoing' ? undefined : { winner: outcome.status, reason: outcome.reason },
  };
}

/** Does the effect meet the lesson's expectation, and nothing more (no other capture, no other end)? */
export function meetsExpect(effect: LessonEffect, expect: LessonExpect): boolean {
  const captures = expect.captures ?? [];
  if (effect.captures.length !== captures.length || effect.captures.some((c, i) => c !== captures[i]))
    return false;
  if (effect.kingCaptured !== (expect.kingCaptured ?? false)) return false;
  if (effect.pass !== (expect.pass ?? false)) return false;
  const a = effect.outcome;
  const b = expect.outcome;
  return a === undefined || b === undefined ? a === b : a.winner === b.winner && a.reason === b.reason;
}

/** The lesson's position after its prelude, ready for the player's move; a fresh one each call. */
export function lessonPosition(rules: Ruleset, lesson: Lesson): Position {
  const pos = positionFromOtn(rules, lesson.position, lesson.turn);
  if (!pos.ok) throw new Error(`lesson ${lesson.id}: ${pos.message}`);
  for (const name of lesson.prelude) playNamed(pos.value, name);
  return pos.value;
}

export interface LessonTry {
  readonly correct: boolean;
  /** The position after the move. */
  readonly position: Position;
  readonly effect: LessonEffect;
}

/** Plays a move (OTN) in a lesson; undefined when it is not legal there. */
export function tryLessonMove(rules: Ruleset, lesson: Lesson, move: string): LessonTry | undefined {
  const pos = lessonPosition(rules, lesson);
  const parsed = parseMove(pos.geo, move);
  if (!parsed.ok || !pos.isLegal(parsed.value.move)) return undefined;
  pos.play(parsed.value.move);
  const name = makeMoveSquares(pos.geo, parsed.value.move);
  return { correct: lesson.answers.includes(name), position: pos, effect: lessonEffect(pos) };
}

function playNamed(pos: Position, name: string): void {
  const parsed = parseMove(pos.geo, name);
  if (!parsed.ok || !pos.isLegal(parsed.value.move)) throw new Error(`${name} is not legal here`);
  pos.play(parsed.value.move);
}

/** The checked lesson, or undefined when these rules reject its position or its move. */
function check(rules: Ruleset, d: Draft): Lesson | undefined {
  const base = {
    id: d.id,
    position: drawn(d.drawing),
    turn: d.turn,
    prelude: d.prelude ?? [],
    move: d.move,
    expect: d.expect,
    ...(d.target ? { target: d.target } : {}),
    ...(d.trap ? { trap: d.trap } : {}),
  };
  let start: Position;
  try {
    start = lessonPosition(rules, { ...base, answers: [] });
  } catch {
    return undefined;
  }
  if (start.isOver()) return undefined;
  const lesson: Lesson = { ...base, answers: d.fixed ?? [d.move] };
  const played = tryLessonMove(rules, lesson, d.move);
  if (!played || !meetsExpect(played.effect, d.expect)) return undefined;
  if (d.fixed || d.expect.noCapture || d.expect.pass) return lesson;
  const others = start
    .legalMoves()
    .map((m) => makeMoveSquares(start.geo, m))
    .filter((name) => name !== d.move)
    .filter((name) => {
      const t = tryLessonMove(rules, lesson, name);
      return t !== undefined && meetsExpect(t.effect, d.expect);
    });
  return { ...lesson, answers: [d.move, ...others] };
}

/**
 * The course of a ruleset: a lesson for each of its rules that can be shown on its board, in the
 * order a player learns them. Only 7x7 rulesets have lessons (every ruleset here is).
 */
export function lessonsFor(rules: Ruleset): Lesson[] {
  if (rules.size !== 7) return [];
  const drafts = [
    ...moveLessons(rules),
    ...captureLessons(rules),
    ...escapeLessons(rules),
    ...kingCaptureLessons(rules),
    ...endLessons(rules),
  ];
  return drafts.map((d) => check(rules, d)).filter((l): l is Lesson => l !== undefined);
}
