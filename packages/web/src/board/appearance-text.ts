/**
 * The words of the board's settings (BoardSettings.tsx) in English, Spanish and French. English
 * is the reference; the others are typed by it.
 */

import type { Lang } from '../i18n/index.js';
import type { BoardTheme, PieceSet } from './appearance.js';

export const en = {
  title: 'Board and pieces',
  board: 'Board',
  boards: { wood: 'Wood', plain: 'Plain, high contrast' } satisfies { readonly [b in BoardTheme]: string },
  pieces: 'Pieces',
  pieceSets: { carved: 'Carved', flat: 'Flat, high contrast' } satisfies { readonly [p in PieceSet]: string },
  coordinates: 'Coordinates around the board (a–g, 1–7)',
};

export type AppearanceText = typeof en;

const es: AppearanceText = {
  title: 'Tablero y piezas',
  board: 'Tablero',
  boards: { wood: 'Madera', plain: 'Liso, de alto contraste' },
  pieces: 'Piezas',
  pieceSets: { carved: 'Talladas', flat: 'Planas, de alto contraste' },
  coordinates: 'Coordenadas alrededor del tablero (a–g, 1–7)',
};

const fr: AppearanceText = {
  title: 'Plateau et pièces',
  board: 'Plateau',
  boards: { wood: 'Bois', plain: 'Uni, très contrasté' },
  pieces: 'Pièces',
  pieceSets: { carved: 'Sculptées', flat: 'Plates, très contrastées' },
  coordinates: 'Coordonnées autour du plateau (a–g, 1–7)',
};

export const APPEARANCE_TEXT: { readonly [l in Lang]: AppearanceText } = { en, es, fr };
