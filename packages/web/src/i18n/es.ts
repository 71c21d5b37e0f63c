/** Español. */

import type { Messages } from './en.js';

export const es: Messages = {
  appName: 'Brandubh y Ard Ri',
  tagline: 'Los juegos tafl de Irlanda y Escocia',
  language: 'Idioma',
  newGame: 'Nueva partida',
  rules: 'Reglas',
  attackers: 'Atacantes',
  defenders: 'Defensores',
  king: 'Rey',
  squareEmpty: (name) => `${name}, vacía`,
  squareWith: (name, piece) => `${name}, ${piece}`,
  pieceAttacker: 'atacante',
  pieceDefender: 'defensor',
  pieceKing: 'rey',
};
