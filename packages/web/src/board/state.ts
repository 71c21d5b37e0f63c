/**
 * The board's interaction state and the pure functions over it (chessground's habit): a press,
 * a drag, a key or a new configuration goes in, the next state and maybe a move come out. The
 * view (Board.tsx) only turns DOM events into these calls and draws the result, so everything a
 * player can do is tested here without a DOM.
 *
 * The board knows no rules: `dests` alone says what may move where. After the player makes a
 * move the board shows it at once (`pending`) and accepts no other until the caller gives it a
 * new `pieces` array: the caller answers every reported move by redrawing, with the move played
 * or, if it refuses it, with the old position in a fresh array.
 */

import type { BoardConfig, BoardSquare, PieceRole, SquareMarks } from './api.js';
import type { Point } from './geometry.js';
import { cellOf, displayRows, fileOf, rankOf, squareName, squareOfCell } from './geometry.js';

export type Dests = BoardConfig['dests'];
export type Move = readonly [from: BoardSquare, to: BoardSquare];

export interface DragState {
  readonly pointerId: number;
  readonly from: BoardSquare;
  /** Where the press began and where the pointer is now, in page (client) coordinates. */
  readonly start: Point;
  readonly pos: Point;
  /** The pointer has moved at least `threshold` pixels: a drag, no longer a click. */
  readonly started: boolean;
  readonly threshold: number;
  /** The piece was already selected when pressed: a click on it (no drag) deselects it. */
  readonly wasSelected: boolean;
  /** The square under the pointer. */
  readonly over: BoardSquare | undefined;
}

export interface BoardState {
  /** The selected piece's square; its destinations are shown. */
  readonly selected: BoardSquare | undefined;
  /** The square holding the grid's one tab stop (roving tabindex). */
  readonly focus: BoardSquare | undefined;
  readonly drag: DragState | undefined;
  /** The move last reported to the caller, shown until the caller redraws with new pieces. */
  readonly pending: Move | undefined;
}

export const initialState: BoardState = {
  selected: undefined,
  focus: undefined,
  drag: undefined,
  pending: undefined,
};

/** The next state, and the move the player made if any (to report with `onMove`). */
export interface Step {
  readonly state: BoardState;
  readonly move?: Move;
}

// --- Destinations -------------------------------------------------------------------------------

/**
 * The destinations the player's input is taken from: the legal moves, or while there are none
 * (the opponent's turn), the premoves.
 */
export const inputDests = (config: Pick<BoardConfig, 'dests' | 'premoveDests'>): Dests =>
  config.dests !== undefined && config.dests.size > 0 ? config.dests : config.premoveDests;

/** A move made is a premove: not among the legal destinations, among the premoves'. */
export const isPremove = (config: Pick<BoardConfig, 'dests' | 'premoveDests'>, move: Move): boolean =>
  !isDest(config.dests, move[0], move[1]) && isDest(config.premoveDests, move[0], move[1]);

/**
 * A step that made a premove: it is reported, and nothing is shown moved (the move waits for the
 * turn); the focus stays on its destination.
 */
export const asPremove = (step: Step): Step => ({ ...step, state: { ...step.state, pending: undefined } });

/** A press or key that chose nothing (no move, nothing selected, no drag): it cancels a premove. */
export const choseNothing = (step: Step): boolean =>
  step.move === undefined && step.state.selected === undefined && step.state.drag === undefined;

/** The destinations in force: none while a reported move waits for the caller's redraw. */
export const movableDests = (state: BoardState, dests: Dests): Dests => (state.pending ? undefined : dests);

export const destsOf = (dests: Dests, from: BoardSquare): readonly BoardSquare[] => dests?.get(from) ?? [];

export const canMove = (dests: Dests, from: BoardSquare): boolean => destsOf(dests, from).length > 0;

export const isDest = (dests: Dests, from: BoardSquare, to: BoardSquare): boolean =>
  destsOf(dests, from).includes(to);

// --- Selection: click-click and keyboard ---------------------------------------------------------

export interface ClickResult {
  readonly move?: Move;
  readonly selected?: BoardSquare;
}

/**
 * A click (or Enter) on a square: a destination of the selected piece moves it there; a piece
 * that can move is selected (another one switches the selection); the selected piece itself, or
 * anything else, deselects. Nothing is ever an error.
 */
export function click(dests: Dests, selected: BoardSquare | undefined, sq: BoardSquare): ClickResult {
  if (selected !== undefined && isDest(dests, selected, sq)) return { move: [selected, sq] };
  if (sq !== selected && canMove(dests, sq)) return { selected: sq };
  return {};
}

function played(state: BoardState, move: Move): Step {
  return { state: { ...state, selected: undefined, drag: undefined, pending: move, focus: move[1] }, move };
}

/** `click` applied to the state: the keyboard's Enter and Space, and assistive technology's click. */
export function activate(state: BoardState, dests: Dests, sq: BoardSquare): Step {
  const result = click(movableDests(state, dests), state.selected, sq);
  if (result.move) return played(state, result.move);
  return { state: { ...state, selected: result.selected, focus: sq } };
}

export const deselect = (state: BoardState): BoardState =>
  state.selected === undefined && !state.drag ? state : { ...state, selected: undefined, drag: undefined };

// --- Pointer: press, drag, drop ------------------------------------------------------------------

/**
 * A press (mouse button, finger or pen) on a square, or off the board when `sq` is undefined. On
 * a destination of the selected piece it moves at once (as lichess does); on a piece that can
 * move it selects it and may become a drag; anywhere else it deselects.
 */
export function pointerDown(
  state: BoardState,
  dests: Dests,
  sq: BoardSquare | undefined,
  point: Point,
  pointerId: number,
  threshold: number,
): Step {
  if (state.drag) return { state };
  if (sq === undefined) return { state: deselect(state) };
  const movable = movableDests(state, dests);
  const selected = state.selected;
  if (selected !== undefined && isDest(movable, selected, sq)) return played(state, [selected, sq]);
  if (!canMove(movable, sq)) return { state: { ...state, selected: undefined, focus: sq } };
  const drag: DragState = {
    pointerId,
    from: sq,
    start: point,
    pos: point,
    started: false,
    threshold,
    wasSelected: selected === sq,
    over: sq,
  };
  return { state: { ...state, selected: sq, focus: sq, drag } };
}

/** The pointer moved: a drag starts once it has gone `threshold` pixels from the press. */
export function pointerMove(
  state: BoardState,
  pointerId: number,
  point: Point,
  over: BoardSquare | undefined,
): BoardState {
  const drag = state.drag;
  if (!drag || drag.pointerId !== pointerId) return state;
  const started =
    drag.started || Math.hypot(point.x - drag.start.x, point.y - drag.start.y) >= drag.threshold;
  return { ...state, drag: { ...drag, pos: point, started, over } };
}

/**
 * The pointer was released over `over` (undefined off the board). A press that never became a
 * drag was a click: it keeps the selection it made, or deselects a piece that was selected
 * already. A drag dropped on a destination is a move; dropped back on its own square it acts as
 * that click; dropped anywhere else it is refused: the piece goes back and is deselected.
 */
export function pointerUp(
  state: BoardState,
  dests: Dests,
  pointerId: number,
  over: BoardSquare | undefined,
): Step {
  const drag = state.drag;
  if (!drag || drag.pointerId !== pointerId) return { state };
  const rest: BoardState = { ...state, drag: undefined };
  if (drag.started && over !== undefined && isDest(movableDests(state, dests), drag.from, over))
    return played(state, [drag.from, over]);
  const asClick = !drag.started || over === drag.from;
  return { state: asClick && !drag.wasSelected ? rest : { ...rest, selected: undefined } };
}

/** The browser took the pointer away (a scroll, a system gesture): the drag ends, nothing moves. */
export function pointerCancel(state: BoardState, pointerId: number): BoardState {
  return state.drag?.pointerId === pointerId ? { ...state, drag: undefined } : state;
}

/** The pointer is far enough from the press for a drag; the view uses it to draw the lifted piece. */
export const isDragging = (state: BoardState): boolean => state.drag?.started === true;

// --- Keyboard: a roving tab stop over a grid -----------------------------------------------------

export interface KeyInput {
  readonly key: string;
  /** Ctrl or Cmd held: Home and End go to the first and last cell of the whole grid. */
  readonly ctrl: boolean;
}

/**
 * The square focus moves to for a navigation key, in display space so that ArrowUp always goes
 * up the screen, flipped or not; undefined for any other key. At an edge focus stays where it is.
 */
export function focusAfterKey(
  size: number,
  flipped: boolean,
  from: BoardSquare,
  { key, ctrl }: KeyInput,
): BoardSquare | undefined {
  const { col, row } = cellOf(size, flipped, from);
  const last = size - 1;
  const clamp = (n: number): number => Math.min(last, Math.max(0, n));
  const to = (c: number, r: number): BoardSquare | undefined =>
    squareOfCell(size, flipped, clamp(c), clamp(r));
  switch (key) {
    case 'ArrowLeft':
      return to(col - 1, row);
    case 'ArrowRight':
      return to(col + 1, row);
    case 'ArrowUp':
      return to(col, row - 1);
    case 'ArrowDown':
      return to(col, row + 1);
    case 'Home':
      return ctrl ? to(0, 0) : to(0, row);
    case 'End':
      return ctrl ? to(last, last) : to(last, row);
    case 'PageUp':
      return to(col, 0);
    case 'PageDown':
      return to(col, last);
    default:
      return undefined;
  }
}

/** The square that holds the tab stop: the one last focused, else the selected one, else the throne. */
export const tabStop = (state: BoardState, throne: BoardSquare): BoardSquare =>
  state.focus ?? state.selected ?? throne;

export interface KeyStep extends Step {
  /** The key was the board's: the view prevents its default action (scrolling). */
  readonly handled: boolean;
}

/**
 * A key pressed on the grid: arrows, Home, End, PageUp and PageDown move focus; Enter and Space
 * act on the focused square like a click; Escape drops a drag and the selection.
 */
export function keyDown(
  state: BoardState,
  board: {
    readonly size: number;
    readonly flipped: boolean;
    readonly throne: BoardSquare;
    readonly dests: Dests;
  },
  input: KeyInput,
): KeyStep {
  const here = tabStop(state, board.throne);
  const focus = focusAfterKey(board.size, board.flipped, here, input);
  if (focus !== undefined) return { state: { ...state, focus }, handled: true };
  if (input.key === 'Enter' || input.key === ' ') {
    if (state.drag) return { state, handled: true };
    return { ...activate(state, board.dests, here), handled: true };
  }
  if (input.key === 'Escape' && (state.selected !== undefined || state.drag))
    return { state: deselect(state), handled: true };
  return { state, handled: false };
}

// --- A new configuration -------------------------------------------------------------------------

/**
 * The state after the caller redraws: new pieces end the pending move; a selection or drag whose
 * piece can no longer move is dropped; a focus off a smaller board is forgotten.
 */
export function reconcile(
  state: BoardState,
  board: { readonly size: number; readonly dests?: Dests },
  piecesChanged: boolean,
): BoardState {
  let next = piecesChanged && state.pending ? { ...state, pending: undefined } : state;
  const movable = movableDests(next, board.dests);
  if (next.selected !== undefined && !canMove(movable, next.selected))
    next = { ...next, selected: undefined };
  if (next.drag && !canMove(movable, next.drag.from)) next = { ...next, drag: undefined };
  if (next.focus !== undefined && next.focus >= board.size * board.size) next = { ...next, focus: undefined };
  return next;
}

/** What stands where as the player sees it: the caller's pieces with the pending move made. */
export function displayedPieces(
  pieces: readonly (PieceRole | undefined)[],
  pending: Move | undefined,
): readonly (PieceRole | undefined)[] {
  if (!pending) return pieces;
  const [from, to] = pending;
  const shown = [...pieces];
  shown[to] = shown[from];
  shown[from] = undefined;
  return shown;
}

/**
 * The move to animate between two displayed positions: `move` if its piece left `from` and stands
 * on `to` now (a slide); undefined otherwise (a new game, a jump in the replay, no move at all).
 */
export function slideOf(
  before: readonly (PieceRole | undefined)[],
  after: readonly (PieceRole | undefined)[],
  move: Move | undefined,
): Move | undefined {
  if (!move) return undefined;
  const [from, to] = move;
  const role = before[from];
  return role !== undefined && before[to] === undefined && after[to] === role && after[from] === undefined
    ? move
    : undefined;
}

// --- What to draw ---------------------------------------------------------------------------------

export interface SquareView {
  readonly square: BoardSquare;
  readonly name: string;
  /** The piece shown standing here (after the pending move). */
  readonly piece: PieceRole | undefined;
  /** The piece the last move captured here, drawn fading out. */
  readonly captured: PieceRole | undefined;
  /** `tb-sq` and its modifiers: what board.css draws on the square. */
  readonly classes: string;
  readonly tabIndex: 0 | -1;
  readonly marks: SquareMarks;
  readonly label: string;
}

/**
 * Every square in display order (rows from the top), with the classes that draw it and its
 * accessible name: the special squares, the last move, the selection and its destinations, the
 * square a dragged piece is over, the caller's highlights, and the one tab stop.
 */
export function squareViews(config: BoardConfig, state: BoardState): SquareView[][] {
  const { size, throne } = config;
  const flipped = config.flipped ?? false;
  const pieces = displayedPieces(config.pieces, state.pending);
  const movable = movableDests(state, inputDests(config));
  const targets = state.selected === undefined ? [] : destsOf(movable, state.selected);
  // Choosing a premove: its destinations are not legal moves now, and are drawn apart.
  const premoving = movable !== undefined && movable === config.premoveDests;
  const premove = config.premove;
  const lastMove = state.pending ?? config.lastMove;
  const captured = new Map(state.pending ? [] : (config.captured ?? []).map((c) => [c.square, c.role]));
  const highlights = new Map((config.highlights ?? []).map((h) => [h.square, h.kind]));
  const drag = state.drag?.started ? state.drag : undefined;
  const focus = tabStop(state, throne);
  return displayRows(size, flipped).map((row) =>
    row.map((sq): SquareView => {
      const piece = pieces[sq];
      const corner = config.corners.includes(sq);
      const marks: SquareMarks = {
        selected: sq === state.selected,
        dest: !premoving && targets.includes(sq),
        lastMove: lastMove !== undefined && (lastMove[0] === sq || lastMove[1] === sq),
        captured: captured.get(sq),
        highlight: highlights.get(sq),
        premove: premove !== undefined && (premove[0] === sq || premove[1] === sq),
      };
      const classes = [
        'tb-sq',
        sq === throne && 'is-throne',
        corner && 'is-corner',
        config.edgeEscape && !corner && isEdge(size, sq) && 'is-escape',
        marks.lastMove && 'is-last-move',
        marks.selected && 'is-selected',
        marks.dest && 'is-dest',
        premoving && targets.includes(sq) && 'is-premove-dest',
        drag && drag.over === sq && marks.dest && 'is-over',
        drag && drag.from === sq && 'is-drag-origin',
        piece !== undefined && canMove(movable, sq) && 'is-movable',
        marks.highlight && `is-${marks.highlight}`,
        marks.premove && 'is-premove',
      ];
      return {
        square: sq,
        name: squareName(size, sq),
        piece,
        captured: marks.captured,
        classes: classes.filter(Boolean).join(' '),
        tabIndex: sq === focus ? 0 : -1,
        marks,
        label: config.squareLabel(sq, piece, marks),
      };
    }),
  );
}

const isEdge = (size: number, sq: BoardSquare): boolean => {
  const f = fileOf(size, sq);
  const r = rankOf(size, sq);
  return f === 0 || r === 0 || f === size - 1 || r === size - 1;
};
