/**
 * The analysis board's legend, under its moves: how to read the moves (MovesLegend), then its own
 * signs: the evaluation's figure (`+1.4`, `#3`), seen by the side chosen, and the marks of the
 * whole-game analysis (`?!`, `?`, `??`) with their thresholds, in points of winning chances and in
 * soldiers from an even position.
 */

import type { Lang } from '../i18n/index.js';
import { MovesLegend } from '../game/MovesLegend.js';
import { JUDGEMENTS } from '../game/evaluation.js';
import { JUDGEMENT_SYMBOL } from './TreeView.js';
import type { AnalysisText } from './text.js';
import { thresholdSoldiers, thresholdTexts } from './view.js';

export function AnalysisLegend({ lang, text }: { readonly lang: Lang; readonly text: AnalysisText }) {
  const points = thresholdTexts(lang);
  const soldiers = thresholdSoldiers(lang);
  const figure = (1.4).toLocaleString(lang, { minimumFractionDigits: 1 });
  return (
    <MovesLegend lang={lang}>
      <dl class="legend-signs" data-testid="analysis-legend">
        <div>
          <dt>
            <code>+{figure}</code>
          </dt>
          <dd>{text.legendFigure}</dd>
        </div>
        <div>
          <dt>
            <code>#3</code>
          </dt>
          <dd>{text.legendForced}</dd>
        </div>
        <div>
          <dt>
            <code>{JUDGEMENTS.map((j) => JUDGEMENT_SYMBOL[j]).join(' ')}</code>
          </dt>
          <dd class="analysis-help">
            {text.thresholdsHelp(points.inaccuracy, points.mistake, points.blunder)}{' '}
            {text.thresholdsSoldiers(soldiers.inaccuracy, soldiers.mistake, soldiers.blunder)}
          </dd>
        </div>
      </dl>
    </MovesLegend>
  );
}
