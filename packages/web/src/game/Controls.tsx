/**
 * The game's buttons: stepping through the moves (also the arrow keys, see GameScreen), and the
 * actions of the players (take back, resign, draw, hint, evaluation, the board turned round).
 * They only report what was asked; the game screens decide what it means.
 */

import { useRef, useState } from 'preact/hooks';
import { useDialog } from '../app/dialog.js';
import { useFocusHandOn } from '../app/focus.js';
import { moveCount } from '../analysis/numbering.js';
import type { Messages } from '../i18n/index.js';
import { feedbackText } from './feedback-text.js';
import { Icon, type IconName } from './icons.js';
import type { Step } from './model.js';
import { useSoundSwitch } from './sound.js';
import './feedback.css';

export interface StepControlsProps {
  readonly t: Messages;
  readonly shown: number;
  readonly total: number;
  readonly onStep: (how: Step) => void;
}

export function StepControls({ t, shown, total, onStep }: StepControlsProps) {
  const button = (how: Step, label: string, disabled: boolean) => (
    <button
      type="button"
      class="step"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => onStep(how)}
    >
      <Icon name={how satisfies IconName} />
    </button>
  );
  return (
    <div class="step-controls" role="group" aria-label={t.stepThrough}>
      {button('first', t.firstMove, shown === 0)}
      {button('previous', t.previousMove, shown === 0)}
      <span class="step-where" aria-live="off">
        {t.plyOfTotal(moveCount(shown), moveCount(total))}
      </span>
      {button('next', t.nextMove, shown === total)}
      {button('last', t.lastMove, shown === total)}
    </div>
  );
}

export interface GameActionsProps {
  readonly t: Messages;
  /** Plies a take-back removes (0: it is not possible). */
  readonly takeback: number;
  readonly canResign: boolean;
  readonly canOfferDraw: boolean;
  readonly canHint: boolean;
  readonly hintBusy: boolean;
  readonly showEval: boolean;
  readonly onTakeback: () => void;
  readonly onResign: () => void;
  readonly onOfferDraw: () => void;
  readonly onHint: () => void;
  readonly onToggleEval: (show: boolean) => void;
  readonly onFlip: () => void;
}

export function GameActions(p: GameActionsProps) {
  const { t } = p;
  return (
    <div class="game-actions">
      <div class="action-row">
        <button type="button" class="action" disabled={p.takeback === 0} onClick={p.onTakeback}>
          <Icon name="takeback" /> {t.takeback}
        </button>
        {p.canOfferDraw && (
          <button type="button" class="action" onClick={p.onOfferDraw}>
            <Icon name="draw" /> {t.offerDraw}
          </button>
        )}
        <ResignButton t={t} disabled={!p.canResign} onResign={p.onResign} />
      </div>
      <div class="action-row">
        <button type="button" class="action" disabled={!p.canHint || p.hintBusy} onClick={p.onHint}>
          <Icon name="hint" /> {p.hintBusy ? t.hintThinking : t.hint}
        </button>
        <button type="button" class="action" onClick={p.onFlip}>
          <Icon name="flip" /> {t.flipBoard}
        </button>
        <label class="toggle">
          <input
            type="checkbox"
            checked={p.showEval}
            onChange={(e) => p.onToggleEval((e.target as HTMLInputElement).checked)}
          />
          {t.showEvaluation}
        </label>
        <SoundToggle t={t} />
      </div>
    </div>
  );
}

/** The sounds' switch (sound.ts), pressed while they are on; remembered for every game. */
export function SoundToggle({ t }: { readonly t: Messages }) {
  const [on, setOn] = useSoundSwitch();
  const f = feedbackText(t);
  return (
    <button
      type="button"
      class="action sound-toggle"
      aria-pressed={on}
      title={f.soundHint}
      data-testid="sound-toggle"
      onClick={() => setOn(!on)}
    >
      <svg
        class="icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        stroke-width={2}
        stroke-linecap="round"
        stroke-linejoin="round"
      >
        <path d="M4 9h4l5-4v14l-5-4H4z" />
        <path d={on ? 'M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12' : 'M17 9l5 6M22 9l-5 6'} />
      </svg>{' '}
      {f.sound}
    </button>
  );
}

/**
 * Resigning, asked twice: the button, then in its place the question with yes and no (a dialog,
 * app/dialog.ts: the focus on No, Escape closes it, the focus back on Resign). The button is only
 * hidden while the question is asked, so that the focus can come back to it; when the game ends
 * with the focus on it, the focus goes to the board.
 */
export function ResignButton(p: {
  readonly t: Messages;
  readonly disabled?: boolean;
  readonly onResign: () => void;
}) {
  const { t } = p;
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useDialog<HTMLSpanElement>(confirming, () => setConfirming(false), button);
  useFocusHandOn(button);
  return (
    <>
      <button
        ref={button}
        type="button"
        class="action"
        hidden={confirming}
        disabled={p.disabled}
        onClick={() => setConfirming(true)}
      >
        <Icon name="resign" /> {t.resign}
      </button>
      {confirming && (
        <span class="confirm" role="group" aria-label={t.confirmResign} {...dialog}>
          <span>{t.confirmResign}</span>
          <button
            type="button"
            class="action danger"
            onClick={() => {
              setConfirming(false);
              p.onResign();
            }}
          >
            {t.yes}
          </button>
          <button type="button" class="action" data-autofocus onClick={() => setConfirming(false)}>
            {t.no}
          </button>
        </span>
      )}
    </>
  );
}
