/**
 * The analysis board's evaluation: the rules' result on a finished position, else the best line's
 * score as a figure from the chosen side, a sentence and a meter; how the game ended when it ended
 * off the board (a resignation, time); and the choices (engine, three lines, point of view). The
 * board owns the state; this panel shows it and reports the choices.
 */

import type { Side } from '@tafl/core';
import type { Lang, Messages } from '../i18n/index.js';
import { scoreSentence } from '../game/EvalBar.js';
import { winningChances } from '../game/evaluation.js';
import type { AnalysisText } from './text.js';

export interface EvalPanelProps {
  readonly t: Messages;
  readonly lang: Lang;
  readonly text: AnalysisText;
  /** The rules' result of the position shown, its reason in words; undefined while it goes on. */
  readonly result: { readonly winner: Side | 'draw'; readonly reason: string } | undefined;
  /** The best line's score (the attackers', engine units), and the depth it was found at. */
  readonly score: number | undefined;
  readonly depth: number | undefined;
  /** Who wins with best play by the endgame tables, when they answered instead of a search. */
  readonly tablebase?: Side | 'draw' | undefined;
  /** How the game ended off the board, when the game's last position is shown. */
  readonly ending: string | undefined;
  readonly pov: Side;
  readonly engineOn: boolean;
  readonly multiPv: number;
  /** The threads the engine searches on, and whether the page lets them share memory. */
  readonly threads: { readonly threads: number; readonly shared: boolean };
  /** A score as a figure from the point of view (scoreFigure). */
  readonly figure: (score: number) => string;
  readonly onEngine: (on: boolean) => void;
  readonly onThreeLines: (three: boolean) => void;
  readonly onPov: (side: Side) => void;
}

export function EvalPanel(props: EvalPanelProps) {
  const { t, lang, text, result, score, depth, tablebase, ending, pov, engineOn, multiPv, figure, threads } =
    props;
  return (
    <section class="analysis-eval" aria-label={t.evaluation} data-testid="analysis-eval">
      {result ? (
        <p class="analysis-result" role="status">
          <strong>{text.won(result.winner)}</strong> {result.reason}
        </p>
      ) : (
        <>
          <div class="analysis-score">
            <span class="analysis-figure" data-testid="analysis-figure">
              {score !== undefined ? figure(score) : '…'}
            </span>
            <span class="analysis-pov">{text.evalFor(pov)}</span>
          </div>
          {/* Not a live region: it changes at every depth; the lines below say the same. */}
          <p class="analysis-sentence" data-testid="analysis-sentence">
            {tablebase === 'draw'
              ? text.tablebaseDraw
              : score !== undefined
                ? scoreSentence(lang, score, pov)
                : engineOn
                  ? text.thinking
                  : ''}
            {tablebase !== undefined ? (
              <span class="eval-depth"> · {text.tablebase}</span>
            ) : (
              depth !== undefined &&
              score !== undefined && <span class="eval-depth"> · {text.depth(depth)}</span>
            )}
          </p>
          {score !== undefined && <EvalMeter score={score} pov={pov} label={t.evaluation} />}
        </>
      )}
      {ending !== undefined && (
        <p class="analysis-ending">
          {text.gameEndedHere} {ending}
        </p>
      )}
      <div class="analysis-options">
        <label class="toggle">
          <input
            type="checkbox"
            checked={engineOn}
            onChange={(e) => props.onEngine((e.target as HTMLInputElement).checked)}
          />
          {text.engine}
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            checked={multiPv === 3}
            onChange={(e) => props.onThreeLines((e.target as HTMLInputElement).checked)}
          />
          {text.threeLines}
        </label>
        {engineOn && (
          <p class="analysis-threads note" data-testid="analysis-threads">
            {threads.shared ? text.threads(threads.threads) : text.oneThread}
          </p>
        )}
        <fieldset class="analysis-pov-choice">
          <legend>{text.pointOfView}</legend>
          {(['attackers', 'defenders'] as const).map((side) => (
            <label key={side}>
              <input
                type="radio"
                name="pov"
                value={side}
                checked={pov === side}
                onChange={() => props.onPov(side)}
              />
              {side === 'attackers' ? text.povAttackers : text.povDefenders}
            </label>
          ))}
        </fieldset>
      </div>
    </section>
  );
}

/** A bar shared between the sides, the viewer's share first. */
function EvalMeter({
  score,
  pov,
  label,
}: {
  readonly score: number;
  readonly pov: Side;
  readonly label: string;
}) {
  const attackers = (winningChances(score) + 1) / 2;
  const share = pov === 'attackers' ? attackers : 1 - attackers;
  return (
    <div
      class={`eval-bar analysis-meter pov-${pov}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(share * 100)}
    >
      <div class="eval-bar-attackers" style={{ width: `${attackers * 100}%` }} />
    </div>
  );
}
