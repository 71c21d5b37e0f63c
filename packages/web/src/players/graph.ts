/**
 * The rating history graph's geometry: the rating after each rated game (and the start before
 * the first) as a polyline, its deviation as a band around it, the vertical axis' round labels.
 * The horizontal axis counts games (a player may play ten games in a day and none for a month;
 * the dates label the ends). Pure, so it is tested without a DOM.
 */

import type { RatingPoint } from '@tafl/server/protocol';

/** A new player's rating and deviation (Glicko-2, ratings/glicko2.ts INITIAL_RATING). */
export const START = { rating: 1500, deviation: 350 } as const;

export interface SeriesPoint {
  readonly rating: number;
  readonly deviation: number;
  /** When the rating was reached; null for the start, before any game. */
  readonly at: number | null;
  readonly game: string | null;
}

/**
 * The points to draw: the start (1500 ± 350), then the rating after each game. When the history
 * holds only the latest of the player's `games` (the server sends the last 500), it has no start.
 */
export function ratingSeries(history: readonly RatingPoint[], games: number = history.length): SeriesPoint[] {
  const points: SeriesPoint[] = history.map((p) => ({
    rating: p.rating,
    deviation: p.deviation,
    at: p.at,
    game: p.game,
  }));
  if (history.length < games) return points;
  return [{ rating: START.rating, deviation: START.deviation, at: null, game: null }, ...points];
}

export interface Box {
  readonly width: number;
  readonly height: number;
  /** Room for the labels: left (ratings), bottom (dates), and a margin top and right. */
  readonly left: number;
  readonly bottom: number;
  readonly top: number;
  readonly right: number;
}

export const GRAPH_BOX: Box = { width: 480, height: 220, left: 46, bottom: 26, top: 10, right: 12 };

export interface Tick {
  readonly value: number;
  readonly y: number;
}

export interface GraphLayout {
  /** The `points` attribute of the polyline. */
  readonly line: string;
  /** The `points` attribute of the band's polygon (upper edge left to right, lower back). */
  readonly band: string;
  readonly xs: readonly number[];
  readonly ys: readonly number[];
  /** The rating range the vertical axis shows. */
  readonly min: number;
  readonly max: number;
  readonly ticks: readonly Tick[];
}

/** The band counts for the axis' range up to this deviation (a new player's 350 would flatten the line). */
export const BAND_RANGE_CAP = 150;
const STEPS = [10, 20, 25, 50, 100, 200, 250, 500, 1000];

/** A round step giving at most `most` intervals over `span`. */
export function tickStep(span: number, most = 4): number {
  for (const step of STEPS) if (span / step <= most) return step;
  return STEPS[STEPS.length - 1]!;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

export function layoutGraph(points: readonly SeriesPoint[], box: Box = GRAPH_BOX): GraphLayout {
  const n = points.length;
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) {
    const d = Math.min(p.deviation, BAND_RANGE_CAP);
    lo = Math.min(lo, p.rating - d);
    hi = Math.max(hi, p.rating + d);
  }
  if (!Number.isFinite(lo)) {
    lo = START.rating - 100;
    hi = START.rating + 100;
  }
  const step = tickStep(Math.max(hi - lo, 1));
  const min = Math.floor(lo / step) * step;
  const max = Math.max(Math.ceil(hi / step) * step, min + step);
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const yOf = (rating: number): number => {
    const clamped = Math.min(max, Math.max(min, rating));
    return round1(box.top + ((max - clamped) / (max - min)) * plotH);
  };
  const xOf = (i: number): number => round1(box.left + (n <= 1 ? plotW / 2 : (i / (n - 1)) * plotW));
  const xs = points.map((_, i) => xOf(i));
  const ys = points.map((p) => yOf(p.rating));
  const upper = points.map((p, i) => `${xs[i]},${yOf(p.rating + p.deviation)}`);
  const lower = points.map((p, i) => `${xs[i]},${yOf(p.rating - p.deviation)}`).reverse();
  const ticks: Tick[] = [];
  for (let v = min; v <= max; v += step) ticks.push({ value: v, y: yOf(v) });
  return {
    line: xs.map((x, i) => `${x},${ys[i]}`).join(' '),
    band: [...upper, ...lower].join(' '),
    xs,
    ys,
    min,
    max,
    ticks,
  };
}
