/**
 * Where the focus goes when the screen changes under it (the team's rule: focus goes somewhere
 * meaningful after every action, never to the page's body): to the screen's board, on the square
 * of its Tab stop, so that a move is one key away; where there is no board, to the screen's
 * heading. The skip link leads to the same place.
 *
 * - A new screen takes the focus once it is drawn: a screen in a chunk of its own, or a game from
 *   the server, draws after the route changed, so the screen is watched until its board appears
 *   (its heading has the focus meanwhile). A control of the screen that kept the focus through the
 *   change (a list box that chose another puzzle) keeps it, and so does anything the player
 *   focuses meanwhile.
 * - An element that goes away with the focus in it (a dialog answered, the Resign button of a game
 *   that has ended) hands it on the same way (`useFocusHandOn`), and a dialog gives it back to what
 *   opened it first (dialog.ts).
 *
 * The boards drawn as pictures (the rules pages', inert and hidden from screen readers) are not
 * the screen's board.
 */

import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

/** How long a new screen may take to draw its board (a game from the server) before the watch ends. */
const DRAW_MS = 10_000;

/** The Tab stop of the screen's board: a square of a grid in `main` that is not a picture. */
function boardStop(): HTMLElement | undefined {
  return [
    ...document.querySelectorAll<HTMLElement>('main [role="grid"] [role="gridcell"][tabindex="0"]'),
  ].find((cell) => cell.closest('[inert], [aria-hidden="true"]') === null);
}

/** Whether the screen shows a board (the skip link's words). */
export const screenHasBoard = (): boolean => boardStop() !== undefined;

/** The screen's heading, made focusable by script (not by Tab). */
function heading(): HTMLElement | undefined {
  const h1 = document.querySelector<HTMLElement>('main h1') ?? undefined;
  if (h1 && !h1.hasAttribute('tabindex')) h1.tabIndex = -1;
  return h1;
}

/** Puts the focus on the screen's board, else its heading; false when it has neither yet. */
export function focusScreen(): boolean {
  const target = boardStop() ?? heading();
  target?.focus();
  return target !== undefined;
}

/** The focus is nowhere: on the page's body, or on an element no longer in it. */
export const focusLost = (): boolean => {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
};

/**
 * After each change of `screen` (not the page's first), puts the focus on the new screen's board
 * once it is drawn, its heading meanwhile, unless a control of the screen kept the focus or the
 * player put it somewhere.
 */
export function useScreenFocus(screen: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.querySelector('main');
    if (!main) return;
    const left = document.activeElement;
    let given: Element | undefined;
    /** Whether the focus is where the player or the screen wants it, not where the change left it. */
    const placed = (): boolean => {
      const active = document.activeElement;
      if (focusLost() || active === given) return false;
      return main.contains(active) || active !== left;
    };
    const observer = new MutationObserver(() => watch());
    const timer = setTimeout(() => observer.disconnect(), DRAW_MS);
    const stop = (): void => {
      observer.disconnect();
      clearTimeout(timer);
    };
    const watch = (): void => {
      if (placed()) return stop();
      const board = boardStop();
      if (board) {
        board.focus();
        return stop();
      }
      const h1 = heading();
      if (h1 && h1 !== given) {
        h1.focus();
        given = h1;
      }
    };
    observer.observe(main, { childList: true, subtree: true });
    watch();
    return stop;
  }, [screen]);
}

/**
 * When the element of `ref` goes away with the focus in it, the focus goes to the screen
 * (focusScreen) rather than to the page's body.
 */
export function useFocusHandOn(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    return () => {
      if (el?.contains(document.activeElement)) handOnLater();
    };
  }, []);
}

/** Once the DOM of the render under way is done: the focus to the screen if it was lost. */
export function handOnLater(to?: () => HTMLElement | null | undefined): void {
  queueMicrotask(() => {
    if (!focusLost()) return;
    const target = to?.();
    if (target?.isConnected) target.focus();
    if (focusLost()) focusScreen();
  });
}
