// How the boards look (src/board/appearance.ts): two boards, two piece sets and the coordinates,
// remembered as JSON and read back field by field (a missing or wrong one takes its default), and
// written on the page's root element for board.css.
import { describe, expect, it } from 'vitest';
import {
  BOARD_THEMES,
  DEFAULT_APPEARANCE,
  PIECE_SETS,
  applyAppearance,
  parseAppearance,
  type Appearance,
} from '../src/board/appearance.js';

describe('the boards’ appearance', () => {
  it('offers at least two boards and two piece sets, the wooden board and carved pieces by default', () => {
    expect(BOARD_THEMES.length).toBeGreaterThanOrEqual(2);
    expect(PIECE_SETS.length).toBeGreaterThanOrEqual(2);
    expect(DEFAULT_APPEARANCE).toEqual({ board: 'wood', pieces: 'carved', coordinates: true });
  });

  it('reads back what it wrote', () => {
    const chosen: Appearance = { board: 'plain', pieces: 'flat', coordinates: false };
    expect(parseAppearance(JSON.stringify(chosen))).toEqual(chosen);
  });

  it('takes the default for each field missing or wrong, and for what is not JSON', () => {
    expect(parseAppearance(null)).toEqual(DEFAULT_APPEARANCE);
    expect(parseAppearance('{')).toEqual(DEFAULT_APPEARANCE);
    expect(parseAppearance('"plain"')).toEqual(DEFAULT_APPEARANCE);
    expect(parseAppearance(JSON.stringify({ board: 'marble', pieces: 'flat', coordinates: 'no' }))).toEqual({
      board: 'wood',
      pieces: 'flat',
      coordinates: true,
    });
  });

  it('writes the choices on the root element as data-board, data-pieces and data-coords', () => {
    const root = { dataset: {} as Record<string, string> };
    applyAppearance(root as unknown as HTMLElement, { board: 'plain', pieces: 'flat', coordinates: false });
    expect(root.dataset).toEqual({ board: 'plain', pieces: 'flat', coords: 'off' });
    applyAppearance(root as unknown as HTMLElement, DEFAULT_APPEARANCE);
    expect(root.dataset).toEqual({ board: 'wood', pieces: 'carved', coords: 'on' });
  });
});
