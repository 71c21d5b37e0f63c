/**
 * The board's whole public surface (the chessground habit): the board is given what stands
 * where, which moves are legal, and what to show, and it reports the moves the player makes.
 * It knows no rules: it never decides whether a move is legal beyond the destinations it was
 * given, never captures, never knows whose turn it is except through `dests`.
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
  /**
   * The square where the last move captured the king: he is drawn there, marked captured (a red
   * ring and cross, with a short shake unless the player asked for reduced motion), instead of
   * fading out like a soldier.
   */
  readonly kingCaptured?: BoardSquare;
  /**
   * Arrows drawn over the board (the analysis board's best move, `best`, and the other lines'
   * first moves, `alt`): decorative, so the screen must say the same moves in words.
   */
  readonly arrows?: readonly BoardArrow[];
  /** Squares to mark (e.g. the king's open routes, a hint's move). */
  readonly highlights?: readonly {
    readonly square: BoardSquare;
    readonly kind: 'route' | 'hint' | 'danger';
  }[];
  /**
   * The accessible name of a square: it must begin with the square's name (`d2, attacker`).
   * The board passes what it shows on the square as `marks`, so the label can also say, in the
   * player's language, that the square is a legal destination of the selected piece (`d5, empty,
   * legal move`) or the last move's; a label that ignores `marks` is still valid. The selected
   * square is also exposed as `aria-selected`, whatever the label says.
   */
  readonly squareLabel: (square: BoardSquare, piece: PieceRole | undefined, marks: SquareMarks) => string;
  /** The accessible name of the whole board (the grid), e.g. "Board". */
  readonly label?: string;
  /** Called when the player makes one of the moves in `dests`. */
  readonly onMove: (from: BoardSquare, to: BoardSquare) => void;
  /**
   * Premoves (lichess's): while `dests` is empty (the opponent's turn), the moves the player may
   * choose now to be played when the turn comes (core's `premoves`), by origin square. One made
   * is reported with `onPremove`, not played: nothing moves on the board.
   */
  readonly premoveDests?: ReadonlyMap<BoardSquare, readonly BoardSquare[]>;
  /** The premove chosen, marked on its two squares until the caller plays or drops it. */
  readonly premove?: readonly [BoardSquare, BoardSquare];
  readonly onPremove?: (from: BoardSquare, to: BoardSquare) => void;
  /**
   * The premove is cancelled (there is one): a press on the board that chooses nothing, a right
   * click on the board, or Escape with nothing selected.
   */
  readonly onPremoveCancel?: () => void;
}

/** What the board shows on a square besides its piece, for its accessible name (`squareLabel`). */
export interface SquareMarks {
  /** The square's piece is selected (its destinations are shown). */
  readonly selected: boolean;
  /** The selected piece may move here. */
  readonly dest: boolean;
  /** The square is the origin or the destination of the last move. */
  readonly lastMove: boolean;
  /** A piece of this role was captured here by the last move. */
  readonly captured: PieceRole | undefined;
  /** The square is marked by `highlights`. */
  readonly highlight: 'route' | 'hint' | 'danger' | undefined;
  /** The square is the origin or the destination of the premove chosen. */
  readonly premove?: boolean;
}

/** An arrow from one square to another (board/api.ts `arrows`). */
export interface BoardArrow {
  readonly from: BoardSquare;
  readonly to: BoardSquare;
  readonly kind: 'best' | 'alt';
}
