/**
 * The opening books of the named rulesets by id: written by `tafl book build`, not by hand
 * (book.ts reads them; packages/engine/README.md, "Opening book", says how to make them again).
 * Each entry's comment gives the command that made it and what its games gave.
 */

import type { BookSource } from './book.js';

export const BOOKS: Readonly<Record<string, BookSource>> = {};
