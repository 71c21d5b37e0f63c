/**
 * The board's view: a thin Preact layer over `state.ts`. Squares are HTML elements in a CSS
 * layout (rows of cells inside a `role="grid"`), not one SVG, because each square must be a
 * focusable element with its own accessible name, and HTML grids are what screen readers and
 * keyboards handle best; the pieces are small SVGs inside the squares, and all sizes are
 * fractions of the board, which takes the width it is given (a phone's, a desktop's).
 *
 * DOM events become calls to the pure functions of `state.ts`; their result is drawn by Preact,
 * which patches the squares in place. A drag moves its piece with a transform written once per
 * animation frame, straight to the element: Preact redraws only when the drag starts, ends or
 * passes over a new square. A move slides its piece (FLIP: it is drawn at its destination, moved
 * back to its origin by a transform, and let go), unless the player dropped it there, or the
 * player asked for reduced motion.
 *
 * Accessibility: the board is one `role="grid"` (named by `config.label`) of rows of gridcells,
 * one per square, with a roving tabindex: Tab enters the board on one square (the last focused,
 * else the selected one, else the throne) and leaves it; the arrows, Home, End, PageUp and
 * PageDown move between squares as they are drawn (flipped or not); Enter or Space acts like a
 * click; Escape deselects (and, nothing selected, cancels a premove). Each square's name is `config.squareLabel(square, piece, marks)`,
 * which begins with the square's name and may add, from `marks`, that it is a legal destination
 * or the last move's; the selected square also carries `aria-selected="true"`. A click that no
 * pointer made (a screen reader's activation) acts like Enter. The pieces and coordinates are
 * decorative (`aria-hidden`): the names say it all.
 */

import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { BoardArrow, BoardConfig, BoardSquare } from './api.js';
import {
  centreOf,
  cellDelta,
  cellOf,
  fileLabels,
  rankLabels,
  squareAtPoint,
  type Point,
} from './geometry.js';
import { PieceDefs, PieceSvg } from './pieces.js';
import {
  activate,
  asPremove,
  choseNothing,
  displayedPieces,
  inputDests,
  isPremove,
  initialState,
  keyDown,
  pointerCancel,
  pointerDown,
  pointerMove,
  pointerUp,
  reconcile,
  slideOf,
  squareViews,
  tabStop,
  type BoardState,
  type Move,
  type Step,
} from './state.js';
import './board.css';

/** Pixels a press must travel to become a drag: more for a finger, which never rests still. */
const DRAG_THRESHOLD = { mouse: 4, touch: 10 } as const;
const SLIDE_MS = 200;
const RETURN_MS = 150;
/** The z-index of a piece being dragged (above one gliding, '3'): it also marks it as lifted. */
const LIFTED = '10';

const reducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Moves an element by a transform and lets it glide back to where it stands. */
function glide(el: HTMLElement, from: string, ms: number): void {
  if (reducedMotion()) return resetPiece(el);
  el.style.transition = 'none';
  el.style.transform = from;
  el.style.zIndex = '3';
  el.getBoundingClientRect(); // commit the start before the transition
  el.style.transition = `transform ${ms}ms cubic-bezier(0.2, 0.7, 0.3, 1)`;
  el.style.transform = '';
  const done = (): void => {
    if (el.style.zIndex === '3') resetPiece(el); // unless a drag has taken the piece since
  };
  el.addEventListener('transitionend', done, { once: true });
  setTimeout(done, ms + 100);
}

function resetPiece(el: HTMLElement): void {
  el.style.transition = '';
  el.style.transform = '';
  el.style.zIndex = '';
}

export function Board({ config }: { readonly config: BoardConfig }) {
  const id = `tb${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [, setVersion] = useState(0);
  const stateRef = useRef<BoardState>(initialState);
  const configRef = useRef(config);
  const piecesRef = useRef(config.pieces);
  const shownRef = useRef(config.pieces);
  const droppedRef = useRef<Move | undefined>(undefined);
  const gridRef = useRef<HTMLDivElement>(null);
  const frame = useRef(0);

  const { size } = config;
  const flipped = config.flipped ?? false;
  configRef.current = config;
  const dests = inputDests(config);
  stateRef.current = reconcile(stateRef.current, { size, dests }, piecesRef.current !== config.pieces);
  piecesRef.current = config.pieces;
  const state = stateRef.current;
  const rows = squareViews(config, state);
  const shown = displayedPieces(config.pieces, state.pending);

  const cellAt = (sq: BoardSquare): HTMLElement | null =>
    gridRef.current?.querySelector<HTMLElement>(`[data-sq="${sq}"]`) ?? null;
  const pieceAt = (sq: BoardSquare): HTMLElement | null =>
    cellAt(sq)?.querySelector<HTMLElement>('.tb-piece') ?? null;

  // A move slides its piece from its origin, once drawn at its destination.
  useLayoutEffect(() => {
    const before = shownRef.current;
    shownRef.current = shown;
    if (before === shown) return;
    const dropped = droppedRef.current;
    droppedRef.current = undefined;
    const slide = slideOf(before, shown, state.pending ?? config.lastMove);
    if (!slide || (dropped && dropped[0] === slide[0] && dropped[1] === slide[1])) return;
    const el = pieceAt(slide[1]);
    const { dx, dy } = cellDelta(size, flipped, slide[0], slide[1]);
    if (el) glide(el, `translate(${-dx * 100}%, ${-dy * 100}%)`, SLIDE_MS);
  });

  // A drag the caller ended by a redraw (its piece can no longer move): put the piece down.
  useLayoutEffect(() => {
    if (state.drag?.started) return;
    gridRef.current?.querySelectorAll<HTMLElement>('.tb-piece').forEach((el) => {
      if (el.style.zIndex === LIFTED) resetPiece(el);
    });
  });

  useLayoutEffect(() => () => cancelAnimationFrame(frame.current), []);

  const redraw = (): void => setVersion((v) => v + 1);

  /**
   * Takes the next state; reports a move after the state that shows it is in place. A premove is
   * reported as such and shows nothing moved; a press or key that chose nothing cancels the
   * premove there is (`cancels`).
   */
  const commit = (made: Step, cancels = false): void => {
    const premove = made.move !== undefined && isPremove(configRef.current, made.move);
    const step = premove ? asPremove(made) : made;
    const before = stateRef.current;
    stateRef.current = step.state;
    const lifted = before.drag?.started ? before.drag.from : undefined;
    if (lifted !== undefined && !step.state.drag) {
      const el = pieceAt(lifted);
      if (el && step.move) droppedRef.current = step.move;
      else if (el) glide(el, el.style.transform, RETURN_MS);
    }
    redraw();
    const current = configRef.current;
    if (step.move && premove) current.onPremove?.(step.move[0], step.move[1]);
    else if (step.move) current.onMove(step.move[0], step.move[1]);
    else if (cancels && current.premove && choseNothing(step)) current.onPremoveCancel?.();
  };

  const gridRect = (): DOMRect | undefined => gridRef.current?.getBoundingClientRect();
  const squareAt = (p: Point): BoardSquare | undefined => {
    const rect = gridRect();
    return rect && squareAtPoint(rect, size, flipped, p);
  };

  /** Draws the lifted piece under the pointer: once per animation frame, however many events. */
  const paintDrag = (): void => {
    frame.current = 0;
    const drag = stateRef.current.drag;
    const rect = gridRect();
    const el = drag?.started ? pieceAt(drag.from) : null;
    if (!drag || !rect || !el) return;
    const c = centreOf(rect, size, flipped, drag.from);
    // A finger's drag (the touch threshold) lifts the piece larger, to show round the finger.
    const scale = drag.threshold === DRAG_THRESHOLD.touch ? 1.35 : 1.12;
    el.style.transition = 'none';
    el.style.zIndex = LIFTED;
    el.style.transform = `translate(${drag.pos.x - c.x}px, ${drag.pos.y - c.y}px) scale(${scale})`;
  };

  const onPointerDown = (e: PointerEvent): void => {
    if (!e.isPrimary || e.button !== 0) return;
    const p = { x: e.clientX, y: e.clientY };
    const sq = squareAt(p);
    // No preventDefault: the press focuses its square as any click does (without the keyboard's
    // focus ring); text selection and scrolling are off in board.css.
    const threshold = e.pointerType === 'touch' ? DRAG_THRESHOLD.touch : DRAG_THRESHOLD.mouse;
    const step = pointerDown(stateRef.current, dests, sq, p, e.pointerId, threshold);
    if (step.state.drag) gridRef.current?.setPointerCapture(e.pointerId);
    commit(step, true);
  };

  const onPointerMove = (e: PointerEvent): void => {
    const before = stateRef.current;
    if (!before.drag) return;
    const p = { x: e.clientX, y: e.clientY };
    const next = pointerMove(before, e.pointerId, p, squareAt(p));
    stateRef.current = next;
    if (next.drag?.started !== before.drag.started || next.drag?.over !== before.drag.over) redraw();
    if (next.drag?.started && !frame.current) frame.current = requestAnimationFrame(paintDrag);
  };

  const onPointerUp = (e: PointerEvent): void => {
    if (!stateRef.current.drag) return;
    commit(pointerUp(stateRef.current, dests, e.pointerId, squareAt({ x: e.clientX, y: e.clientY })));
  };

  const onPointerCancel = (e: PointerEvent): void => {
    if (stateRef.current.drag) commit({ state: pointerCancel(stateRef.current, e.pointerId) });
  };

  const onKeyDown = (e: KeyboardEvent): void => {
    const step = keyDown(
      stateRef.current,
      { size, flipped, throne: config.throne, dests },
      { key: e.key, ctrl: e.ctrlKey || e.metaKey },
    );
    // Escape with nothing selected cancels the premove.
    if (!step.handled && e.key === 'Escape' && config.premove) {
      e.preventDefault();
      config.onPremoveCancel?.();
      return;
    }
    if (!step.handled) return;
    e.preventDefault();
    commit(step);
    cellAt(tabStop(step.state, config.throne))?.focus();
  };

  /** Focus arriving on a square by any means (Tab, a screen reader) makes it the tab stop. */
  const onFocusIn = (e: FocusEvent): void => {
    const sq = Number((e.target as HTMLElement).dataset['sq']);
    if (Number.isInteger(sq) && stateRef.current.focus !== sq) {
      stateRef.current = { ...stateRef.current, focus: sq };
      redraw();
    }
  };

  /** A click with no pointer behind it (detail 0): a screen reader's or switch device's activation. */
  const onClick = (e: MouseEvent): void => {
    const sq = Number((e.target as HTMLElement).closest<HTMLElement>('[data-sq]')?.dataset['sq']);
    if (e.detail === 0 && Number.isInteger(sq)) commit(activate(stateRef.current, dests, sq));
  };

  /** A right click on the board drops the selection and cancels the premove (lichess's way). */
  const onContextMenu = (e: MouseEvent): void => {
    if (!config.premove && stateRef.current.selected === undefined) return;
    e.preventDefault();
    commit({ state: { ...stateRef.current, selected: undefined, drag: undefined } }, true);
  };

  const coordinates = config.coordinates ?? true;
  const rootClass = [
    'tb',
    coordinates && 'has-coords',
    flipped && 'is-flipped',
    state.drag?.started && 'is-dragging',
  ];
  return (
    <div class={rootClass.filter(Boolean).join(' ')}>
      <PieceDefs id={id} />
      <div class="tb-frame">
        <div
          ref={gridRef}
          role="grid"
          aria-label={config.label}
          class="tb-grid"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onLostPointerCapture={onPointerCancel}
          onKeyDown={onKeyDown}
          onFocusIn={onFocusIn}
          onClick={onClick}
          onContextMenu={onContextMenu}
        >
          {rows.map((row, r) => (
            <div role="row" class="tb-row" key={r}>
              {row.map((v) => (
                <div
                  key={v.square}
                  role="gridcell"
                  class={v.classes}
                  tabIndex={v.tabIndex}
                  aria-label={v.label}
                  aria-selected={v.marks.selected || undefined}
                  data-sq={v.square}
                  data-name={v.name}
                >
                  {v.captured && !(v.captured === 'king' && config.kingCaptured === v.square) && (
                    <span key={`x${config.lastMove?.join('-')}`} class={`tb-captured tb-${v.captured}`}>
                      <PieceSvg role={v.captured} id={id} />
                    </span>
                  )}
                  {config.kingCaptured === v.square && !v.piece && (
                    <span
                      key={`k${config.lastMove?.join('-')}`}
                      class="tb-king-captured tb-king"
                      data-testid="king-captured"
                    >
                      <PieceSvg role="king" id={id} />
                      <svg class="tb-king-captured-mark" viewBox="0 0 100 100" aria-hidden="true">
                        <circle cx="50" cy="50" r="44" />
                        <path d="M22 22 78 78 M78 22 22 78" />
                      </svg>
                    </span>
                  )}
                  {v.piece && state.drag?.started && state.drag.from === v.square && (
                    <span key="ghost" class={`tb-ghost tb-${v.piece}`}>
                      <PieceSvg role={v.piece} id={id} />
                    </span>
                  )}
                  {v.piece && (
                    <span key={`p${v.piece}`} class={`tb-piece tb-${v.piece}`}>
                      <PieceSvg role={v.piece} id={id} />
                    </span>
                  )}
                </div>
              ))}
            </div>
          ))}
        </div>
        {config.arrows && config.arrows.length > 0 && (
          <Arrows id={id} arrows={config.arrows} size={size} flipped={flipped} />
        )}
        {coordinates && (
          <>
            <div class="tb-coords tb-files" aria-hidden="true">
              {fileLabels(size, flipped).map((f) => (
                <span key={f}>{f}</span>
              ))}
            </div>
            <div class="tb-coords tb-ranks" aria-hidden="true">
              {rankLabels(size, flipped).map((r) => (
                <span key={r}>{r}</span>
              ))}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * Arrows over the grid, in an SVG whose units are cells (one square = 1), so they scale with the
 * board; the pointer passes through them to the squares. The best move is drawn last, on top.
 */
function Arrows(props: {
  readonly id: string;
  readonly arrows: readonly BoardArrow[];
  readonly size: number;
  readonly flipped: boolean;
}) {
  const { id, arrows, size, flipped } = props;
  const centre = (sq: BoardSquare) => {
    const c = cellOf(size, flipped, sq);
    return { x: c.col + 0.5, y: c.row + 0.5 };
  };
  const ordered = [...arrows.filter((a) => a.kind !== 'best'), ...arrows.filter((a) => a.kind === 'best')];
  return (
    <svg class="tb-arrows" viewBox={`0 0 ${size} ${size}`} aria-hidden="true" data-arrows={ordered.length}>
      <defs>
        {(['best', 'alt'] as const).map((kind) => (
          <marker
            id={`${id}-head-${kind}`}
            key={kind}
            viewBox="0 0 10 10"
            refX="5"
            refY="5"
            markerWidth="3"
            markerHeight="3"
            orient="auto-start-reverse"
          >
            <path d="M0,0L10,5L0,10z" class={`tb-arrowhead tb-arrow-${kind}`} />
          </marker>
        ))}
      </defs>
      {ordered.map((a) => {
        const f = centre(a.from);
        const t = centre(a.to);
        const len = Math.hypot(t.x - f.x, t.y - f.y) || 1;
        // Stop short of the centre, so the head points at the square without hiding its piece.
        const end = { x: t.x - ((t.x - f.x) / len) * 0.3, y: t.y - ((t.y - f.y) / len) * 0.3 };
        return (
          <line
            key={`${a.kind}${a.from}-${a.to}`}
            class={`tb-arrow tb-arrow-${a.kind}`}
            data-from={a.from}
            data-to={a.to}
            x1={f.x}
            y1={f.y}
            x2={end.x}
            y2={end.y}
            marker-end={`url(#${id}-head-${a.kind})`}
          />
        );
      })}
    </svg>
  );
}
