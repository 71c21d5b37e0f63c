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
 * Positions are drawn below as the rule tests draw them: rank 7 at the top, `A` an attacker,
 * `D` a defender, `K` the king, `.` an empty square; the throne is d4, the corners a1 g1 a7 g7.
 */

import { squareName } from './geometry.js';
import { makeMoveSquares, parseMove } from './notation/move.js';
import { makePosition } from './notation/position.js';
import type { Position } from './position.js';
import type { Ruleset } from './rules.js';
import { positionFromOtn } from './start.js';
import { ATTACKER, DEFENDER, EMPTY, KING, PASS, type EndReason, type Side } from './types.js';

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

const CODES: Readonly<Record<string, number>> = { '.': EMPTY, A: ATTACKER, D: DEFENDER, K: KING };

/** An OTN position record from a 7x7 drawing, rank 7 first. */
function drawn(drawing: string): string {
  const rows = drawing
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/));
  const board = rows.reverse().flatMap((row) => row.map((cell) => CODES[cell] ?? EMPTY));
  return makePosition(rows.length, board);
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

/** A lesson before it is checked. `fixed`: only `move` is the answer (a lesson about one move). */
interface Draft {
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

// ------------------------------------------------------------------------------------------
// The positions, in the order of the course: moves, the throne and corners, captures, the
// escape, the king's capture, then the rules that end or draw a game.

const kingTaken = (square: string): LessonExpect => ({
  captures: [square],
  kingCaptured: true,
  outcome: { winner: 'attackers', reason: 'king captured' },
});

function moveLessons(r: Ruleset): Draft[] {
  const rook = r.soldierMove === 'rook';
  const out: Draft[] = [
    {
      id: 'move',
      turn: 'attackers',
      move: rook ? 'b2-b5' : 'b2-b3',
      fixed: [rook ? 'b2-b5' : 'b2-b3'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . D . . . . .
        . . . . . K .
        . . . . . . .
        . . . . . . .
        . A . . . . .
        . . . . . . .`,
    },
    {
      id: 'king-move',
      turn: 'defenders',
      move: r.kingMove === 'rook' ? 'b5-f5' : 'b5-c5',
      fixed: [r.kingMove === 'rook' ? 'b5-f5' : 'b5-c5'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . . . . .
        . K . . . . A
        . . . . . . .
        . . . . . . .
        . . . . . A .
        . . . . . . .`,
    },
  ];
  const throne = `
        . . . . . . .
        . . . . . D .
        . . . . . . .
        A . . . . . .
        . . . . . . .
        . . . . K . .
        . . . . . . .`;
  if (rook && r.thronePassage === 'everyone')
    out.push({
      id: 'throne-pass',
      turn: 'attackers',
      move: 'a4-f4',
      fixed: ['a4-f4', 'a4-e4', 'a4-g4'],
      expect: { noCapture: true },
      drawing: throne,
    });
  if (rook && r.thronePassage === 'king')
    out.push({
      id: 'throne-block',
      turn: 'attackers',
      move: 'a4-c4',
      fixed: ['a4-c4'],
      expect: { noCapture: true },
      drawing: throne,
    });
  if (r.kingReturns)
    out.push({
      id: 'king-throne',
      turn: 'defenders',
      move: 'd5-d4',
      fixed: ['d5-d4'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . K . . .
        . . . . . . .
        . . . . . . .
        . A . . . . .
        . . . . . . .`,
    });
  else if (r.kingMove === 'rook')
    out.push({
      id: 'king-throne',
      turn: 'defenders',
      move: 'd6-d2',
      fixed: ['d6-d2', 'd6-d3'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . K . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . A . . .`,
    });
  if (r.cornerStop === 'king-and-defenders')
    out.push({
      id: 'corner-defender',
      turn: 'defenders',
      move: 'b1-a1',
      fixed: ['b1-a1'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . K . .
        . . . . . . .
        . . . . . A .
        . . . . . . .
        . D . . . . .`,
    });
  return out;
}

function captureLessons(r: Ruleset): Draft[] {
  const out: Draft[] = [
    {
      id: 'capture',
      turn: 'attackers',
      move: 'd1-d2',
      target: 'c2',
      expect: { captures: ['c2'] },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . A D . . . .
        . . . A . . .`,
    },
    {
      id: 'capture-edge',
      turn: 'attackers',
      move: 'c3-c2',
      fixed: ['c3-c2'],
      target: 'c1',
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . . . . . . .
        . . A . . . .
        . . . . . . .
        . . D . . . .`,
    },
  ];
  // Against the throne: a defender taken by the attackers where the throne is hostile to
  // defenders, else an attacker taken by the defenders.
  const againstThrone = (id: LessonId, king: boolean): Draft | undefined => {
    const k = king ? 'K' : '.';
    const byAttackers = king
      ? r.throneHostileToDefenders === 'always'
      : r.throneHostileToDefenders !== 'never';
    const byDefenders = king
      ? r.throneHostileToAttackers === 'always' && !r.kingArmed
      : r.throneHostileToAttackers !== 'never';
    if (!byAttackers && !byDefenders) return undefined;
    const [mover, victim] = byAttackers ? ['A', 'D'] : ['D', 'A'];
    return {
      id,
      turn: byAttackers ? 'attackers' : 'defenders',
      move: 'c6-d6',
      target: 'd5',
      expect: { captures: ['d5'] },
      drawing: `
        . . . . . A .
        . . ${mover} . . . .
        . . . ${victim} . . .
        . . . ${k} . . .
        . . . . . . .
        . . . . . ${king ? 'D' : 'K'} .
        . . . . . . .`,
    };
  };
  const throne = againstThrone('capture-throne', false);
  if (throne) out.push(throne);
  const occupied = againstThrone('capture-throne-king', true);
  if (occupied) out.push(occupied);
  if (r.cornersHostile)
    out.push({
      id: 'capture-corner',
      turn: 'attackers',
      move: 'c2-c1',
      target: 'b1',
      expect: { captures: ['b1'] },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . . . . . . .
        . . . . . . .
        . . A . . . .
        . D . . . . .`,
    });
  const withKing = `
        . . . . . . .
        . . . . . A .
        . . . . . . .
        . . . . . . .
        . . . ${r.kingArmed ? '.' : 'D'} . . .
        . D A . K . .
        . . . . . . .`;
  out.push(
    r.kingArmed
      ? {
          id: 'capture-king-armed',
          turn: 'defenders',
          move: 'e2-d2',
          target: 'c2',
          expect: { captures: ['c2'] },
          drawing: withKing,
        }
      : {
          id: 'king-unarmed',
          turn: 'defenders',
          move: 'd3-d2',
          target: 'c2',
          trap: 'e2-d2',
          expect: { captures: ['c2'] },
          drawing: withKing,
        },
  );
  return out;
}

function escapeLessons(r: Ruleset): Draft[] {
  if (r.escape === 'corners')
    return [
      {
        id: 'escape-corner',
        turn: 'defenders',
        move: 'g2-g1',
        target: 'g2',
        expect: { outcome: { winner: 'defenders', reason: 'escape' } },
        drawing: `
          . . . . . . .
          . . . . A . .
          . . A . . . .
          . . . . . . .
          . . . . . . .
          . . . . . . K
          . . . . . . .`,
      },
    ];
  return [
    {
      id: 'escape-edge',
      turn: 'defenders',
      move: 'b4-a4',
      target: 'b4',
      expect: { outcome: { winner: 'defenders', reason: 'escape' } },
      drawing: `
        . . . . . . .
        . . A . . . .
        . . . . . . .
        . K . . . . .
        . . . . . . .
        . . . . A . .
        . . . . . . .`,
    },
  ];
}

function kingCaptureLessons(r: Ruleset): Draft[] {
  const out: Draft[] = [];
  if (r.kingCapture === 2)
    out.push({
      id: 'king-capture-2',
      turn: 'attackers',
      move: 'd6-d5',
      target: 'c5',
      expect: kingTaken('c5'),
      drawing: `
        . . . . . . .
        . . . A . . .
        . A K . . . .
        . . . . . . .
        . . . . . . .
        . . . . . D .
        . . . . . . .`,
    });
  else
    out.push({
      id: 'king-capture-4',
      turn: 'attackers',
      move: 'd6-d5',
      target: 'c5',
      expect: kingTaken('c5'),
      drawing: `
        . . . . . . .
        . . A A . . .
        . A K . . . .
        . . A . . . .
        . . . . . . .
        . . . . . D .
        . . . . . . .`,
    });
  if (r.kingCapture === 2)
    out.push(
      r.kingCaptureOnThrone === 'four'
        ? {
            id: 'king-capture-throne',
            turn: 'attackers',
            move: 'c3-d3',
            target: 'd4',
            expect: kingTaken('d4'),
            drawing: `
              . . . . . . .
              . . . . . D .
              . . . A . . .
              . . A K A . .
              . . A . . . .
              . . . . . . .
              . . . . . . .`,
          }
        : {
            id: 'king-capture-throne',
            turn: 'attackers',
            move: 'e5-e4',
            target: 'd4',
            expect: kingTaken('d4'),
            drawing: `
              . . . . . . .
              . . . . . D .
              . . . . A . .
              . . A K . . .
              . . . . . . .
              . . . . . . .
              . . . . . . .`,
          },
    );
  const three = r.kingCaptureNextToThrone === 'three';
  if (three || r.throneHostileToKing) {
    const flanked = three || r.kingCapture === 4;
    out.push({
      id: 'king-capture-beside-throne',
      turn: 'attackers',
      move: 'd7-d6',
      target: 'd5',
      expect: kingTaken('d5'),
      drawing: `
        . . . A . . .
        . . . . . . .
        . . ${flanked ? 'A' : '.'} K ${flanked ? 'A' : '.'} . .
        . . . . . . .
        . . . . . . .
        . A . . . D .
        . . . . . . .`,
    });
  }
  if (r.cornersHostile && r.kingCapture === 2 && r.escape === 'corners')
    out.push({
      id: 'king-corner',
      turn: 'attackers',
      move: 'b3-a3',
      target: 'a2',
      expect: kingTaken('a2'),
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . D .
        . . . . . . .
        . A . . . . .
        K . . . . . .
        . . . . . . .`,
    });
  if (r.kingAndShield)
    out.push({
      id: 'shield',
      turn: 'attackers',
      move: 'c6-d6',
      target: 'd5',
      expect: {
        captures: ['d4', 'd5'],
        kingCaptured: true,
        outcome: { winner: 'attackers', reason: 'king captured' },
      },
      drawing: `
        . . . . . . .
        . . A . . . .
        . . . D . . .
        . . A K A . .
        . . . A . . .
        . . . . . . .
        . . . . . . .`,
    });
  return out;
}

/** The most quiet plies the course's quiet lesson plays before the task (longer limits get none). */
export const MAX_QUIET_LESSON = 100;

function endLessons(r: Ruleset): Draft[] {
  const out: Draft[] = [];
  if (r.allAttackersCapturedWins)
    out.push({
      id: 'all-captured',
      turn: 'defenders',
      move: 'd3-d2',
      target: 'c2',
      expect: { captures: ['c2'], outcome: { winner: 'defenders', reason: 'all attackers captured' } },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . . . . . . .
        . . . D . . .
        . D A . . . .
        . . . . . . .`,
    });
  const wall = (last: string, turn: Side): string => `
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . K . . .
        . . . . . ${last} .
        . D D D D ${turn === 'attackers' ? 'D' : '.'} .
        . A A A A A .`;
  if (r.blocked === 'passes')
    out.push({
      id: 'pass',
      turn: 'attackers',
      move: 'pass',
      expect: { pass: true },
      drawing: wall('.', 'attackers'),
    });
  else
    out.push({
      id: 'blocked-loses',
      turn: 'defenders',
      move: 'f3-f2',
      expect: { outcome: { winner: 'defenders', reason: 'no legal move' } },
      drawing: wall('D', 'defenders'),
    });
  if (r.repetitionDraws)
    out.push({
      id: 'repetition',
      turn: 'attackers',
      prelude: ['f2-f3', 'c5-c6', 'f3-f2', 'c6-c5', 'f2-f3', 'c5-c6', 'f3-f2'],
      move: 'c6-c5',
      fixed: ['c6-c5'],
      expect: { outcome: { winner: 'draw', reason: 'repetition' } },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . K . . . .
        . . . . . . .
        . . . . . . .
        . . . . . A .
        . . . . . . .`,
    });
  if (r.quietPlyLimit > 0 && r.quietPlyLimit <= MAX_QUIET_LESSON) {
    const plies = r.quietPlyLimit - 1;
    const turn: Side = plies % 2 === 0 ? 'attackers' : 'defenders';
    const drawing = `
        . . A . . . .
        . . . . D . .
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . A D . . . .
        . . . A . . .`;
    const prelude = quietPrelude(r, drawn(drawing), turn, plies);
    if (prelude)
      out.push({
        id: 'quiet',
        turn,
        prelude,
        move: 'd1-d2',
        target: 'c2',
        expect: { captures: ['c2'] },
        drawing,
      });
  }
  return out;
}

/**
 * `plies` moves that capture nothing, end nothing and never bring a position back, made by the
 * pieces on ranks 6 and 7 alone (a depth-first search, so any ruleset's moves will do), or
 * undefined if none is found within a small budget.
 */
function quietPrelude(rules: Ruleset, record: string, turn: Side, plies: number): string[] | undefined {
  const start = positionFromOtn(rules, record, turn);
  if (!start.ok) return undefined;
  const pos = start.value;
  const size = pos.geo.size;
  const inZone = (sq: number): boolean => sq >= (size - 2) * size;
  const seen = new Set<string>([`${pos.keyLo},${pos.keyHi}`]);
  const line: string[] = [];
  let budget = 20_000;
  const search = (): boolean => {
    if (line.length === plies) return true;
    for (const move of pos.legalMoves()) {
      if (move === PASS || !inZone(move >> 8) || !inZone(move & 0xff) || --budget < 0) continue;
      pos.play(move);
      const key = `${pos.keyLo},${pos.keyHi}`;
      if (pos.lastCaptured().length === 0 && !pos.isOver() && !seen.has(key)) {
        seen.add(key);
        line.push(makeMoveSquares(pos.geo, move));
        if (search()) return true;
        line.pop();
        seen.delete(key);
      }
      pos.undo();
    }
    return false;
  };
  return search() ? line : undefined;
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
