/**
 * The evaluation of a game drawn over its moves, as lichess draws it: one point a position, the
 * attackers' winning chances up, the defenders' down (evaluation.ts's `winningChances`, wins at
 * the edges). The attackers' share is the dark area under the line, the defenders' the light one
 * above it. It is as wide as the board and tall enough to read.
 *
 * A click goes to that move; so do the keyboard's arrows, Home and End, the graph being a slider
 * over the game's positions (its value is the position shown). The moves the analysis judged
 * inaccuracies, mistakes or blunders carry a coloured dot (the move list marks them too, for
 * screen readers). Positions not analysed yet (while the analysis runs) leave a gap.
 */

import type { PlyEval } from '@tafl/core';
import { winningChances, type Judgement } from './evaluation.js';

export interface EvalGraphProps {
  /** The graph's accessible name. */
  readonly label: string;
  /** Each position's evaluation (index = ply, 0 the start); undefined where not analysed yet. */
  readonly plies: readonly (PlyEval | undefined)[];
  /** The number of plies of the game (the graph is the whole game even while analysing). */
  readonly total: number;
  /** The game's ply shown on the board. */
  readonly shown: number;
  /** The board shows a variation that leaves the game after `shown` plies. */
  readonly offLine?: boolean;
  /** The analysis's judgement of each move (index = ply - 1). */
  readonly judgements: readonly (Judgement | undefined)[];
  /** How the slider says a position: "Move 3, defenders: d4-c4". */
  readonly positionName: (ply: number) => string;
  readonly judgementName: (judgement: Judgement) => string;
  readonly onSelect: (ply: number) => void;
}

const W = 600;
const H = 200;
const PAD = 8;

export const graphX = (ply: number, total: number): number => (total === 0 ? W / 2 : (ply / total) * W);
export const graphY = (score: number): number => H / 2 - winningChances(score) * (H / 2 - PAD);

/** The paths of the line (one segment per run of analysed positions) and of the dark area under it. */
export function graphPaths(
  plies: readonly (PlyEval | undefined)[],
  total: number,
): { line: string; area: string } {
  let line = '';
  let area = '';
  let run: string[] = [];
  let runStart = 0;
  const close = (end: number): void => {
    if (run.length === 0) return;
    const segment = `M${run.join('L')}`;
    line += segment;
    area += `${segment}L${graphX(end, total).toFixed(1)},${H}L${graphX(runStart, total).toFixed(1)},${H}Z`;
    run = [];
  };
  plies.forEach((p, i) => {
    if (p === undefined) return close(i - 1);
    if (run.length === 0) runStart = i;
    run.push(`${graphX(i, total).toFixed(1)},${graphY(p.score).toFixed(1)}`);
  });
  close(plies.length - 1);
  return { line, area };
}

export function EvalGraph(props: EvalGraphProps) {
  const { label, plies, total, shown, offLine, judgements, positionName, judgementName, onSelect } = props;
  const { line, area } = graphPaths(plies, total);
  const go = (ply: number): void => onSelect(Math.max(0, Math.min(total, ply)));
  const select = (e: MouseEvent): void => {
    const rect = (e.currentTarget as Element).getBoundingClientRect();
    if (rect.width > 0) go(Math.round(((e.clientX - rect.left) / rect.width) * total));
  };
  const onKey = (e: KeyboardEvent): void => {
    const to =
      e.key === 'ArrowLeft' || e.key === 'ArrowDown'
        ? shown - 1
        : e.key === 'ArrowRight' || e.key === 'ArrowUp'
          ? shown + 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? total
              : e.key === 'PageUp'
                ? shown + 10
                : e.key === 'PageDown'
                  ? shown - 10
                  : undefined;
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  const x = graphX(shown, total);
  return (
    <figure class="eval-graph">
      <div
        class="eval-graph-slider"
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={shown}
        aria-valuetext={positionName(shown)}
        onClick={select}
        onKeyDown={onKey}
      >
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
          <rect class="eval-defenders" x="0" y="0" width={W} height={H} />
          <path class="eval-attackers" d={area} />
          <line class="eval-mid" x1="0" y1={H / 2} x2={W} y2={H / 2} vector-effect="non-scaling-stroke" />
          <path class="eval-line" d={line} vector-effect="non-scaling-stroke" />
          <line
            class={`eval-shown${offLine ? ' is-off-line' : ''}`}
            x1={x}
            x2={x}
            y1="0"
            y2={H}
            vector-effect="non-scaling-stroke"
          />
        </svg>
        {/* The dots are HTML over the SVG, so they stay round however the graph is stretched. */}
        {judgements.map((j, i) => {
          const p = plies[i + 1];
          return j && p ? (
            <span
              key={i}
              class={`eval-dot eval-dot-${j}`}
              data-ply={i + 1}
              style={{ left: `${(graphX(i + 1, total) / W) * 100}%`, top: `${(graphY(p.score) / H) * 100}%` }}
              title={`${positionName(i + 1)}: ${judgementName(j)}`}
            />
          ) : null;
        })}
      </div>
    </figure>
  );
}
