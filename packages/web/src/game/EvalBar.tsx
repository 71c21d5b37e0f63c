/**
 * The optional evaluation display: a bar shared between the sides (dark for the attackers, light
 * for the defenders, as the pieces) and a sentence, from the engine's score of the shown
 * position. The engine improves it depth by depth, so the bar moves while it thinks.
 */

import type { Lang, Messages } from '../i18n/index.js';
import type { Evaluation } from './engine.js';
import { describeScore, squash } from './evaluation.js';

export function scoreSentence(t: Messages, lang: Lang, score: number): string {
  const d = describeScore(score);
  if (d.kind === 'even') return t.evalEven;
  if (d.kind === 'win')
    return d.side === 'attackers' ? t.evalWinAttackers(d.plies) : t.evalWinDefenders(d.plies);
  const n = d.soldiers.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return d.side === 'attackers' ? t.evalAttackersAhead(n) : t.evalDefendersAhead(n);
}

export function EvalBar({
  t,
  lang,
  evaluation,
}: {
  readonly t: Messages;
  readonly lang: Lang;
  readonly evaluation: Evaluation | undefined;
}) {
  const share = evaluation ? (squash(evaluation.score) + 1) / 2 : 0.5;
  return (
    <div class="eval-bar-box">
      <div
        class="eval-bar"
        role="meter"
        aria-label={t.evaluation}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={evaluation ? scoreSentence(t, lang, evaluation.score) : t.evalThinking}
      >
        <div class="eval-bar-attackers" style={{ width: `${share * 100}%` }} />
      </div>
      <p class="eval-text">
        {evaluation ? scoreSentence(t, lang, evaluation.score) : t.evalThinking}
        {evaluation && evaluation.depth > 0 && (
          <span class="eval-depth"> · {t.evalDepth(evaluation.depth)}</span>
        )}
      </p>
    </div>
  );
}
