/**
 * The mutable game state: make/unmake, legal moves, captures and the end of the game.
 *
 * Designed for the search and perft first: the board is a typed array of piece codes, each rank
 * and file keeps its occupancy as a bit mask for the move tables (movetable.ts), each side keeps
 * a piece list, and every move pushes a fixed-size undo record, so `play`/`undo` allocate nothing.
 * After each move the outcome is settled at once (RULES.md: "after each move, the first of these
 * that applies ends the game"), and the number of legal moves of the side to move is kept, which
 * is also what bulk-counting perft needs at its last level.
 *
 * `play` trusts its caller: ask `isLegal` first with moves from outside.
 */

import { geometry, type Geometry } from './geometry.js';
import { moveTables, type MoveTables } from './movetable.js';
import { fail, ok, type Result } from './result.js';
import type { Ruleset } from './rules.js';
import { validateSetup, type Setup, type SetupError } from './setup.js';
import {
  ATTACKER,
  DEFENDER,
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

const ONGOING = 0;
const WIN_ATTACKERS = 1;
const WIN_DEFENDERS = 2;
const DRAW = 3;
const R_ESCAPE = 0;
const R_KING_CAPTURED = 1;
const R_ALL_CAPTURED = 2;
const R_NO_MOVE = 3;
const R_NO_MOVE_EITHER = 4;
const R_REPETITION = 5;
const R_QUIET = 6;

/** Undo record layout: move, quiet plies, outcome, capture count, squares, codes, mobility. */
const U_MOVE = 0;
const U_QUIET = 1;
const U_OUTCOME = 2;
const U_IRREVERSIBLE = 3;
const U_CAPTURES = 4;
const U_SQUARES = 5;
const U_CODES = 10;
const U_MOBILITY = 15;
const U_STRIDE = 16;

const A = 0;
const D = 1;

export class Position {
  readonly rules: Ruleset;
  readonly geo: Geometry;
  private readonly tables: MoveTables;
  private readonly size: number;
  private readonly board: Int8Array;
  /** Occupancy bit masks: rows 0..size-1, then files. */
  private readonly lineOcc: Int32Array;
  /** Piece codes of each line, two bits a square, and the moves they give (movetable.ts). */
  private readonly lineState: Int32Array;
  private readonly lineMobility: Uint16Array | undefined;
  private readonly lineStates: number;
  /** Legal moves of the attackers (low 8 bits) and defenders (the bits above), when tabulated. */
  private mobilityPacked = 0;
  /** Piece lists: attackers' soldiers; defenders' soldiers and king. */
  private readonly lists: [Int16Array, Int16Array];
  private readonly counts: Int32Array;
  private readonly listIndex: Int16Array;
  private king: Square = -1;
  private side = A;
  private quiet = 0;
  private outcomeCode = 0;
  private mobility = 0;
  /** Ply of the last capture: no position before it can occur again. */
  private irreversible = 0;
  private plyCount = 0;
  private hashLo = 0;
  private hashHi = 0;
  private historyLo: Int32Array;
  private historyHi: Int32Array;
  private undoStack: Int32Array;
  // Rule parameters, copied to fields the hot path reads.
  private readonly escapeSquare: Uint8Array;
  private readonly kingArmed: boolean;
  private readonly throneA: number;
  private readonly throneD: number;
  private readonly hostileToKing: Uint8Array;
  private readonly hostileEmptyToA: Uint8Array;
  private readonly hostileEmptyToD: Uint8Array;

  private constructor(rules: Ruleset, setup: Setup) {
    this.rules = rules;
    const geo = geometry(rules.size);
    this.geo = geo;
    this.size = geo.size;
    this.tables = moveTables(geo, rules);
    const n = geo.squares;
    this.board = new Int8Array(n);
    this.lineOcc = new Int32Array(2 * geo.size);
    this.lineState = new Int32Array(2 * geo.size);
    this.lineMobility = this.tables.lineMobility;
    this.lineStates = 1 << (2 * geo.size);
    this.lists = [new Int16Array(n), new Int16Array(n)];
    this.counts = new Int32Array(2);
    this.listIndex = new Int16Array(n);
    this.historyLo = new Int32Array(256);
    this.historyHi = new Int32Array(256);
    this.undoStack = new Int32Array(256 * U_STRIDE);
    this.escapeSquare = rules.escape === 'edge' ? geo.isEdge : geo.isCorner;
    this.kingArmed = rules.kingArmed;
    const hostility = { always: 2, empty: 1, never: 0 } as const;
    this.throneA = hostility[rules.throneHostileToAttackers];
    this.throneD = hostility[rules.throneHostileToDefenders];
    this.hostileToKing = new Uint8Array(n);
    this.hostileEmptyToA = new Uint8Array(n);
    this.hostileEmptyToD = new Uint8Array(n);
    for (let sq = 0; sq < n; sq++) {
      const corner = geo.isCorner[sq] === 1 && rules.cornersHostile;
      const throne = sq === geo.throne;
      this.hostileToKing[sq] = corner || (throne && rules.throneHostileToKing) ? 1 : 0;
      this.hostileEmptyToA[sq] = corner || (throne && this.throneA > 0) ? 1 : 0;
      this.hostileEmptyToD[sq] = corner || (throne && this.throneD > 0) ? 1 : 0;
    }
    for (let sq = 0; sq < n; sq++) {
      const code = setup.board[sq]!;
      if (code !== EMPTY) this.put(sq, code);
    }
    this.side = setup.turn === 'attackers' ? A : D;
    if (this.side === D) {
      this.hashLo ^= TURN_LO;
      this.hashHi ^= TURN_HI;
    }
    this.historyLo[0] = this.hashLo;
    this.historyHi[0] = this.hashHi;
    this.settleStart();
  }

  /** Checks a setup against the rules and makes it the start of a game. */
  static fromSetup(rules: Ruleset, setup: Setup): Result<Position, SetupError> {
    const checked = validateSetup(rules, setup);
    return checked.ok ? ok(new Position(rules, setup)) : fail(checked.code, checked.message);
  }

  /** A copy with the same history, so repetition counts carry over. */
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
  get kingSquare(): Square {
    return this.king;
  }
  /** The Zobrist key's two halves (pieces and side to move). */
  get keyLo(): number {
    return this.hashLo;
  }
  get keyHi(): number {
    return this.hashHi;
  }
  pieceAt(sq: Square): number {
    return this.board[sq]!;
  }
  pieceCount(side: Side): number {
    return this.counts[side === 'attackers' ? A : D]!;
  }
  /** The number of legal moves of the side to move (0 when it must pass or has lost). */
  get legalMoveCount(): number {
    return this.outcomeCode === ONGOING ? this.mobility : 0;
  }

  toSetup(): Setup {
    return { size: this.size, board: Array.from(this.board), turn: this.turn };
  }

  outcome(): Outcome {
    const status = this.outcomeCode & 3;
    if (status === ONGOING) return { status: 'ongoing' };
    const reason = END_REASONS[this.outcomeCode >> 2]!;
    return {
      status: status === WIN_ATTACKERS ? 'attackers' : status === WIN_DEFENDERS ? 'defenders' : 'draw',
      reason,
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
    const t = this.tables;
    const n = this.size;
    const list = this.lists[this.side]!;
    const count = this.counts[this.side]!;
    let k = offset;
    for (let i = 0; i < count; i++) {
      const from = list[i]!;
      const o = t.offset[this.board[from]!]!;
      const row = t.rowLine[from]!;
      const col = t.colLine[from]!;
      let mask = t.destinations[(o + t.rowIndex[from]!) | this.lineOcc[row]!]!;
      while (mask !== 0) {
        out[k++] = (from << 8) | t.lineSquare[row * n + 31 - Math.clz32(mask & -mask)]!;
        mask &= mask - 1;
      }
      mask = t.destinations[(o + t.colIndex[from]!) | this.lineOcc[col]!]!;
      while (mask !== 0) {
        out[k++] = (from << 8) | t.lineSquare[col * n + 31 - Math.clz32(mask & -mask)]!;
        mask &= mask - 1;
      }
    }
    return k - offset;
  }

  legalMoves(): Move[] {
    const out = new Int32Array(this.mobility + 1);
    return Array.from(out.subarray(0, this.generateMoves(out)));
  }

  isLegal(move: Move): boolean {
    if (this.outcomeCode !== ONGOING) return false;
    if (move === PASS) return this.mobility === 0;
    if (this.mobility === 0 || move < 0) return false;
    const from = move >> 8;
    const to = move & 0xff;
    if (from >= this.geo.squares || to >= this.geo.squares || from === to) return false;
    const code = this.board[from]!;
    if (code === EMPTY || (code === ATTACKER ? A : D) !== this.side) return false;
    const t = this.tables;
    const o = t.offset[code]!;
    if (t.rowLine[to] === t.rowLine[from])
      return (
        (t.destinations[(o + t.rowIndex[from]!) | this.lineOcc[t.rowLine[from]!]!]! & t.rowBit[to]!) !== 0
      );
    if (t.colLine[to] === t.colLine[from])
      return (
        (t.destinations[(o + t.colIndex[from]!) | this.lineOcc[t.colLine[from]!]!]! & t.colBit[to]!) !== 0
      );
    return false;
  }

  /** The squares captured by the last move (the king's included), in capture order. */
  lastCaptured(): Square[] {
    if (this.plyCount === 0) return [];
    const u = (this.plyCount - 1) * U_STRIDE;
    const squares: Square[] = [];
    for (let i = 0; i < this.undoStack[u + U_CAPTURES]!; i++)
      squares.push(this.undoStack[u + U_SQUARES + i]!);
    return squares;
  }

  /** The piece codes captured by the last move, in the order of `lastCaptured`. */
  lastCapturedCodes(): number[] {
    if (this.plyCount === 0) return [];
    const u = (this.plyCount - 1) * U_STRIDE;
    const codes: number[] = [];
    for (let i = 0; i < this.undoStack[u + U_CAPTURES]!; i++) codes.push(this.undoStack[u + U_CODES + i]!);
    return codes;
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
    let captures = 0;
    let kingTaken = false;
    const mover = this.side;
    if (move !== PASS) {
      const from = move >> 8;
      const to = move & 0xff;
      const code = this.board[from]!;
      this.slide(from, to, code);
      if (code !== KING || this.kingArmed) {
        const nb = this.geo.neighbour;
        if (mover === A && this.rules.kingAndShield) captures = this.kingAndShield(to, u);
        for (let d = 0; d < 4; d++) {
          const n = nb[to * 4 + d]!;
          if (n < 0) continue;
          const victim = this.board[n]!;
          if (victim === EMPTY) continue;
          if (victim === KING) {
            if (mover === A && this.kingCaptured(n, d)) {
              stack[u + U_SQUARES + captures] = n;
              stack[u + U_CODES + captures++] = KING;
            }
            continue;
          }
          if ((victim === ATTACKER ? A : D) === mover) continue;
          if (captures > 0 && n === stack[u + U_SQUARES]) continue; // the king's shield, taken already
          if (this.geo.isCorner[n] && this.rules.cornerImmune) continue;
          const beyond = nb[n * 4 + d]!;
          if (beyond >= 0 && this.hostileTo(victim, beyond)) {
            stack[u + U_SQUARES + captures] = n;
            stack[u + U_CODES + captures++] = victim;
          }
        }
        for (let i = 0; i < captures; i++) {
          const victim = stack[u + U_CODES + i]!;
          this.take(stack[u + U_SQUARES + i]!, victim);
          if (victim === KING) kingTaken = true;
        }
      }
      if (code === KING && this.escapeSquare[to]) {
        this.finish(stack, u, captures, (R_ESCAPE << 2) | WIN_DEFENDERS);
        return;
      }
    }
    this.finish(stack, u, captures, kingTaken ? (R_KING_CAPTURED << 2) | WIN_ATTACKERS : -1);
  }

  /** Ends a ply: side to move, counters, history, then the first rule that ends the game. */
  private finish(stack: Int32Array, u: number, captures: number, decided: number): void {
    stack[u + U_CAPTURES] = captures;
    this.side ^= 1;
    this.hashLo ^= TURN_LO;
    this.hashHi ^= TURN_HI;
    const ply = ++this.plyCount;
    this.historyLo[ply] = this.hashLo;
    this.historyHi[ply] = this.hashHi;
    if (captures > 0) {
      this.quiet = 0;
      this.irreversible = ply;
    } else this.quiet++;
    if (decided >= 0) {
      this.outcomeCode = decided;
      this.mobility = 0;
      return;
    }
    this.settle();
  }

  private settle(): void {
    const rules = this.rules;
    this.mobility = 0;
    if (this.counts[A] === 0 && rules.allAttackersCapturedWins) {
      this.outcomeCode = (R_ALL_CAPTURED << 2) | WIN_DEFENDERS;
      return;
    }
    if (rules.repetitionDraws && this.repeatedThrice()) {
      this.outcomeCode = (R_REPETITION << 2) | DRAW;
      return;
    }
    if (rules.quietPlyLimit > 0 && this.quiet >= rules.quietPlyLimit) {
      this.outcomeCode = (R_QUIET << 2) | DRAW;
      return;
    }
    const mobility = this.countMoves(this.side);
    this.mobility = mobility;
    if (mobility > 0) this.outcomeCode = ONGOING;
    else if (rules.blocked === 'loses')
      this.outcomeCode = (R_NO_MOVE << 2) | (this.side === A ? WIN_DEFENDERS : WIN_ATTACKERS);
    else this.outcomeCode = this.countMoves(this.side ^ 1) === 0 ? (R_NO_MOVE_EITHER << 2) | DRAW : ONGOING;
  }

  /** The outcome of a setup: a king already out, no attackers left, a blocked side. */
  private settleStart(): void {
    if (this.king >= 0 && this.escapeSquare[this.king]) {
      this.outcomeCode = (R_ESCAPE << 2) | WIN_DEFENDERS;
      return;
    }
    this.settle();
  }

  private repeatedThrice(): boolean {
    const lo = this.hashLo;
    const hi = this.hashHi;
    let seen = 1;
    for (let p = this.plyCount - 2; p >= this.irreversible; p -= 2)
      if (this.historyLo[p] === lo && this.historyHi[p] === hi && ++seen === 3) return true;
    return false;
  }

  /**
   * The escape squares the king could reach with his next move, whoever is to move: the open
   * routes that brandub-fr makes the player announce, and OTN's "-" info symbol.
   */
  escapeRoutes(): Square[] {
    const k = this.king;
    if (k < 0) return [];
    const t = this.tables;
    const n = this.size;
    const o = t.offset[KING]!;
    const routes: Square[] = [];
    const collect = (mask: number, line: number): void => {
      for (let m = mask; m !== 0; m &= m - 1) {
        const sq = t.lineSquare[line * n + 31 - Math.clz32(m & -m)]!;
        if (this.escapeSquare[sq]) routes.push(sq);
      }
    };
    collect(t.destinations[(o + t.rowIndex[k]!) | this.lineOcc[t.rowLine[k]!]!]!, t.rowLine[k]!);
    collect(t.destinations[(o + t.colIndex[k]!) | this.lineOcc[t.colLine[k]!]!]!, t.colLine[k]!);
    return routes.sort((a, b) => a - b);
  }

  /**
   * The attackers' moves that would capture the king if it were their turn now: the king in
   * danger, and OTN's "+" info symbol after an attacker's move.
   */
  kingCaptureThreats(): Move[] {
    if (this.king < 0 || this.outcomeCode !== ONGOING) return [];
    const flipped = this.side !== A;
    if (flipped) this.flipTurn();
    const saved = this.mobility;
    this.mobility = this.countMoves(A);
    const moves = this.mobility > 0 ? this.legalMoves() : [];
    const threats: Move[] = [];
    for (const move of moves) {
      this.play(move);
      if (this.king < 0) threats.push(move);
      this.undo();
    }
    this.mobility = saved;
    if (flipped) this.flipTurn();
    return threats;
  }

  private flipTurn(): void {
    this.side ^= 1;
    this.hashLo ^= TURN_LO;
    this.hashHi ^= TURN_HI;
  }

  /** Takes back the last move. */
  undo(): void {
    const ply = --this.plyCount;
    const u = ply * U_STRIDE;
    const stack = this.undoStack;
    const move = stack[u + U_MOVE]!;
    this.side ^= 1;
    this.hashLo ^= TURN_LO;
    this.hashHi ^= TURN_HI;
    if (move !== PASS) {
      const captures = stack[u + U_CAPTURES]!;
      for (let i = 0; i < captures; i++) this.put(stack[u + U_SQUARES + i]!, stack[u + U_CODES + i]!);
      const from = move >> 8;
      const to = move & 0xff;
      this.slide(to, from, this.board[to]!);
    }
    this.quiet = stack[u + U_QUIET]!;
    this.outcomeCode = stack[u + U_OUTCOME]!;
    this.irreversible = stack[u + U_IRREVERSIBLE]!;
    this.mobility = stack[u + U_MOBILITY]!;
  }

  /**
   * perft(2) of this position: the sum, over the legal moves, of the legal moves after each
   * (a pass counts one, a game over none). Bulk-counting perft spends nearly all its time here,
   * so a quiet move is not played: its child's mobility comes from the line tables, its key from
   * four xors, and only a move that captures, threatens the king or could not use the tables is
   * played and taken back. `buffer` receives this position's moves.
   */
  perft2(buffer: Int32Array): number {
    const count = this.generateMoves(buffer);
    let total = 0;
    for (let i = 0; i < count; i++) {
      const move = buffer[i]!;
      const quick = move === PASS || this.lineMobility === undefined ? -1 : this.quietLeaves(move);
      if (quick >= 0) {
        total += quick;
        continue;
      }
      this.play(move);
      total += this.outcomeCode !== ONGOING ? 0 : this.mobility === 0 ? 1 : this.mobility;
      this.undo();
    }
    return total;
  }

  /** The legal moves after `move` if it captures nothing and does not touch the king; else -1. */
  private quietLeaves(move: Move): number {
    const from = move >> 8;
    const to = move & 0xff;
    const board = this.board;
    const code = board[from]!;
    const mover = this.side;
    if (code === KING && this.escapeSquare[to]) return 0;
    if (code !== KING || this.kingArmed) {
      const nb = this.geo.neighbour;
      for (let d = 0; d < 4; d++) {
        const n = nb[to * 4 + d]!;
        if (n < 0 || n === from) continue;
        const victim = board[n]!;
        if (victim === EMPTY || (victim === ATTACKER ? A : D) === mover) continue;
        if (victim === KING) return -1;
        const beyond = nb[n * 4 + d]!;
        if (beyond >= 0 && this.hostileTo(victim, beyond)) return -1;
        if (victim === DEFENDER && this.rules.kingAndShield && beyond === this.geo.throne) return -1;
      }
    }
    const rules = this.rules;
    if (rules.quietPlyLimit > 0 && this.quiet + 1 >= rules.quietPlyLimit) return 0;
    const t = this.tables;
    const k = code * KEY_STRIDE;
    if (rules.repetitionDraws) {
      const lo = this.hashLo ^ PIECE_LO[k + from]! ^ PIECE_LO[k + to]! ^ TURN_LO;
      const hi = this.hashHi ^ PIECE_HI[k + from]! ^ PIECE_HI[k + to]! ^ TURN_HI;
      let seen = 1;
      for (let p = this.plyCount - 1; p >= this.irreversible; p -= 2)
        if (this.historyLo[p] === lo && this.historyHi[p] === hi && ++seen === 3) return 0;
    }
    const lm = this.lineMobility!;
    const states = this.lineStates;
    const fromRow = t.rowLine[from]!;
    const fromCol = t.colLine[from]!;
    let packed = this.mobilityPacked;
    const change = (line: number, delta: number): void => {
      const base = line * states + this.lineState[line]!;
      packed += lm[base + delta]! - lm[base]!;
    };
    if (fromRow === t.rowLine[to]) {
      change(fromRow, code * (t.rowWeight[to]! - t.rowWeight[from]!));
      change(fromCol, -code * t.colWeight[from]!);
      change(t.colLine[to]!, code * t.colWeight[to]!);
    } else {
      change(fromCol, code * (t.colWeight[to]! - t.colWeight[from]!));
      change(fromRow, -code * t.rowWeight[from]!);
      change(t.rowLine[to]!, code * t.rowWeight[to]!);
    }
    const replies = mover === A ? packed >>> 8 : packed & 0xff;
    if (replies > 0) return replies;
    if (rules.blocked === 'loses') return 0;
    return (mover === A ? packed & 0xff : packed >>> 8) === 0 ? 0 : 1;
  }

  /** Counts the legal moves of a side: two table lookups and popcounts per piece. */
  countMoves(side: number): number {
    if (this.lineMobility !== undefined)
      return side === A ? this.mobilityPacked & 0xff : this.mobilityPacked >>> 8;
    const t = this.tables;
    const counts = t.counts;
    const offset = t.offset;
    const rowIndex = t.rowIndex;
    const colIndex = t.colIndex;
    const rowLine = t.rowLine;
    const colLine = t.colLine;
    const occ = this.lineOcc;
    const board = this.board;
    const list = this.lists[side]!;
    const count = this.counts[side]!;
    let total = 0;
    for (let i = 0; i < count; i++) {
      const sq = list[i]!;
      const o = offset[board[sq]!]!;
      total +=
        counts[(o + rowIndex[sq]!) | occ[rowLine[sq]!]!]! + counts[(o + colIndex[sq]!) | occ[colLine[sq]!]!]!;
    }
    return total;
  }

  /** Is `sq` hostile to the enemy soldier `victim` for the side that just moved? */
  private hostileTo(victim: number, sq: Square): boolean {
    const code = this.board[sq]!;
    if (victim === ATTACKER) {
      if (code === DEFENDER) return true;
      if (code === KING) return this.kingArmed || (sq === this.geo.throne && this.throneA === 2);
      return code === EMPTY && this.hostileEmptyToA[sq] === 1;
    }
    if (code === ATTACKER) return true;
    if (code === KING) return sq === this.geo.throne && this.throneD === 2;
    return code === EMPTY && this.hostileEmptyToD[sq] === 1;
  }

  /** Does the side enclose `sq` against the king: an attacker, or an empty hostile square? */
  private enclosesKing(sq: Square): boolean {
    const code = this.board[sq]!;
    return code === ATTACKER || (code === EMPTY && this.hostileToKing[sq] === 1);
  }

  /** Is the king at `k` captured by the attacker that just moved next to him, from direction `d`? */
  private kingCaptured(k: Square, d: number): boolean {
    const rules = this.rules;
    const geo = this.geo;
    const nb = geo.neighbour;
    if (k === geo.throne && rules.kingCaptureOnThrone === 'four') return this.surrounded(k, -1);
    if (rules.kingCaptureNextToThrone === 'three') {
      for (let e = 0; e < 4; e++) if (nb[k * 4 + e] === geo.throne) return this.surrounded(k, geo.throne);
    }
    if (rules.kingCapture === 4) return this.surrounded(k, -1);
    const beyond = nb[k * 4 + d]!;
    return beyond >= 0 && this.enclosesKing(beyond);
  }

  /** All four sides of `k` enclose the king (the edge never does); `free` always counts. */
  private surrounded(k: Square, free: Square): boolean {
    const nb = this.geo.neighbour;
    for (let e = 0; e < 4; e++) {
      const s = nb[k * 4 + e]!;
      if (s < 0) return false;
      if (s !== free && !this.enclosesKing(s)) return false;
    }
    return true;
  }

  /**
   * brandub-fr: the king on the throne with attackers on three sides and a defender on the
   * fourth; the attacker that moves to the square beyond that defender takes both.
   */
  private kingAndShield(m: Square, u: number): number {
    const geo = this.geo;
    const nb = geo.neighbour;
    for (let d = 0; d < 4; d++) {
      const shield = nb[m * 4 + d]!;
      if (shield < 0 || this.board[shield] !== DEFENDER) continue;
      const throne = nb[shield * 4 + d]!;
      if (throne !== geo.throne || this.board[throne] !== KING) continue;
      for (let e = 0; e < 4; e++) {
        const s = nb[throne * 4 + e]!;
        if (s !== shield && this.board[s] !== ATTACKER) return 0;
      }
      const stack = this.undoStack;
      stack[u + U_SQUARES] = shield;
      stack[u + U_CODES] = DEFENDER;
      stack[u + U_SQUARES + 1] = throne;
      stack[u + U_CODES + 1] = KING;
      return 2;
    }
    return 0;
  }

  private put(sq: Square, code: number): void {
    const t = this.tables;
    this.board[sq] = code;
    const row = t.rowLine[sq]!;
    const col = t.colLine[sq]!;
    this.lineOcc[row]! |= t.rowBit[sq]!;
    this.lineOcc[col]! |= t.colBit[sq]!;
    if (this.lineMobility !== undefined) {
      this.updateLine(row, code * t.rowWeight[sq]!);
      this.updateLine(col, code * t.colWeight[sq]!);
    }
    const side = code === ATTACKER ? A : D;
    const c = this.counts[side]!;
    this.lists[side]![c] = sq;
    this.listIndex[sq] = c;
    this.counts[side] = c + 1;
    this.hashLo ^= PIECE_LO[code * KEY_STRIDE + sq]!;
    this.hashHi ^= PIECE_HI[code * KEY_STRIDE + sq]!;
    if (code === KING) this.king = sq;
  }

  private take(sq: Square, code: number): void {
    const t = this.tables;
    this.board[sq] = EMPTY;
    const row = t.rowLine[sq]!;
    const col = t.colLine[sq]!;
    this.lineOcc[row]! &= ~t.rowBit[sq]!;
    this.lineOcc[col]! &= ~t.colBit[sq]!;
    if (this.lineMobility !== undefined) {
      this.updateLine(row, -code * t.rowWeight[sq]!);
      this.updateLine(col, -code * t.colWeight[sq]!);
    }
    const side = code === ATTACKER ? A : D;
    const list = this.lists[side]!;
    const last = this.counts[side]! - 1;
    const i = this.listIndex[sq]!;
    const moved = list[last]!;
    list[i] = moved;
    this.listIndex[moved] = i;
    this.counts[side] = last;
    this.hashLo ^= PIECE_LO[code * KEY_STRIDE + sq]!;
    this.hashHi ^= PIECE_HI[code * KEY_STRIDE + sq]!;
    if (code === KING) this.king = -1;
  }

  /** Moves a piece along its line: one update of the shared line, one of each crossing line. */
  private slide(from: Square, to: Square, code: number): void {
    const t = this.tables;
    this.board[from] = EMPTY;
    this.board[to] = code;
    const occ = this.lineOcc;
    const fromRow = t.rowLine[from]!;
    const fromCol = t.colLine[from]!;
    const toRow = t.rowLine[to]!;
    const toCol = t.colLine[to]!;
    occ[fromRow]! &= ~t.rowBit[from]!;
    occ[fromCol]! &= ~t.colBit[from]!;
    occ[toRow]! |= t.rowBit[to]!;
    occ[toCol]! |= t.colBit[to]!;
    if (this.lineMobility !== undefined) {
      if (fromRow === toRow) {
        this.updateLine(fromRow, code * (t.rowWeight[to]! - t.rowWeight[from]!));
        this.updateLine(fromCol, -code * t.colWeight[from]!);
        this.updateLine(toCol, code * t.colWeight[to]!);
      } else {
        this.updateLine(fromCol, code * (t.colWeight[to]! - t.colWeight[from]!));
        this.updateLine(fromRow, -code * t.rowWeight[from]!);
        this.updateLine(toRow, code * t.rowWeight[to]!);
      }
    }
    const i = this.listIndex[from]!;
    this.lists[code === ATTACKER ? A : D]![i] = to;
    this.listIndex[to] = i;
    const k = code * KEY_STRIDE;
    this.hashLo ^= PIECE_LO[k + from]! ^ PIECE_LO[k + to]!;
    this.hashHi ^= PIECE_HI[k + from]! ^ PIECE_HI[k + to]!;
    if (code === KING) this.king = to;
  }

  /** Adds `delta` to a line's state and moves the mobility totals with it. */
  private updateLine(line: number, delta: number): void {
    const lm = this.lineMobility!;
    const base = line * this.lineStates;
    const state = this.lineState[line]!;
    this.lineState[line] = state + delta;
    this.mobilityPacked += lm[base + state + delta]! - lm[base + state]!;
  }

  private grow(): void {
    const grown = (a: Int32Array, size: number): Int32Array => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.undoStack = grown(this.undoStack, this.undoStack.length * 2);
    this.historyLo = grown(this.historyLo, this.historyLo.length * 2);
    this.historyHi = grown(this.historyHi, this.historyHi.length * 2);
  }
}
