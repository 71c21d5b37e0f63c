/**
 * The whole-game analysis: the button that starts it, its progress with a stop button while it
 * runs, the depth it reached once done, a note when it stopped, failed or could not be kept, and
 * how the judgements' thresholds are counted. The board runs the analysis; this panel shows it.
 */

import type { GameAnalysis, PlyEval } from '@tafl/core';
import { Icon } from '../game/icons.js';
import type { AnalysisText } from './text.js';
import { thresholdTexts } from './view.js';

export interface GameAnalysisPanelProps {
  readonly text: AnalysisText;
  readonly lang: string;
  /** The game's plies. */
  readonly total: number;
  /** The evaluations of a running analysis so far (one slot a position), undefined when none runs. */
  readonly running: readonly (PlyEval | undefined)[] | undefined;
  readonly analysis: GameAnalysis | undefined;
  readonly note: string;
  readonly onRun: () => void;
  readonly onStop: () => void;
}

export function GameAnalysisPanel(props: GameAnalysisPanelProps) {
  const { text, total, running, analysis, note } = props;
  const done = running ? running.filter((p) => p !== undefined).length : 0;
  const thresholds = thresholdTexts(props.lang);
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
        <p class="note">{text.analysedAt(analysis.depth)}</p>
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
      <p class="note analysis-help">
        {text.thresholdsHelp(thresholds.inaccuracy, thresholds.mistake, thresholds.blunder)}
      </p>
    </section>
  );
}
