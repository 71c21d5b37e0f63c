/**
 * One diagram of a rules page: the position before the move, the move as an arrow, the pieces it
 * captures marked, and the caption. Only diagrams the core has confirmed reach here (diagrams.ts).
 */

import { geometry, parseSquare, type Ruleset } from '@tafl/core';
import type { Lang, Messages } from '../i18n/index.js';
import { BoardPicture } from './BoardPicture.js';
import { moveSquares, type Diagram } from './diagrams.js';
import { marksFor } from './explain.js';
import { MarkBadge } from './Marks.js';
import { RULES_TEXT } from './text/index.js';

/** The arrow of a move, in a box of the grid's size whose units are squares. */
function MoveArrow({
  size,
  from,
  to,
}: {
  readonly size: number;
  readonly from: number;
  readonly to: number;
}) {
  const centre = (sq: number) => ({ x: (sq % size) + 0.5, y: size - Math.floor(sq / size) - 0.5 });
  const a = centre(from);
  const b = centre(to);
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const [ux, uy] = [(b.x - a.x) / length, (b.y - a.y) / length];
  const start = { x: a.x + ux * 0.22, y: a.y + uy * 0.22 };
  const tip = { x: b.x - ux * 0.12, y: b.y - uy * 0.12 };
  const base = { x: tip.x - ux * 0.34, y: tip.y - uy * 0.34 };
  const wing = (s: number) => `${base.x - uy * 0.2 * s},${base.y + ux * 0.2 * s}`;
  return (
    <svg class="rp-arrow" viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
      <line x1={start.x} y1={start.y} x2={base.x} y2={base.y} />
      <polygon points={`${tip.x},${tip.y} ${wing(1)} ${wing(-1)}`} />
    </svg>
  );
}

export function DiagramFigure(props: {
  readonly rules: Ruleset;
  readonly diagram: Diagram;
  readonly lang: Lang;
  readonly t: Messages;
}) {
  const { rules, diagram, lang, t } = props;
  const text = RULES_TEXT[lang];
  const geo = geometry(rules.size);
  const move = moveSquares(rules, diagram);
  const caption = text.captions[diagram.caption]({
    move: diagram.move,
    captured: text.list(diagram.captures),
    spared: diagram.spared ?? '',
  });
  const squares = (names: readonly string[]) =>
    names.map((n) => parseSquare(geo, n)).filter((sq): sq is number => sq !== undefined);
  const highlights = [
    ...squares(diagram.captures).map((square) => ({ square, kind: 'danger' as const })),
    ...squares(diagram.spared ? [diagram.spared] : []).map((square) => ({ square, kind: 'hint' as const })),
  ];
  const marks = marksFor(rules, diagram.parameters, lang, diagram.claims ?? []);
  return (
    <figure class="rp-diagram" data-caption={diagram.caption}>
      <BoardPicture
        size={rules.size}
        position={diagram.position}
        throne={geo.throne}
        corners={geo.corners}
        edgeEscape={rules.escape === 'edge'}
        t={t}
        label={`${text.ui.diagram}: ${diagram.move}`}
        highlights={highlights}
        {...(move ? { lastMove: move } : {})}
      >
        {move && <MoveArrow size={rules.size} from={move[0]} to={move[1]} />}
      </BoardPicture>
      <figcaption>
        {caption}
        {marks.map((m) => (
          <MarkBadge key={m.kind} mark={m} withTitle />
        ))}
      </figcaption>
    </figure>
  );
}
