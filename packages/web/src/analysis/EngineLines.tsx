/**
 * The engine's lines under the evaluation: each line's score from the point of view, then its
 * moves, numbered as players number them. A move is a button that walks the line up to it, adding
 * it to the tree as a variation where it is not already there. Fewer lines than asked come with a
 * sentence saying why (a start has moves that are mirror images of others: the engine gives one).
 */

import type { Side } from '@tafl/core';
import { lineMoveNumber } from './numbering.js';
import type { AnalysisText } from './text.js';
import type { PlayedLine } from './view.js';

/** An engine line from the position shown, with its score (the attackers', engine units). */
export interface EngineLineView extends PlayedLine {
  readonly score: number;
}

export interface EngineLinesProps {
  readonly text: AnalysisText;
  readonly lines: readonly EngineLineView[];
  /** How many lines were asked for: fewer shown says why. */
  readonly asked: number;
  /** The ply of the position shown (the lines' first move is this ply), and the game's first side. */
  readonly ply: number;
  readonly firstSide: Side;
  /** A score as a figure from the point of view (scoreFigure). */
  readonly figure: (score: number) => string;
  /** Walks the records of a line from the position shown. */
  readonly onWalk: (records: readonly string[]) => void;
}

export function EngineLines({ text, lines, asked, ply, firstSide, figure, onWalk }: EngineLinesProps) {
  return (
    <section class="analysis-lines" aria-label={text.lines}>
      <ol>
        {lines.map((l, i) => (
          <li key={i} class="analysis-line" data-line={i + 1}>
            <span class="analysis-line-score" title={text.lineLabel(i + 1)}>
              {figure(l.score)}
            </span>
            <span class="visually-hidden">{text.lineLabel(i + 1)}: </span>
            <span class="analysis-line-moves">
              {l.notation.map((move, k) => {
                const number = lineMoveNumber(ply + k, firstSide, k === 0);
                return (
                  <span key={k}>
                    {number && <span class="move-number">{number}</span>}
                    <button
                      type="button"
                      class="move pv-move"
                      onClick={() => onWalk(l.records.slice(0, k + 1))}
                    >
                      {move}
                    </button>{' '}
                  </span>
                );
              })}
            </span>
          </li>
        ))}
      </ol>
      {lines.length < asked && (
        <p class="analysis-fewer-lines note" data-testid="analysis-fewer-lines">
          {text.fewerLines}
        </p>
      )}
    </section>
  );
}
