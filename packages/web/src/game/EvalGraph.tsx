/**
 * The evaluation of a game drawn over its moves, as lichess draws it: one point a position, the
 * attackers' winning chances up, the defenders' down (evaluation.ts's `winningChances`, wins at
 * the edges). The attackers' share is the dark area under the line, the defenders' the light one
 * above it. It is as wide as the board and tall enough to read.
 *
 * Its axes: the moves along the bottom (as players number them), and the evaluation up the left
 * edge, in the figures of the evaluation panel seen by the chosen side (`+2`, `0`, `−2`), with a
 * faint line at each. Under it a line reads out the position at the pointer (or, without one, the
 * position shown): its move and its figure.
 *
 * A click goes to that move; so do the keyboard's arrows, Home and End, the graph being a slider
 * over the game's positions (its value is the position shown, its value text the read-out). The
 * moves the analysis judged inaccuracies, mistakes or blunders carry a coloured dot (the move
 * list marks them too, for screen readers). Positions not analysed yet (while the analysis runs)
 * leave a gap.
 */

import type { PlyEval, Side } from '@tafl/core';
import { useState } from 'preact/hooks';
import { moveNumber } from '../analysis/numbering.js';
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
  /** A position and its evaluation, as the read-out under the graph says it: "Move 3, defenders: d4-c4 · +1.2 for the attackers". */
  readonly readout: (ply: number) => string;
  /** The side the evaluation is seen by (the left axis's signs), and the side that moved first (the moves' numbers). */
  readonly pov: Side;
  readonly firstSide: Side;
  readonly judgementName: (judgement: Judgement) => string;
  readonly onSelect: (ply: number) => void;
}

const W = 600;
const H = 200;
const PAD = 8;

export const graphX = (ply: number, total: number): number => (total === 0 ? W / 2 : (ply / total) * W);
export const graphY = (score: number): number => H / 2 - winningChances(score) * (H / 2 - PAD);

/** The scores (the attackers', centi-soldiers) the left axis marks: two and five soldiers either way, and even. */
export const AXIS_SCORES = [500, 200, 0, -200, -500] as const;

/** An axis mark as seen by `pov`: `+2`, `0`, `−5` (soldiers). */
export const axisLabel = (score: number, pov: Side): string => {
  const soldiers = Math.round((pov === 'attackers' ? score : -score) / 100);
  return soldiers > 0 ? `+${soldiers}` : soldiers < 0 ? `−${-soldiers}` : '0';
};

/** The step between numbered moves along the bottom: the least of these that numbers at most eight. */
const MOVE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200];

/**
 * The moves numbered along the bottom of a game of `total` plies: each at the position after its
 * first ply, every `step` moves (move 1 always).
 */
export function moveTicks(total: number, firstSide: Side): { readonly ply: number; readonly move: number }[] {
  const moves = total === 0 ? 0 : moveNumber(total - 1, firstSide);
  const step = MOVE_STEPS.find((s) => moves / s <= 8) ?? MOVE_STEPS[MOVE_STEPS.length - 1]!;
  const ticks: { ply: number; move: number }[] = [];
  for (let i = 0; i < total; i++) {
    const move = moveNumber(i, firstSide);
    const first = i === 0 || moveNumber(i - 1, firstSide) !== move;
    if (first && (move === 1 || move % step === 0)) ticks.push({ ply: i + 1, move });
  }
  return ticks;
}

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
  /** The position under the pointer, while it is over the graph. */
  const [hover, setHover] = useState<number | undefined>();
  const go = (ply: number): void => onSelect(Math.max(0, Math.min(total, ply)));
  const plyAt = (e: MouseEvent): number | undefined => {
    const rect = (e.currentTarget as Element).getBoundingClientRect();
    if (rect.width <= 0) return undefined;
    return Math.max(0, Math.min(total, Math.round(((e.clientX - rect.left) / rect.width) * total)));
  };
  const select = (e: MouseEvent): void => {
    const ply = plyAt(e);
    if (ply !== undefined) go(ply);
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
  const read = hover ?? shown;
  const readPoint = plies[read];
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
        aria-valuetext={props.readout(shown)}
        onClick={select}
        onKeyDown={onKey}
        onPointerMove={(e) => setHover(plyAt(e))}
        onPointerLeave={() => setHover(undefined)}
      >
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
          <rect class="eval-defenders" x="0" y="0" width={W} height={H} />
          <path class="eval-attackers" d={area} />
          {AXIS_SCORES.filter((s) => s !== 0).map((s) => (
            <line
              key={s}
              class="eval-grid"
              x1="0"
              x2={W}
              y1={graphY(s)}
              y2={graphY(s)}
              vector-effect="non-scaling-stroke"
            />
          ))}
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
          {hover !== undefined && hover !== shown && (
            <line
              class="eval-hover"
              x1={graphX(hover, total)}
              x2={graphX(hover, total)}
              y1="0"
              y2={H}
              vector-effect="non-scaling-stroke"
            />
          )}
        </svg>
        {/* The axis's figures and the dots are HTML over the SVG, so they keep their shapes however the graph is stretched. */}
        {AXIS_SCORES.map((s) => (
          <span key={s} class="eval-axis-y" aria-hidden="true" style={{ top: `${(graphY(s) / H) * 100}%` }}>
            {axisLabel(s, props.pov)}
          </span>
        ))}
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
        {readPoint && (
          <span
            class="eval-point"
            aria-hidden="true"
            style={{
              left: `${(graphX(read, total) / W) * 100}%`,
              top: `${(graphY(readPoint.score) / H) * 100}%`,
            }}
          />
        )}
      </div>
      <div class="eval-axis-x" aria-hidden="true">
        {moveTicks(total, props.firstSide).map((tick) => (
          <span key={tick.ply} style={{ left: `${(graphX(tick.ply, total) / W) * 100}%` }}>
            {tick.move}
          </span>
        ))}
      </div>
      <figcaption class="eval-graph-readout" data-testid="eval-graph-readout">
        {props.readout(read)}
      </figcaption>
    </figure>
  );
}
