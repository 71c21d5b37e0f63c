/**
 * The whole-game analysis: the button that starts it, its progress with a stop button while it
 * runs, the depth it reached once done and each side's count of inaccuracies, mistakes and
 * blunders (lichess's summary of a game), and a note when it stopped, failed or could not be kept.
 * How the judgements' thresholds are counted is in the legend under the moves (AnalysisLegend).
 * The board runs the analysis; this panel shows it.
 */

import { SIDES, type GameAnalysis, type PlyEval, type Side } from '@tafl/core';
import { JUDGEMENTS, judgementCounts, type Judgement } from '../game/evaluation.js';
import { Icon } from '../game/icons.js';
import { JUDGEMENT_SYMBOL } from './TreeView.js';
import type { AnalysisText } from './text.js';

export interface GameAnalysisPanelProps {
  readonly text: AnalysisText;
  /** The game's plies. */
  readonly total: number;
  /** The evaluations of a running analysis so far (one slot a position), undefined when none runs. */
  readonly running: readonly (PlyEval | undefined)[] | undefined;
  readonly analysis: GameAnalysis | undefined;
  /** The judgement of each move of the analysed game (index = ply - 1), and the side that moved first. */
  readonly judged: readonly (Judgement | undefined)[];
  readonly firstSide: Side;
  readonly note: string;
  readonly onRun: () => void;
  readonly onStop: () => void;
}

export function GameAnalysisPanel(props: GameAnalysisPanelProps) {
  const { text, total, running, analysis, note } = props;
  const done = running ? running.filter((p) => p !== undefined).length : 0;
  return (
    <section class="analysis-game" aria-label={text.progress}>
      {running ? (
        <div class="analysis-progress">
          <label>
            {text.progress}
            <progress max={total + 1} value={done} data-testid="analysis-progress" />
          </label>
          <span>{text.progressText(done, total + 1)}</span>
          <button type="button" class="action small" onClick={props.onStop}>
            {text.stop}
          </button>
        </div>
      ) : analysis ? (
        <>
          <p class="note">{text.analysedAt(analysis.depth)}</p>
          <JudgementTable text={text} judged={props.judged} firstSide={props.firstSide} />
        </>
      ) : (
        <button type="button" class="action wide" onClick={props.onRun}>
          <Icon name="analyse" /> {text.analyseGame}
        </button>
      )}
      {note && (
        <p class="note" role="status">
          {note}
        </p>
      )}
    </section>
  );
}

/** Each side's inaccuracies, mistakes and blunders: a row a judgement, a column a side (narrow enough for a phone). */
function JudgementTable({
  text,
  judged,
  firstSide,
}: {
  readonly text: AnalysisText;
  readonly judged: readonly (Judgement | undefined)[];
  readonly firstSide: Side;
}) {
  const counts = judgementCounts(judged, firstSide);
  return (
    <table class="analysis-counts" data-testid="analysis-counts">
      <caption>{text.counts}</caption>
      <thead>
        <tr>
          <td />
          {SIDES.map((side) => (
            <th scope="col" key={side}>
              <span class={`disc disc-${side}`} aria-hidden="true" /> {text.side(side)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {JUDGEMENTS.map((j) => (
          <tr key={j} data-judgement={j}>
            <th scope="row" class={`move-${j}`}>
              {text.judgements(j)} <span aria-hidden="true">{JUDGEMENT_SYMBOL[j]}</span>
            </th>
            {SIDES.map((side) => (
              <td key={side} data-side={side}>
                {counts[side][j]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
