/**
 * A rating's history as an inline SVG: the rating after each game as a line, its deviation as a
 * shaded band, round ratings on the left and the first and last dates below. Screen readers get
 * a one-sentence summary (the image's label) and a table of the points.
 */

import type { RatingPoint } from '@tafl/server/protocol';
import { dateText, deviationText } from './format.js';
import { GRAPH_BOX, layoutGraph, ratingSeries } from './graph.js';
import type { PlayersText } from './text.js';

export function RatingGraph(props: {
  readonly history: readonly RatingPoint[];
  /** The rated games played in all (the history may hold only the latest). */
  readonly games: number;
  readonly lang: string;
  readonly p: PlayersText;
  /** Distinguishes the ids of two graphs on one page. */
  readonly id: string;
}) {
  const { history, games, lang, p, id } = props;
  const series = ratingSeries(history, games);
  if (series.length === 0) return null;
  const layout = layoutGraph(series);
  const box = GRAPH_BOX;
  const first = series[0]!;
  const last = series[series.length - 1]!;
  const label = p.graphLabel(Math.round(first.rating), Math.round(last.rating), series.length - 1);
  const dated = series.filter((s) => s.at !== null);
  const firstAt = dated[0]?.at ?? null;
  const lastAt = dated[dated.length - 1]?.at ?? null;
  const bottom = box.height - box.bottom;
  return (
    <figure class="rating-graph" data-family={id}>
      <figcaption class="visually-hidden">{p.graphTitle}</figcaption>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${box.width} ${box.height}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <g class="graph-grid" aria-hidden="true">
          {layout.ticks.map((tick) => (
            <g key={tick.value}>
              <line x1={box.left} x2={box.width - box.right} y1={tick.y} y2={tick.y} />
              <text x={box.left - 6} y={tick.y} text-anchor="end" dominant-baseline="middle">
                {tick.value}
              </text>
            </g>
          ))}
          <line class="graph-axis" x1={box.left} x2={box.left} y1={box.top} y2={bottom} />
          <line class="graph-axis" x1={box.left} x2={box.width - box.right} y1={bottom} y2={bottom} />
          {series.length > 1 && (
            <text x={layout.xs[0]} y={box.height - 6} text-anchor="start">
              {firstAt === null || series[0]!.at === null ? p.graphStart : dateText(lang, firstAt)}
            </text>
          )}
          {lastAt !== null && (
            <text
              x={series.length > 1 ? box.width - box.right : layout.xs[0]}
              y={box.height - 6}
              text-anchor={series.length > 1 ? 'end' : 'middle'}
            >
              {dateText(lang, lastAt)}
            </text>
          )}
        </g>
        <polygon class="graph-band" points={layout.band} />
        <polyline class="graph-line" points={layout.line} />
        {layout.xs.map((x, i) => (
          <circle key={i} class="graph-dot" cx={x} cy={layout.ys[i]} r={series.length > 40 ? 0 : 3} />
        ))}
      </svg>
      <p class="graph-legend" aria-hidden="true">
        {p.graphLegend}
      </p>
      <table class="visually-hidden">
        <caption>{p.graphTable}</caption>
        <thead>
          <tr>
            <th scope="col">{p.colGame}</th>
            <th scope="col">{p.colDate}</th>
            <th scope="col">{p.colRating}</th>
            <th scope="col">{p.colDeviation}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s, i) => (
            <tr key={i}>
              <th scope="row">{s.at === null ? p.graphStart : games - (series.length - 1 - i)}</th>
              <td>{s.at === null ? '' : dateText(lang, s.at)}</td>
              <td>{Math.round(s.rating)}</td>
              <td>{deviationText(s.deviation)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
