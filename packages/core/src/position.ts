/**
 * The game: a Board (board.ts) plus whose turn it is, the counters and the history, with
 * make/unmake, legal moves, captures (capture.ts) and the end of the game.
 *
 * Designed for the search and perft first: every move pushes a fixed-size undo record, so
 * `play`/`undo` allocate nothing. After each move the outcome is settled at once, the first
 * ending that applies deciding (docs/rules.md, "What every ruleset shares"), and the number of legal
 * moves of the side to move is kept, which is also what bulk-counting perft needs last.
 *
 * `play` trusts its caller: ask `isLegal` first with moves from outside.
 */

import { A, Board, D } from './board.js';
import { CaptureRules } from './capture.js';
import { geometry, type Geometry } from './geometry.js';
import { lineSquareOf, moveTables } from './movetable.js';
import { fail, ok, type Result } from './result.js';
import type { Ruleset } from './rules.js';
import { validateSetup, type Setup, type SetupError } from './setup.js';
import {
  ATTACKER,
  EMPTY,
  END_REASONS,
  KING,
  PASS,
  type Move,
  type Outcome,
  type Side,
  type Square,
} from './types.js';
import { KEY_STRIDE, PIECE_HI, PIECE_LO, TURN_HI, TURN_LO } from './zobrist.js';

/** Outcome codes: status in the low two bits, the index of the END_REASONS entry above them. */
const ONGOING = 0;
const WIN_ATTACKERS = 1;
const WIN_DEFENDERS = 2;
const DRAW = 3;
const reasonCode = (reason: (typeof END_REASONS)[number]): number => END_REASONS.indexOf(reason) << 2;
const ESCAPED = reasonCode('escape') | WIN_DEFENDERS;
const KING_CAPTURED = reasonCode('king captured') | WIN_ATTACKERS;
const ALL_CAPTURED = reasonCode('all attackers captured') | WIN_DEFENDERS;
const NO_MOVE = reasonCode('no legal move');
const NO_MOVE_EITHER = reasonCode('no legal move for either side') | DRAW;
const REPETITION = reasonCode('repetition') | DRAW;
const QUIET = reasonCode('quiet moves') | DRAW;

/** Undo record: move, counters, outcome, mobility, then the captured square/code pairs. */
const U_MOVE = 0;
const U_QUIET = 1;
const U_OUTCOME = 2;
const U_IRREVERSIBLE = 3;
const U_MOBILITY = 4;
const U_CAPTURES = 5;
const U_PAIRS = 6;
const U_STRIDE = 16;
/** The most captures one move's undo record holds (its square/code pairs). */
const U_MAX_CAPTURES = (U_STRIDE - U_PAIRS) >> 1;

/**
 * The leaves below a quiet move from the packed mobility after it: the other side's moves, or
 * when it has none a pass (one leaf) unless a blocked side loses or neither side can move.
 */
function leaves(packed: number, theirs: number, ours: number, blockedLoses: boolean): number {
  const replies = (packed >>> theirs) & 0xff;
  if (replies > 0) return replies;
  if (blockedLoses) return 0;
  return ((packed >>> ours) & 0xff) === 0 ? 0 : 1;
}

/** `quietLinesOf` by the quiet windows it reads. */
const quietLineCache = new WeakMap<Uint8Array, Int32Array>();

/**
 * The capture rules' quiet windows read a whole line at a time, indexed as the move tables'
 * `lineMobility` (a line's class, then its state of two bits a square): bit `(code << 3) + pos`
 * is set when an arrival of `code` at `pos` surely captures nothing along the line. perft2 reads
 * the mover's own line once for all its destinations, where it read a window for each.
 */
function quietLinesOf(windows: Uint8Array, n: number): Int32Array {
  let lines = quietLineCache.get(windows);
  if (lines !== undefined) return lines;
  const classes = windows.length / (n << 10);
  const states = 1 << (2 * n);
  lines = new Int32Array(classes * states);
  for (let c = 0; c < classes; c++)
    for (let state = 0; state < states; state++) {
      let bits = 0;
      for (let pos = 0; pos < n; pos++) {
        const quiet = windows[((c * n + pos) << 10) | (((state << 4) >>> (2 * pos)) & 1023)]!;
        for (let code = 1; code <= 3; code++) if ((quiet >> code) & 1) bits |= 1 << ((code << 3) + pos);
      }
      lines[c * states + state] = bits;
    }
  quietLineCache.set(windows, lines);
  return lines;
}

export class Position {
  readonly rules: Ruleset;
  readonly geo: Geometry;
  /** The pieces; read-only for everyone but the Position (the engine reads it directly). */
  readonly board: Board;
  /** The capture rules of this ruleset, over `board.cells`. */
  readonly captures: CaptureRules;
  private readonly escapeSquare: Uint8Array;
  /** The escape squares of each line as a mask of its positions (the move tables' lines). */
  private readonly escapeLine: Int32Array;
  /** The capture rules' quiet arrivals a line at a time (`quietLinesOf`), where there are line tables. */
  private readonly quietLines: Int32Array | undefined;
  /** The rule parameters the hot paths read, copied here. */
  private readonly repetitionDraws: boolean;
  private readonly quietPlyLimit: number;
  private readonly blockedLoses: boolean;
  private readonly allCapturedWins: boolean;
  /** `loudLeaves`' captures as square/code pairs, as many as an undo record holds. */
  private readonly captured = new Int32Array(U_STRIDE - U_PAIRS);
  /** `loudLeaves`' copy of the line states, put back as they were rather than recomputed. */
  private readonly savedStates: Int32Array;
  private side = A;
  private quiet = 0;
  private outcomeCode = ONGOING;
  private mobility = 0;
  /** Ply of the last capture: no position before it can occur again. */
  private irreversible = 0;
  private plyCount = 0;
  private historyLo = new Int32Array(256);
  private historyHi = new Int32Array(256);
  private undoStack = new Int32Array(256 * U_STRIDE);
  /** By ply, the piece-list places the captured pieces had (`Board.take`), for `undo`. */
  private takenSlots = new Int16Array(256 * U_MAX_CAPTURES);

  private constructor(rules: Ruleset, setup: Setup) {
    this.rules = rules;
    this.geo = geometry(rules.size);
    this.board = new Board(this.geo, moveTables(this.geo, rules));
    this.captures = new CaptureRules(this.geo, rules);
    this.escapeSquare = rules.escape === 'edge' ? this.geo.isEdge : this.geo.isCorner;
    this.escapeLine = new Int32Array(2 * this.geo.size);
    for (let line = 0; line < 2 * this.geo.size; line++)
      for (let p = 0; p < this.geo.size; p++)
        if (this.escapeSquare[lineSquareOf(this.geo.size, line, p)]) this.escapeLine[line]! |= 1 << p;
    const windows = this.captures.quietWindows(this.board.tables);
    this.quietLines = windows === undefined ? undefined : quietLinesOf(windows, this.geo.size);
    this.savedStates = new Int32Array(this.board.lineState.length);
    this.repetitionDraws = rules.repetitionDraws;
    this.quietPlyLimit = rules.quietPlyLimit;
    this.blockedLoses = rules.blocked === 'loses';
    this.allCapturedWins = rules.allAttackersCapturedWins;
    setup.board.forEach((code, sq) => {
      if (code !== 0) this.board.put(sq, code);
    });
    this.side = setup.turn === 'attackers' ? A : D;
    this.historyLo[0] = this.keyLo;
    this.historyHi[0] = this.keyHi;
    if (this.board.king >= 0 && this.escapeSquare[this.board.king]) this.outcomeCode = ESCAPED;
    else this.settle();
  }

  /** Checks a setup against the rules and makes it the start of a game. */
  static fromSetup(rules: Ruleset, setup: Setup): Result<Position, SetupError> {
    const checked = validateSetup(rules, setup);
    return checked.ok ? ok(new Position(rules, setup)) : fail(checked.code, checked.message);
  }

  /** A copy with the same history, so repetition counts and `undo` carry over. */
  clone(): Position {
    const copy = new Position(this.rules, this.toSetup());
    copy.quiet = this.quiet;
    copy.outcomeCode = this.outcomeCode;
    copy.mobility = this.mobility;
    copy.irreversible = this.irreversible;
    copy.plyCount = this.plyCount;
    copy.historyLo = this.historyLo.slice();
    copy.historyHi = this.historyHi.slice();
    copy.undoStack = this.undoStack.slice();
    copy.takenSlots = this.takenSlots.slice();
    return copy;
  }

  get turn(): Side {
    return this.side === A ? 'attackers' : 'defenders';
  }
  /** Plies played since the setup. */
  get ply(): number {
    return this.plyCount;
  }
  /** Plies in a row without a capture. */
  get quietPlies(): number {
    return this.quiet;
  }
  /** The king's square, or -1 once he is captured. */
  get kingSquare(): Square {
    return this.board.king;
  }
  /** The Zobrist key's two halves (pieces and side to move). */
  get keyLo(): number {
    return this.side === A ? this.board.hashLo : this.board.hashLo ^ TURN_LO;
  }
  get keyHi(): number {
    return this.side === A ? this.board.hashHi : this.board.hashHi ^ TURN_HI;
  }
  pieceAt(sq: Square): number {
    return this.board.cells[sq]!;
  }
  pieceCount(side: Side): number {
    return this.board.counts[side === 'attackers' ? A : D]!;
  }
  /** The number of legal moves of the side to move (0 when it must pass or the game is over). */
  get legalMoveCount(): number {
    return this.outcomeCode === ONGOING ? this.mobility : 0;
  }
  /** The number of moves a side's pieces could make now, whoever is to move. */
  countMoves(side: Side | 0 | 1): number {
    return this.board.countMoves(side === 'attackers' || side === A ? A : D);
  }

  toSetup(): Setup {
    return { size: this.geo.size, board: Array.from(this.board.cells), turn: this.turn };
  }

  outcome(): Outcome {
    const status = this.outcomeCode & 3;
    if (status === ONGOING) return { status: 'ongoing' };
    return {
      status: status === WIN_ATTACKERS ? 'attackers' : status === WIN_DEFENDERS ? 'defenders' : 'draw',
      reason: END_REASONS[this.outcomeCode >> 2]!,
    };
  }

  isOver(): boolean {
    return this.outcomeCode !== ONGOING;
  }

  /** True when the side to move has no legal move and its rules make it pass. */
  mustPass(): boolean {
    return this.outcomeCode === ONGOING && this.mobility === 0;
  }

  /**
   * Writes the legal moves of the side to move into `out` from `offset` and returns how many.
   * A side that must pass gets the one move `PASS`; a game that has ended has none.
   */
  generateMoves(out: Int32Array, offset = 0): number {
    if (this.outcomeCode !== ONGOING) return 0;
    if (this.mobility === 0) {
      out[offset] = PASS;
      return 1;
    }
    return this.board.generateMoves(this.side, out, offset) - offset;
  }

  legalMoves(): Move[] {
    const out = new Int32Array(this.mobility + 1);
    return Array.from(out.subarray(0, this.generateMoves(out)));
  }

  isLegal(move: Move): boolean {
    if (this.outcomeCode !== ONGOING) return false;
    if (move === PASS) return this.mobility === 0;
    if (this.mobility === 0 || !Number.isInteger(move) || move < 0) return false;
    const from = move >> 8;
    const to = move & 0xff;
    if (from >= this.geo.squares || to >= this.geo.squares || from === to) return false;
    const code = this.board.cells[from]!;
    return code !== 0 && (code === ATTACKER ? A : D) === this.side && this.board.reaches(from, to);
  }

  /**
   * True when `move` surely captures nothing and does not come next to the enemy king (a quick
   * conservative test for move ordering; false means "maybe", and `play` tells for sure).
   */
  isSurelyQuiet(move: Move): boolean {
    return (
      move === PASS || this.captures.quietAt(this.board.cells, this.board.cells[move >> 8]!, move & 0xff)
    );
  }

  /** The squares captured by the last move (the king's included), in capture order. */
  lastCaptured(): Square[] {
    return this.lastPairs().filter((_, i) => i % 2 === 0);
  }

  /** The piece codes captured by the last move, in the order of `lastCaptured`. */
  lastCapturedCodes(): number[] {
    return this.lastPairs().filter((_, i) => i % 2 === 1);
  }

  private lastPairs(): number[] {
    if (this.plyCount === 0) return [];
    const u = (this.plyCount - 1) * U_STRIDE;
    return Array.from(
      this.undoStack.subarray(u + U_PAIRS, u + U_PAIRS + 2 * this.undoStack[u + U_CAPTURES]!),
    );
  }

  /** The last move played, or undefined at the setup. */
  lastMove(): Move | undefined {
    return this.plyCount === 0 ? undefined : this.undoStack[(this.plyCount - 1) * U_STRIDE + U_MOVE];
  }

  /** Plays a legal move (or `PASS` when the side must pass) and settles the outcome. */
  play(move: Move): void {
    const ply = this.plyCount;
    if ((ply + 2) * U_STRIDE > this.undoStack.length) this.grow();
    const u = ply * U_STRIDE;
    const stack = this.undoStack;
    stack[u + U_MOVE] = move;
    stack[u + U_QUIET] = this.quiet;
    stack[u + U_OUTCOME] = this.outcomeCode;
    stack[u + U_IRREVERSIBLE] = this.irreversible;
    stack[u + U_MOBILITY] = this.mobility;
    let captured = 0;
    let decided = -1;
    if (move !== PASS) {
      const board = this.board;
      const to = move & 0xff;
      board.slide(move >> 8, to);
      const code = board.cells[to]!;
      captured = this.captures.collect(board.cells, code, to, stack, u + U_PAIRS);
      for (let i = 0; i < captured; i++) {
        const victim = stack[u + U_PAIRS + 2 * i + 1]!;
        const slot = board.take(stack[u + U_PAIRS + 2 * i]!, victim);
        this.takenSlots[ply * U_MAX_CAPTURES + i] = slot;
        if (victim === KING) decided = KING_CAPTURED;
      }
      if (code === KING && this.escapeSquare[to]) decided = ESCAPED;
    }
    stack[u + U_CAPTURES] = captured;
    this.side ^= 1;
    const now = ++this.plyCount;
    this.historyLo[now] = this.keyLo;
    this.historyHi[now] = this.keyHi;
    if (captured > 0) {
      this.quiet = 0;
      this.irreversible = now;
    } else this.quiet++;
    if (decided >= 0) {
      this.outcomeCode = decided;
      this.mobility = 0;
    } else this.settle();
  }

  /** The first rule that ends the game after a move that neither escaped nor took the king. */
  private settle(): void {
    this.mobility = 0;
    if (this.board.counts[A] === 0 && this.allCapturedWins) this.outcomeCode = ALL_CAPTURED;
    // The same position needs at least four plies to come back, so its third time eight.
    else if (
      this.repetitionDraws &&
      this.plyCount - this.irreversible >= 8 &&
      this.repeats(this.keyLo, this.keyHi, this.plyCount - 2)
    )
      this.outcomeCode = REPETITION;
    else if (this.quietPlyLimit > 0 && this.quiet >= this.quietPlyLimit) this.outcomeCode = QUIET;
    else {
      this.mobility = this.board.countMoves(this.side);
      if (this.mobility > 0) this.outcomeCode = ONGOING;
      else if (this.blockedLoses)
        this.outcomeCode = NO_MOVE | (this.side === A ? WIN_DEFENDERS : WIN_ATTACKERS);
      else this.outcomeCode = this.board.countMoves(this.side ^ 1) === 0 ? NO_MOVE_EITHER : ONGOING;
    }
  }

  /** Has the key stood twice before, at plies `last`, `last - 2`, ... since the last capture? */
  private repeats(lo: number, hi: number, last: number): boolean {
    let seen = 1;
    for (let p = last; p >= this.irreversible; p -= 2)
      if (this.historyLo[p] === lo && this.historyHi[p] === hi && ++seen === 3) return true;
    return false;
  }

  /** Takes back the last move. */
  undo(): void {
    const ply = --this.plyCount;
    const u = ply * U_STRIDE;
    const stack = this.undoStack;
    const move = stack[u + U_MOVE]!;
    this.side ^= 1;
    if (move !== PASS) {
      // Last taken first, each to its place in the piece list (Board.untake).
      for (let i = stack[u + U_CAPTURES]! - 1; i >= 0; i--)
        this.board.untake(
          stack[u + U_PAIRS + 2 * i]!,
          stack[u + U_PAIRS + 2 * i + 1]!,
          this.takenSlots[ply * U_MAX_CAPTURES + i]!,
        );
      this.board.slide(move & 0xff, move >> 8);
    }
    this.quiet = stack[u + U_QUIET]!;
    this.outcomeCode = stack[u + U_OUTCOME]!;
    this.irreversible = stack[u + U_IRREVERSIBLE]!;
    this.mobility = stack[u + U_MOBILITY]!;
  }

  /**
   * The escape squares the king could reach with his next move, whoever is to move: the open
   * routes that brandub-fr makes the player announce, and OTN's "-" info symbol.
   */
  escapeRoutes(): Square[] {
    const k = this.board.king;
    if (k < 0) return [];
    const out = new Int32Array(this.board.countMoves(D) + 1);
    const routes: Square[] = [];
    const end = this.board.generateMoves(D, out, 0);
    for (let i = 0; i < end; i++) {
      const to = out[i]! & 0xff;
      if (out[i]! >> 8 === k && this.escapeSquare[to]) routes.push(to);
    }
    return routes.sort((a, b) => a - b);
  }

  /**
   * The attackers' moves that would capture the king if it were their turn now: the king in
   * danger, and OTN's "+" info symbol after an attacker's move.
   */
  kingCaptureThreats(): Move[] {
    if (this.board.king < 0 || this.outcomeCode !== ONGOING) return [];
    const saved = { side: this.side, mobility: this.mobility };
    this.side = A;
    this.mobility = this.board.countMoves(A);
    const threats: Move[] = [];
    if (this.mobility > 0)
      for (const move of this.legalMoves()) {
        this.play(move);
        if (this.board.king < 0) threats.push(move);
        this.undo();
      }
    this.side = saved.side;
    this.mobility = saved.mobility;
    return threats;
  }

  /**
   * perft(2) of this position: the sum, over the legal moves, of the legal moves after each
   * (a pass counts one, a game over none). Bulk-counting perft spends nearly all its time here,
   * so a quiet move is not played: the table of `CaptureRules.quietWindows` says from the lines
   * of its arrival square that it captures nothing and comes next to no enemy king, and its
   * child's mobility comes from the line tables, three lines changed (the one it moves along,
   * the one it leaves, the one it enters). The moves that may capture are made on the board
   * alone and taken back (`loudLeaves`); without line tables every move is played.
   * `buffer` receives the moves that may capture.
   */
  perft2(buffer: Int32Array): number {
    if (this.outcomeCode !== ONGOING) return 0;
    const quietLines = this.quietLines;
    if (quietLines === undefined || this.mobility === 0)
      return this.playLeaves(buffer, this.generateMoves(buffer));
    const board = this.board;
    const t = board.tables;
    const n = this.geo.size;
    const lm = t.lineMobility!;
    const lineBase = t.lineBase;
    const dest = t.destinations;
    const offset = t.offset;
    const rowIndex = t.rowIndex;
    const colIndex = t.colIndex;
    const occ = board.lineOcc;
    const state = board.lineState;
    const cells = board.cells;
    const escapeLine = this.escapeLine;
    const side = this.side;
    const list = board.lists[side]!;
    const pieces = board.counts[side]!;
    const packed0 = board.mobilityPacked;
    // The replies are the other side's moves; the mover's own only matter when those are none.
    const theirs = side === A ? 8 : 0;
    const ours = 8 - theirs;
    const blockedLoses = this.blockedLoses;
    // A quiet move at the limit of quiet plies draws; a threefold repetition needs 8 plies.
    const drawn = this.quietPlyLimit > 0 && this.quiet + 1 >= this.quietPlyLimit;
    const repetition = this.repetitionDraws && this.plyCount + 1 - this.irreversible >= 8;
    let total = 0;
    let loud = 0;
    for (let i = 0; i < pieces; i++) {
      const from = list[i]!;
      const code = cells[from]!;
      const shift = code << 3;
      const rank = (from / n) | 0;
      const file = from - rank * n;
      const col = n + file;
      const rowState = state[rank]!;
      const colState = state[col]!;
      const rowAt = lineBase[rank]! + rowState;
      const colAt = lineBase[col]! + colState;
      // The king's moves onto an escape square end the game: no leaves below them.
      const kingMoves = code === KING;
      // Along the rank: the file loses the piece, each crossed file gains it at this rank.
      let mask =
        dest[(offset[code]! + rowIndex[from]!) | occ[rank]!]! & (kingMoves ? ~escapeLine[rank]! : -1);
      if (mask !== 0) {
        const before = packed0 - lm[rowAt]! + lm[colAt - (code << (2 * rank))]! - lm[colAt]!;
        const rowQuiet = quietLines[rowAt]! >>> shift;
        const fromDigit = code << (2 * file);
        const intoDigit = code << (2 * rank);
        for (; mask !== 0; mask &= mask - 1) {
          const p = 31 - Math.clz32(mask & -mask);
          const c = lineBase[n + p]! + state[n + p]!;
          if (((rowQuiet >>> p) & (quietLines[c]! >>> (shift + rank)) & 1) === 0)
            buffer[loud++] = (from << 8) | (rank * n + p);
          else if (drawn || (repetition && this.repeatsAfter(code, from, rank * n + p))) continue;
          else {
            const packed = before + lm[rowAt - fromDigit + (code << (2 * p))]! + lm[c + intoDigit]! - lm[c]!;
            total += leaves(packed, theirs, ours, blockedLoses);
          }
        }
      }
      // Along the file: the rank loses the piece, each crossed rank gains it at this file.
      mask = dest[(offset[code]! + colIndex[from]!) | occ[col]!]! & (kingMoves ? ~escapeLine[col]! : -1);
      if (mask !== 0) {
        const before = packed0 - lm[colAt]! + lm[rowAt - (code << (2 * file))]! - lm[rowAt]!;
        const colQuiet = quietLines[colAt]! >>> shift;
        const fromDigit = code << (2 * rank);
        const intoDigit = code << (2 * file);
        for (; mask !== 0; mask &= mask - 1) {
          const p = 31 - Math.clz32(mask & -mask);
          const c = lineBase[p]! + state[p]!;
          if (((colQuiet >>> p) & (quietLines[c]! >>> (shift + file)) & 1) === 0)
            buffer[loud++] = (from << 8) | (p * n + file);
          else if (drawn || (repetition && this.repeatsAfter(code, from, p * n + file))) continue;
          else {
            const packed = before + lm[colAt - fromDigit + (code << (2 * p))]! + lm[c + intoDigit]! - lm[c]!;
            total += leaves(packed, theirs, ours, blockedLoses);
          }
        }
      }
    }
    // Made only now: making a move reorders the piece list the loop above walks.
    for (let i = 0; i < loud; i++) total += this.loudLeaves(buffer[i]!, drawn, repetition);
    return total;
  }

  /** Would the quiet move of `code` from `from` to `to` make the third occurrence of a position? */
  private repeatsAfter(code: number, from: Square, to: Square): boolean {
    const k = code * KEY_STRIDE;
    const lo = this.keyLo ^ TURN_LO ^ PIECE_LO[k + from]! ^ PIECE_LO[k + to]!;
    const hi = this.keyHi ^ TURN_HI ^ PIECE_HI[k + from]! ^ PIECE_HI[k + to]!;
    return this.repeats(lo, hi, this.plyCount - 1);
  }

  /**
   * perft2's leaves below a move that may capture, found without making it: the captures are
   * collected on the cells with the mover moved, the replies counted from the line tables
   * with the mover and the captured pieces moved in them, and everything put back (no
   * occupancy masks, piece lists, key, undo record or history). `drawn` and `repetition` are
   * perft2's, for a move that captures nothing after all.
   */
  private loudLeaves(move: Move, drawn: boolean, repetition: boolean): number {
    const board = this.board;
    const cells = board.cells;
    const from = move >> 8;
    const to = move & 0xff;
    const code = cells[from]!;
    const scratch = this.captured;
    cells[from] = EMPTY;
    cells[to] = code;
    const taken = this.captures.collect(cells, code, to, scratch, 0);
    let total = -1;
    for (let i = 0; i < taken; i++) if (scratch[2 * i + 1] === KING) total = 0;
    if (total < 0 && taken === 0) {
      // Nothing captured after all: a quiet move.
      if (drawn || (repetition && this.repeatsAfter(code, from, to))) total = 0;
    } else if (total < 0) {
      // A capture: nothing before it repeats, and the count of quiet plies starts again.
      let attackers = board.counts[A]!;
      for (let i = 0; i < taken; i++) if (scratch[2 * i + 1] === ATTACKER) attackers--;
      if (attackers === 0 && this.allCapturedWins) total = 0;
    }
    if (total < 0) {
      const states = this.savedStates;
      states.set(board.lineState);
      const packed = board.mobilityPacked;
      board.slideLines(code, from, to);
      for (let i = 0; i < taken; i++) board.lineTotals(scratch[2 * i]!, scratch[2 * i + 1]!, -1);
      const theirs = this.side === A ? 8 : 0;
      total = leaves(board.mobilityPacked, theirs, 8 - theirs, this.blockedLoses);
      board.restoreLines(states, packed);
    }
    cells[to] = EMPTY;
    cells[from] = code;
    return total;
  }

  /** The leaves below the first `count` moves of `buffer`, each played and taken back. */
  private playLeaves(buffer: Int32Array, count: number): number {
    let total = 0;
    for (let i = 0; i < count; i++) {
      this.play(buffer[i]!);
      total += this.outcomeCode !== ONGOING ? 0 : this.mobility === 0 ? 1 : this.mobility;
      this.undo();
    }
    return total;
  }

  private grow(): void {
    const grown = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.undoStack = grown(this.undoStack);
    const slots = new Int16Array(this.takenSlots.length * 2);
    slots.set(this.takenSlots);
    this.takenSlots = slots;
    this.historyLo = grown(this.historyLo);
    this.historyHi = grown(this.historyHi);
  }
}
