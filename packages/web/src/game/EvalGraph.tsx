/**
 * The evaluation of a game drawn over its moves, as lichess draws it: one point a position, the
 * attackers' winning chances up, the defenders' down (evaluation.ts squashes the scores, wins at
 * the edges). The attackers' share is the dark area under the line, the defenders' the light one
 * above it. A click goes to that move; the moves where the evaluation swung are marked with a dot
 * (the move list marks them too, for keyboards and screen readers).
 */

import type { Messages } from '../i18n/index.js';
import { squash, type Swing } from './evaluation.js';

export interface EvalGraphProps {
  readonly t: Messages;
  /** The attackers' score of each position analysed so far (index = ply). */
  readonly scores: readonly number[];
  /** The number of moves of the game (the graph's width is the whole game even while analysing). */
  readonly total: number;
  readonly shown: number;
  readonly swings: readonly (Swing | undefined)[];
  readonly onSelect: (ply: number) => void;
}

const W = 600;
const H = 140;
const PAD = 6;

export const graphX = (ply: number, total: number): number => (total === 0 ? W / 2 : (ply / total) * W);
export const graphY = (score: number): number => H / 2 - squash(score) * (H / 2 - PAD);

/** The path of the line, and of the dark area under it. */
export function graphPaths(scores: readonly number[], total: number): { line: string; area: string } {
  if (scores.length === 0) return { line: '', area: '' };
  const points = scores.map((s, i) => `${graphX(i, total).toFixed(1)},${graphY(s).toFixed(1)}`);
  const line = `M${points.join('L')}`;
  const last = graphX(scores.length - 1, total).toFixed(1);
  return { line, area: `${line}L${last},${H}L0,${H}Z` };
}

export function EvalGraph({ t, scores, total, shown, swings, onSelect }: EvalGraphProps) {
  const { line, area } = graphPaths(scores, total);
  const select = (e: MouseEvent) => {
    const svg = e.currentTarget as SVGSVGElement;
    const rect = svg.getBoundingClientRect();
    if (rect.width <= 0) return;
    const ply = Math.round(((e.clientX - rect.left) / rect.width) * total);
    onSelect(Math.max(0, Math.min(total, ply)));
  };
  return (
    <figure class="eval-graph">
      <svg
        viewBox={`0 0 ${W} ${H}`}

        role="img"
        aria-label={t.evalGraphLabel}
        onClick={select}
      >
        <rect class="eval-defenders" x="0" y="0" width={W} height={H} />
        <path class="eval-attackers" d={area} />
        <line class="eval-mid" x1="0" y1={H / 2} x2={W} y2={H / 2} />
        <path class="eval-line" d={line} vector-effect="non-scaling-stroke" />
        <line
          class="eval-shown"
          x1={graphX(shown, total)}
          x2={graphX(shown, total)}
          y1="0"
          y2={H}
          vector-effect="non-scaling-stroke"
        />
        {swings.map((swing, i) =>
          swing && scores[i + 1] !== undefined ? (
            <circle
              key={i}
              class={`eval-swing eval-${swing}`}
              cx={graphX(i + 1, total)}
              cy={graphY(scores[i + 1]!)}
              r={swing === 'blunder' ? 5 : 4}
              vector-effect="non-scaling-stroke"
            >
              <title>{`${i + 1}: ${swing === 'blunder' ? t.blunderMark : t.swingMark}`}</title>
            </circle>
          ) : null,
        )}
      </svg>
      <figcaption>
        <span class="eval-key eval-key-attackers">{t.attackers}</span>
        <span class="eval-key eval-key-defenders">{t.defenders}</span>
      </figcaption>
    </figure>
  );
}
