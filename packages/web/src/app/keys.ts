/**
 * Which element keeps the arrow keys for itself when the screens listen for their own (the analysis
 * board's and the game's ← → ↑ ↓ Home End, which step through the moves). The team's rule: the keys
 * step through the game wherever the focus is on the board's panel, except inside a text field. So
 * a text field, a list box and a slider keep their arrows, and the board's grid moves between its
 * squares with them; a button, a checkbox, a radio or the page itself leave them to the screen (a
 * radio's own arrows, which would switch the choice, give way: the screen's handler prevents them).
 */

/** The input types that are not typed into: their arrows are the screen's. */
const NOT_TYPED = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'reset', 'submit']);

/** What keeps its arrows: a text area or list box, the board's grid, a slider, editable text. */
const KEEPS_ARROWS =
  'textarea, select, [role="grid"], [role="slider"], [role="listbox"], [role="textbox"], [contenteditable]:not([contenteditable="false"])';

/** Whether the element a key was pressed on keeps the arrow keys (and Home and End) for itself. */
export function keepsArrowKeys(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(KEEPS_ARROWS)) return true;
  return target instanceof HTMLInputElement && !NOT_TYPED.has(target.type);
}
