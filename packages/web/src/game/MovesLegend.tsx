/**
 * "How to read moves": a small folded legend under every list of moves (a game's, the analysis
 * board's, a puzzle's), each sign of the app's notation (game/notation.ts) with an example as the
 * list writes it. Folded, so that it costs a line; a screen may add its own entries under the
 * signs (the analysis board: its figures and its marks).
 */

import type { ComponentChildren } from 'preact';
import type { Lang } from '../i18n/index.js';
import { NOTATION_TEXT } from './notation-text.js';

export function MovesLegend({
  lang,
  children,
}: {
  readonly lang: Lang;
  readonly children?: ComponentChildren;
}) {
  const n = NOTATION_TEXT[lang];
  return (
    <details class="legend moves-legend" data-testid="moves-legend">
      <summary>{n.title}</summary>
      <p>{n.intro}</p>
      <dl class="legend-signs">
        {n.signs.map(([move, meaning]) => (
          <div key={move}>
            <dt>
              <code>{move}</code>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      {children}
    </details>
  );
}
