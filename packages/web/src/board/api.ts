/**
 * The board's whole public surface (the chessground habit): the board is given what stands
 * where, which moves are legal, and what to show, and it reports the moves the player makes.
 * It knows no rules: it never decides whether a move is legal beyond the destinations it was
 * given, never captures, never knows whose turn it is except through `movable`.
 */

/** A square index, `rank * size + file`, a1 = 0 (as in @tafl/core). */
export type BoardSquare = number;

export type PieceRole = 'attacker' | 'defender' | 'king';

export interface BoardPiece {
  readonly role: PieceRole;
}

export interface BoardConfig {
  /** Squares per side (7). */
  readonly size: number;
  /** What stands on each square: an array of `size * size` entries, undefined where empty. */
  readonly pieces: readonly (PieceRole | undefined)[];
  /** The throne and the corners, drawn as special squares. */
  readonly throne: BoardSquare;
  readonly corners: readonly BoardSquare[];
  /** Escape squares other than the corners (every edge square in ard-ri-fr), drawn subtly. */
  readonly edgeEscape?: boolean;
  /** Draw the board turned round (rank 1 at the top, file a on the right). */
  readonly flipped?: boolean;
  /** Show file letters and rank numbers. */
  readonly coordinates?: boolean;
  /**
   * The legal moves the player may make now, by origin square; empty or undefined when the
   * board should accept no move (the other side's turn, a finished game, replay).
   */
  readonly dests?: ReadonlyMap<BoardSquare, readonly BoardSquare[]>;
  /** The last move, highlighted. */
  readonly lastMove?: readonly [BoardSquare, BoardSquare];
  /** Pieces the last move captured: shown fading out where they stood. */
  readonly captured?: readonly { readonly square: BoardSquare; readonly role: PieceRole }[];
  /** Squares to mark (e.g. the king's open routes, a hint's move). */
  readonly highlights?: readonly {
    readonly square: BoardSquare;
    readonly kind: 'route' | 'hint' | 'danger';
  }[];
  /** The accessible name of a square: it must begin with the square's name (`d2, attacker`). */
  readonly squareLabel: (square: BoardSquare, piece: PieceRole | undefined) => string;
  /** Called when the player makes one of the moves in `dests`. */
  readonly onMove: (from: BoardSquare, to: BoardSquare) => void;
}
