/**
 * Español: las lecciones, con la forma del catálogo inglés (`LearnText`), en las palabras del
 * glosario (src/i18n/glossary.ts).
 */

import { kingRook, rook, type LearnText } from './en.js';

export const es: LearnText = {
  lessons: {
    move: {
      title: () => 'Cómo se mueven los soldados',
      task: (a) =>
        rook(a)
          ? `Los soldados se mueven en línea recta por una fila o una columna, tantas casillas libres como quieran, como la torre en el ajedrez. Mueve el atacante de ${a.from} hacia arriba, tan lejos como pueda llegar.`
          : `Los soldados se mueven de casilla en casilla, por una fila o una columna, nunca en diagonal. Mueve el atacante de ${a.from} una casilla hacia arriba, a ${a.to}.`,
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
      title: () => 'Capturar a un soldado',
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
          ? `El trono vacío es hostil a los defensores: un defensor entre el trono y un atacante es capturado. Captura al defensor de ${a.target} contra el trono.`
          : `El trono vacío es hostil a los atacantes: un atacante entre el trono y un defensor es capturado. Captura al atacante de ${a.target} contra el trono.`,
      success: () => '¡Capturado! El trono vacío ha cerrado el otro lado, como lo haría una pieza enemiga.',
      wrong: (a) =>
        `Ese movimiento no captura nada. Lleva una pieza a ${a.to}, para que la de ${a.target} quede atrapada entre ella y el trono.`,
    },
    'capture-throne-king': {
      title: () => 'El trono con el rey encima',
      task: (a) =>
        a.turn === 'attackers'
          ? `Aquí el trono es hostil a los defensores incluso con su propio rey encima. Captura al defensor de ${a.target}, entre un atacante y el trono del rey.`
          : `El rey no captura, pero el trono en el que está es hostil a los atacantes. Captura al atacante de ${a.target} contra el trono.`,
      success: () => '¡Capturado contra el trono, aunque el rey esté sentado en él!',
      wrong: (a) =>
        `Ese movimiento no captura nada. Lleva una pieza a ${a.to}, para que la de ${a.target} quede atrapada contra el trono.`,
    },
    'capture-corner': {
      title: () => 'Las esquinas también capturan',
      task: (a) =>
        `Las esquinas vacías son hostiles a todas las piezas: una pieza junto a una esquina es capturada por un solo enemigo situado al otro lado. Captura al defensor de ${a.target} contra la esquina a1.`,
      success: () =>
        '¡Capturado contra la esquina! No dejes tus propias piezas en las casillas vecinas de las esquinas.',
      wrong: (a) =>
        `Ese movimiento no captura nada. Pon el atacante en ${a.to}: el defensor de ${a.target} queda atrapado contra la esquina.`,
    },
    'capture-king-armed': {
      title: () => 'El rey captura',
      task: (a) =>
        `El rey participa en las capturas como un soldado. Captura al atacante de ${a.target} llevando al rey al otro lado.`,
      success: (a) =>
        `¡Capturado! El atacante de ${a.target} ha quedado atrapado entre el rey y un defensor.`,
      wrong: (a) =>
        `Ese movimiento no captura nada. Lleva el rey a ${a.to}, para que el atacante de ${a.target} quede atrapado entre él y el defensor.`,
    },
    'king-unarmed': {
      title: () => 'El rey no captura',
      task: (a) =>
        `Aquí el rey no participa en las capturas: ni al moverse ni cerrando una captura desde el otro lado. Captura al atacante de ${a.target} con un defensor.`,
      success: (a) =>
        `Capturado entre dos defensores. Si el rey hubiera ido a ${a.to}, no se habría capturado nada.`,
      wrong: (a) =>
        `Ese movimiento no captura nada: el rey no puede capturar. Captura al atacante de ${a.target} con el defensor de ${a.from}.`,
    },
    'escape-corner': {
      title: () => 'El rey huye por una esquina',
      task: (a) =>
        `${a.rules.cornerStop === 'king' ? 'Solo el rey puede detenerse en una esquina' : 'Ningún atacante puede detenerse nunca en una esquina'}, y los defensores ganan en cuanto el rey llega a una de las cuatro. Búscale un camino libre y llévalo a una esquina.`,
      success: () => '¡El rey ha huido: ganan los defensores!',
      wrong: () => 'El rey no ha llegado a una esquina. Puede alcanzar una en un solo movimiento.',
    },
    'escape-edge': {
      title: () => 'El rey huye por el borde',
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
        `Cuando la misma posición aparece por tercera vez en el tablero y le toca mover al mismo bando, la partida es tablas. El rey y un atacante han ido y vuelto dos veces: devuelve el rey a ${a.to} y la posición se repetirá por tercera vez.`,
      success: () => 'Tablas por repetición: la misma posición se ha dado tres veces.',
      wrong: (a) => `Ese movimiento no repite la posición. Lleva el rey de ${a.from} a ${a.to}.`,
    },
    quiet: {
      title: () => 'Movimientos sin captura',
      task: (a) =>
        `Tras ${a.rules.quietPlyLimit} movimientos seguidos (de cualquiera de los dos bandos) sin ninguna captura, la partida es tablas. Los últimos ${a.rules.quietPlyLimit - 1} no han capturado nada: captura ahora al defensor de ${a.target}.`,
      success: () => 'La captura pone la cuenta a cero: la partida continúa.',
      wrong: (a) =>
        `Ese movimiento no ha capturado nada: era el ${a.rules.quietPlyLimit}.º seguido sin captura, y la partida sería tablas. Captura al defensor de ${a.target}.`,
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
  noLesson: 'Esta lección no existe en este reglamento.',
  noLessons: 'Este reglamento no tiene lecciones (las lecciones son para tableros de 7x7).',
};
