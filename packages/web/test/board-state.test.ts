// The board's state and geometry, without a DOM: every press, drag, key and redraw of
// src/board/state.ts, and where squares are drawn (src/board/geometry.ts).
import { describe, expect, it } from 'vitest';
import type { BoardConfig, PieceRole, SquareMarks } from '../src/board/api.js';
import {
  cellOf,
  centreOf,
  displayRows,
  fileLabels,
  rankLabels,
  squareAtPoint,
  squareName,
} from '../src/board/geometry.js';
import {
  activate,
  click,
  displayedPieces,
  focusAfterKey,
  initialState,
  keyDown,
  pointerCancel,
  pointerDown,
  pointerMove,
  pointerUp,
  reconcile,
  slideOf,
  squareViews,
  type BoardState,
  type Dests,
} from '../src/board/state.js';

const SIZE = 7;
const FILES = 'abcdefg';
/** `d4` → 24, as the board numbers squares (a1 = 0, rank by rank). */
const sq = (name: string): number => (Number(name.slice(1)) - 1) * SIZE + FILES.indexOf(name[0]!);

/**
 * The Brandubh start (A attacker, D defender, K king), with the attackers to move:
 *   7 . . . A . . .
 *   6 . . . A . . .
 *   5 . . . D . . .
 *   4 A A D K D A A
 *   3 . . . D . . .
 *   2 . . . A . . .
 *   1 . . . A . . .
 *     a b c d e f g
 */
function brandubh(): (PieceRole | undefined)[] {
  const pieces: (PieceRole | undefined)[] = Array(SIZE * SIZE).fill(undefined);
  for (const n of ['d7', 'd6', 'a4', 'b4', 'f4', 'g4', 'd2', 'd1']) pieces[sq(n)] = 'attacker';
  for (const n of ['d5', 'c4', 'e4', 'd3']) pieces[sq(n)] = 'defender';
  pieces[sq('d4')] = 'king';
  return pieces;
}

/** Some of the attackers' legal moves in that position. */
const DESTS: NonNullable<Dests> = new Map([
  [sq('d7'), [sq('b7'), sq('c7'), sq('e7'), sq('f7')]],
  [sq('b4'), [sq('b5'), sq('b6'), sq('b7'), sq('b3'), sq('b2'), sq('b1')]],
  [sq('a4'), [sq('a5'), sq('a6'), sq('a3'), sq('a2')]],
]);

const at = (x: number, y: number) => ({ x, y });
const TOUCH = 10;

function config(over: Partial<BoardConfig> = {}): BoardConfig {
  return {
    size: SIZE,
    pieces: brandubh(),
    throne: sq('d4'),
    corners: [sq('a1'), sq('g1'), sq('a7'), sq('g7')],
    dests: DESTS,
    squareLabel: (s, piece, marks) =>
      [squareName(SIZE, s), piece ?? 'empty', marks.selected && 'selected', marks.dest && 'legal move']
        .filter(Boolean)
        .join(', '),
    onMove: () => {},
    ...over,
  };
}

const selecting = (square: string): BoardState => ({ ...initialState, selected: sq(square) });
/** A press on `square` with pointer 1 at (100, 100). */
const pressed = (state: BoardState, square: string | undefined, threshold = 4) =>
  pointerDown(state, DESTS, square === undefined ? undefined : sq(square), at(100, 100), 1, threshold).state;

/** Every square's view by name. */
function views(cfg: BoardConfig, state: BoardState) {
  return new Map(squareViews(cfg, state).flatMap((row) => row.map((v) => [v.name, v] as const)));
}

describe('where squares are drawn', () => {
  it('names squares like chess: files a..g from the left, ranks 1..7 from the bottom', () => {
    expect([0, 3, 24, 48].map((s) => squareName(SIZE, s))).toEqual(['a1', 'd1', 'd4', 'g7']);
  });

  it('draws a1 bottom left, and top right when flipped', () => {
    expect(cellOf(SIZE, false, sq('a1'))).toEqual({ col: 0, row: 6 });
    expect(cellOf(SIZE, true, sq('a1'))).toEqual({ col: 6, row: 0 });
  });

  it('lists the rows from the top: a7..g7 first, or g1..a1 first when flipped', () => {
    expect(
      displayRows(SIZE, false)[0]!
        .map((s) => squareName(SIZE, s))
        .join(' '),
    ).toBe('a7 b7 c7 d7 e7 f7 g7');
    expect(
      displayRows(SIZE, true)[0]!
        .map((s) => squareName(SIZE, s))
        .join(' '),
    ).toBe('g1 f1 e1 d1 c1 b1 a1');
  });

  it('finds the square under a point, flipped or not, and none off the board', () => {
    const rect = { left: 50, top: 20, width: 700, height: 700 };
    expect(squareAtPoint(rect, SIZE, false, at(60, 30))).toBe(sq('a7'));
    expect(squareAtPoint(rect, SIZE, true, at(60, 30))).toBe(sq('g1'));
    expect(squareAtPoint(rect, SIZE, false, at(50 + 350, 20 + 350))).toBe(sq('d4'));
    expect(squareAtPoint(rect, SIZE, false, at(40, 30))).toBeUndefined();
    expect(squareAtPoint(rect, SIZE, false, at(60, 721))).toBeUndefined();
  });

  it('puts a square’s centre in the middle of its cell', () => {
    const rect = { left: 0, top: 0, width: 700, height: 700 };
    expect(centreOf(rect, SIZE, false, sq('a1'))).toEqual({ x: 50, y: 650 });
    expect(centreOf(rect, SIZE, true, sq('a1'))).toEqual({ x: 650, y: 50 });
  });

  it('writes the coordinates in display order, reversed when flipped', () => {
    expect(fileLabels(SIZE, false).join('')).toBe('abcdefg');
    expect(fileLabels(SIZE, true).join('')).toBe('gfedcba');
    expect(rankLabels(SIZE, false).join('')).toBe('7654321');
    expect(rankLabels(SIZE, true).join('')).toBe('1234567');
  });
});

describe('click-click', () => {
  it('selects a piece that has destinations', () => {
    expect(click(DESTS, undefined, sq('d7'))).toEqual({ selected: sq('d7') });
  });

  it('refuses, without fuss, a piece with no destinations and an empty square', () => {
    expect(click(DESTS, undefined, sq('d6'))).toEqual({});
    expect(click(DESTS, undefined, sq('c5'))).toEqual({});
  });

  it('moves the selected piece to a destination', () => {
    expect(click(DESTS, sq('d7'), sq('c7'))).toEqual({ move: [sq('d7'), sq('c7')] });
  });

  it('deselects on a square that is not a destination', () => {
    expect(click(DESTS, sq('d7'), sq('c6'))).toEqual({});
  });

  it('deselects when the selected piece is clicked again', () => {
    expect(click(DESTS, sq('d7'), sq('d7'))).toEqual({});
  });

  it('switches the selection to another piece that can move', () => {
    expect(click(DESTS, sq('d7'), sq('b4'))).toEqual({ selected: sq('b4') });
  });

  it('selects nothing when there are no destinations (the other side’s turn)', () => {
    expect(click(undefined, undefined, sq('d7'))).toEqual({});
    expect(click(new Map(), undefined, sq('d7'))).toEqual({});
  });

  it('reports the move and shows it at once, with nothing selected', () => {
    const step = activate(selecting('d7'), DESTS, sq('e7'));
    expect(step.move).toEqual([sq('d7'), sq('e7')]);
    expect(step.state.pending).toEqual([sq('d7'), sq('e7')]);
    expect(step.state.selected).toBeUndefined();
  });

  it('accepts no second move until the caller redraws with new pieces', () => {
    const after = activate(selecting('d7'), DESTS, sq('e7')).state;
    expect(activate(after, DESTS, sq('b4')).state.selected).toBeUndefined();
    const redrawn = reconcile(after, { size: SIZE, dests: DESTS }, true);
    expect(activate(redrawn, DESTS, sq('b4')).state.selected).toBe(sq('b4'));
  });
});

describe('pressing and dragging', () => {
  it('selects a piece that can move as it is pressed, before any drag', () => {
    const state = pressed(initialState, 'd7');
    expect(state.selected).toBe(sq('d7'));
    expect(state.drag).toMatchObject({ from: sq('d7'), started: false });
  });

  it('starts no drag for a piece without destinations, and deselects', () => {
    const state = pressed(selecting('d7'), 'd6');
    expect(state.drag).toBeUndefined();
    expect(state.selected).toBeUndefined();
  });

  it('deselects on a press off the board', () => {
    expect(pressed(selecting('d7'), undefined).selected).toBeUndefined();
  });

  it('moves at once when a destination of the selected piece is pressed', () => {
    const step = pointerDown(selecting('d7'), DESTS, sq('f7'), at(0, 0), 1, 4);
    expect(step.move).toEqual([sq('d7'), sq('f7')]);
  });

  it('starts the drag only once the pointer has gone the threshold', () => {
    const down = pressed(initialState, 'd7', TOUCH);
    expect(pointerMove(down, 1, at(106, 106), sq('d7')).drag?.started).toBe(false); // 8.5 px
    expect(pointerMove(down, 1, at(108, 106), sq('d7')).drag?.started).toBe(true); // 10 px
  });

  it('moves the piece when it is dropped on a destination', () => {
    const dragged = pointerMove(pressed(initialState, 'd7'), 1, at(20, 100), sq('b7'));
    const step = pointerUp(dragged, DESTS, 1, sq('b7'));
    expect(step.move).toEqual([sq('d7'), sq('b7')]);
    expect(step.state.drag).toBeUndefined();
  });

  it('refuses a drop on a square that is not a destination: no move, the piece goes back unselected', () => {
    const dragged = pointerMove(pressed(initialState, 'd7'), 1, at(100, 200), sq('d5'));
    const step = pointerUp(dragged, DESTS, 1, sq('d5'));
    expect(step.move).toBeUndefined();
    expect(step.state.drag).toBeUndefined();
    expect(step.state.selected).toBeUndefined();
  });

  it('refuses a drop off the board', () => {
    const dragged = pointerMove(pressed(initialState, 'd7'), 1, at(-50, 100), undefined);
    expect(pointerUp(dragged, DESTS, 1, undefined).move).toBeUndefined();
  });

  it('keeps a piece selected after a press and release without a drag (the first click)', () => {
    const step = pointerUp(pressed(initialState, 'd7'), DESTS, 1, sq('d7'));
    expect(step.move).toBeUndefined();
    expect(step.state.selected).toBe(sq('d7'));
  });

  it('deselects a selected piece that is pressed and released again', () => {
    expect(pointerUp(pressed(selecting('d7'), 'd7'), DESTS, 1, sq('d7')).state.selected).toBeUndefined();
  });

  it('keeps the piece selected when a drag ends back on its own square', () => {
    const dragged = pointerMove(pressed(initialState, 'd7'), 1, at(115, 100), sq('d7'));
    expect(pointerUp(dragged, DESTS, 1, sq('d7')).state.selected).toBe(sq('d7'));
  });

  it('ignores the moves and release of another pointer (a second finger)', () => {
    const down = pressed(initialState, 'd7');
    expect(pointerMove(down, 2, at(300, 300), sq('b7'))).toBe(down);
    expect(pointerUp(down, DESTS, 2, sq('b7'))).toEqual({ state: down });
  });

  it('ends a cancelled drag without a move, the piece still selected', () => {
    const dragged = pointerMove(pressed(initialState, 'd7'), 1, at(20, 100), sq('b7'));
    const state = pointerCancel(dragged, 1);
    expect(state.drag).toBeUndefined();
    expect(state.selected).toBe(sq('d7'));
  });
});

describe('the keyboard', () => {
  const board = { size: SIZE, flipped: false, throne: sq('d4'), dests: DESTS };
  const key = (k: string, ctrl = false) => ({ key: k, ctrl });

  it('moves focus up the screen with ArrowUp: towards rank 7, or rank 1 when flipped', () => {
    expect(focusAfterKey(SIZE, false, sq('d4'), key('ArrowUp'))).toBe(sq('d5'));
    expect(focusAfterKey(SIZE, true, sq('d4'), key('ArrowUp'))).toBe(sq('d3'));
  });

  it('moves focus right with ArrowRight: towards file g, or file a when flipped', () => {
    expect(focusAfterKey(SIZE, false, sq('d4'), key('ArrowRight'))).toBe(sq('e4'));
    expect(focusAfterKey(SIZE, true, sq('d4'), key('ArrowRight'))).toBe(sq('c4'));
  });

  it('keeps focus at the edge', () => {
    expect(focusAfterKey(SIZE, false, sq('a4'), key('ArrowLeft'))).toBe(sq('a4'));
    expect(focusAfterKey(SIZE, false, sq('d7'), key('ArrowUp'))).toBe(sq('d7'));
  });

  it('goes to the ends of the row with Home and End, and of the grid with Ctrl', () => {
    expect(focusAfterKey(SIZE, false, sq('d4'), key('Home'))).toBe(sq('a4'));
    expect(focusAfterKey(SIZE, false, sq('d4'), key('End'))).toBe(sq('g4'));
    expect(focusAfterKey(SIZE, false, sq('d4'), key('Home', true))).toBe(sq('a7'));
    expect(focusAfterKey(SIZE, false, sq('d4'), key('End', true))).toBe(sq('g1'));
  });

  it('starts on the throne, then moves the tab stop with the arrows', () => {
    const step = keyDown(initialState, board, key('ArrowUp'));
    expect(step.handled).toBe(true);
    expect(step.state.focus).toBe(sq('d5'));
  });

  it('selects the focused piece with Enter and moves it with Enter on a destination', () => {
    const selected = keyDown({ ...initialState, focus: sq('b4') }, board, key('Enter'));
    expect(selected.state.selected).toBe(sq('b4'));
    const moved = keyDown({ ...selected.state, focus: sq('b6') }, board, key(' '));
    expect(moved.move).toEqual([sq('b4'), sq('b6')]);
  });

  it('deselects with Escape, and leaves Escape to the page when nothing is selected', () => {
    expect(keyDown(selecting('b4'), board, key('Escape'))).toMatchObject({ handled: true });
    expect(keyDown(selecting('b4'), board, key('Escape')).state.selected).toBeUndefined();
    expect(keyDown(initialState, board, key('Escape')).handled).toBe(false);
  });

  it('leaves other keys to the page', () => {
    expect(keyDown(initialState, board, key('Tab')).handled).toBe(false);
    expect(keyDown(initialState, board, key('x')).handled).toBe(false);
  });
});

describe('a new configuration', () => {
  it('ends the pending move when the pieces change, and keeps it while they do not', () => {
    const after = activate(selecting('d7'), DESTS, sq('e7')).state;
    expect(reconcile(after, { size: SIZE, dests: DESTS }, false).pending).toEqual([sq('d7'), sq('e7')]);
    expect(reconcile(after, { size: SIZE, dests: DESTS }, true).pending).toBeUndefined();
  });

  it('drops a selection whose piece can no longer move', () => {
    expect(reconcile(selecting('d7'), { size: SIZE, dests: new Map() }, true).selected).toBeUndefined();
    expect(reconcile(selecting('d7'), { size: SIZE, dests: DESTS }, true).selected).toBe(sq('d7'));
  });

  it('shows the pending move made on the caller’s pieces', () => {
    const shown = displayedPieces(brandubh(), [sq('d7'), sq('e7')]);
    expect(shown[sq('d7')]).toBeUndefined();
    expect(shown[sq('e7')]).toBe('attacker');
  });

  it('slides a piece that went from one square to the other, and nothing on a jump', () => {
    const before = brandubh();
    const after = displayedPieces(before, [sq('d7'), sq('e7')]);
    expect(slideOf(before, after, [sq('d7'), sq('e7')])).toEqual([sq('d7'), sq('e7')]);
    expect(slideOf(before, before, [sq('d7'), sq('e7')])).toBeUndefined();
    expect(slideOf(before, after, undefined)).toBeUndefined();
  });
});

describe('what is drawn', () => {
  it('marks the throne and the corners, and the edge squares only with edgeEscape', () => {
    const plain = views(config(), initialState);
    expect(plain.get('d4')!.classes).toContain('is-throne');
    expect(['a1', 'g1', 'a7', 'g7'].every((n) => plain.get(n)!.classes.includes('is-corner'))).toBe(true);
    expect(plain.get('a4')!.classes).not.toContain('is-escape');
    const edge = views(config({ edgeEscape: true }), initialState);
    expect(edge.get('a4')!.classes).toContain('is-escape');
    expect(edge.get('a1')!.classes).not.toContain('is-escape');
    expect(edge.get('b4')!.classes).not.toContain('is-escape');
  });

  it('shows the selected piece and its destinations, and nothing else as a destination', () => {
    const v = views(config(), selecting('d7'));
    expect(v.get('d7')!.classes).toContain('is-selected');
    const dests = [...v.values()].filter((x) => x.classes.includes('is-dest')).map((x) => x.name);
    expect(dests.sort()).toEqual(['b7', 'c7', 'e7', 'f7']);
  });

  it('marks both squares of the last move', () => {
    const v = views(config({ lastMove: [sq('d2'), sq('c2')] }), initialState);
    const last = [...v.values()].filter((x) => x.classes.includes('is-last-move')).map((x) => x.name);
    expect(last.sort()).toEqual(['c2', 'd2']);
  });

  it('marks the destination a dragged piece is over', () => {
    const dragged = pointerMove(pressed(initialState, 'd7'), 1, at(20, 100), sq('c7'));
    const v = views(config(), dragged);
    expect(v.get('c7')!.classes).toContain('is-over');
    expect(v.get('d7')!.classes).toContain('is-drag-origin');
  });

  it('draws the caller’s highlights by kind', () => {
    const v = views(config({ highlights: [{ square: sq('d4'), kind: 'danger' }] }), initialState);
    expect(v.get('d4')!.classes).toContain('is-danger');
  });

  it('shows captured pieces, but not while its own move is pending', () => {
    const cfg = config({ captured: [{ square: sq('c5'), role: 'defender' }] });
    expect(views(cfg, initialState).get('c5')!.captured).toBe('defender');
    const pending = activate(selecting('d7'), DESTS, sq('e7')).state;
    expect(views(cfg, pending).get('c5')!.captured).toBeUndefined();
  });

  it('gives exactly one square the tab stop', () => {
    const all = [...views(config(), initialState).values()];
    expect(all.filter((v) => v.tabIndex === 0).map((v) => v.name)).toEqual(['d4']);
  });

  it('names every square by its label, beginning with the square’s name', () => {
    const all = [...views(config(), initialState).values()];
    expect(all).toHaveLength(49);
    expect(all.every((v) => v.label.startsWith(`${v.name}, `))).toBe(true);
    expect(views(config(), initialState).get('d2')!.label).toBe('d2, attacker');
  });

  it('tells the label which squares are destinations of the selected piece', () => {
    const seen: [string, SquareMarks][] = [];
    const cfg = config({
      squareLabel: (s, _piece, marks) => {
        seen.push([squareName(SIZE, s), marks]);
        return squareName(SIZE, s);
      },
    });
    squareViews(cfg, selecting('a4'));
    const dests = seen.filter(([, m]) => m.dest).map(([n]) => n);
    expect(dests.sort()).toEqual(['a2', 'a3', 'a5', 'a6']);
    expect(seen.find(([n]) => n === 'a4')![1].selected).toBe(true);
  });
});
