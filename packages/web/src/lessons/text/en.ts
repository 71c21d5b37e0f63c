/**
 * English: the reference catalogue of the lessons. Its shape is the type the others must have
 * (`LearnText`): a missing or extra key fails to compile. Each lesson id of core's lessons.ts has a
 * title, a task, the words after the right move and the explanation after a wrong one; they are
 * functions of the lesson's squares and of the ruleset's parameters, since one lesson id says
 * slightly different things under different rules (the king's move, the throne's hostility...).
 */

import type { LessonId, RuleParameters, Side } from '@tafl/core';

/** What a lesson's words may speak of. */
export interface LessonArgs {
  readonly rules: RuleParameters;
  /** The side the player moves. */
  readonly turn: Side;
  /** The lesson's move, and the square of the piece it is about. */
  readonly from: string;
  readonly to: string;
  readonly target: string;
}

type Line = (a: LessonArgs) => string;

export interface LessonText {
  readonly title: Line;
  readonly task: Line;
  readonly success: Line;
  readonly wrong: Line;
}

/** The parameters a lesson's words depend on, shared by every language. */
export const rook = (a: LessonArgs): boolean => a.rules.soldierMove === 'rook';
export const kingRook = (a: LessonArgs): boolean => a.rules.kingMove === 'rook';
/** The narrow no-break space French puts before : ; ! ? */
export const NB = '\u202f';

const enLessons: { readonly [id in LessonId]: LessonText } = {
  move: {
    title: () => 'How the soldiers move',
    task: (a) =>
      rook(a)
        ? `Soldiers move in a straight line along a row or a column, over as many empty squares as they like, like a rook in chess. Move the attacker on ${a.from} up the column as far as it can go.`
        : `Soldiers move one square at a time, along a row or a column, never diagonally. Move the attacker on ${a.from} one square up, to ${a.to}.`,
    success: (a) =>
      rook(a)
        ? `Right: it stops on ${a.to}, just before the defender. No piece jumps over another or lands on an occupied square.`
        : 'Right: one square, straight ahead, to the side or back, never diagonally.',
    wrong: (a) => `Not that move: the task was to move the attacker from ${a.from} to ${a.to}.`,
  },
  'king-move': {
    title: () => 'How the king moves',
    task: (a) =>
      kingRook(a)
        ? `The king moves like the soldiers, over any number of empty squares in a straight line. Move him from ${a.from} to the right, as far as he can go.`
        : `The king moves only one square at a time, along a row or a column. Move him from ${a.from} one square to the right, to ${a.to}.`,
    success: (a) =>
      kingRook(a)
        ? `He stops on ${a.to}, next to the attacker: like every piece, he cannot jump.`
        : 'One square: the king is slow, so plan his way early.',
    wrong: (a) => `Not that move: the task was to move the king from ${a.from} to ${a.to}.`,
  },
  'throne-pass': {
    title: () => 'Passing over the throne',
    task: (a) =>
      `The throne, the centre square d4, is the king’s alone: no soldier may ever stop on it. But while it is empty, any piece may pass over it. Move the attacker on ${a.from} across the throne, to a square beyond it.`,
    success: () => 'It crossed the empty throne without stopping there: d4 was never one of its squares.',
    wrong: (a) => `Not that move: cross the throne with the attacker on ${a.from}, to e4, f4 or g4.`,
  },
  'throne-block': {
    title: () => 'The throne bars the way',
    task: (a) =>
      `The throne, the centre square d4, is the king’s alone: no soldier may stop on it or even pass over it, empty or not. Move the attacker on ${a.from} to the right, as far as it can go.`,
    success: (a) => `It stops on ${a.to}: for a soldier the throne blocks the way like a piece.`,
    wrong: (a) => `Not that move: the attacker on ${a.from} can go no further right than ${a.to}.`,
  },
  'king-throne': {
    title: (a) => (a.rules.kingReturns ? 'Back to the throne' : 'The king does not come back'),
    task: (a) =>
      a.rules.kingReturns
        ? `Only the king may stop on the throne, and he may go back to it whenever he likes. Move the king from ${a.from} back onto the throne, d4.`
        : `Once the king has left the throne, he may never stop on it again, but he may pass over it. Move the king from ${a.from} across the throne, to d3 or d2.`,
    success: (a) =>
      a.rules.kingReturns
        ? 'The king is back on his throne. No soldier may ever stop there.'
        : 'He passed over the throne without stopping: d4 is no longer among his squares.',
    wrong: (a) =>
      a.rules.kingReturns
        ? `Not that move: bring the king from ${a.from} onto the throne, d4.`
        : `Not that move: take the king from ${a.from} over the throne, to d3 or d2.`,
  },
  'corner-defender': {
    title: () => 'Defenders in the corners',
    task: (a) =>
      `Here the defenders may stop on the corners too; the attackers never may${a.rules.cornerImmune ? '. A piece on a corner can never be captured' : ''}. Move the defender on ${a.from} into the corner ${a.to}.`,
    success: (a) =>
      a.rules.cornerImmune
        ? 'The defender is in the corner, where nothing can capture it.'
        : 'The defender stands in the corner, where no attacker may go.',
    wrong: (a) => `Not that move: put the defender on ${a.from} into the corner ${a.to}.`,
  },
  capture: {
    title: () => 'Capturing a soldier',
    task: (a) =>
      `A soldier is captured when an enemy moves so that it is caught between two enemies on a row or a column (never diagonally). One attacker already stands beside the defender on ${a.target}: capture it.`,
    success: (a) =>
      `Captured: the defender on ${a.target} was caught between two attackers and leaves the board. Only the side that moves captures: a piece may safely move in between two enemies.`,
    wrong: (a) =>
      `That move captures nothing: a soldier is taken when you close the second side. Put an attacker on the other side of ${a.target}, on the same row.`,
  },
  'capture-edge': {
    title: () => 'The edge does not capture',
    task: (a) =>
      `The edge of the board is not an enemy: a piece pressed against it cannot be captured against it. Move the attacker on ${a.from} to ${a.to}, against the defender on ${a.target}, and see.`,
    success: (a) =>
      `Nothing is captured: the defender on ${a.target} has only the edge behind it. To take it, catch it between two attackers along the edge.`,
    wrong: (a) => `Not that move: put the attacker from ${a.from} on ${a.to}, against the defender.`,
  },
  'capture-throne': {
    title: () => 'The empty throne captures',
    task: (a) =>
      a.turn === 'attackers'
        ? `The empty throne is hostile to the defenders: a defender between it and an attacker is captured. Capture the defender on ${a.target} against the throne.`
        : `The empty throne is hostile to the attackers: an attacker between it and a defender is captured. Capture the attacker on ${a.target} against the throne.`,
    success: () => 'Captured: the empty throne closed the other side, as an enemy piece would.',
    wrong: (a) =>
      `That move captures nothing. Move a piece to ${a.to}, so that the piece on ${a.target} is caught between it and the throne.`,
  },
  'capture-throne-king': {
    title: () => 'The throne with the king on it',
    task: (a) =>
      a.turn === 'attackers'
        ? `Here the throne is hostile to the defenders even with their own king on it. Capture the defender on ${a.target}, between an attacker and the king’s throne.`
        : `The king does not capture, but the throne he sits on is hostile to the attackers. Capture the attacker on ${a.target} against the throne.`,
    success: () => 'Captured against the throne, although the king sits on it.',
    wrong: (a) =>
      `That move captures nothing. Move a piece to ${a.to}, so that the piece on ${a.target} is caught against the throne.`,
  },
  'capture-corner': {
    title: () => 'The corners capture too',
    task: (a) =>
      `The empty corners are hostile to every piece: a piece beside a corner is captured by a single enemy on its other side. Capture the defender on ${a.target} against the corner a1.`,
    success: () => 'Captured against the corner. Keep your own pieces off the squares beside the corners.',
    wrong: (a) =>
      `That move captures nothing. Put the attacker on ${a.to}: the defender on ${a.target} is then caught against the corner.`,
  },
  'capture-king-armed': {
    title: () => 'The king captures',
    task: (a) =>
      `The king takes part in captures like a soldier. Capture the attacker on ${a.target} by bringing the king to its other side.`,
    success: (a) => `Captured: the attacker on ${a.target} was caught between the king and a defender.`,
    wrong: (a) =>
      `That move captures nothing. Move the king to ${a.to}, so that the attacker on ${a.target} is caught between him and the defender.`,
  },
  'king-unarmed': {
    title: () => 'The king does not capture',
    task: (a) =>
      `Here the king takes no part in captures: not when he moves, and not as the piece on the far side. Capture the attacker on ${a.target} with a defender.`,
    success: (a) =>
      `Captured between two defenders. Had the king moved to ${a.to} instead, nothing would have been taken.`,
    wrong: (a) =>
      `That move captures nothing: the king cannot capture. Take the attacker on ${a.target} with the defender on ${a.from}.`,
  },
  'escape-corner': {
    title: () => 'The king escapes to a corner',
    task: (a) =>
      `${a.rules.cornerStop === 'king' ? 'Only the king may stop on a corner' : 'No attacker may ever stop on a corner'}, and the defenders win as soon as he reaches one of the four. Find him a clear way and bring him to a corner.`,
    success: () => 'The king has escaped: the defenders win!',
    wrong: () => 'The king has not reached a corner. He can get to one in a single move.',
  },
  'escape-edge': {
    title: () => 'The king escapes to the edge',
    task: () =>
      'The defenders win as soon as the king reaches any square on the edge of the board. Bring him to the edge.',
    success: () => 'The king has reached the edge: the defenders win!',
    wrong: () => 'The king has not reached the edge. He can get there in a single move.',
  },
  'king-capture-2': {
    title: () => 'Capturing the king',
    task: (a) =>
      `Away from the throne, the king is captured like a soldier: caught between two attackers on a row or a column. Capture the king on ${a.target}.`,
    success: () => 'The king is captured: the attackers win!',
    wrong: () =>
      'The king is still free: put an attacker on his other side, opposite the one already beside him.',
  },
  'king-capture-4': {
    title: () => 'Surrounding the king',
    task: (a) =>
      `The king is captured only when attackers surround him on all four sides; the edge of the board never counts as one. Three sides are closed: capture the king on ${a.target}.`,
    success: () => 'Surrounded on four sides: the king is captured and the attackers win!',
    wrong: (a) => `The king is still free: close the fourth side of ${a.target}, at ${a.to}.`,
  },
  'king-capture-throne': {
    title: () => 'The king on his throne',
    task: (a) =>
      a.rules.kingCaptureOnThrone === 'four'
        ? 'On his throne the king is strong: the attackers must surround him on all four sides. Three sides are closed: capture the king.'
        : 'Here the throne does not protect the king: on it he is captured between two attackers, as anywhere else. Capture the king on the throne.',
    success: () => 'The king is captured on his throne: the attackers win!',
    wrong: (a) =>
      a.rules.kingCaptureOnThrone === 'four'
        ? `The king is still free: the fourth side, ${a.to}, is still open.`
        : 'The king is still free: put an attacker opposite the one beside him.',
  },
  'king-capture-beside-throne': {
    title: () => 'The king beside the throne',
    task: (a) =>
      a.rules.kingCaptureNextToThrone === 'three' || a.rules.kingCapture === 4
        ? `Beside the throne, the king is captured when attackers close his three other sides: the throne counts as the fourth. Two are closed: capture the king on ${a.target}.`
        : `The empty throne is hostile to the king: beside it, a single attacker on his other side captures him. Capture the king on ${a.target}.`,
    success: () => 'Captured beside the throne: the attackers win!',
    wrong: (a) => `The king is still free: close the side facing the throne, at ${a.to}.`,
  },
  'king-corner': {
    title: () => 'The king beside a corner',
    task: (a) =>
      `The corners are hostile to the king too: beside one, a single attacker on his other side captures him. Capture the king on ${a.target}.`,
    success: () => 'Captured against the corner, one step from freedom: the attackers win!',
    wrong: (a) => `The king is still free: put an attacker on ${a.to}, on his side away from the corner.`,
  },
  shield: {
    title: () => 'The king and his shield',
    task: (a) =>
      `The king is on his throne with attackers on three sides and a defender, his shield, on the fourth. An attacker that moves beyond the shield captures them both. Capture the king and the defender on ${a.target}.`,
    success: () => 'Both are taken, the shield and the king on his throne: the attackers win!',
    wrong: (a) => `Not yet: move an attacker to ${a.to}, beyond the shield.`,
  },
  'all-captured': {
    title: () => 'Capturing every attacker',
    task: (a) =>
      `The defenders also win by capturing every attacker. Only one is left, on ${a.target}: capture it.`,
    success: () => 'The last attacker is gone: the defenders win!',
    wrong: (a) => `The attacker on ${a.target} is still there: catch it between two defenders.`,
  },
  pass: {
    title: () => 'Passing when blocked',
    task: () =>
      'A side that cannot move any piece passes its turn, and the game goes on. Your attackers are walled in: pass.',
    success: () =>
      'You passed, and now the defenders play. If neither side could move, the game would be drawn.',
    wrong: () => 'Your attackers have no move at all: press “Pass”.',
  },
  'blocked-loses': {
    title: () => 'No move, no game',
    task: (a) =>
      `A side that cannot move any piece on its turn loses the game. Only the attacker on f1 can still move: block it with the defender on ${a.from}.`,
    success: () => 'The attackers cannot move at all: the defenders win!',
    wrong: (a) => `The attackers can still move. Close their last way out, ${a.to}.`,
  },
  repetition: {
    title: () => 'Repetition',
    task: (a) =>
      `When the same position stands on the board for the third time with the same side to move, the game is drawn. The king and an attacker have gone back and forth twice: bring the king back to ${a.to}, and this position comes for the third time.`,
    success: () => 'Drawn by repetition: the same position has stood three times.',
    wrong: (a) => `That move does not bring the position back. Move the king from ${a.from} to ${a.to}.`,
  },
  quiet: {
    title: () => 'Moves without a capture',
    task: (a) =>
      `After ${a.rules.quietPlyLimit} single moves in a row (of either side) without a capture, the game is drawn. The last ${a.rules.quietPlyLimit - 1} captured nothing: capture the defender on ${a.target} now.`,
    success: () => 'The capture starts the count again: the game goes on.',
    wrong: (a) =>
      `That move captured nothing: it was move ${a.rules.quietPlyLimit} in a row without a capture, and the game would be drawn. Capture the defender on ${a.target}.`,
  },
};

export const en = {
  lessons: enLessons,
  title: 'Learn to play',
  intro:
    'Short lessons for each ruleset: each one sets up a position and asks you to make the move that shows a rule.',
  progress: (done: number, total: number) => `${done} of ${total} lessons done`,
  allRulesets: 'All rulesets',
  courseOf: (name: string) => `Lessons: ${name}`,
  rulesLink: 'Read the rules',
  learnByPlaying: 'Learn by playing',
  start: 'Start',
  continue: 'Continue',
  done: 'done',
  lessonOf: (n: number, total: number) => `Lesson ${n} of ${total}`,
  youPlay: (side: Side): string =>
    side === 'attackers' ? 'You play the attackers.' : 'You play the defenders.',
  tryAgain: 'Try again',
  nextLesson: 'Next lesson',
  backToCourse: 'Back to the course',
  wellDone: 'Well done!',
  notQuite: 'Not quite.',
  finished: 'You have done every lesson of this course.',
  pass: 'Pass',
  noLesson: 'This lesson does not exist for these rules.',
  noLessons: 'These rules have no lessons (lessons are for 7x7 boards).',
};

export type LearnText = typeof en;
