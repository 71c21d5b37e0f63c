/**
 * The words of the legend under every list of moves ("How to read moves", MovesLegend.tsx), in
 * English, Spanish and French: what each sign of the app's notation (game/notation.ts, OpenTafl's)
 * means. English is the reference; the others are typed by it. Each entry is an example written
 * as the app writes moves, and what it says.
 */

import type { Lang } from '../i18n/index.js';

const NB = '\u202f';

export const en = {
  title: 'How to read moves',
  intro: 'Moves are written as OpenTafl and its game records write them.',
  /** The examples, in the order the legend lists them: the move, then what it says. */
  signs: [
    [
      'd2-d5',
      'a piece moves from d2 to d5: the files a to g run from left to right, the ranks 1 to 7 from bottom to top',
    ],
    ['Kd4-d5', 'K: the king moves'],
    ['d2-d5xd6/e5', 'x: the pieces the move captured, here on d6 and e5'],
    ['c2-a2xKa3++', 'xK: the king captured, here on a3'],
    ['d6-g6+', '+: the attackers can capture the king with their next move'],
    ['Kg5-g7--', '--: the king escaped; ++: the king was captured (the game is over)'],
    ['Kd4-d6-', '-: the king has an open way to an escape square'],
    ['pass', 'a side with no legal move passes, where its rules say so'],
  ] as readonly (readonly [string, string])[],
};

export type NotationText = typeof en;

const es: NotationText = {
  title: 'Cómo leer las jugadas',
  intro: 'Las jugadas se escriben como las escriben OpenTafl y sus registros de partidas.',
  signs: [
    [
      'd2-d5',
      'una pieza va de d2 a d5: las columnas de la a a la g, de izquierda a derecha; las filas del 1 al 7, de abajo arriba',
    ],
    ['Kd4-d5', 'K: juega el rey'],
    ['d2-d5xd6/e5', 'x: las piezas que captura la jugada, aquí en d6 y e5'],
    ['c2-a2xKa3++', 'xK: el rey capturado, aquí en a3'],
    ['d6-g6+', '+: los atacantes pueden capturar al rey con su próxima jugada'],
    ['Kg5-g7--', '--: el rey ha huido; ++: el rey ha sido capturado (la partida ha terminado)'],
    ['Kd4-d6-', '-: el rey tiene el camino libre hasta una casilla por la que huir'],
    ['pass', 'un bando sin jugada legal pasa, si su reglamento lo dice'],
  ],
};

const fr: NotationText = {
  title: 'Comment lire les coups',
  intro: 'Les coups sont écrits comme OpenTafl et ses relevés de parties les écrivent.',
  signs: [
    [
      'd2-d5',
      `une pièce va de d2 à d5${NB}: les colonnes a à g, de gauche à droite${NB}; les rangées 1 à 7, de bas en haut`,
    ],
    ['Kd4-d5', `K${NB}: le roi joue`],
    ['d2-d5xd6/e5', `x${NB}: les pièces que le coup a prises, ici en d6 et e5`],
    ['c2-a2xKa3++', `xK${NB}: le roi pris, ici en a3`],
    ['d6-g6+', `+${NB}: les assaillants peuvent prendre le roi au coup suivant`],
    ['Kg5-g7--', `--${NB}: le roi s’est évadé${NB}; ++${NB}: le roi a été pris (la partie est finie)`],
    ['Kd4-d6-', `-${NB}: le roi a une sortie libre`],
    ['pass', 'un camp sans coup légal passe son tour, là où sa variante le dit'],
  ],
};

export const NOTATION_TEXT: { readonly [l in Lang]: NotationText } = { en, es, fr };
