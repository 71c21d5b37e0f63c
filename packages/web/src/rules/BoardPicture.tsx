/**
 * A board drawn by the Board component, for looking at rather than playing: the rules pages'
 * diagrams and the position editor. The Board only reports moves, so what these pages need on top
 * of it (a move's arrow, buttons to place pieces) is an overlay laid exactly over its grid of
 * squares: the grid is measured (by its `role="grid"`, the Board's one documented landmark) and
 * measured again when the board changes size. The Board itself is `inert` and `aria-hidden`: it
 * takes no focus and no pointer, and the picture is named as a whole (or by the overlay's own
 * controls), so that a screen reader meets the board once.
 */

import { ATTACKER, DEFENDER, KING, geometry, parsePosition, squareName } from '@tafl/core';
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { BoardConfig, PieceRole } from '../board/api.js';
import { Board } from '../board/Board.js';
import type { Messages } from '../i18n/index.js';

const ROLES: Readonly<Record<number, PieceRole>> = {
  [ATTACKER]: 'attacker',
  [DEFENDER]: 'defender',
  [KING]: 'king',
};

/** The board's pieces from an OTN position record (an unreadable record gives an empty board). */
export function piecesOf(size: number, record: string): (PieceRole | undefined)[] {
  const parsed = parsePosition(record);
  const board = parsed.ok && parsed.value.size === size ? parsed.value.board : [];
  return Array.from({ length: size * size }, (_, sq) => ROLES[board[sq] ?? 0]);
}

export const pieceName = (t: Messages, role: PieceRole): string =>
  role === 'attacker' ? t.pieceAttacker : role === 'defender' ? t.pieceDefender : t.pieceKing;

/** `d2, attacker` or `d2, empty`, in the player's language. */
export const squareLabel = (
  t: Messages,
  size: number,
  square: number,
  piece: PieceRole | undefined,
): string => {
  const name = squareName(geometry(size), square);
  return piece ? t.squareWith(name, pieceName(t, piece)) : t.squareEmpty(name);
};

/** Where the grid of squares lies in the picture, in percent of the picture's width and height. */
export interface GridBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

function useGridBox(): [ref: { current: HTMLDivElement | null }, box: GridBox | undefined] {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<GridBox>();
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (): void => {
      const grid = el.querySelector('[role="grid"]');
      const outer = el.getBoundingClientRect();
      if (!grid || outer.width === 0 || outer.height === 0) return;
      const inner = grid.getBoundingClientRect();
      const next = {
        left: ((inner.left - outer.left) / outer.width) * 100,
        top: ((inner.top - outer.top) / outer.height) * 100,
        width: (inner.width / outer.width) * 100,
        height: (inner.height / outer.height) * 100,
      };
      setBox((prev) =>
        prev && (Object.keys(next) as (keyof GridBox)[]).every((k) => Math.abs(prev[k] - next[k]) < 0.01)
          ? prev
          : next,
      );
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, box];
}

export interface BoardPictureProps {
  readonly size: number;
  /** The position, as an OTN position record. */
  readonly position: string;
  readonly throne: number;
  readonly corners: readonly number[];
  readonly edgeEscape: boolean;
  readonly t: Messages;
  /** The picture's name for screen readers; omit it when the overlay has controls of its own. */
  readonly label?: string;
  readonly highlights?: BoardConfig['highlights'];
  readonly lastMove?: readonly [number, number];
  readonly class?: string;
  /** Drawn over the grid of squares, in a box of exactly the grid's size. */
  readonly children?: ComponentChildren;
}

const noMove = (): void => undefined;

export function BoardPicture(props: BoardPictureProps) {
  const [ref, box] = useGridBox();
  const { size, t } = props;
  const pieces = piecesOf(size, props.position);
  const config: BoardConfig = {
    size,
    pieces,
    throne: props.throne,
    corners: props.corners,
    edgeEscape: props.edgeEscape,
    coordinates: true,
    ...(props.highlights ? { highlights: props.highlights } : {}),
    ...(props.lastMove ? { lastMove: props.lastMove } : {}),
    squareLabel: (square, piece) => squareLabel(t, size, square, piece),
    onMove: noMove,
  };
  const named = props.label !== undefined;
  return (
    <div
      ref={ref}
      class={['rp-picture', props.class].filter(Boolean).join(' ')}
      {...(named ? { role: 'img', 'aria-label': props.label } : {})}
    >
      {/* Hidden from screen readers too (Chromium still exposes an inert grid): the picture's
          name, or the overlay's controls, say it once. */}
      <div inert aria-hidden="true" class="rp-picture-board">
        <Board config={config} />
      </div>
      {box && props.children !== undefined && (
        <div
          class="rp-overlay"
          style={{
            left: `${box.left}%`,
            top: `${box.top}%`,
            width: `${box.width}%`,
            height: `${box.height}%`,
          }}
        >
          {props.children}
        </div>
      )}
    </div>
  );
}
