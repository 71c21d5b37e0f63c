/**
 * The opening book: for each named ruleset, the positions of the engine's own self-play in the
 * first plies from the start, each with the moves played there, how often, and how those games
 * went for the side that moved. Written by `tafl book build` into book-data.ts (shipped in the
 * package, so the browser's worker and Node read the same book), read here.
 *
 * Positions are found by a key of the position, not by the moves that led to them: in tafl the
 * same position is often reached by moves in another order. And the board's eight symmetries
 * (turns and reflections) count as one position: every ruleset's rules and start are symmetric, so
 * a position and its mirror image are the same game, and the book learns from eight times the
 * games. The key is a Zobrist key of the position as the symmetry with the smallest key shows it
 * (its own table, seeded, so the same in every process), and the book's moves are written as that
 * symmetry shows them, mapped back for play.
 *
 * The book answers only in the ruleset it was made for (the same rule parameters) and only in a
 * game that began at that ruleset's start: a set-up position that happens to look like a book
 * position is not a book position. Moves are kept in OTN squares (`d1-d2`), and every move is
 * checked for legality before it is played.
 *
 * The text of a book is one position a line: the key (16 hex digits), then each move as
 * `move:count:score`, the score being the mover's points per game in percent (a win 1, a draw
 * 1/2), e.g. `1f0c2a9e4b7d3c51 d1-d2:14:62 c4-c6:3:33`.
 */

import {
  PRESETS,
  fail,
  makeMoveSquares,
  ok,
  parseMove,
  seededRandom,
  startingPosition,
  type Move,
  type Position,
  type Result,
  type Ruleset,
} from '@tafl/core';
import { BOOKS } from './book-data.js';
import { mapMove, symmetries } from './symmetry.js';

/** A move of the book in one position. */
export interface BookEntry {
  /** In OTN squares: `d1-d2`, or `pass`. */
  readonly move: string;
  /** How many self-play games played it here. */
  readonly count: number;
  /** The mover's points per game after it (a win 1, a draw 1/2), from 0 to 1. */
  readonly score: number;
}

/** A ruleset's book: its positions by key (`bookKey`), each with its moves. */
export interface Book {
  readonly positions: ReadonlyMap<string, readonly BookEntry[]>;
  /** Its positions are those of the plies before this one from the start: no later one is looked up. */
  readonly plies: number;
}

export type { BookSource } from './book-source.js';

export const BOOK_ERRORS = { syntax: 'ERR_BOOK_SYNTAX', duplicate: 'ERR_BOOK_DUPLICATE' } as const;
export type BookError = (typeof BOOK_ERRORS)[keyof typeof BOOK_ERRORS];

const hex8 = (n: number): string => (n >>> 0).toString(16).padStart(8, '0');

/** The book's own Zobrist table (piece code times square, then the side to move), seeded. */
const KEY_TABLE = (() => {
  const random = seededRandom(0x626f6f6b);
  return Int32Array.from({ length: 2 * (4 * 256 + 1) }, () => Math.floor(random() * 2 ** 32) | 0);
})();

/** The key of the board `pos` as symmetry `table` shows it. */
function keyUnder(pos: Position, table: Uint8Array): string {
  let lo = 0;
  let hi = 0;
  for (let sq = 0; sq < pos.geo.squares; sq++) {
    const code = pos.pieceAt(sq);
    if (code === 0) continue;
    const i = 2 * (code * 256 + table[sq]!);
    lo ^= KEY_TABLE[i]!;
    hi ^= KEY_TABLE[i + 1]!;
  }
  if (pos.turn === 'defenders') {
    lo ^= KEY_TABLE[2 * 4 * 256]!;
    hi ^= KEY_TABLE[2 * 4 * 256 + 1]!;
  }
  return hex8(hi) + hex8(lo);
}

/** The book's key of `pos` and the symmetries that show it with that key (more than one when it is symmetric). */
function canonical(pos: Position): { key: string; tables: Uint8Array[] } {
  let key = '';
  let tables: Uint8Array[] = [];
  for (const table of symmetries(pos.geo)) {
    const k = keyUnder(pos, table);
    if (key === '' || k < key) {
      key = k;
      tables = [table];
    } else if (k === key) tables.push(table);
  }
  return { key, tables };
}

/** `table`'s inverse. */
const inverse = (table: Uint8Array): Uint8Array => {
  const back = new Uint8Array(table.length);
  table.forEach((to, from) => (back[to] = from));
  return back;
};

/** The book's key of a position: the same for its eight symmetric images (16 hex digits). */
export const bookKey = (pos: Position): string => canonical(pos).key;

/**
 * The book's key of `pos` and `move` as the book writes it there: as the key's symmetry shows it
 * (of a symmetric position's equal moves, the one with the smallest code, so that they count as one).
 */
export function bookRecord(pos: Position, move: Move): { key: string; move: string } {
  const { key, tables } = canonical(pos);
  const shown = Math.min(...tables.map((t) => mapMove(t, move)));
  return { key, move: makeMoveSquares(pos.geo, shown) };
}

const LINE_RE = /^([0-9a-f]{16})((?: (?:pass|[a-z][0-9]{1,2}-[a-z][0-9]{1,2}):[1-9][0-9]*:[0-9]{1,3})+)$/;

/** Reads a book's text: a position a line, blank lines ignored; the moves' legality is not checked. */
export function parseBook(text: string, plies: number): Result<Book, BookError> {
  const positions = new Map<string, BookEntry[]>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const m = LINE_RE.exec(line);
    if (!m) return fail(BOOK_ERRORS.syntax, `line ${i + 1} is not a book position: ${JSON.stringify(line)}`);
    if (positions.has(m[1]!))
      return fail(BOOK_ERRORS.duplicate, `line ${i + 1} repeats the position ${m[1]}`);
    const entries: BookEntry[] = [];
    for (const word of m[2]!.trim().split(' ')) {
      const [move, count, score] = word.split(':') as [string, string, string];
      if (Number(score) > 100) return fail(BOOK_ERRORS.syntax, `line ${i + 1}: a score is at most 100`);
      entries.push({ move, count: Number(count), score: Number(score) / 100 });
    }
    positions.set(m[1]!, entries);
  }
  return ok({ positions, plies });
}

/** The text of a book, its positions in the order given and their moves most played first. */
export function makeBook(book: Book): string {
  const lines: string[] = [];
  for (const [key, entries] of book.positions) {
    const sorted = [...entries].sort((a, b) => b.count - a.count || (a.move < b.move ? -1 : 1));
    const moves = sorted.map((e) => `${e.move}:${e.count}:${Math.round(e.score * 100)}`);
    lines.push(`${key} ${moves.join(' ')}`);
  }
  return lines.map((l) => `${l}\n`).join('');
}

/** The rule parameters, not the names and notes: two rulesets that play alike share a book. */
const NAMING = new Set(['id', 'name', 'game', 'source', 'notes']);
const playsLike = (a: Ruleset, b: Ruleset): boolean =>
  (Object.keys(a) as (keyof Ruleset)[]).every((k) => NAMING.has(k) || a[k] === b[k]);

interface Loaded {
  readonly book: Book;
  /** The key of the ruleset's start, where every game of the book began. */
  readonly start: string;
}

const loaded = new Map<string, Loaded | null>();
const byRules = new WeakMap<Ruleset, Loaded | null>();

/** The book shipped for the preset `id`, or undefined. Throws if the shipped data is broken. */
export function shippedBook(id: string): Book | undefined {
  return load(id)?.book;
}

function load(id: string): Loaded | undefined {
  let found = loaded.get(id);
  if (found === undefined) {
    const source = BOOKS[id];
    const preset = PRESETS.find((p) => p.id === id);
    if (source === undefined || preset === undefined) found = null;
    else {
      const parsed = parseBook(source.positions, source.plies);
      if (!parsed.ok) throw new Error(`the book of ${id} is broken: ${parsed.message}`);
      found = { book: parsed.value, start: bookKey(startingPosition(preset)) };
    }
    loaded.set(id, found);
  }
  return found ?? undefined;
}

/** The book for games under `rules`: the preset of the same id if it plays alike, else any that does. */
function bookFor(rules: Ruleset): Loaded | undefined {
  let found = byRules.get(rules);
  if (found === undefined) {
    const preset =
      PRESETS.find((p) => p.id === rules.id && playsLike(p, rules)) ??
      PRESETS.find((p) => playsLike(p, rules));
    found = (preset && load(preset.id)) ?? null;
    byRules.set(rules, found);
  }
  return found ?? undefined;
}

/** True when the game of `pos` began at the position whose key is `start`. */
function beganAt(pos: Position, start: string): boolean {
  const first = pos.clone();
  while (first.lastMove() !== undefined) first.undo();
  return bookKey(first) === start;
}

/** A book move as played in a position. */
export interface BookChoice {
  readonly move: Move;
  readonly count: number;
  readonly score: number;
}

/**
 * The moves of `book` in `pos` as played there (mapped back from the book's symmetry), legal or
 * not, or undefined when `pos` is not in it; a move the board cannot hold is left out.
 */
export function bookLookup(book: Book, pos: Position): BookChoice[] | undefined {
  const { key, tables } = canonical(pos);
  const entries = book.positions.get(key);
  if (entries === undefined) return undefined;
  const back = inverse(tables[0]!);
  const moves: BookChoice[] = [];
  for (const entry of entries) {
    const parsed = parseMove(pos.geo, entry.move);
    if (parsed.ok)
      moves.push({ move: mapMove(back, parsed.value.move), count: entry.count, score: entry.score });
  }
  return moves;
}

/**
 * The book's moves in `pos` that are legal there; none when the position is not in the book of
 * its ruleset or its game did not begin at the ruleset's start.
 */
export function bookEntries(pos: Position): BookChoice[] {
  const found = bookFor(pos.rules);
  if (found === undefined || pos.ply >= found.book.plies || pos.isOver()) return [];
  const moves = bookLookup(found.book, pos);
  if (moves === undefined || !beganAt(pos, found.start)) return [];
  return moves.filter((m) => pos.isLegal(m.move));
}

/**
 * The weights of a choice among book moves. A move's merit is its score with two drawn games
 * added (so that a move played once and won is not thought perfect); a move's weight is its count
 * times exp((merit - best merit) / T), with T from 0.02 (`variety` 0: the best-scoring moves, in
 * proportion to how often they were played) to 0.32 (`variety` 1: nearly in proportion to the
 * counts alone).
 */
export function bookWeights(entries: readonly { count: number; score: number }[], variety: number): number[] {
  const merit = entries.map((e) => (e.score * e.count + 1) / (e.count + 2));
  const best = Math.max(...merit);
  const t = 0.02 + 0.3 * Math.min(1, Math.max(0, variety));
  return entries.map((e, i) => e.count * Math.exp((merit[i]! - best) / t));
}

/**
 * A book move for `pos`, chosen by `bookWeights` with one number from `random`, or undefined when
 * the position is out of book (see `bookEntries`). The same `random` gives the same move.
 */
export function bookMove(pos: Position, random: () => number, variety: number): Move | undefined {
  const entries = bookEntries(pos);
  if (entries.length === 0) return undefined;
  const weights = bookWeights(entries, variety);
  const total = weights.reduce((a, b) => a + b, 0);
  let pick = random() * total;
  for (let i = 0; i < entries.length; i++) {
    pick -= weights[i]!;
    if (pick < 0) return entries[i]!.move;
  }
  return entries[entries.length - 1]!.move;
}
