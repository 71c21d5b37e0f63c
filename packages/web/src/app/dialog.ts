/**
 * The app's one way of doing dialogs: the questions asked before an act (resigning, deleting a
 * ruleset) and the question an import asks (which rules). They are small and sit where they were
 * asked, in the page, so they do not trap the focus; but they move it in when they open (to the
 * element marked `data-autofocus`, else the first that takes it: the answer that changes nothing),
 * close with Escape, and when they close give the focus back to what opened them, or, when that is
 * gone too (the game has ended), to the screen's board (focus.ts).
 */

import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { handOnLater } from './focus.js';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select, textarea, a[href], [tabindex="0"]';

/** What a dialog's element takes: its ref and its keys. */
export interface DialogProps<T extends HTMLElement> {
  readonly ref: RefObject<T | null>;
  readonly onKeyDown: (e: KeyboardEvent) => void;
}

/**
 * A dialog shown while `open`, closed by `close` (which Escape calls). `opener` is what opened it
 * when it is hidden while the dialog is shown (the Resign button); else it is the element that had
 * the focus when the dialog opened.
 */
export function useDialog<T extends HTMLElement>(
  open: boolean,
  close: () => void,
  opener?: RefObject<HTMLElement | null>,
): DialogProps<T> {
  const ref = useRef<T | null>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!open || !box) return;
    const from = opener?.current ?? (document.activeElement as HTMLElement | null);
    const first =
      box.querySelector<HTMLElement>('[data-autofocus]') ?? box.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      const active = document.activeElement;
      if (active === null || active === document.body || !active.isConnected || box.contains(active))
        handOnLater(() => from);
    };
  }, [open]);
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    close();
  };
  return { ref, onKeyDown };
}
