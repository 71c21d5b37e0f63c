/**
 * The moves of a game and the ways through them, as every game screen shows them (on this
 * device, online): the move list, the step buttons, a way back to the game when an earlier
 * move is shown, the legend of the moves' notation, and the arrow keys (`useStepKeys`) when the
 * board or a field does not want them.
 */

import type { Side } from '@tafl/core';
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { keepsArrowKeys } from '../app/keys.js';
import type { Messages } from '../i18n/index.js';
import { StepControls } from './Controls.js';
import { step, stepForKey, type PlyInfo, type View } from './model.js';
import { langOf } from './feedback-text.js';
import { MoveList } from './MoveList.js';
import { MovesLegend } from './MovesLegend.js';

export interface MovesBoxProps {
  readonly t: Messages;
  readonly plies: readonly PlyInfo[];
  readonly shown: number;
  /** The side to move at the start: it sets the move numbers. */
  readonly firstSide?: Side;
  /** Plies from this one on are shown as pending (sent, not yet confirmed). */
  readonly pendingFrom?: number;
  readonly setView: (change: (view: View) => View) => void;
  /** After the step buttons (a note, a button). */
  readonly children?: ComponentChildren;
}

export function MovesBox({ t, plies, shown, firstSide, pendingFrom, setView, children }: MovesBoxProps) {
  const total = plies.length;
  return (
    <div class="moves-box">
      <MoveList
        t={t}
        plies={plies}
        shown={shown}
        {...(firstSide ? { firstSide } : {})}
        {...(pendingFrom === undefined ? {} : { pendingFrom })}
        onSelect={(ply) => setView((v) => step(v, total, ply))}
      />
      <StepControls t={t} shown={shown} total={total} onStep={(how) => setView((v) => step(v, total, how))} />
      {shown !== total && (
        <button type="button" class="action back-to-game" onClick={() => setView(() => undefined)}>
          {t.backToGame}
        </button>
      )}
      {children}
      <MovesLegend lang={langOf(t)} />
    </div>
  );
}

/**
 * The arrow keys, Home and End step through a game of `total` moves, wherever the focus is but on
 * what keeps its arrows (app/keys.ts: a text field, the board's grid, a slider).
 */
export function useStepKeys(total: number, setView: (change: (view: View) => View) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      if (keepsArrowKeys(e.target)) return;
      const how = stepForKey(e.key);
      if (!how) return;
      e.preventDefault();
      setView((v) => step(v, total, how));
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [total]);
}
