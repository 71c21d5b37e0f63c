// The lessons of lessons.ts, for every preset and for rulesets made by changing parameters: each
// lesson's position is legal and unfinished under its rules, each accepted answer does exactly
// what the lesson says (the captures, the end of the game, a pass), and a ruleset has the lesson
// of each rule it has and none of a rule it lacks (docs/rules.md's parameters).
import { describe, expect, it } from 'vitest';
import {
  LESSON_IDS,
  MAX_QUIET_LESSON,
  PASS,
  PRESETS,
  ardRiEs,
  ardRiFr,
  brandubh2019,
  lessonEffect,
  lessonPosition,
  lessonsFor,
  makeMoveSquares,
  parseMove,
  parseSquare,
  plazoleta,
  positionFromOtn,
  squareName,
  tryLessonMove,
  withParameters,
  type Lesson,
  type LessonId,
  type Position,
  type Ruleset,
} from '../src/index.js';
import { draw } from './rules/diagram.js';

/** The lessons a ruleset's parameters call for, read from the parameters one by one. */
function calledFor(r: Ruleset): LessonId[] {
  const ids: LessonId[] = ['move', 'king-move'];
  if (r.soldierMove === 'rook') ids.push(r.thronePassage === 'everyone' ? 'throne-pass' : 'throne-block');
  if (r.kingReturns || r.kingMove === 'rook') ids.push('king-throne');
  if (r.cornerStop === 'king-and-defenders') ids.push('corner-defender');
  ids.push('capture', 'capture-edge');
  if (r.throneHostileToDefenders !== 'never' || r.throneHostileToAttackers !== 'never')
    ids.push('capture-throne');
  if (r.throneHostileToDefenders === 'always' || (r.throneHostileToAttackers === 'always' && !r.kingArmed))
    ids.push('capture-throne-king');
  if (r.cornersHostile) ids.push('capture-corner');
  ids.push(r.kingArmed ? 'capture-king-armed' : 'king-unarmed');
  ids.push(r.escape === 'corners' ? 'escape-corner' : 'escape-edge');
  if (r.kingCapture === 2) ids.push('king-capture-2', 'king-capture-throne');
  else ids.push('king-capture-4');
  if (r.kingCaptureNextToThrone === 'three' || r.throneHostileToKing) ids.push('king-capture-beside-throne');
  if (r.cornersHostile && r.kingCapture === 2 && r.escape === 'corners') ids.push('king-corner');
  if (r.kingAndShield) ids.push('shield');
  if (r.allAttackersCapturedWins) ids.push('all-captured');
  ids.push(r.blocked === 'passes' ? 'pass' : 'blocked-loses');
  // The repetition lesson plays eight quiet moves: a shorter quiet limit would draw first.
  if (r.repetitionDraws && (r.quietPlyLimit === 0 || r.quietPlyLimit > 8)) ids.push('repetition');
  if (r.quietPlyLimit > 0 && r.quietPlyLimit <= MAX_QUIET_LESSON) ids.push('quiet');
  return ids.sort();
}

const CUSTOM: readonly Ruleset[] = [
  withParameters(plazoleta, { id: 'custom-throne-blocks', thronePassage: 'king', kingReturns: false }),
  withParameters(brandubh2019, {
    id: 'custom-unarmed-all',
    kingArmed: false,
    allAttackersCapturedWins: true,
    cornersHostile: false,
    kingCaptureOnThrone: 'elsewhere',
  }),
  withParameters(ardRiFr, {
    id: 'custom-ard-ri-rook',
    soldierMove: 'rook',
    kingMove: 'rook',
    repetitionDraws: true,
    quietPlyLimit: 31,
  }),
  withParameters(ardRiEs, {
    id: 'custom-edge-2',
    escape: 'edge',
    kingCapture: 2,
    throneHostileToKing: false,
  }),
  withParameters(brandubh2019, {
    id: 'custom-short-quiet',
    repetitionDraws: true,
    quietPlyLimit: 5,
    blocked: 'passes',
  }),
  withParameters(brandubh2019, {
    id: 'custom-long-quiet',
    quietPlyLimit: 500,
    kingMove: 'step',
    kingReturns: false,
  }),
  withParameters(ardRiEs, {
    id: 'custom-throne-hostile-4',
    kingCaptureNextToThrone: 'elsewhere',
    kingAndShield: true,
    kingCapture: 2,
  }),
];

const ALL = [...PRESETS, ...CUSTOM];

const named = (pos: Position, name: string) => {
  const parsed = parseMove(pos.geo, name);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value.move;
};

/** The position after the lesson's prelude, each prelude move checked legal on the way. */
function setUp(rules: Ruleset, lesson: Lesson): Position {
  const start = positionFromOtn(rules, lesson.position, lesson.turn);
  if (!start.ok) throw new Error(`${rules.id} rejects lesson ${lesson.id}: ${start.message}`);
  const pos = start.value;
  for (const name of lesson.prelude) {
    expect(pos.isLegal(named(pos, name)), `${lesson.id}: prelude ${name}${draw(pos)}`).toBe(true);
    pos.play(named(pos, name));
    expect(pos.lastCaptured(), `${lesson.id}: prelude ${name} captures nothing`).toEqual([]);
  }
  return pos;
}

describe('every ruleset has the lessons of its own rules, and no other', () => {
  for (const rules of ALL)
    it(rules.id, () => {
      const ids = lessonsFor(rules).map((l) => l.id);
      expect(new Set(ids).size, 'no lesson twice').toBe(ids.length);
      expect([...ids].sort()).toEqual(calledFor(rules));
      expect(ids.every((id) => (LESSON_IDS as readonly string[]).includes(id))).toBe(true);
    });

  it('king-and-shield has its lesson only where the rule exists', () => {
    expect(PRESETS.filter((r) => lessonsFor(r).some((l) => l.id === 'shield')).map((r) => r.id)).toEqual(
      PRESETS.filter((r) => r.kingAndShield).map((r) => r.id),
    );
    expect(PRESETS.some((r) => r.kingAndShield)).toBe(true);
    expect(PRESETS.some((r) => !r.kingAndShield)).toBe(true);
  });
});

describe("each lesson's answer does exactly what the lesson says", () => {
  for (const rules of ALL)
    describe(rules.id, () => {
      for (const lesson of lessonsFor(rules))
        it(lesson.id, () => {
          const pos = setUp(rules, lesson);
          expect(pos.isOver(), `${lesson.id} starts unfinished${draw(pos)}`).toBe(false);
          expect(lesson.answers[0]).toBe(lesson.move);
          expect(lesson.answers.length).toBeGreaterThan(0);
          for (const answer of lesson.answers) {
            const after = setUp(rules, lesson);
            const move = named(after, answer);
            expect(after.isLegal(move), `${answer} is legal${draw(after)}`).toBe(true);
            after.play(move);
            const taken = after
              .lastCaptured()
              .map((sq) => squareName(after.geo, sq))
              .sort();
            const o = after.outcome();
            const e = lesson.expect;
            expect(taken, `${answer} captures${draw(after)}`).toEqual(e.captures ?? []);
            if (e.noCapture) expect(taken).toEqual([]);
            expect(after.kingSquare < 0, `${answer}: the king captured or not`).toBe(e.kingCaptured ?? false);
            expect(move === PASS).toBe(e.pass ?? false);
            if (e.outcome) expect(o).toEqual({ status: e.outcome.winner, reason: e.outcome.reason });
            else expect(o, `${answer}: the game goes on${draw(after)}`).toEqual({ status: 'ongoing' });
            expect(tryLessonMove(rules, lesson, answer)?.correct).toBe(true);
          }
          if (lesson.target)
            expect(
              pos.pieceAt(parseSquare(pos.geo, lesson.target)!),
              'a piece stands on the target',
            ).not.toBe(0);
        });
    });
});

describe('the moves that do something else are not answers', () => {
  for (const rules of ALL)
    it(rules.id, () => {
      for (const lesson of lessonsFor(rules)) {
        const pos = lessonPosition(rules, lesson);
        for (const m of pos.legalMoves()) {
          const name = makeMoveSquares(pos.geo, m);
          const tried = tryLessonMove(rules, lesson, name)!;
          expect(tried.correct).toBe(lesson.answers.includes(name));
        }
        if (lesson.trap) {
          const trap = tryLessonMove(rules, lesson, lesson.trap);
          expect(trap, `${lesson.id}: the trap ${lesson.trap} is legal`).toBeDefined();
          expect(trap!.correct).toBe(false);
          expect(trap!.effect.captures, `${lesson.id}: the trap captures nothing`).toEqual([]);
        }
      }
    });

  it('the unarmed king beside an attacker, a defender beyond it, captures nothing', () => {
    const lesson = lessonsFor(ardRiEs).find((l) => l.id === 'king-unarmed')!;
    expect(lesson.trap).toBe('e2-d2');
    const trap = tryLessonMove(ardRiEs, lesson, 'e2-d2')!;
    expect(lessonEffect(trap.position).captures).toEqual([]);
  });
});

describe('a wrong move in a capture lesson captures nothing (so its explanation, "that move captures nothing", holds)', () => {
  for (const rules of ALL)
    it(rules.id, () => {
      for (const lesson of lessonsFor(rules).filter((l) => (l.expect.captures ?? []).length > 0)) {
        const pos = lessonPosition(rules, lesson);
        for (const m of pos.legalMoves()) {
          const tried = tryLessonMove(rules, lesson, makeMoveSquares(pos.geo, m))!;
          if (!tried.correct)
            expect(tried.effect.captures, `${lesson.id}: ${makeMoveSquares(pos.geo, m)}`).toEqual([]);
        }
      }
    });
});

describe('the quiet-moves lesson stands one move before the draw', () => {
  for (const rules of ALL.filter((r) => r.quietPlyLimit > 0 && r.quietPlyLimit <= MAX_QUIET_LESSON))
    it(`${rules.id}: ${rules.quietPlyLimit - 1} quiet moves played, and one more quiet move draws`, () => {
      const lesson = lessonsFor(rules).find((l) => l.id === 'quiet')!;
      const pos = setUp(rules, lesson);
      expect(lesson.prelude).toHaveLength(rules.quietPlyLimit - 1);
      expect(pos.quietPlies).toBe(rules.quietPlyLimit - 1);
      expect(pos.turn).toBe('attackers');
      const quiet = pos.legalMoves().find((m) => {
        const t = tryLessonMove(rules, lesson, makeMoveSquares(pos.geo, m))!;
        return t.effect.captures.length === 0;
      })!;
      const t = tryLessonMove(rules, lesson, makeMoveSquares(pos.geo, quiet))!;
      expect(t.position.outcome()).toEqual({ status: 'draw', reason: 'quiet moves' });
      expect(tryLessonMove(rules, lesson, lesson.move)!.position.quietPlies).toBe(0);
    });
});

describe('the repetition lesson: only the repeating move draws by repetition', () => {
  for (const rules of ALL.filter((r) => lessonsFor(r).some((l) => l.id === 'repetition')))
    it(rules.id, () => {
      const lesson = lessonsFor(rules).find((l) => l.id === 'repetition')!;
      const pos = lessonPosition(rules, lesson);
      for (const m of pos.legalMoves()) {
        const t = tryLessonMove(rules, lesson, makeMoveSquares(pos.geo, m))!;
        if (!t.correct) expect(t.position.outcome()).not.toEqual({ status: 'draw', reason: 'repetition' });
      }
    });
});

describe('the pass lesson: the side to move has no move at all', () => {
  for (const rules of ALL.filter((r) => r.blocked === 'passes'))
    it(rules.id, () => {
      const lesson = lessonsFor(rules).find((l) => l.id === 'pass')!;
      const pos = lessonPosition(rules, lesson);
      expect(pos.mustPass()).toBe(true);
      expect(pos.legalMoves()).toEqual([PASS]);
    });
});
