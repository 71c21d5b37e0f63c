/**
 * The optional evaluation display of the game screen: a bar shared between the sides (dark for
 * the attackers, light for the defenders, as the pieces) and a sentence from one side's point of
 * view (the player's against the computer), from the engine's score of the shown position: how
 * that side stands, or in how many moves it wins or loses. The engine improves it depth by depth,
 * so the bar moves while it thinks. A position the rules have finished shows their result, never
 * a search score.
 */

import { ANALYSIS_TEXT } from '../analysis/text.js';
import type { Side } from '@tafl/core';
import type { Lang, Messages } from '../i18n/index.js';
import { reasonText } from './Announcements.js';
import type { EndResult } from './announce.js';
import { describeScore, winningChances } from './evaluation.js';

/**
 * A score (the attackers') in words from `pov`'s side: even, how far that side stands better or
 * worse, or in how many moves it wins or loses.
 */
export function scoreSentence(lang: Lang, score: number, pov: Side): string {
  const text = ANALYSIS_TEXT[lang];
  const d = describeScore(score);
  if (d.kind === 'even') return text.even;
  if (d.kind === 'win') return text.winIn(pov, d.moves, d.side === pov);
  return text.standing(pov, d.standing, d.side === pov);
}

export function EvalBar({
  t,
  lang,
  evaluation,
  finished,
  pov,
}: {
  readonly t: Messages;
  readonly lang: Lang;
  /** The side the sentence speaks for. */
  readonly pov: Side;
  readonly evaluation: { readonly score: number; readonly depth: number } | undefined;
  /** The rules' result of the shown position, when they have finished it. */
  readonly finished?: EndResult | undefined;
}) {
  const text = ANALYSIS_TEXT[lang];
  const share = finished
    ? finished.winner === 'attackers'
      ? 1
      : finished.winner === 'defenders'
        ? 0
        : 0.5
    : evaluation
      ? (winningChances(evaluation.score) + 1) / 2
      : 0.5;
  const sentence = finished
    ? `${text.won(finished.winner === 'none' ? 'draw' : finished.winner)} ${reasonText(t, finished)}`
    : evaluation
      ? scoreSentence(lang, evaluation.score, pov)
      : t.evalThinking;
  return (
    <div class="eval-bar-box">
      <div
        class="eval-bar"
        role="meter"
        aria-label={t.evaluation}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={sentence}
      >
        <div class="eval-bar-attackers" style={{ width: `${share * 100}%` }} />
      </div>
      <p class="eval-text">
        {sentence}
        {!finished && evaluation && evaluation.depth > 0 && (
          <span class="eval-depth"> · {t.evalDepth(evaluation.depth)}</span>
        )}
      </p>
    </div>
  );
}
