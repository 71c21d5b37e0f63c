// The opening book (src/book.ts, data in src/book-data.ts written by `tafl book build`): its text
// reads back as written, a position and its mirror images share a key, every move of every
// shipped book is legal where the book has it (replayed from each ruleset's start), a book move
// varies with the random source and is the same for the same source, and there is no book move
// out of book: after a move the book does not have, in a set-up position, under other rules.
import {
  PRESETS,
  Position,
  encodeMove,
  fileOf,
  makeMoveSquares,
  moveFrom,
  moveTo,
  rankOf,
  squareAt,
  startingPosition,
  withParameters,
  type Ruleset,
} from '@tafl/core';
import { describe, expect, it } from 'vitest';
import {
  bookEntries,
  bookKey,
  bookLookup,
  bookMove,
  bookRecord,
  bookWeights,
  makeBook,
  parseBook,
  shippedBook,
  type Book,
} from '../src/book.js';
import { LEVELS, Search, levelConfig, levelMove, seededRandom, withoutBook } from '../src/index.js';

/** Every position of `book` reached from the start of `rules` through its moves, with the position. */
function replay(rules: Ruleset, book: Book): { pos: Position; key: string }[] {
  const reached: { pos: Position; key: string }[] = [];
  const seen = new Set<string>();
  const frontier = [startingPosition(rules)];
  while (frontier.length > 0) {
    const pos = frontier.shift()!;
    const key = bookKey(pos);
    const moves = bookLookup(book, pos);
    if (moves === undefined || seen.has(key)) continue;
    seen.add(key);
    reached.push({ pos, key });
    for (const { move } of moves) {
      if (!pos.isLegal(move)) continue;
      const next = pos.clone();
      next.play(move);
      frontier.push(next);
    }
  }
  return reached;
}

/** The first position of a shipped book, breadth first, with at least `n` moves, from ply `ply` on. */
function positionWithMoves(rules: Ruleset, n: number, ply = 0): Position {
  const found = replay(rules, shippedBook(rules.id)!).find(
    ({ pos }) => pos.ply >= ply && bookEntries(pos).length >= n,
  );
  if (!found) throw new Error(`${rules.id}: no book position with ${n} moves from ply ${ply}`);
  return found.pos;
}

/** `pos` turned a quarter (file f, rank r goes to file n-r, rank f), as a set-up position. */
function turned(pos: Position): Position {
  const n = pos.geo.size - 1;
  const board = new Array<number>(pos.geo.squares).fill(0);
  for (let sq = 0; sq < pos.geo.squares; sq++)
    board[squareAt(pos.geo, n - rankOf(pos.geo, sq), fileOf(pos.geo, sq))] = pos.pieceAt(sq);
  const made = Position.fromSetup(pos.rules, { size: pos.geo.size, board, turn: pos.turn });
  if (!made.ok) throw new Error(made.message);
  return made.value;
}

describe('the book text', () => {
  it('reads back as makeBook writes it', () => {
    const text = '00000000000000aa d1-d2:14:62 c4-c6:3:33\n0123456789abcdef pass:1:50\n';
    const parsed = parseBook(text, 10);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.positions.get('00000000000000aa')).toEqual([
      { move: 'd1-d2', count: 14, score: 0.62 },
      { move: 'c4-c6', count: 3, score: 0.33 },
    ]);
    expect(makeBook(parsed.value)).toBe(text);
  });

  it('refuses a line that is not a position and its moves, and a position given twice', () => {
    expect(parseBook('00000000000000aa d1-d2:0:50\n', 10)).toMatchObject({
      ok: false,
      code: 'ERR_BOOK_SYNTAX',
    });
    expect(parseBook('00000000000000aa d1-d2:4:101\n', 10)).toMatchObject({
      ok: false,
      code: 'ERR_BOOK_SYNTAX',
    });
    expect(parseBook('xyz d1-d2:4:50\n', 10)).toMatchObject({ ok: false, code: 'ERR_BOOK_SYNTAX' });
    expect(parseBook('00000000000000aa d1-d2:4:50\n00000000000000aa d1-d3:4:50\n', 10)).toMatchObject({
      ok: false,
      code: 'ERR_BOOK_DUPLICATE',
    });
  });
});

describe('book keys', () => {
  const rules = PRESETS[0]!;
  const pos = startingPosition(rules);
  for (const move of ['d2-c2', 'd3-b3', 'c4-c5']) {
    const m = pos.legalMoves().find((x) => makeMoveSquares(pos.geo, x).startsWith(move.slice(0, 2)));
    if (m !== undefined && pos.isLegal(m)) pos.play(m);
  }

  it('are the same for a position turned a quarter, and the book move turns with it', () => {
    // The board's eight symmetries are one position to the book: the rules and starts are symmetric.
    const other = turned(pos);
    expect(bookKey(other)).toBe(bookKey(pos));
    const move = pos.legalMoves()[0]!;
    const book: Book = {
      positions: new Map([[bookKey(pos), [{ move: bookRecord(pos, move).move, count: 1, score: 0.5 }]]]),
      plies: 10,
    };
    expect(bookLookup(book, pos)![0]!.move).toBe(move);
    const answer = bookLookup(book, other)![0]!.move;
    expect(other.isLegal(answer)).toBe(true);
    // The answer is the same move turned: from and to each a quarter turn on.
    const turn = (sq: number): number =>
      squareAt(pos.geo, pos.geo.size - 1 - rankOf(pos.geo, sq), fileOf(pos.geo, sq));
    expect(answer).toBe(encodeMove(turn(moveFrom(move)), turn(moveTo(move))));
  });

  it('differ with the side to move', () => {
    const setup = pos.toSetup();
    const flipped = Position.fromSetup(rules, {
      ...setup,
      turn: setup.turn === 'attackers' ? 'defenders' : 'attackers',
    });
    expect(flipped.ok && bookKey(flipped.value)).not.toBe(bookKey(pos));
  });
});

describe('the shipped books', () => {
  for (const rules of PRESETS) {
    it(`${rules.id}: has a book, and every move of it is legal where it stands, replayed from the start`, () => {
      const book = shippedBook(rules.id);
      expect(book, `${rules.id} has no book`).toBeDefined();
      const reached = replay(rules, book!);
      // Every position of the book is reached from the start through the book's moves ...
      expect(reached.length).toBe(book!.positions.size);
      expect(reached.length).toBeGreaterThan(0);
      for (const { pos, key } of reached) {
        // ... and every move the book has there is legal there.
        const moves = bookLookup(book!, pos)!;
        expect(moves.length, key).toBe(book!.positions.get(key)!.length);
        for (const { move } of moves)
          expect(pos.isLegal(move), `${key} ${makeMoveSquares(pos.geo, move)}`).toBe(true);
        expect(pos.ply).toBeLessThan(book!.plies);
      }
    });
  }
});

describe('bookMove', () => {
  const rules = PRESETS.find((r) => r.id === 'brandubh-2019')!;

  it('varies with the random source, and is the same for the same source', () => {
    const pos = positionWithMoves(rules, 2);
    const chosen = new Set<number>();
    for (let seed = 1; seed <= 60; seed++) chosen.add(bookMove(pos, seededRandom(seed), 1)!);
    expect(chosen.size).toBeGreaterThan(1);
    for (const move of chosen) expect(pos.isLegal(move)).toBe(true);
    expect(bookMove(pos, seededRandom(7), 0.2)).toBe(bookMove(pos, seededRandom(7), 0.2));
  });

  it('chooses from the start of every ruleset', () => {
    for (const preset of PRESETS) {
      const pos = startingPosition(preset);
      const move = bookMove(pos, seededRandom(1), 0.2);
      expect(move !== undefined && pos.isLegal(move), preset.id).toBe(true);
    }
  });

  it('has nothing after a move the book does not have', () => {
    const pos = startingPosition(rules);
    const known = new Set(bookEntries(pos).map((e) => e.move));
    const other = pos
      .legalMoves()
      .find((m) => !known.has(m) && !bookLookup(shippedBook(rules.id)!, played(pos, m)));
    expect(other).toBeDefined();
    pos.play(other!);
    expect(bookMove(pos, seededRandom(1), 1)).toBeUndefined();
  });

  it('has nothing in a set-up position that looks like a book position', () => {
    const inBook = positionWithMoves(rules, 1, 2);
    const setUp = Position.fromSetup(rules, inBook.toSetup());
    expect(setUp.ok && bookKey(setUp.value)).toBe(bookKey(inBook));
    expect(setUp.ok && bookMove(setUp.value, seededRandom(1), 1)).toBeUndefined();
  });

  it('has nothing under rules that differ from the book’s', () => {
    const other = withParameters(rules, { kingArmed: !rules.kingArmed });
    expect(bookMove(startingPosition(other), seededRandom(1), 1)).toBeUndefined();
    // Under the same rules by another name it has the book's moves.
    const renamed = withParameters(rules, { id: 'my-brandubh', name: 'Mine' });
    expect(bookMove(startingPosition(renamed), seededRandom(1), 1)).toBeDefined();
  });
});

/** `pos` after `move`, on a copy. */
function played(pos: Position, move: number): Position {
  const next = pos.clone();
  next.play(move);
  return next;
}

describe('bookWeights', () => {
  const entries = [
    { count: 30, score: 0.4 },
    { count: 10, score: 0.7 },
  ];
  it('with variety 0 favours the move that scored best', () => {
    const [a, b] = bookWeights(entries, 0);
    expect(b! / (a! + b!)).toBeGreaterThan(0.9);
  });
  it('with variety 1 goes nearly by how often the moves were played', () => {
    const [a, b] = bookWeights(entries, 1);
    expect(a! / (a! + b!)).toBeGreaterThan(0.5);
  });
});

describe('levels and the book', () => {
  const rules = PRESETS.find((r) => r.id === 'brandubh-2019')!;

  it('levels 5 and 6 open from the book, the lower levels do not', () => {
    expect(LEVELS.filter((l) => l.book !== undefined).map((l) => l.level)).toEqual([5, 6]);
    const result = levelMove(
      new Search({ ttBits: 12 }),
      startingPosition(rules),
      levelConfig(6),
      seededRandom(3),
    );
    expect(result.book).toBe(true);
    expect(bookEntries(startingPosition(rules)).map((e) => e.move)).toContain(result.move);
  });

  it('a level without the book searches', () => {
    const config = withoutBook(levelConfig(6));
    expect(config.book).toBeUndefined();
    const result = levelMove(new Search({ ttBits: 12 }), startingPosition(rules), config, seededRandom(3), {
      nodes: 500,
    });
    expect(result.book).toBeUndefined();
    expect(result.nodes).toBeGreaterThan(0);
  });
});
