/**
 * How the boards look, as the player chose (BoardSettings.tsx): the board (walnut and oak, or
 * plain and of high contrast), the piece set (carved stones, or flat ones of high contrast) and
 * the coordinates around the board, shown or not. Remembered in this browser (localStorage
 * `tafl.board`), read back field by field, and written on the page's root element as
 * `data-board`, `data-pieces` and `data-coords`, which board.css follows: every board of every
 * screen changes at once, and the board component knows nothing of it (its API is unchanged, its
 * squares keep their accessible names).
 */

import { useEffect, useState } from 'preact/hooks';

export const BOARD_THEMES = ['wood', 'plain'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];

export const PIECE_SETS = ['carved', 'flat'] as const;
export type PieceSet = (typeof PIECE_SETS)[number];

export interface Appearance {
  readonly board: BoardTheme;
  readonly pieces: PieceSet;
  readonly coordinates: boolean;
}

export const DEFAULT_APPEARANCE: Appearance = { board: 'wood', pieces: 'carved', coordinates: true };

export const APPEARANCE_KEY = 'tafl.board';

/** The remembered choices, each checked; the default where one is missing or wrong. */
export function parseAppearance(raw: string | null): Appearance {
  try {
    const a: unknown = raw ? JSON.parse(raw) : {};
    if (typeof a !== 'object' || a === null) return DEFAULT_APPEARANCE;
    const { board, pieces, coordinates } = a as Record<string, unknown>;
    return {
      board: (BOARD_THEMES as readonly unknown[]).includes(board)
        ? (board as BoardTheme)
        : DEFAULT_APPEARANCE.board,
      pieces: (PIECE_SETS as readonly unknown[]).includes(pieces)
        ? (pieces as PieceSet)
        : DEFAULT_APPEARANCE.pieces,
      coordinates: typeof coordinates === 'boolean' ? coordinates : DEFAULT_APPEARANCE.coordinates,
    };
  } catch {
    return DEFAULT_APPEARANCE;
  }
}

export function readAppearance(): Appearance {
  try {
    return parseAppearance(localStorage.getItem(APPEARANCE_KEY));
  } catch {
    return DEFAULT_APPEARANCE;
  }
}

/** Writes the choices on the page's root element, for board.css. */
export function applyAppearance(root: HTMLElement, a: Appearance): void {
  root.dataset['board'] = a.board;
  root.dataset['pieces'] = a.pieces;
  root.dataset['coords'] = a.coordinates ? 'on' : 'off';
}

const listeners = new Set<(a: Appearance) => void>();

/** Remembers the choices (for this page only where storage is refused) and shows them on every board. */
export function setAppearance(a: Appearance): void {
  try {
    localStorage.setItem(APPEARANCE_KEY, JSON.stringify(a));
  } catch {
    // the choice lasts for this page
  }
  current = a;
  applyAppearance(document.documentElement, a);
  for (const listener of listeners) listener(a);
}

let current: Appearance | undefined;

/** The choices and a way to change them, the same in every settings panel on the page. */
export function useAppearance(): [Appearance, (a: Appearance) => void] {
  const [a, setA] = useState<Appearance>(() => (current ??= readAppearance()));
  useEffect(() => {
    listeners.add(setA);
    return () => void listeners.delete(setA);
  }, []);
  return [a, setAppearance];
}
