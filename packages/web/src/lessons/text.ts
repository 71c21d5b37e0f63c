/**
 * The lessons' words in English, Spanish and French. English is the reference: its shape is the
 * type the others must have. Each lesson id of core's lessons.ts has a title, a task, the words
 * after the right move and the explanation after a wrong one; they are functions of the lesson's
 * squares and of the ruleset's parameters, since one lesson id says slightly different things
 * under different rules (the king's move, the throne's hostility...).
 */

import type { LessonId, RuleParameters, Side } from '@tafl/core';
import type { Lang } from '../i18n/index.js';

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

const rook = (a: LessonArgs): boolean => a.rules.soldierMove === 'rook';
const kingRook = (a: LessonArgs): boolean => a.rules.kingMove === 'rook';
const NB = '\u202f';

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

const en = {
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

const es: LearnText = {
  lessons: {
    move: {
      title: () => 'Cómo se mueven los soldados',
      task: (a) =>
        rook(a)
          ? `Los soldados se mueven en línea recta por una fila o una columna, tantas casillas libres como quieran, como la torre en el ajedrez. Mueve el atacante de ${a.from} hacia arriba, tan lejos como pueda llegar.`
          : `Los soldados se mueven de una en una casilla, por una fila o una columna, nunca en diagonal. Mueve el atacante de ${a.from} una casilla hacia arriba, a ${a.to}.`,
      success: (a) =>
        rook(a)
          ? `Eso es: se detiene en ${a.to}, justo antes del defensor. Ninguna pieza salta por encima de otra ni termina en una casilla ocupada.`
          : 'Eso es: una casilla, hacia delante, hacia un lado o hacia atrás, nunca en diagonal.',
      wrong: (a) => `Ese no es el movimiento: había que llevar el atacante de ${a.from} a ${a.to}.`,
    },
    'king-move': {
      title: () => 'Cómo se mueve el rey',
      task: (a) =>
        kingRook(a)
          ? `El rey se mueve como los soldados, tantas casillas libres como quiera en línea recta. Llévalo desde ${a.from} hacia la derecha, lo más lejos posible.`
          : `El rey solo se mueve una casilla cada vez, por una fila o una columna. Llévalo desde ${a.from} una casilla a la derecha, a ${a.to}.`,
      success: (a) =>
        kingRook(a)
          ? `Se detiene en ${a.to}, junto al atacante: como todas las piezas, no puede saltar.`
          : 'Una casilla: el rey es lento, así que conviene preparar su camino con tiempo.',
      wrong: (a) => `Ese no es el movimiento: había que llevar el rey de ${a.from} a ${a.to}.`,
    },
    'throne-pass': {
      title: () => 'Pasar por encima del trono',
      task: (a) =>
        `El trono, la casilla central d4, es solo del rey: ningún soldado puede detenerse en él. Pero mientras está vacío, cualquier pieza puede pasar por encima. Lleva el atacante de ${a.from} al otro lado del trono.`,
      success: () => 'Ha cruzado el trono vacío sin detenerse: d4 nunca fue una de sus casillas.',
      wrong: (a) =>
        `Ese no es el movimiento: cruza el trono con el atacante de ${a.from}, hasta e4, f4 o g4.`,
    },
    'throne-block': {
      title: () => 'El trono cierra el paso',
      task: (a) =>
        `El trono, la casilla central d4, es solo del rey: ningún soldado puede detenerse en él ni pasar por encima, esté vacío o no. Mueve el atacante de ${a.from} hacia la derecha, lo más lejos posible.`,
      success: (a) =>
        `Se detiene en ${a.to}: para un soldado, el trono corta el paso como si fuera una pieza.`,
      wrong: (a) => `Ese no es el movimiento: el atacante de ${a.from} no puede ir más allá de ${a.to}.`,
    },
    'king-throne': {
      title: (a) => (a.rules.kingReturns ? 'De vuelta al trono' : 'El rey no vuelve al trono'),
      task: (a) =>
        a.rules.kingReturns
          ? `Solo el rey puede detenerse en el trono, y puede volver a él cuando quiera. Devuelve el rey de ${a.from} al trono, d4.`
          : `Cuando el rey abandona el trono, ya no puede volver a detenerse en él, pero sí pasar por encima. Lleva el rey de ${a.from} al otro lado del trono, a d3 o d2.`,
      success: (a) =>
        a.rules.kingReturns
          ? 'El rey ha vuelto a su trono. Ningún soldado puede detenerse nunca allí.'
          : 'Ha pasado por encima del trono sin detenerse: d4 ya no es una de sus casillas.',
      wrong: (a) =>
        a.rules.kingReturns
          ? `Ese no es el movimiento: lleva el rey de ${a.from} al trono, d4.`
          : `Ese no es el movimiento: lleva el rey de ${a.from} por encima del trono, a d3 o d2.`,
    },
    'corner-defender': {
      title: () => 'Los defensores en las esquinas',
      task: (a) =>
        `Aquí los defensores también pueden detenerse en las esquinas; los atacantes nunca${a.rules.cornerImmune ? '. Una pieza en una esquina no puede ser capturada' : ''}. Lleva el defensor de ${a.from} a la esquina ${a.to}.`,
      success: (a) =>
        a.rules.cornerImmune
          ? 'El defensor está en la esquina, donde nada puede capturarlo.'
          : 'El defensor ocupa la esquina, adonde ningún atacante puede ir.',
      wrong: (a) => `Ese no es el movimiento: lleva el defensor de ${a.from} a la esquina ${a.to}.`,
    },
    capture: {
      title: () => 'Capturar un soldado',
      task: (a) =>
        `Un soldado es capturado cuando un enemigo se mueve y lo deja atrapado entre dos enemigos en una fila o una columna (nunca en diagonal). Ya hay un atacante junto al defensor de ${a.target}: captúralo.`,
      success: (a) =>
        `¡Capturado! El defensor de ${a.target} ha quedado atrapado entre dos atacantes y sale del tablero. Solo captura el bando que mueve: una pieza puede meterse sin peligro entre dos enemigos.`,
      wrong: (a) =>
        `Ese movimiento no captura nada: un soldado cae cuando cierras el segundo lado. Pon un atacante al otro lado de ${a.target}, en la misma fila.`,
    },
    'capture-edge': {
      title: () => 'El borde no captura',
      task: (a) =>
        `El borde del tablero no es un enemigo: una pieza arrinconada contra él no puede ser capturada. Mueve el atacante de ${a.from} a ${a.to}, contra el defensor de ${a.target}, y compruébalo.`,
      success: (a) =>
        `No se captura nada: detrás del defensor de ${a.target} solo está el borde. Para capturarlo hay que atraparlo entre dos atacantes a lo largo del borde.`,
      wrong: (a) => `Ese no es el movimiento: lleva el atacante de ${a.from} a ${a.to}, contra el defensor.`,
    },
    'capture-throne': {
      title: () => 'El trono vacío captura',
      task: (a) =>
        a.turn === 'attackers'
          ? `El trono vacío es hostil a los defensores: un defensor entre el trono y un atacante es capturado. Captura el defensor de ${a.target} contra el trono.`
          : `El trono vacío es hostil a los atacantes: un atacante entre el trono y un defensor es capturado. Captura el atacante de ${a.target} contra el trono.`,
      success: () => '¡Capturado! El trono vacío ha cerrado el otro lado, como lo haría una pieza enemiga.',
      wrong: (a) =>
        `Ese movimiento no captura nada. Lleva una pieza a ${a.to}, para que la de ${a.target} quede atrapada entre ella y el trono.`,
    },
    'capture-throne-king': {
      title: () => 'El trono con el rey encima',
      task: (a) =>
        a.turn === 'attackers'
          ? `Aquí el trono es hostil a los defensores incluso con su propio rey encima. Captura el defensor de ${a.target}, entre un atacante y el trono del rey.`
          : `El rey no captura, pero el trono en el que está es hostil a los atacantes. Captura el atacante de ${a.target} contra el trono.`,
      success: () => '¡Capturado contra el trono, aunque el rey esté sentado en él!',
      wrong: (a) =>
        `Ese movimiento no captura nada. Lleva una pieza a ${a.to}, para que la de ${a.target} quede atrapada contra el trono.`,
    },
    'capture-corner': {
      title: () => 'Las esquinas también capturan',
      task: (a) =>
        `Las esquinas vacías son hostiles a todas las piezas: una pieza junto a una esquina es capturada por un solo enemigo situado al otro lado. Captura el defensor de ${a.target} contra la esquina a1.`,
      success: () =>
        '¡Capturado contra la esquina! No dejes tus propias piezas en las casillas vecinas de las esquinas.',
      wrong: (a) =>
        `Ese movimiento no captura nada. Pon el atacante en ${a.to}: el defensor de ${a.target} queda atrapado contra la esquina.`,
    },
    'capture-king-armed': {
      title: () => 'El rey captura',
      task: (a) =>
        `El rey participa en las capturas como un soldado. Captura el atacante de ${a.target} llevando el rey al otro lado.`,
      success: (a) =>
        `¡Capturado! El atacante de ${a.target} ha quedado atrapado entre el rey y un defensor.`,
      wrong: (a) =>
        `Ese movimiento no captura nada. Lleva el rey a ${a.to}, para que el atacante de ${a.target} quede atrapado entre él y el defensor.`,
    },
    'king-unarmed': {
      title: () => 'El rey no captura',
      task: (a) =>
        `Aquí el rey no participa en las capturas: ni al moverse ni como pieza del otro lado. Captura el atacante de ${a.target} con un defensor.`,
      success: (a) =>
        `Capturado entre dos defensores. Si el rey hubiera ido a ${a.to}, no se habría capturado nada.`,
      wrong: (a) =>
        `Ese movimiento no captura nada: el rey no puede capturar. Captura el atacante de ${a.target} con el defensor de ${a.from}.`,
    },
    'escape-corner': {
      title: () => 'El rey escapa por una esquina',
      task: (a) =>
        `${a.rules.cornerStop === 'king' ? 'Solo el rey puede detenerse en una esquina' : 'Ningún atacante puede detenerse nunca en una esquina'}, y los defensores ganan en cuanto el rey llega a una de las cuatro. Búscale un camino libre y llévalo a una esquina.`,
      success: () => '¡El rey ha escapado: ganan los defensores!',
      wrong: () => 'El rey no ha llegado a una esquina. Puede alcanzar una en un solo movimiento.',
    },
    'escape-edge': {
      title: () => 'El rey escapa por el borde',
      task: () =>
        'Los defensores ganan en cuanto el rey llega a cualquier casilla del borde del tablero. Llévalo al borde.',
      success: () => '¡El rey ha llegado al borde: ganan los defensores!',
      wrong: () => 'El rey no ha llegado al borde. Puede alcanzarlo en un solo movimiento.',
    },
    'king-capture-2': {
      title: () => 'Capturar al rey',
      task: (a) =>
        `Lejos del trono, el rey se captura como un soldado: atrapado entre dos atacantes en una fila o una columna. Captura al rey en ${a.target}.`,
      success: () => '¡El rey ha sido capturado: ganan los atacantes!',
      wrong: () => 'El rey sigue libre: pon un atacante al otro lado, frente al que ya tiene al lado.',
    },
    'king-capture-4': {
      title: () => 'Rodear al rey',
      task: (a) =>
        `El rey solo es capturado cuando los atacantes lo rodean por sus cuatro lados; el borde del tablero nunca cuenta como uno de ellos. Tres lados están cerrados: captura al rey en ${a.target}.`,
      success: () => '¡Rodeado por los cuatro lados: el rey ha sido capturado y ganan los atacantes!',
      wrong: (a) => `El rey sigue libre: cierra el cuarto lado de ${a.target}, en ${a.to}.`,
    },
    'king-capture-throne': {
      title: () => 'El rey en su trono',
      task: (a) =>
        a.rules.kingCaptureOnThrone === 'four'
          ? 'En su trono el rey es fuerte: los atacantes deben rodearlo por los cuatro lados. Tres están cerrados: captura al rey.'
          : 'Aquí el trono no protege al rey: en él se captura entre dos atacantes, como en cualquier otra casilla. Captura al rey en el trono.',
      success: () => '¡El rey ha sido capturado en su trono: ganan los atacantes!',
      wrong: (a) =>
        a.rules.kingCaptureOnThrone === 'four'
          ? `El rey sigue libre: el cuarto lado, ${a.to}, sigue abierto.`
          : 'El rey sigue libre: pon un atacante frente al que ya tiene al lado.',
    },
    'king-capture-beside-throne': {
      title: () => 'El rey junto al trono',
      task: (a) =>
        a.rules.kingCaptureNextToThrone === 'three' || a.rules.kingCapture === 4
          ? `Junto al trono, el rey es capturado cuando los atacantes cierran sus otros tres lados: el trono cuenta como el cuarto. Dos están cerrados: captura al rey en ${a.target}.`
          : `El trono vacío es hostil al rey: a su lado, un solo atacante al otro lado lo captura. Captura al rey en ${a.target}.`,
      success: () => '¡Capturado junto al trono: ganan los atacantes!',
      wrong: (a) => `El rey sigue libre: cierra el lado opuesto al trono, en ${a.to}.`,
    },
    'king-corner': {
      title: () => 'El rey junto a una esquina',
      task: (a) =>
        `Las esquinas también son hostiles al rey: junto a una, un solo atacante al otro lado lo captura. Captura al rey en ${a.target}.`,
      success: () => '¡Capturado contra la esquina, a un paso de la libertad: ganan los atacantes!',
      wrong: (a) => `El rey sigue libre: pon un atacante en ${a.to}, en el lado opuesto a la esquina.`,
    },
    shield: {
      title: () => 'El rey y su escudo',
      task: (a) =>
        `El rey está en su trono con atacantes en tres lados y un defensor, su escudo, en el cuarto. Un atacante que se coloca detrás del escudo los captura a los dos. Captura al rey y al defensor de ${a.target}.`,
      success: () => '¡Caen los dos, el escudo y el rey en su trono: ganan los atacantes!',
      wrong: (a) => `Todavía no: lleva un atacante a ${a.to}, detrás del escudo.`,
    },
    'all-captured': {
      title: () => 'Capturar a todos los atacantes',
      task: (a) =>
        `Los defensores también ganan si capturan a todos los atacantes. Solo queda uno, en ${a.target}: captúralo.`,
      success: () => '¡Ya no queda ningún atacante: ganan los defensores!',
      wrong: (a) => `El atacante de ${a.target} sigue ahí: atrápalo entre dos defensores.`,
    },
    pass: {
      title: () => 'Pasar cuando no se puede mover',
      task: () =>
        'El bando que no puede mover ninguna pieza pasa su turno, y la partida continúa. Tus atacantes están encerrados: pasa turno.',
      success: () =>
        'Has pasado y ahora juegan los defensores. Si ninguno de los dos bandos pudiera mover, la partida sería tablas.',
      wrong: () => 'Tus atacantes no tienen ningún movimiento: pulsa «Pasar».',
    },
    'blocked-loses': {
      title: () => 'Sin movimientos, se pierde',
      task: (a) =>
        `El bando que no puede mover ninguna pieza en su turno pierde la partida. Solo el atacante de f1 puede moverse todavía: bloquéalo con el defensor de ${a.from}.`,
      success: () => '¡Los atacantes no pueden mover: ganan los defensores!',
      wrong: (a) => `Los atacantes todavía pueden mover. Ciérrales la última salida, ${a.to}.`,
    },
    repetition: {
      title: () => 'Repetición',
      task: (a) =>
        `Cuando la misma posición aparece por tercera vez en el tablero, con el mismo bando al turno, la partida es tablas. El rey y un atacante han ido y vuelto dos veces: devuelve el rey a ${a.to} y la posición se repetirá por tercera vez.`,
      success: () => 'Tablas por repetición: la misma posición se ha dado tres veces.',
      wrong: (a) => `Ese movimiento no repite la posición. Lleva el rey de ${a.from} a ${a.to}.`,
    },
    quiet: {
      title: () => 'Movimientos sin captura',
      task: (a) =>
        `Tras ${a.rules.quietPlyLimit} movimientos seguidos (de cualquiera de los dos bandos) sin ninguna captura, la partida es tablas. Los últimos ${a.rules.quietPlyLimit - 1} no han capturado nada: captura ahora el defensor de ${a.target}.`,
      success: () => 'La captura pone la cuenta a cero: la partida continúa.',
      wrong: (a) =>
        `Ese movimiento no ha capturado nada: era el ${a.rules.quietPlyLimit}.º seguido sin captura, y la partida sería tablas. Captura el defensor de ${a.target}.`,
    },
  },
  title: 'Aprende a jugar',
  intro:
    'Lecciones breves para cada reglamento: cada una plantea una posición y te pide el movimiento que muestra una regla.',
  progress: (done, total) => `${done} de ${total} lecciones hechas`,
  allRulesets: 'Todos los reglamentos',
  courseOf: (name) => `Lecciones: ${name}`,
  rulesLink: 'Leer las reglas',
  learnByPlaying: 'Aprender jugando',
  start: 'Empezar',
  continue: 'Continuar',
  done: 'hecha',
  lessonOf: (n, total) => `Lección ${n} de ${total}`,
  youPlay: (side) => (side === 'attackers' ? 'Juegas con los atacantes.' : 'Juegas con los defensores.'),
  tryAgain: 'Volver a intentarlo',
  nextLesson: 'Siguiente lección',
  backToCourse: 'Volver al curso',
  wellDone: '¡Muy bien!',
  notQuite: 'No exactamente.',
  finished: 'Has hecho todas las lecciones de este curso.',
  pass: 'Pasar',
  noLesson: 'Esta lección no existe con estas reglas.',
  noLessons: 'Estas reglas no tienen lecciones (las lecciones son para tableros de 7x7).',
};

const fr: LearnText = {
  lessons: {
    move: {
      title: () => 'Comment se déplacent les pions',
      task: (a) =>
        rook(a)
          ? `Les pions se déplacent en ligne droite, le long d’une rangée ou d’une colonne, d’autant de cases libres qu’ils le veulent, comme la tour aux échecs. Faites monter l’assaillant de ${a.from} aussi loin que possible.`
          : `Les pions avancent d’une case à la fois, le long d’une rangée ou d’une colonne, jamais en diagonale. Faites monter l’assaillant de ${a.from} d’une case, en ${a.to}.`,
      success: (a) =>
        rook(a)
          ? `C’est cela${NB}: il s’arrête en ${a.to}, juste avant le défenseur. Aucune pièce ne saute par-dessus une autre ni ne s’arrête sur une case occupée.`
          : `C’est cela${NB}: une case, en avant, de côté ou en arrière, jamais en diagonale.`,
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: il fallait amener l’assaillant de ${a.from} en ${a.to}.`,
    },
    'king-move': {
      title: () => 'Comment se déplace le roi',
      task: (a) =>
        kingRook(a)
          ? `Le roi se déplace comme les pions, d’autant de cases libres qu’il le veut en ligne droite. Emmenez-le de ${a.from} vers la droite, aussi loin que possible.`
          : `Le roi ne se déplace que d’une case à la fois, le long d’une rangée ou d’une colonne. Emmenez-le de ${a.from} d’une case vers la droite, en ${a.to}.`,
      success: (a) =>
        kingRook(a)
          ? `Il s’arrête en ${a.to}, contre l’assaillant${NB}: comme toutes les pièces, il ne peut pas sauter.`
          : `Une case${NB}: le roi est lent, mieux vaut lui préparer le chemin à l’avance.`,
      wrong: (a) => `Ce n’est pas le coup demandé${NB}: il fallait amener le roi de ${a.from} en ${a.to}.`,
    },
    'throne-pass': {
      title: () => 'Passer par-dessus le trône',
      task: (a) =>
        `Le trône, la case centrale d4, est réservé au roi${NB}: aucun pion ne peut s’y arrêter. Mais tant qu’il est vide, toute pièce peut passer par-dessus. Faites traverser le trône à l’assaillant de ${a.from}.`,
      success: () =>
        `Il a traversé le trône vide sans s’y arrêter${NB}: d4 n’a jamais fait partie de ses cases.`,
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: faites traverser le trône à l’assaillant de ${a.from}, jusqu’en e4, f4 ou g4.`,
    },
    'throne-block': {
      title: () => 'Le trône barre le passage',
      task: (a) =>
        `Le trône, la case centrale d4, est réservé au roi${NB}: aucun pion ne peut s’y arrêter ni passer par-dessus, qu’il soit vide ou non. Déplacez l’assaillant de ${a.from} vers la droite, aussi loin que possible.`,
      success: (a) => `Il s’arrête en ${a.to}${NB}: pour un pion, le trône barre le passage comme une pièce.`,
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: l’assaillant de ${a.from} ne peut pas aller plus loin que ${a.to}.`,
    },
    'king-throne': {
      title: (a) => (a.rules.kingReturns ? 'Retour au trône' : 'Le roi ne revient pas'),
      task: (a) =>
        a.rules.kingReturns
          ? `Seul le roi peut s’arrêter sur le trône, et il peut y revenir quand il le veut. Ramenez le roi de ${a.from} sur le trône, en d4.`
          : `Une fois que le roi a quitté le trône, il ne peut plus s’y arrêter, mais il peut passer par-dessus. Emmenez le roi de ${a.from} de l’autre côté du trône, en d3 ou d2.`,
      success: (a) =>
        a.rules.kingReturns
          ? 'Le roi a retrouvé son trône. Aucun pion ne peut jamais s’y arrêter.'
          : `Il a franchi le trône sans s’y arrêter${NB}: d4 ne fait plus partie de ses cases.`,
      wrong: (a) =>
        a.rules.kingReturns
          ? `Ce n’est pas le coup demandé${NB}: ramenez le roi de ${a.from} sur le trône, en d4.`
          : `Ce n’est pas le coup demandé${NB}: faites passer le roi de ${a.from} par-dessus le trône, en d3 ou d2.`,
    },
    'corner-defender': {
      title: () => 'Les défenseurs dans les coins',
      task: (a) =>
        `Ici, les défenseurs peuvent eux aussi s’arrêter dans les coins${NB}; les assaillants, jamais${a.rules.cornerImmune ? '. Une pièce posée dans un coin ne peut pas être prise' : ''}. Placez le défenseur de ${a.from} dans le coin ${a.to}.`,
      success: (a) =>
        a.rules.cornerImmune
          ? 'Le défenseur est dans le coin, où rien ne peut le prendre.'
          : 'Le défenseur occupe le coin, où aucun assaillant ne peut aller.',
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: placez le défenseur de ${a.from} dans le coin ${a.to}.`,
    },
    capture: {
      title: () => 'Prendre un pion',
      task: (a) =>
        `Un pion est pris quand un adversaire se déplace de façon à l’encadrer entre deux ennemis sur une rangée ou une colonne (jamais en diagonale). Un assaillant se tient déjà à côté du défenseur de ${a.target}${NB}: prenez-le.`,
      success: (a) =>
        `Pris${NB}! Le défenseur de ${a.target} était encadré par deux assaillants et quitte le plateau. Seul le camp qui joue prend${NB}: une pièce peut se glisser sans danger entre deux ennemis.`,
      wrong: (a) =>
        `Ce coup ne prend rien${NB}: un pion est pris quand on referme le second côté. Placez un assaillant de l’autre côté de ${a.target}, sur la même rangée.`,
    },
    'capture-edge': {
      title: () => 'Le bord ne prend pas',
      task: (a) =>
        `Le bord du plateau n’est pas un ennemi${NB}: une pièce coincée contre lui ne peut pas être prise contre lui. Amenez l’assaillant de ${a.from} en ${a.to}, contre le défenseur de ${a.target}, et voyez.`,
      success: (a) =>
        `Rien n’est pris${NB}: derrière le défenseur de ${a.target}, il n’y a que le bord. Pour le prendre, il faut l’encadrer entre deux assaillants le long du bord.`,
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: amenez l’assaillant de ${a.from} en ${a.to}, contre le défenseur.`,
    },
    'capture-throne': {
      title: () => 'Le trône vide prend',
      task: (a) =>
        a.turn === 'attackers'
          ? `Le trône vide est hostile aux défenseurs${NB}: un défenseur coincé entre lui et un assaillant est pris. Prenez le défenseur de ${a.target} contre le trône.`
          : `Le trône vide est hostile aux assaillants${NB}: un assaillant coincé entre lui et un défenseur est pris. Prenez l’assaillant de ${a.target} contre le trône.`,
      success: () => `Pris${NB}! Le trône vide a fermé l’autre côté, comme l’aurait fait une pièce ennemie.`,
      wrong: (a) =>
        `Ce coup ne prend rien. Amenez une pièce en ${a.to}, pour encadrer celle de ${a.target} entre elle et le trône.`,
    },
    'capture-throne-king': {
      title: () => 'Le trône occupé par le roi',
      task: (a) =>
        a.turn === 'attackers'
          ? `Ici, le trône est hostile aux défenseurs même quand leur roi y siège. Prenez le défenseur de ${a.target}, entre un assaillant et le trône du roi.`
          : `Le roi ne prend pas, mais le trône où il siège est hostile aux assaillants. Prenez l’assaillant de ${a.target} contre le trône.`,
      success: () => `Pris contre le trône, bien que le roi y siège${NB}!`,
      wrong: (a) =>
        `Ce coup ne prend rien. Amenez une pièce en ${a.to}, pour coincer celle de ${a.target} contre le trône.`,
    },
    'capture-corner': {
      title: () => 'Les coins prennent aussi',
      task: (a) =>
        `Les coins vides sont hostiles à toutes les pièces${NB}: une pièce à côté d’un coin est prise par un seul adversaire placé de l’autre côté. Prenez le défenseur de ${a.target} contre le coin a1.`,
      success: () =>
        `Pris contre le coin${NB}! Évitez de laisser vos pièces sur les cases voisines des coins.`,
      wrong: (a) =>
        `Ce coup ne prend rien. Placez l’assaillant en ${a.to}${NB}: le défenseur de ${a.target} est alors coincé contre le coin.`,
    },
    'capture-king-armed': {
      title: () => 'Le roi prend',
      task: (a) =>
        `Le roi participe aux prises comme un pion. Prenez l’assaillant de ${a.target} en amenant le roi de l’autre côté.`,
      success: (a) => `Pris${NB}! L’assaillant de ${a.target} était encadré par le roi et un défenseur.`,
      wrong: (a) =>
        `Ce coup ne prend rien. Amenez le roi en ${a.to}, pour encadrer l’assaillant de ${a.target} entre lui et le défenseur.`,
    },
    'king-unarmed': {
      title: () => 'Le roi ne prend pas',
      task: (a) =>
        `Ici, le roi ne participe pas aux prises${NB}: ni quand il se déplace, ni comme pièce de l’autre côté. Prenez l’assaillant de ${a.target} avec un défenseur.`,
      success: (a) => `Pris entre deux défenseurs. Si le roi était allé en ${a.to}, rien n’aurait été pris.`,
      wrong: (a) =>
        `Ce coup ne prend rien${NB}: le roi ne peut pas prendre. Prenez l’assaillant de ${a.target} avec le défenseur de ${a.from}.`,
    },
    'escape-corner': {
      title: () => 'Le roi s’évade par un coin',
      task: (a) =>
        `${a.rules.cornerStop === 'king' ? 'Seul le roi peut s’arrêter dans un coin' : 'Aucun assaillant ne peut jamais s’arrêter dans un coin'}, et les défenseurs gagnent dès que le roi atteint l’un des quatre. Trouvez-lui un chemin libre et menez-le dans un coin.`,
      success: () => `Le roi s’est évadé${NB}: les défenseurs gagnent${NB}!`,
      wrong: () => `Le roi n’a pas atteint de coin. Il peut en rejoindre un en un seul coup.`,
    },
    'escape-edge': {
      title: () => 'Le roi s’évade par le bord',
      task: () =>
        'Les défenseurs gagnent dès que le roi atteint n’importe quelle case du bord du plateau. Menez-le au bord.',
      success: () => `Le roi a atteint le bord${NB}: les défenseurs gagnent${NB}!`,
      wrong: () => 'Le roi n’a pas atteint le bord. Il peut y arriver en un seul coup.',
    },
    'king-capture-2': {
      title: () => 'Prendre le roi',
      task: (a) =>
        `Loin du trône, le roi se prend comme un pion${NB}: encadré par deux assaillants sur une rangée ou une colonne. Prenez le roi en ${a.target}.`,
      success: () => `Le roi est pris${NB}: les assaillants gagnent${NB}!`,
      wrong: () =>
        `Le roi est toujours libre${NB}: placez un assaillant de l’autre côté, face à celui qui le touche déjà.`,
    },
    'king-capture-4': {
      title: () => 'Encercler le roi',
      task: (a) =>
        `Le roi n’est pris que lorsque des assaillants l’entourent sur ses quatre côtés${NB}; le bord du plateau ne compte jamais. Trois côtés sont fermés${NB}: prenez le roi en ${a.target}.`,
      success: () => `Encerclé sur quatre côtés${NB}: le roi est pris et les assaillants gagnent${NB}!`,
      wrong: (a) => `Le roi est toujours libre${NB}: fermez le quatrième côté de ${a.target}, en ${a.to}.`,
    },
    'king-capture-throne': {
      title: () => 'Le roi sur son trône',
      task: (a) =>
        a.rules.kingCaptureOnThrone === 'four'
          ? `Sur son trône, le roi est fort${NB}: les assaillants doivent l’entourer sur ses quatre côtés. Trois sont fermés${NB}: prenez le roi.`
          : `Ici, le trône ne protège pas le roi${NB}: il y est pris entre deux assaillants, comme partout ailleurs. Prenez le roi sur son trône.`,
      success: () => `Le roi est pris sur son trône${NB}: les assaillants gagnent${NB}!`,
      wrong: (a) =>
        a.rules.kingCaptureOnThrone === 'four'
          ? `Le roi est toujours libre${NB}: le quatrième côté, ${a.to}, est encore ouvert.`
          : `Le roi est toujours libre${NB}: placez un assaillant face à celui qui le touche déjà.`,
    },
    'king-capture-beside-throne': {
      title: () => 'Le roi à côté du trône',
      task: (a) =>
        a.rules.kingCaptureNextToThrone === 'three' || a.rules.kingCapture === 4
          ? `À côté du trône, le roi est pris quand des assaillants ferment ses trois autres côtés${NB}: le trône compte pour le quatrième. Deux sont fermés${NB}: prenez le roi en ${a.target}.`
          : `Le trône vide est hostile au roi${NB}: à côté de lui, un seul assaillant de l’autre côté le prend. Prenez le roi en ${a.target}.`,
      success: () => `Pris à côté du trône${NB}: les assaillants gagnent${NB}!`,
      wrong: (a) => `Le roi est toujours libre${NB}: fermez le côté opposé au trône, en ${a.to}.`,
    },
    'king-corner': {
      title: () => 'Le roi à côté d’un coin',
      task: (a) =>
        `Les coins sont aussi hostiles au roi${NB}: à côté de l’un d’eux, un seul assaillant de l’autre côté le prend. Prenez le roi en ${a.target}.`,
      success: () => `Pris contre le coin, à un pas de la liberté${NB}: les assaillants gagnent${NB}!`,
      wrong: (a) =>
        `Le roi est toujours libre${NB}: placez un assaillant en ${a.to}, du côté opposé au coin.`,
    },
    shield: {
      title: () => 'Le roi et son bouclier',
      task: (a) =>
        `Le roi est sur son trône, avec des assaillants sur trois côtés et un défenseur, son bouclier, sur le quatrième. L’assaillant qui vient se placer derrière le bouclier les prend tous les deux. Prenez le roi et le défenseur de ${a.target}.`,
      success: () =>
        `Les deux tombent, le bouclier et le roi sur son trône${NB}: les assaillants gagnent${NB}!`,
      wrong: (a) => `Pas encore${NB}: amenez un assaillant en ${a.to}, derrière le bouclier.`,
    },
    'all-captured': {
      title: () => 'Prendre tous les assaillants',
      task: (a) =>
        `Les défenseurs gagnent aussi en prenant tous les assaillants. Il n’en reste qu’un, en ${a.target}${NB}: prenez-le.`,
      success: () => `Il ne reste plus aucun assaillant${NB}: les défenseurs gagnent${NB}!`,
      wrong: (a) => `L’assaillant de ${a.target} est toujours là${NB}: encadrez-le entre deux défenseurs.`,
    },
    pass: {
      title: () => 'Passer son tour quand on est bloqué',
      task: () =>
        `Le camp qui ne peut déplacer aucune pièce passe son tour, et la partie continue. Vos assaillants sont emmurés${NB}: passez.`,
      success: () =>
        'Vous avez passé, c’est maintenant aux défenseurs de jouer. Si aucun des deux camps ne pouvait bouger, la partie serait nulle.',
      wrong: () => `Vos assaillants n’ont aucun coup possible${NB}: appuyez sur «${NB}Passer${NB}».`,
    },
    'blocked-loses': {
      title: () => 'Bloqué, c’est perdu',
      task: (a) =>
        `Le camp qui ne peut déplacer aucune pièce à son tour perd la partie. Seul l’assaillant de f1 peut encore bouger${NB}: bloquez-le avec le défenseur de ${a.from}.`,
      success: () => `Les assaillants ne peuvent plus bouger${NB}: les défenseurs gagnent${NB}!`,
      wrong: (a) => `Les assaillants peuvent encore bouger. Fermez-leur la dernière issue, ${a.to}.`,
    },
    repetition: {
      title: () => 'La répétition',
      task: (a) =>
        `Quand la même position se présente pour la troisième fois, avec le même camp au trait, la partie est nulle. Le roi et un assaillant ont fait deux allers-retours${NB}: ramenez le roi en ${a.to}, et la position se répétera pour la troisième fois.`,
      success: () => `Partie nulle par répétition${NB}: la même position s’est présentée trois fois.`,
      wrong: (a) => `Ce coup ne ramène pas la position. Amenez le roi de ${a.from} en ${a.to}.`,
    },
    quiet: {
      title: () => 'Les coups sans prise',
      task: (a) =>
        `Après ${a.rules.quietPlyLimit} déplacements successifs (de l’un ou l’autre camp) sans aucune prise, la partie est nulle. Les ${a.rules.quietPlyLimit - 1} derniers n’ont rien pris${NB}: prenez maintenant le défenseur de ${a.target}.`,
      success: () => `La prise remet le compte à zéro${NB}: la partie continue.`,
      wrong: (a) =>
        `Ce coup n’a rien pris${NB}: c’était le ${a.rules.quietPlyLimit}e déplacement de suite sans prise, et la partie serait nulle. Prenez le défenseur de ${a.target}.`,
    },
  },
  title: 'Apprendre à jouer',
  intro: `De courtes leçons pour chaque variante${NB}: chacune installe une position et vous demande le coup qui montre une règle.`,
  progress: (done, total) => `${done} leçon${done > 1 ? 's' : ''} faite${done > 1 ? 's' : ''} sur ${total}`,
  allRulesets: 'Toutes les règles',
  courseOf: (name) => `Leçons${NB}: ${name}`,
  rulesLink: 'Lire les règles',
  learnByPlaying: 'Apprendre en jouant',
  start: 'Commencer',
  continue: 'Continuer',
  done: 'faite',
  lessonOf: (n, total) => `Leçon ${n} sur ${total}`,
  youPlay: (side) => (side === 'attackers' ? 'Vous jouez les assaillants.' : 'Vous jouez les défenseurs.'),
  tryAgain: 'Réessayer',
  nextLesson: 'Leçon suivante',
  backToCourse: 'Retour au cours',
  wellDone: `Bravo${NB}!`,
  notQuite: 'Pas tout à fait.',
  finished: 'Vous avez fait toutes les leçons de ce cours.',
  pass: 'Passer',
  noLesson: 'Cette leçon n’existe pas avec ces règles.',
  noLessons: 'Ces règles n’ont pas de leçons (les leçons sont faites pour le plateau de 7x7).',
};

export const LEARN_TEXT: { readonly [l in Lang]: LearnText } = { en, es, fr };
