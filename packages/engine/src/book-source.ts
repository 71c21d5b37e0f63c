/**
 * The shape of a book as book-data.ts ships it: a module of its own because book-data.ts, which
 * `tafl book build` writes, and book.ts, which reads it, both need it (book.ts imports the data).
 */

/** A book as book-data.ts ships it. */
export interface BookSource {
  /** Its positions are those of the plies before this one (`tafl book build --plies`). */
  readonly plies: number;
  /** The book's text, a position a line (book.ts's header). */
  readonly positions: string;
}
