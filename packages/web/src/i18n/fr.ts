/** Français. */

import type { Messages } from './en.js';

export const fr: Messages = {
  appName: 'Brandubh et Ard-ri',
  tagline: 'Les jeux de tafl d’Irlande et d’Écosse',
  language: 'Langue',
  newGame: 'Nouvelle partie',
  rules: 'Règles',
  attackers: 'Assaillants',
  defenders: 'Défenseurs',
  king: 'Roi',
  squareEmpty: (name) => `${name}, vide`,
  squareWith: (name, piece) => `${name}, ${piece}`,
  pieceAttacker: 'assaillant',
  pieceDefender: 'défenseur',
  pieceKing: 'roi',
};
