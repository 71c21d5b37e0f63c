/**
 * The boards' settings, folded under "Board and pieces" beside a board's controls: two boards, two
 * piece sets and the coordinates, each choice shown at once on every board and remembered
 * (appearance.ts).
 */

import type { Lang } from '../i18n/index.js';
import { BOARD_THEMES, PIECE_SETS, useAppearance } from './appearance.js';
import { APPEARANCE_TEXT } from './appearance-text.js';

export function BoardSettings({ lang }: { readonly lang: Lang }) {
  const [a, set] = useAppearance();
  const w = APPEARANCE_TEXT[lang];
  return (
    <details class="legend board-settings" data-testid="board-settings">
      <summary>{w.title}</summary>
      <fieldset>
        <legend>{w.board}</legend>
        {BOARD_THEMES.map((board) => (
          <label key={board}>
            <input
              type="radio"
              name="board-theme"
              value={board}
              checked={a.board === board}
              onChange={() => set({ ...a, board })}
            />
            {w.boards[board]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{w.pieces}</legend>
        {PIECE_SETS.map((pieces) => (
          <label key={pieces}>
            <input
              type="radio"
              name="piece-set"
              value={pieces}
              checked={a.pieces === pieces}
              onChange={() => set({ ...a, pieces })}
            />
            {w.pieceSets[pieces]}
          </label>
        ))}
      </fieldset>
      <label class="toggle">
        <input
          type="checkbox"
          checked={a.coordinates}
          onChange={(e) => set({ ...a, coordinates: (e.target as HTMLInputElement).checked })}
        />
        {w.coordinates}
      </label>
    </details>
  );
}
