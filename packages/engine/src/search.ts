/**
 * The search: iterative deepening principal variation search with a transposition table, move
 * ordering (the table's move, wins, captures, moves that shut the king's escape lines, killers,
 * the counter move, history) and late move reductions. Beyond the horizon a quiescence search
 * follows the forcing moves: in tafl the king's open lines to an escape square play the part
 * checks play in chess, so a side facing an open line must answer it (block or take the king), and
 * a king move that opens a line is searched like a check. Wins and losses are scored by their
 * distance in plies; the game's own draws (repetition, quiet plies, no legal move) come from the
 * Position itself.
 */

import {
  ATTACKER,
  KING,
  PASS,
  WIN,
  WIN_BOUND,
  encodeMove,
  opposite,
  type Move,
  type Position,
  type Ruleset,
  type Side,
} from '@tafl/core';
import { evalContext, evaluate, routeBlocked, routesFrom, type EvalContext, type Weights } from './eval.js';
import { drawScoreFor, weightsFor } from './weights.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt.js';
import { TB_DRAW, TB_LOSS, TB_WIN, tbRulesKey } from './tb/table.js';
import type { Tablebase } from './tb/probe.js';
import { mirroredMoves } from './symmetry.js';
import { BoundedSearch, OutOfBudget } from './solve/bounded.js';
import { solverPosition } from './solve/solve.js';

/** Do the tables of `a` answer positions of `b` (the same moves and captures)? */
const sameRules = (a: Ruleset, b: Ruleset): boolean => a === b || tbRulesKey(a) === tbRulesKey(b);

/** A win in N plies scores WIN - N; scores beyond WIN_BOUND are wins (core's analysis.ts). */
export { WIN, WIN_BOUND };
const INFINITE = 32000;
const MAX_PLY = 128;
/** The most moves a position has (the move lists' length). */
const MAX_SPLIT_MOVES = 512;
/** The shallowest remaining depth of a split point: below it the moves are too small to share. */
const SPLIT_DEPTH = 4;
/** A search looks at its limits every NODE_STEP positions (a power of two); a helper counts its positions then. */
const NODE_STEP = 256;
/** Split points a thread may be at work in at once (its own and those it joined, nested). */
const MAX_NEST = 8;
const MAX_QUIESCENCE = 8;
/** Principal variations shorter than this are followed on through the table (`extendPv`). */
const PV_FOLLOW = 12;
const FUTILITY_MARGIN = 120;
/** Entries of the evaluation cache, less one. */
const EVAL_CACHE_MASK = (1 << 16) - 1;
/** Late move pruning: at depth d (up to LMP_DEPTH), only the first LMP_COUNT[d] moves and the forcing ones. */
const LMP_DEPTH = 3;
const LMP_COUNT = [0, 8, 14, 24];

/**
 * Late move pruning and futility, at a node where they may prune (`prunable`): does it leave out
 * its next quiet move, `searched` moves searched (or taken) before it? Only once a move searched
 * has not lost. Moves left out prove nothing: a node whose searched moves all lost would otherwise
 * score itself lost, and the table would keep that as proved (test/search-pruning.test.ts). The
 * node's loop and its split point's list ask the same.
 */
const leavesOut = (bestScore: number, futile: boolean, searched: number, depth: number): boolean =>
  bestScore > -WIN_BOUND && (futile || searched >= LMP_COUNT[depth]!);

/** Keys of the quiet-ply count, mixed into the table's key where quiet plies draw. */
const QUIET_SALT = Int32Array.from({ length: 64 }, (_, i) =>
  i === 0 ? 0 : Math.imul(i, 0x9e3779b1) ^ (i << 20),
);
/** Late move reductions by depth and move number: the usual logarithmic shape. */
const LMR = Int8Array.from({ length: 64 * 64 }, (_, i) =>
  Math.max(1, Math.floor(0.5 + (Math.log(Math.max(i >> 6, 1)) * Math.log(Math.max(i & 63, 1))) / 2.2)),
);
/**
 * How a late quiet move's reduction differs from the table's: one ply more when its history is
 * bad (it failed low more often than it cut off), one less on the main line.
 */
const lateAdjust = (pvNode: boolean, history: number): number => (history < 0 ? 1 : 0) - (pvNode ? 1 : 0);
/** A late move's reduction: the table's, adjusted, never below 0 nor to less than 1 ply left. */
const lateReduction = (depth: number, searched: number, adjust: number): number =>
  Math.max(0, Math.min(depth - 2, LMR[Math.min(depth, 63) * 64 + Math.min(searched, 63)]! + adjust));

export interface SearchLimits {
  /** Deepest iteration. */
  readonly depth?: number;
  /** Stop after about this many nodes (checked every 256; deterministic). */
  readonly nodes?: number;
  /** Stop after this many milliseconds (depth 1 always finishes). */
  readonly timeMs?: number;
  /**
   * Stop when element 0 becomes non-zero: an Int32Array over a SharedArrayBuffer lets another
   * thread stop a search without ending the worker that runs it.
   */
  readonly stopFlag?: Int32Array;
  /**
   * How many best lines to find (1..MAX_MULTI_PV, 1 by default): at every depth the root is
   * searched once per line, each time without the root moves of the lines already found.
   */
  readonly multiPv?: number;
  /**
   * Search on until the time is spent, where play stops early (a single move, a best move stable
   * for some depths): an analysis, where the score matters as much as the move. A proved result
   * still ends it.
   */
  readonly useAllTime?: boolean;
}

/** The most lines `multiPv` may ask for. */
export const MAX_MULTI_PV = 5;

/** One of the best lines of a multi-line search: its score for the side to move, and its moves. */
export interface SearchLine {
  readonly score: number;
  readonly pv: readonly Move[];
}

export interface SearchInfo {
  readonly depth: number;
  /** For the side to move, in centi-soldiers, or a win/loss by distance (see `mateIn`). */
  readonly score: number;
  readonly pv: readonly Move[];
  /** Positions searched, by every thread of the search (its helpers' too). */
  readonly nodes: number;
  readonly timeMs: number;
  /** `nodes` a second, over every thread. */
  readonly nps: number;
  /** With `multiPv` above 1: the best lines, best first (the first is `score` and `pv`). */
  readonly lines?: readonly SearchLine[];
  /**
   * Set when the endgame tables answered the position instead of a search (`SearchOptions.tablebase`):
   * their value for the side to move and the distance to the end in plies; `pv` is then their line
   * to the end, and `depth` its length.
   */
  readonly tablebase?: { readonly value: 'win' | 'loss' | 'draw'; readonly distance: number };
  /** True when the move is the opening book's (a level's; no search: depth 0, score 0). */
  readonly book?: boolean;
}

export interface SearchResult extends SearchInfo {
  /** The best move, or undefined when the game is over. */
  readonly move: Move | undefined;
}

/** Plies to a forced win (positive) or loss (negative), or undefined for an ordinary score. */
export function mateIn(score: number): number | undefined {
  if (score > WIN_BOUND) return WIN - score;
  if (score < -WIN_BOUND) return -(WIN + score);
  return undefined;
}

class Abort extends Error {}
/** A move cut off at a split point this thread works at (or its owner stopped): it leaves. */
class SplitCut extends Error {}
/**
 * Another thread raised the alpha of the split point at `level` of this thread's nest while this
 * thread searched one of its moves against the old one: the move is searched again against the
 * new alpha (`splitWork`), as the one-thread loop would have searched it.
 */
class Restart extends Error {
  constructor(readonly level: number) {
    super();
  }
}

export interface SearchOptions {
  /** Evaluation weights; by default each ruleset's own (weights.ts). */
  readonly weights?: Weights;
  /** log2 of the number of transposition table entries (16 bytes each). */
  readonly ttBits?: number;
  /**
   * The table's memory, shared with other threads' searches (`tableBytes(ttBits)` long): the
   * threads of one search on several threads share one table.
   */
  readonly table?: SharedArrayBuffer;
  /** Helper threads that search beside this one on the shared `table`, at its split points. */
  readonly helpers?: SearchHelpers;
  /**
   * This search is helper thread number `helperIndex` (1, 2, ...) of another (`help`): it leaves
   * the shared table to its first thread to clear and age.
   */
  readonly helperIndex?: number;
  /**
   * Endgame tables of the ruleset searched: a position they hold is scored by them, without
   * search, where their answer is the game's (the repetition and quiet-ply counters cannot
   * change it: `Tablebase.isExact`).
   */
  readonly tablebase?: Tablebase;
  /**
   * A draw's worth to the defenders, in centi-soldiers (the attackers' is its opposite); by
   * default each ruleset's own (`drawScoreFor`, weights.ts).
   */
  readonly drawScore?: number;
}

/**
 * Threads that search beside a `Search` on its shared table (worker/smp.ts runs them): they start
 * when a search begins, search the moves of its split points (`help`) and stop when it ends. They
 * are used for searches that stop on time, on a stop or not at all (play, analysis): a search
 * bounded by nodes or depth alone keeps to one thread, so that it answers the same every time.
 */
export interface SearchHelpers {
  /** How many helper threads there are. */
  readonly count: number;
  /**
   * Sets the helpers working at the split points of a search of `pos` (with its game's history)
   * on the shared table until `stop[0]` becomes non-zero: `stop` is the search's shared area
   * (`SHARED_WORDS` long); `age` is the table's age for this search; `fresh` when the first thread
   * was cleared since its last search (a new game: the helpers forget their move ordering too);
   * `evaluation` is how the first thread scores positions, which the helpers score alike (their
   * scores meet in one table).
   */
  start(pos: Position, stop: Int32Array, age: number, fresh: boolean, evaluation: HelperEvaluation): void;
}

/** How a search scores positions, which its helpers take over: its weights and a draw's worth. */
export interface HelperEvaluation {
  readonly weights: Weights;
  /** A draw's worth to the defenders (`SearchOptions.drawScore`). */
  readonly drawScore: number;
}

/**
 * When a search with a time budget stops before it (packages/engine/README.md, "Time"): at once with one
 * legal move, when a win or loss is proved within the depth searched, or when the best move has
 * stayed the same for `STABLE_ITERATIONS` depths in a row, its score has not fallen by more than
 * `STABLE_DROP`, and `STABLE_SHARE` of the time is spent. Otherwise it searches on until the
 * time is up, and the unfinished depth's best move counts when it beat the previous one.
 */
export const STABLE_ITERATIONS = 4;

/**
 * The area a search shares with its helpers (an Int32Array over a SharedArrayBuffer): the stop
 * flag, the split points, and the history of the quiet moves that cut off, which the threads
 * keep together while they search (each reads and adds to it without locks: a lost update only
 * orders a move a little differently).
 *
 * Split points (young brothers wait, `split`): a thread that has searched the first move of a
 * node (at depth SPLIT_DEPTH or more) while another thread waits for work opens a split point
 * there, and the threads take its other moves one at a time. A thread that has run out of moves
 * at its own split point works at the split points opened under it while it waits.
 */
export const S_STOP = 0;
/** The last split point's number (each gets a new one). */
const G_SEQ = 1;
/** Bumped (and waited on) whenever a split point opens or a thread leaves one. */
const G_WAKE = 2;
/** Threads waiting for work now. */
const G_IDLE = 3;
/** Moves that helpers searched at split points (`helperMoves`). */
const G_HELPED = 4;
/** Positions the helpers searched, added in steps of NODE_STEP as they go. */
const G_NODES = 5;
const SLOT_BASE = 6;
/** A split point's fields, from its slot's start. */
const F_ID = 0; // its number, or 0 for a free slot
const F_OPEN = 1; // 1 while threads may join it
const F_ACTIVE = 2; // threads other than its owner at work there
const F_NEXT = 3; // the index of the next move to take
const F_COUNT = 4;
const F_CUT = 5; // 1 when a move cut off or its owner stopped: the others leave
const F_DEPTH = 6;
const F_PLY = 7;
const F_ITERATION = 8;
const F_THREATENED = 9;
const F_NULL_PLY = 10;
const F_ALPHA = 11;
const F_BETA = 12;
const F_BEST_SCORE = 13;
const F_BEST_MOVE = 14;
const F_PV_LENGTH = 15; // the line of the move that raised alpha last, 0 when none did
const F_LOCK = 16;
const F_SEARCHED = 17; // the node's moves searched before the split point's first
const F_RESEARCH = 18; // threads searching a move again with the full window (it beat alpha)
const F_PATH = 19; // the moves from the root to the split point
const F_MOVES = F_PATH + MAX_PLY;
const F_QUIET = F_MOVES + MAX_SPLIT_MOVES; // 0 for a forcing move, 2 + lateAdjust for a quiet one
const F_PV = F_QUIET + MAX_SPLIT_MOVES;
const SLOT_WORDS = F_PV + MAX_PLY;
/** Split points open at once, at most. */
const SLOTS = 16;
/** The history's place in the area, and its size (a side's moves by their squares from and to). */
const HISTORY_BASE = SLOT_BASE + SLOTS * SLOT_WORDS;
const HISTORY_WORDS = 2 * 256 * 256;
/** The counter moves' place in the area, and their size (a side's answers by the move answered). */
const COUNTER_BASE = HISTORY_BASE + HISTORY_WORDS;
const COUNTER_WORDS = 2 * 65536;
export const SHARED_WORDS = COUNTER_BASE + COUNTER_WORDS;
/** The history of quiet cut-offs in a search's shared area. */
const sharedHistory = (shared: Int32Array): Int32Array<ArrayBufferLike> =>
  new Int32Array(shared.buffer, 4 * HISTORY_BASE, HISTORY_WORDS);
/** The counter moves in a search's shared area. */
const sharedCounters = (shared: Int32Array): Int32Array<ArrayBufferLike> =>
  new Int32Array(shared.buffer, 4 * COUNTER_BASE, COUNTER_WORDS);

export const STABLE_DROP = 25;
export const STABLE_SHARE = 0.75;
/** Aspiration window at the root from this depth on, in centi-soldiers either side. */
const ASPIRATION_DEPTH = 5;
const ASPIRATION_WINDOW = 35;

export class Search {
  private readonly tt: TranspositionTable;
  private readonly weights: Weights | undefined;
  private readonly drawOption: number | undefined;
  /** A draw's worth to the defenders under the rules searched (see `SearchOptions.drawScore`). */
  private drawScore = 0;
  private ctx: EvalContext | undefined;
  private ctxRules: unknown;
  private nodes = 0;
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private stopRequested = false;
  private readonly moves: Int32Array[] = [];
  private readonly order: Int32Array[] = [];
  private readonly killers = new Int32Array(MAX_PLY * 2);
  /** A side's quiet move that last cut off after each move of the other side (by its code). */
  private counters: Int32Array<ArrayBufferLike> = new Int32Array(COUNTER_WORDS);
  private history: Int32Array<ArrayBufferLike> = new Int32Array(HISTORY_WORDS);
  private readonly pv = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY);
  private readonly routeSquares = new Uint8Array(256);
  /** Keys of the positions on the search's path by ply, to see a repetition within it. */
  private readonly pathLo = new Int32Array(MAX_PLY + 1);
  private readonly pathHi = new Int32Array(MAX_PLY + 1);
  /** The game before the root has positions a repetition could count (no capture since them). */
  private historyRepeats = false;
  /** The ply of the node that passed for the null move now searched, or -1. */
  private nullPly = -1;
  /** The rules draw on a repeated position (a repetition on the search's path then scores as a draw: `draw`). */
  private repetitionDraws = false;

  /** The endgame tables the search looks positions up in, if it was given them. */
  readonly tablebase: Tablebase | undefined;
  /** The most pieces (the king included) of a position the tablebase holds; 0 without one. */
  private tablebasePieces = 0;
  /** Positions answered by the tablebase in the last search. */
  tablebaseHits = 0;
  private readonly helpers: SearchHelpers | undefined;
  private readonly helperIndex: number;
  /** The move played at each ply of the search's path (what a split point gives its helpers). */
  private readonly pathMove = new Int32Array(MAX_PLY);
  /** The area of split points, while this thread's search uses them. */
  private splits: Int32Array | undefined;
  /** The split points this thread is at work in, outermost first: their slots' starts. */
  private readonly nestSlot = new Int32Array(MAX_NEST);
  /** By nest level, the alpha the move this thread searches there was started against (INFINITE: none). */
  private readonly nestAlpha = new Int32Array(MAX_NEST).fill(INFINITE);
  private nest = 0;

  constructor(options: SearchOptions = {}) {
    this.tt = new TranspositionTable(options.ttBits ?? 20, options.table);
    this.weights = options.weights;
    this.drawOption = options.drawScore;
    this.helpers = options.helpers;
    this.helperIndex = options.helperIndex ?? 0;
    this.tablebase = options.tablebase;
    for (let i = 0; i < MAX_PLY + MAX_QUIESCENCE + 2; i++) {
      this.moves.push(new Int32Array(512));
      this.order.push(new Int32Array(512));
    }
  }

  /** The age of the table's entries this search writes (a helper takes its first thread's). */
  set tableAge(age: number) {
    this.tt.currentAge = age;
  }

  /** Cleared (or new) since the helpers' last search (`SearchHelpers.start`). */
  private cleared = true;

  /** Asks a running search to stop; it returns the best move found so far. */
  stop(): void {
    this.stopRequested = true;
  }

  /**
   * Forgets the transposition table and the move-ordering statistics (a new game); its helpers
   * forget theirs at its next search.
   */
  clear(): void {
    if (this.helperIndex === 0) this.tt.clear();
    this.cleared = true;
    this.history = new Int32Array(this.history.length);
    this.killers.fill(0);
    this.counters.fill(0);
  }

  /**
   * The evaluation through a small cache by key: the same position is evaluated again and again
   * (beside the null move, at the horizon and in the quiescence search below it).
   */
  private staticEval(pos: Position, ctx: EvalContext): number {
    const lo = pos.keyLo;
    const hi = pos.keyHi | 1;
    const i = lo & EVAL_CACHE_MASK;
    if (this.evalHi[i] === hi && this.evalLo[i] === lo) return this.evalScore[i]!;
    const score = evaluate(pos, ctx);
    this.evalHi[i] = hi;
    this.evalLo[i] = lo;
    this.evalScore[i] = score;
    return score;
  }
  private readonly evalHi = new Int32Array(EVAL_CACHE_MASK + 1);
  private readonly evalLo = new Int32Array(EVAL_CACHE_MASK + 1);
  private readonly evalScore = new Int32Array(EVAL_CACHE_MASK + 1);

  private context(pos: Position): EvalContext {
    if (this.ctx === undefined || this.ctxRules !== pos.rules) {
      this.evalHi.fill(0);
      this.ctx = evalContext(pos, this.weights ?? weightsFor(pos.rules));
      this.ctxRules = pos.rules;
      this.quietLimited = pos.rules.quietPlyLimit > 0;
      this.repetitionDraws = pos.rules.repetitionDraws;
      this.drawScore = this.drawOption ?? drawScoreFor(pos.rules);
    }
    return this.ctx;
  }

  /** The static evaluation of `pos` for the side to move. */
  evaluate(pos: Position): number {
    return evaluate(pos, this.context(pos));
  }

  /** What every search of a position starts from, on the first thread (`run`) or a helper (`help`). */
  private begin(pos: Position, stopFlag: Int32Array | undefined, nodeLimit: number): void {
    this.nodes = 0;
    this.stopRequested = false;
    this.nodeLimit = nodeLimit;
    this.stopFlag = stopFlag;
    this.nullAllowed = true;
    this.context(pos);
    this.killers.fill(0);
    for (let i = 0; i < this.history.length; i++) this.history[i]! >>= 3;
    this.tablebaseHits = 0;
    this.tablebasePieces = 0;
    if (this.tablebase !== undefined && sameRules(this.tablebase.rules, pos.rules))
      for (const t of this.tablebase.loaded)
        this.tablebasePieces = Math.max(
          this.tablebasePieces,
          1 + t.material.defenders + t.material.attackers,
        );
  }

  /**
   * Searches `pos` (restored afterwards) by iterative deepening within the limits, calling
   * `onInfo` after every finished depth.
   */
  run(pos: Position, limits: SearchLimits, onInfo?: (info: SearchInfo) => void): SearchResult {
    const start = Date.now();
    const timed = limits.timeMs !== undefined;
    const deadline = timed ? start + limits.timeMs! : Infinity;
    this.begin(pos, limits.stopFlag, limits.nodes ?? Infinity);
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    const multiPv = Math.max(1, Math.min(limits.multiPv ?? 1, MAX_MULTI_PV));
    const info = (depth: number, score: number, pv: Move[], lines?: SearchLine[]): SearchInfo => {
      const timeMs = Date.now() - start;
      const nodes = this.nodes + (this.shared !== undefined ? Atomics.load(this.shared, G_NODES) : 0);
      return {
        depth,
        score,
        pv,
        nodes,
        timeMs,
        nps: Math.round((nodes * 1000) / Math.max(timeMs, 1)),
        ...(lines !== undefined && { lines }),
      };
    };
    if (pos.isOver()) return { move: undefined, ...info(0, this.terminal(pos, 0), []) };
    const answered = this.tablebasePieces > 0 ? this.tablebaseRoot(pos, multiPv, info) : undefined;
    if (answered !== undefined) {
      onInfo?.(answered);
      return answered;
    }
    if (this.helperIndex === 0) this.tt.nextAge();
    this.gameBeforeRoot(pos);
    // A symmetric root (the start): one move of each set of mirror images is enough, when the
    // game before it cannot make them differ (no position since its last capture that a third
    // occurrence could count).
    this.mirrored = this.historyRepeats ? [] : mirroredMoves(pos);
    // This thread's history and counter moves, which the search's threads share while they search
    // (`startHelpers`).
    const own = this.history;
    const ownCounters = this.counters;
    this.shared = this.startHelpers(pos, limits);
    try {
      this.useAllTime = limits.useAllTime === true;
      return this.iterate(pos, maxDepth, multiPv, deadline, start, info, onInfo);
    } finally {
      this.helped = 0;
      this.helpedNodes = 0;
      if (this.shared !== undefined) {
        this.helped = Atomics.load(this.shared, G_HELPED);
        this.helpedNodes = Atomics.load(this.shared, G_NODES);
        Atomics.store(this.shared, S_STOP, 1);
        Atomics.add(this.shared, G_WAKE, 1);
        Atomics.notify(this.shared, G_WAKE);
      }
      if (this.history !== own) {
        own.set(this.history);
        this.history = own;
      }
      if (this.counters !== ownCounters) {
        ownCounters.set(this.counters);
        this.counters = ownCounters;
      }
      this.shared = undefined;
      this.splits = undefined;
      this.mirrored = [];
    }
  }

  /** The area shared with the helpers (their stop flag, the split points), when they search. */
  private startHelpers(pos: Position, limits: SearchLimits): Int32Array | undefined {
    const helpers = this.helpers;
    if (helpers === undefined || helpers.count === 0 || limits.nodes !== undefined) return undefined;
    // Bounded by depth alone, it answers the same every time on one thread.
    if (limits.depth !== undefined && limits.timeMs === undefined && limits.stopFlag === undefined)
      return undefined;
    const shared = new Int32Array(new SharedArrayBuffer(4 * SHARED_WORDS));
    // The history of quiet cut-offs and the counter moves are the threads' together during the
    // search (`help`): a helper orders the moves under a split point as this thread would.
    const history = sharedHistory(shared);
    history.set(this.history);
    const counters = sharedCounters(shared);
    counters.set(this.counters);
    this.splits = shared;
    this.nest = 0;
    helpers.start(pos, shared, this.tt.currentAge, this.cleared, {
      weights: this.weights ?? weightsFor(pos.rules),
      drawScore: this.drawScore,
    });
    this.cleared = false;
    this.history = history;
    this.counters = counters;
    return shared;
  }

  private iterate(
    pos: Position,
    maxDepth: number,
    multiPv: number,
    deadline: number,
    start: number,
    info: (depth: number, score: number, pv: Move[], lines?: SearchLine[]) => SearchInfo,
    onInfo: ((info: SearchInfo) => void) | undefined,
  ): SearchResult {
    const timed = deadline !== Infinity;
    // The moves that differ: all but the mirror images of others (the start of ard-ri-fr has one).
    const distinct = pos.mustPass() ? 1 : pos.legalMoveCount - this.mirrored.length;
    const lineCount = multiPv > 1 ? Math.min(multiPv, distinct) : 1;
    const onlyMove = distinct === 1;
    let best: SearchResult = { move: this.fallbackMove(pos), ...info(0, 0, []) };
    let stable = 0;
    /** The score of the best line at the last depth, the centre of the next depth's window. */
    let guess = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      let score: number;
      let lines: SearchLine[] | undefined;
      let firstDone = false;
      this.iteration = depth;
      this.deadline = depth === 1 ? Infinity : deadline;
      this.failedHigh = undefined;
      try {
        score =
          depth >= ASPIRATION_DEPTH && Math.abs(guess) < WIN_BOUND
            ? this.aspiration(pos, depth, guess)
            : this.negamax(pos, depth, -INFINITE, INFINITE, 0);
        guess = score;
        firstDone = true;
        if (multiPv > 1) {
          lines = this.otherLines(pos, depth, score, lineCount, deadline);
          score = lines[0]!.score;
        }
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
        this.excludedCount = 0;
        while (pos.ply > this.rootPly) pos.undo();
        // The unfinished depth's best move, if it beat the previous one (or failed high above it).
        const improved = this.pvLength[0]! > 0 && this.rootImproved;
        const partial = improved ? this.pv[0]! : this.failedHigh;
        // Its line then, so that the line shown starts with the move played.
        if (partial !== undefined && !firstDone && partial !== best.move) {
          const pv = improved ? Array.from(this.pv.subarray(0, this.pvLength[0]!)) : [partial];
          best = { ...best, move: partial, pv };
        }
        break;
      }
      const pv =
        lines !== undefined
          ? [...lines[0]!.pv]
          : this.extendPv(pos, Array.from(this.pv.subarray(0, this.pvLength[0]!)), score, deadline);
      const previous = best;
      best = { move: pv[0] ?? best.move, ...info(depth, score, pv, lines) };
      onInfo?.(best);
      if (Math.abs(score) > WIN_BOUND && WIN - Math.abs(score) <= depth) break;
      if (this.stopRequested || (this.stopFlag !== undefined && this.stopFlag[0] !== 0)) break;
      if (!timed || this.useAllTime) continue;
      if (onlyMove) break;
      stable = best.move === previous.move && score >= previous.score - STABLE_DROP ? stable + 1 : 0;
      if (stable >= STABLE_ITERATIONS - 1 && Date.now() - start >= (deadline - start) * STABLE_SHARE) break;
    }
    const lines = best.lines?.map((l) => ({ score: l.score, pv: [...l.pv] }));
    return { ...best, ...info(best.depth, best.score, [...best.pv], lines) };
  }

  /**
   * The root searched in a narrow window around the previous depth's score, widened on the side
   * it fails until the score falls inside.
   */
  private aspiration(pos: Position, depth: number, guess: number): number {
    let delta = ASPIRATION_WINDOW;
    let alpha = Math.max(guess - delta, -INFINITE);
    let beta = Math.min(guess + delta, INFINITE);
    for (;;) {
      const score = this.negamax(pos, depth, alpha, beta, 0);
      if (score <= alpha && alpha > -INFINITE) {
        delta *= 3;
        alpha = delta > 1000 ? -INFINITE : Math.max(score - delta, -INFINITE);
      } else if (score >= beta && beta < INFINITE) {
        if (this.pvLength[0]! > 0) this.failedHigh = this.pv[0]!;
        delta *= 3;
        beta = delta > 1000 ? INFINITE : Math.min(score + delta, INFINITE);
      } else return score;
    }
  }

  /**
   * The lines after the first at `depth`: the root searched again without the root moves of the
   * lines found so far (the first, in the triangular PV now), `count` lines in all, best first.
   */
  private otherLines(
    pos: Position,
    depth: number,
    firstScore: number,
    count: number,
    deadline: number,
  ): SearchLine[] {
    const first = this.extendPv(
      pos,
      Array.from(this.pv.subarray(0, this.pvLength[0]!)),
      firstScore,
      deadline,
    );
    const lines: SearchLine[] = [{ score: firstScore, pv: first }];
    try {
      while (lines.length < count) {
        const first = lines[lines.length - 1]!.pv[0];
        if (first === undefined) break;
        this.excluded[this.excludedCount++] = first;
        const score = this.negamax(pos, depth, -INFINITE, INFINITE, 0);
        if (this.pvLength[0] === 0) break;
        lines.push({
          score,
          pv: this.extendPv(pos, Array.from(this.pv.subarray(0, this.pvLength[0]!)), score, deadline),
        });
      }
    } finally {
      this.excludedCount = 0;
    }
    // A later line can come out a little above an earlier one (the table's bounds differ): sort.
    return lines.sort((a, b) => b.score - a.score);
  }

  /**
   * Scores every root move with full-window searches of 1, 2, ... up to `depth` plies (for the
   * weaker levels, which pick among them with some noise), within `timeMs` if given: the scores
   * of the deepest depth that finished for every move are returned (depth 1 always finishes),
   * for the side to move, best first.
   */
  scoreRootMoves(pos: Position, depth: number, timeMs?: number): { move: Move; score: number }[] {
    const start = Date.now();
    this.nodes = 0;
    this.stopRequested = false;
    this.stopFlag = undefined;
    this.nullAllowed = true;
    this.nodeLimit = Infinity;
    this.context(pos);
    const moves = pos.mustPass() ? [PASS] : pos.legalMoves();
    const rootPly = pos.ply;
    this.gameBeforeRoot(pos);
    let scored: { move: Move; score: number }[] = [];
    for (let d = 1; d <= depth; d++) {
      this.iteration = d;
      this.deadline = d === 1 || timeMs === undefined ? Infinity : start + timeMs;
      try {
        scored = moves.map((move) => {
          pos.play(move);
          const score = -this.negamax(pos, d - 1, -INFINITE, INFINITE, 1);
          pos.undo();
          return { move, score };
        });
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
        while (pos.ply > rootPly) pos.undo();
        break;
      }
    }
    return scored.sort((a, b) => b.score - a.score);
  }

  private rootPly = 0;
  /** The area shared with this search's helpers while they search. */
  private shared: Int32Array | undefined;
  /** The root move that failed high in this depth's aspiration window, while it is searched again. */
  private failedHigh: Move | undefined;
  private rootImproved = false;
  /** Root moves left out of this root search (the moves of the lines already found). */
  private readonly excluded = new Int32Array(MAX_MULTI_PV);
  private excludedCount = 0;
  /** The root's moves that are mirror images of others (`mirroredMoves`), left out of its search. */
  private mirrored: Move[] = [];
  private iteration = 1;
  /** The search's `SearchLimits.useAllTime`. */
  private useAllTime = false;
  private nullAllowed = true;
  private stopFlag: Int32Array | undefined;
  private quietLimited = false;

  private fallbackMove(pos: Position): Move | undefined {
    const moves = pos.mustPass() ? [PASS] : pos.legalMoves();
    return moves[0];
  }

  private checkLimits(): void {
    if ((this.nodes & (NODE_STEP - 1)) !== 0) return;
    if (this.helperIndex > 0 && this.splits !== undefined) Atomics.add(this.splits, G_NODES, NODE_STEP);
    this.checkStop();
  }

  /** Throws when a split point this thread works in was cut off, or the search must stop. */
  private checkStop(): void {
    for (let k = 0; k < this.nest; k++) {
      if (Atomics.load(this.splits!, this.nestSlot[k]! + F_CUT) !== 0) throw new SplitCut();
      if (Atomics.load(this.splits!, this.nestSlot[k]! + F_ALPHA) > this.nestAlpha[k]!) throw new Restart(k);
    }
    if (
      this.stopRequested ||
      (this.stopFlag !== undefined && this.stopFlag[0] !== 0) ||
      this.nodes >= this.nodeLimit ||
      (this.deadline !== Infinity && Date.now() >= this.deadline)
    )
      throw new Abort();
  }

  /**
   * Does `pos` stand already on the search's path, the root included (no capture and no null move
   * between)? Going back to it is as good as the draw the rules give on its third occurrence: the
   * side it suits can repeat the cycle, and the other's ways out of it were searched at its first
   * occurrence. A position that stood only earlier in the game is no draw yet: nobody searched the
   * ways out of it, and the side to move there may take another (the game's third occurrence,
   * which does draw, the position itself reports).
   */
  private repeatsOnPath(pos: Position, ply: number): boolean {
    const limit = Math.max(ply - pos.quietPlies, this.nullPly >= 0 ? this.nullPly + 1 : 0);
    const lo = pos.keyLo;
    const hi = pos.keyHi;
    for (let i = ply - 4; i >= limit; i -= 2) if (this.pathLo[i] === lo && this.pathHi[i] === hi) return true;
    return false;
  }

  /**
   * The root's key, first on the search's path, and whether the game before the root has positions
   * a repetition could count (`historyRepeats`).
   */
  private gameBeforeRoot(pos: Position): void {
    this.pathLo[0] = pos.keyLo;
    this.pathHi[0] = pos.keyHi;
    this.historyRepeats = this.repetitionDraws && Math.min(pos.quietPlies, pos.ply) >= 3;
  }

  /** A draw's score for the side to move. */
  private draw(pos: Position): number {
    return pos.turn === 'defenders' ? this.drawScore : 0 - this.drawScore;
  }

  /** The score of a finished game for the side to move, `ply` plies from the root. */
  private terminal(pos: Position, ply: number): number {
    const outcome = pos.outcome();
    if (outcome.status === 'ongoing') return 0;
    if (outcome.status === 'draw') return this.draw(pos);
    return outcome.status === pos.turn ? WIN - ply : -(WIN - ply);
  }

  private negamax(pos: Position, depth: number, alpha: number, beta: number, ply: number): number {
    this.pvLength[ply] = 0;
    if (ply === 0) {
      this.rootPly = pos.ply;
      this.rootImproved = false;
    } else {
      this.nodes++;
      this.checkLimits();
      if (pos.isOver()) return this.terminal(pos, ply);
      if (this.tablebasePieces > 0) {
        const score = this.tablebaseScore(pos, ply);
        if (score !== undefined) return score;
      }
      if (this.repetitionDraws && this.repeatsOnPath(pos, ply)) return this.draw(pos);
    }
    this.pathLo[ply] = pos.keyLo;
    this.pathHi[ply] = pos.keyHi;
    const ctx = this.ctx!;
    const defendersToMove = pos.turn === 'defenders';
    const king = pos.kingSquare;
    const routes = king >= 0 ? routesFrom(pos, ctx, king) : 0;
    if (defendersToMove && routes > 0 && (ply > 0 || this.excludedCount === 0)) {
      if (ply === 0) return this.rootWin(pos);
      return this.escapeWin(pos, king, ply);
    }
    if (ply >= MAX_PLY - 1) return evaluate(pos, ctx);
    // An open line to escape is like check: answer it, and look one ply further.
    const threatened = !defendersToMove && routes > 0;
    if (threatened && ply < 2 * this.iteration) depth++;
    if (depth <= 0) return this.quiesce(pos, alpha, beta, ply, 0);

    let ttMove = 0;
    const keyLo = this.keyLoOf(pos);
    const keyHi = pos.keyHi;
    const tt = this.tt;
    if (tt.probe(keyLo, keyHi)) {
      ttMove = tt.hitMove;
      if (ply > 0 && tt.hitDepth >= depth) {
        const score = fromTT(tt.hitScore, ply);
        const bound = tt.hitBound;
        if (
          bound === BOUND_EXACT ||
          (bound === BOUND_LOWER && score >= beta) ||
          (bound === BOUND_UPPER && score <= alpha)
        )
          return score;
      }
    }

    const pvNode = beta - alpha > 1;
    /**
     * Quiet moves may be pruned here: a node near the horizon, not facing an open line. On the main
     * line too: a null-window search that left out moves the full-window search then looked at
     * would often fail high on a move the second search finds no better (engine README).
     */
    let prunable = false;
    let futile = false;
    // (On the main line only late move pruning and futility apply, near the horizon.)
    if (!threatened && ply > 0 && Math.abs(beta) < WIN_BOUND && (!pvNode || depth <= LMP_DEPTH)) {
      const stand = this.staticEval(pos, ctx);
      prunable = depth <= LMP_DEPTH && Math.abs(alpha) < WIN_BOUND;
      // Futility: so far below alpha that a quiet move will not bring it back.
      futile = prunable && depth <= 2 && stand + FUTILITY_MARGIN * (depth + 1) <= alpha;
      // Reverse futility: far above beta near the horizon, the opponent will not come back.
      if (!pvNode && depth <= 3 && stand - FUTILITY_MARGIN * depth >= beta) return stand;
      // Null move: if passing still holds beta, a real move will too (zugzwang is rare in tafl). Not
      // for the attackers when a defender stands in the king's way to an escape: his stepping off
      // opens it (a discovered threat), a quiet move the shallow search after a pass leaves out.
      if (
        !pvNode &&
        depth >= 3 &&
        stand >= beta &&
        !pos.mustPass() &&
        this.nullAllowed &&
        (defendersToMove || king < 0 || !routeBlocked(pos, ctx, king))
      ) {
        const reduction = 2 + (depth >> 2);
        this.nullAllowed = false;
        this.nullPly = ply;
        this.pathMove[ply] = PASS;
        pos.play(PASS);
        const score = -this.negamax(pos, depth - 1 - reduction, -beta, -beta + 1, ply + 1);
        pos.undo();
        this.nullPly = -1;
        this.nullAllowed = true;
        if (score >= beta && score < WIN_BOUND) return score;
      }
    }

    const alphaStart = alpha;
    let bestScore = -INFINITE;
    let bestMove = 0;
    const excluding = ply === 0 && this.excludedCount > 0;
    /** Root moves left out: the lines found already (`excluding`), and the mirror images of others. */
    const skipping = excluding || (ply === 0 && this.mirrored.length > 0);
    let searched = 0;
    // The table's move first, before the others are generated and ordered: it is searched first
    // anyway, and often ends the node on its own.
    const early = ttMove !== 0 && !(skipping && this.skipped(ttMove)) && pos.isLegal(ttMove) ? ttMove : 0;
    if (early !== 0) {
      this.pathMove[ply] = early;
      pos.play(early);
      const score = -this.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
      pos.undo();
      searched = 1;
      bestScore = score;
      bestMove = early;
      if (score > alpha) {
        alpha = score;
        this.updatePv(ply, early);
        if (ply === 0) this.rootImproved = true;
        if (score >= beta) {
          if (!excluding) this.tt.store(keyLo, keyHi, early, toTT(score, ply), depth, BOUND_LOWER);
          return score;
        }
      }
    }

    const moves = this.moves[ply]!;
    const count = pos.generateMoves(moves);
    const order = this.order[ply]!;
    this.scoreMoves(pos, moves, order, count, ttMove, ply, routes);
    // Young brothers wait: once the first move is searched, the others may be shared out with the
    // threads waiting for work.
    const splits = this.splits !== undefined && depth >= SPLIT_DEPTH && !excluding && this.nest < MAX_NEST;
    for (let i = 0; i < count; i++) {
      if (splits && searched > 0 && Atomics.load(this.splits!, G_IDLE) > 0) {
        const slot = this.openSplit(
          moves,
          order,
          i,
          count,
          early,
          depth,
          ply,
          alpha,
          beta,
          bestScore,
          threatened,
          searched,
          prunable,
          futile,
          pvNode,
        );
        if (slot >= 0) {
          const best = this.split(pos, slot, ply);
          if (best > bestScore) {
            bestScore = best;
            bestMove = this.splitBestMove;
          }
          break;
        }
      }
      const move = pickNext(moves, order, i, count);
      if (move === early || (skipping && this.skipped(move))) continue;
      const quiet = order[i]! < 100_000_000;
      if (prunable && quiet && leavesOut(bestScore, futile, searched, depth)) continue;
      const late = searched >= 2 && depth >= 3 && quiet && !threatened;
      this.pathMove[ply] = move;
      pos.play(move);
      let score: number;
      if (searched++ === 0) score = -this.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
      else {
        const reduction = late ? lateReduction(depth, searched - 1, lateAdjust(pvNode, order[i]!)) : 0;
        score = -this.negamax(pos, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && reduction > 0)
          score = -this.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta) score = -this.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
      }
      pos.undo();
      if (score > bestScore) {
        bestScore = score;
        bestMove = move;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, move);
          if (ply === 0) this.rootImproved = true;
          if (score >= beta) {
            if (quiet) this.rememberCutoff(pos, move, ply, depth, moves, order, i);
            break;
          }
        }
      }
    }
    // A root searched without some moves has not found the position's value: keep it out of the table.
    if (excluding) return bestScore;
    const bound = bestScore >= beta ? BOUND_LOWER : bestScore > alphaStart ? BOUND_EXACT : BOUND_UPPER;
    this.tt.store(keyLo, keyHi, bestMove, toTT(bestScore, ply), depth, bound);
    return bestScore;
  }

  /** The best move of the last split point (`split`), when one of its moves beat the node's first. */
  private splitBestMove: Move = 0;
  private helped = 0;
  private helpedNodes = 0;

  /** How many moves of the last search's split points its helper threads searched (0 on one thread). */
  get helperMoves(): number {
    return this.helped;
  }

  /** How many positions its helper threads searched in the last search (counted in its `nodes`). */
  get helperNodes(): number {
    return this.helpedNodes;
  }

  /** The helper threads this search shares its work with (0 on one thread). */
  get helperThreads(): number {
    return this.helpers?.count ?? 0;
  }

  /**
   * Opens a split point at this node (`ply`; `searched` of its moves searched): a free slot gets
   * the moves left (`moves` from `from` in order, without `skip`, and without the quiet moves that
   * late move pruning and futility would leave out, as the sequential loop would) and what a
   * thread needs to search them. Returns the slot's start, or -1 when no slot is free or no move is
   * left.
   */
  private openSplit(
    moves: Int32Array,
    order: Int32Array,
    from: number,
    count: number,
    skip: Move,
    depth: number,
    ply: number,
    alpha: number,
    beta: number,
    bestScore: number,
    threatened: boolean,
    searched: number,
    prunable: boolean,
    futile: boolean,
    pvNode: boolean,
  ): number {
    const area = this.splits!;
    let slot = -1;
    for (let k = 0; k < SLOTS && slot < 0; k++)
      if (Atomics.compareExchange(area, SLOT_BASE + k * SLOT_WORDS + F_ID, 0, -1) === 0)
        slot = SLOT_BASE + k * SLOT_WORDS;
    if (slot < 0) return -1;
    let n = 0;
    for (let j = from; j < count; j++) {
      const move = pickNext(moves, order, j, count);
      if (move === skip || (ply === 0 && this.skipped(move))) continue;
      const quiet = order[j]! < 100_000_000;
      if (prunable && quiet && leavesOut(bestScore, futile, searched + n, depth)) continue;
      area[slot + F_MOVES + n] = move;
      area[slot + F_QUIET + n++] = quiet ? 2 + lateAdjust(pvNode, order[j]!) : 0;
    }
    if (n === 0) {
      Atomics.store(area, slot + F_ID, 0);
      return -1;
    }
    for (let k = 0; k < ply; k++) area[slot + F_PATH + k] = this.pathMove[k]!;
    area[slot + F_PLY] = ply;
    area[slot + F_SEARCHED] = searched;
    area[slot + F_DEPTH] = depth;
    area[slot + F_ITERATION] = this.iteration;
    area[slot + F_THREATENED] = threatened ? 1 : 0;
    area[slot + F_NULL_PLY] = this.nullPly;
    area[slot + F_ALPHA] = alpha;
    area[slot + F_BETA] = beta;
    area[slot + F_BEST_SCORE] = bestScore;
    area[slot + F_BEST_MOVE] = 0;
    area[slot + F_PV_LENGTH] = 0;
    area[slot + F_COUNT] = n;
    area[slot + F_NEXT] = 0;
    area[slot + F_CUT] = 0;
    area[slot + F_ACTIVE] = 0;
    area[slot + F_RESEARCH] = 0;
    Atomics.store(area, slot + F_OPEN, 1);
    Atomics.store(area, slot + F_ID, Atomics.add(area, G_SEQ, 1) + 1);
    this.wake(area);
    return slot;
  }

  /** Wakes the threads waiting for work. */
  private wake(area: Int32Array): void {
    Atomics.add(area, G_WAKE, 1);
    Atomics.notify(area, G_WAKE);
  }

  /**
   * The owner's side of a split point it opened at `ply` (`pos` is the node): it searches moves
   * with the others until none is left, then waits for them, working at the split points opened
   * under this one meanwhile. Returns the best score of the node (and sets `splitBestMove` when a
   * move of the split point beat the first); a move that raised alpha leaves its line at `ply`.
   */
  private split(pos: Position, slot: number, ply: number): number {
    const area = this.splits!;
    const node = pos.ply;
    const nullPly = this.nullPly;
    const nullAllowed = this.nullAllowed;
    let failure: unknown;
    this.nestSlot[this.nest++] = slot;
    try {
      this.splitWork(pos, slot, ply);
    } catch (e) {
      if (!(e instanceof Abort) && !(e instanceof SplitCut) && !(e instanceof Restart)) throw e;
      while (pos.ply > node) pos.undo();
      this.nullPly = nullPly;
      this.nullAllowed = nullAllowed;
      // A move here cut off (another thread's): the node is done. A stop, a cut-off at a split
      // point further out or a move further out searched again: the helpers here leave too, and
      // the search unwinds.
      if (e instanceof Abort || e instanceof Restart || this.outerCut()) {
        failure = e;
        Atomics.store(area, slot + F_CUT, 1);
      }
    }
    Atomics.store(area, slot + F_OPEN, 0);
    // Helping while waiting: the split points opened under this one, by the threads at work here.
    Atomics.add(area, G_IDLE, 1);
    try {
      while (Atomics.load(area, slot + F_ACTIVE) !== 0) {
        const seen = Atomics.load(area, G_WAKE);
        let joined = false;
        if (failure === undefined)
          try {
            joined = this.joinSome(pos, ply);
          } catch (e) {
            if (!(e instanceof Abort) && !(e instanceof Restart)) throw e;
            failure = e;
            Atomics.store(area, slot + F_CUT, 1);
          }
        if (!joined) Atomics.wait(area, G_WAKE, seen, 1);
      }
    } finally {
      Atomics.sub(area, G_IDLE, 1);
      this.nest--;
    }
    const length = area[slot + F_PV_LENGTH]!;
    if (length > 0) {
      const base = ply * MAX_PLY;
      for (let k = 0; k < length; k++) this.pv[base + k] = area[slot + F_PV + k]!;
      this.pvLength[ply] = length;
      if (ply === 0) this.rootImproved = true;
    }
    const best = area[slot + F_BEST_SCORE]!;
    this.splitBestMove = area[slot + F_BEST_MOVE]!;
    Atomics.store(area, slot + F_ID, 0);
    if (failure !== undefined) throw failure;
    return best;
  }

  /** Has a split point further out than this thread's innermost been cut off? */
  private outerCut(): boolean {
    for (let k = 0; k < this.nest - 1; k++)
      if (Atomics.load(this.splits!, this.nestSlot[k]! + F_CUT) !== 0) return true;
    return false;
  }

  /**
   * Joins one open split point with moves left, under the node at `ply` of this thread's path
   * (any, for an idle helper: `ply` -1): plays the way to it, works there and comes back.
   * Returns false when there was none to join.
   */
  private joinSome(pos: Position, ply: number): boolean {
    const area = this.splits!;
    if (this.nest >= MAX_NEST) return false;
    for (let k = 0; k < SLOTS; k++) {
      const slot = SLOT_BASE + k * SLOT_WORDS;
      const id = Atomics.load(area, slot + F_ID);
      if (id <= 0 || Atomics.load(area, slot + F_OPEN) !== 1) continue;
      if (Atomics.load(area, slot + F_NEXT) >= area[slot + F_COUNT]!) continue;
      Atomics.add(area, slot + F_ACTIVE, 1);
      try {
        // Still the same split point, open (its owner waits for us now), and under this node?
        if (Atomics.load(area, slot + F_ID) !== id || Atomics.load(area, slot + F_OPEN) !== 1) continue;
        const at = area[slot + F_PLY]!;
        if (at <= ply) continue;
        let under = true;
        for (let j = 0; j < ply && under; j++) under = area[slot + F_PATH + j] === this.pathMove[j];
        if (!under) continue;
        Atomics.sub(area, G_IDLE, 1);
        try {
          this.work(pos, slot, ply, at);
        } finally {
          Atomics.add(area, G_IDLE, 1);
        }
        return true;
      } finally {
        Atomics.sub(area, slot + F_ACTIVE, 1);
        this.wake(area);
      }
    }
    return false;
  }

  /** Plays the way from this thread's node at `ply` to the split point in `slot`, works there, and comes back. */
  private work(pos: Position, slot: number, ply: number, at: number): void {
    const area = this.splits!;
    const base = pos.ply;
    const iteration = this.iteration;
    const nullPly = this.nullPly;
    const nullAllowed = this.nullAllowed;
    this.nestSlot[this.nest++] = slot;
    try {
      for (let k = Math.max(ply, 0); k < at; k++) {
        const move = area[slot + F_PATH + k]!;
        this.pathMove[k] = move;
        pos.play(move);
        this.pathLo[k + 1] = pos.keyLo;
        this.pathHi[k + 1] = pos.keyHi;
      }
      this.iteration = area[slot + F_ITERATION]!;
      this.nullPly = area[slot + F_NULL_PLY]!;
      this.nullAllowed = this.nullPly < 0;
      this.splitWork(pos, slot, at);
    } catch (e) {
      // A cut-off here or further out: this thread's part here is over. A stop ends a helper's
      // part too (it sees the stop next); the first thread's search unwinds.
      if (!(e instanceof SplitCut) && !(e instanceof Abort)) throw e;
      if (e instanceof Abort && this.helperIndex === 0) throw e;
    } finally {
      this.nest--;
      while (pos.ply > base) pos.undo();
      this.iteration = iteration;
      this.nullPly = nullPly;
      this.nullAllowed = nullAllowed;
    }
  }

  /**
   * A thread's part of the split point in `slot` at `ply` (`pos` is its node): it takes the next
   * move left and searches it as the sequential search would, against the node's best score so
   * far whichever thread found it, until none is left or one cuts off.
   */
  private splitWork(pos: Position, slot: number, ply: number): void {
    const area = this.splits!;
    const depth = area[slot + F_DEPTH]!;
    const beta = area[slot + F_BETA]!;
    const threatened = area[slot + F_THREATENED] === 1;
    const count = area[slot + F_COUNT]!;
    const before = area[slot + F_SEARCHED]!;
    const level = this.nest - 1;
    const node = pos.ply;
    const nullPly = this.nullPly;
    const nullAllowed = this.nullAllowed;
    for (;;) {
      if (Atomics.load(area, slot + F_RESEARCH) !== 0) this.awaitResearch(pos, slot, ply);
      const i = Atomics.add(area, slot + F_NEXT, 1);
      if (i >= count || Atomics.load(area, slot + F_CUT) !== 0) return;
      const move = area[slot + F_MOVES + i]!;
      if (this.helperIndex > 0) Atomics.add(area, G_HELPED, 1);
      // The moves searched before this one, as the sequential loop counts them.
      const searched = before + i;
      const kind = area[slot + F_QUIET + i]!;
      const quiet = kind > 0;
      const late = searched >= 2 && depth >= 3 && quiet && !threatened;
      let alpha = Atomics.load(area, slot + F_ALPHA);
      this.pathMove[ply] = move;
      pos.play(move);
      const reduction = late ? lateReduction(depth, searched, kind - 2) : 0;
      let score: number;
      for (;;) {
        try {
          score = this.splitMove(pos, slot, ply, level, depth, reduction, alpha, beta);
          break;
        } catch (e) {
          // Alpha rose here while the move was searched against the old one: again, against the new.
          if (!(e instanceof Restart) || e.level !== level) throw e;
          while (pos.ply > node + 1) pos.undo();
          this.nullPly = nullPly;
          this.nullAllowed = nullAllowed;
          alpha = Atomics.load(area, slot + F_ALPHA);
        } finally {
          this.nestAlpha[level] = INFINITE;
        }
      }
      pos.undo();
      while (Atomics.compareExchange(area, slot + F_LOCK, 0, 1) !== 0);
      if (score > area[slot + F_BEST_SCORE]!) {
        area[slot + F_BEST_SCORE] = score;
        area[slot + F_BEST_MOVE] = move;
        if (score > area[slot + F_ALPHA]!) {
          area[slot + F_ALPHA] = score;
          area[slot + F_PV] = move;
          const childLength = this.pvLength[ply + 1]!;
          const child = (ply + 1) * MAX_PLY;
          for (let k = 0; k < childLength; k++) area[slot + F_PV + 1 + k] = this.pv[child + k]!;
          area[slot + F_PV_LENGTH] = childLength + 1;
          if (score >= beta) Atomics.store(area, slot + F_CUT, 1);
        }
      }
      Atomics.store(area, slot + F_LOCK, 0);
      if (score >= beta && quiet)
        this.rememberCutoff(pos, move, ply, depth, this.moves[ply]!, this.order[ply]!, 0);
    }
  }

  /**
   * One move of the split point in `slot` (at `ply`, the move played; `level` its place in this
   * thread's nest), searched against `alpha` with the null window, then with the full window if it
   * beats alpha: its score. A rise of the split point's alpha meanwhile throws `Restart`.
   */
  private splitMove(
    pos: Position,
    slot: number,
    ply: number,
    level: number,
    depth: number,
    reduction: number,
    alpha: number,
    beta: number,
  ): number {
    const area = this.splits!;
    this.nestAlpha[level] = alpha;
    let score = this.nullWindow(pos, depth, reduction, alpha, ply);
    // Another thread may have raised the node's alpha since the last look. A move that beat the old
    // alpha is known only to beat it, not whether it beats the new one: it is searched again
    // against the new alpha, as the one-thread loop would have searched it.
    for (let now = Atomics.load(area, slot + F_ALPHA); score > alpha && score < beta && now > alpha;) {
      alpha = now;
      this.nestAlpha[level] = alpha;
      if (score > alpha) break;
      score = this.nullWindow(pos, depth, reduction, alpha, ply);
      now = Atomics.load(area, slot + F_ALPHA);
    }
    if (score > alpha && score < beta) {
      Atomics.add(area, slot + F_RESEARCH, 1);
      try {
        score = -this.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
      } finally {
        Atomics.sub(area, slot + F_RESEARCH, 1);
        this.wake(area);
      }
    }
    return score;
  }

  /**
   * Waits, before taking another move at the split point in `slot` (at `ply`, `pos` its node),
   * while a thread searches one of its moves again with the full window: that move will likely
   * raise alpha, and the one-thread loop would search the moves after it against the raised
   * alpha. Meanwhile this thread works at the split points opened under the node.
   */
  private awaitResearch(pos: Position, slot: number, ply: number): void {
    const area = this.splits!;
    Atomics.add(area, G_IDLE, 1);
    try {
      while (Atomics.load(area, slot + F_RESEARCH) !== 0 && Atomics.load(area, slot + F_CUT) === 0) {
        const seen = Atomics.load(area, G_WAKE);
        if (!this.joinSome(pos, ply)) Atomics.wait(area, G_WAKE, seen, 1);
        this.checkStop();
      }
    } finally {
      Atomics.sub(area, G_IDLE, 1);
    }
  }

  /**
   * A move's null-window search at a split point (the move played, `pos` its position, the node
   * `ply` plies from the root at `depth`): reduced by `reduction` first, then at full depth if it
   * beat `alpha` there.
   */
  private nullWindow(pos: Position, depth: number, reduction: number, alpha: number, ply: number): number {
    const score = -this.negamax(pos, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
    if (score > alpha && reduction > 0) return -this.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
    return score;
  }

  /**
   * What a helper thread does for a search on several threads, on its copy of the first thread's
   * root: it works at the split points the other threads open until the first thread's search
   * ends (`shared[S_STOP]`).
   */
  help(pos: Position, shared: Int32Array): void {
    this.begin(pos, shared, Infinity);
    this.deadline = Infinity;
    this.nullPly = -1;
    this.rootPly = pos.ply;
    this.gameBeforeRoot(pos);
    this.splits = shared;
    this.nest = 0;
    // The history and counter moves the threads keep together for this search (the first thread's,
    // to begin with).
    const own = this.history;
    const ownCounters = this.counters;
    this.history = sharedHistory(shared);
    this.counters = sharedCounters(shared);
    Atomics.add(shared, G_IDLE, 1);
    try {
      while (Atomics.load(shared, S_STOP) === 0) {
        const seen = Atomics.load(shared, G_WAKE);
        if (!this.joinSome(pos, -1)) Atomics.wait(shared, G_WAKE, seen, 20);
      }
    } finally {
      Atomics.sub(shared, G_IDLE, 1);
      this.splits = undefined;
      this.history = own;
      this.counters = ownCounters;
    }
  }

  /**
   * The answer of the tables for a root they hold exactly, instead of a search: every move scored
   * by them (a win in d plies as WIN - d), the best `multiPv` lines followed to the end.
   */
  private tablebaseRoot(
    pos: Position,
    multiPv: number,
    info: (depth: number, score: number, pv: Move[], lines?: SearchLine[]) => SearchInfo,
  ): SearchResult | undefined {
    const tb = this.tablebase!;
    if (this.tablebaseScore(pos, 0) === undefined) return undefined;
    const answer = tb.probe(pos)!;
    const scored: SearchLine[] = [];
    for (const move of pos.mustPass() ? [PASS] : pos.legalMoves()) {
      pos.play(move);
      const score = pos.isOver() ? -this.terminal(pos, 1) : -this.tablebaseScore(pos, 1)!;
      const line = pos.isOver() ? [] : tb.line(pos);
      pos.undo();
      if (Number.isNaN(score)) return undefined;
      scored.push({ score, pv: [move, ...line] });
    }
    // Best first; among equal scores the tables' own choice (the shortest line to a win).
    scored.sort((a, b) => b.score - a.score || (a.score > 0 ? a.pv.length - b.pv.length : 0));
    const best = scored[0]!;
    const lines = multiPv > 1 ? scored.slice(0, multiPv) : undefined;
    const found = info(best.pv.length, best.score, [...best.pv], lines);
    return { move: best.pv[0], ...found, tablebase: { value: answer.value, distance: answer.distance } };
  }

  /** The tablebase's score of `pos`, `ply` plies from the root, where it is exact; else undefined. */
  private tablebaseScore(pos: Position, ply: number): number | undefined {
    const counts = pos.board.counts;
    if (counts[0]! + counts[1]! > this.tablebasePieces) return undefined;
    const code = this.tablebase!.probeCode(pos);
    if (code < 0) return undefined;
    const value = code >> 16;
    const distance = code & 0xffff;
    if (value === TB_DRAW) {
      this.tablebaseHits++;
      return 0;
    }
    if (value !== TB_WIN && value !== TB_LOSS) return undefined;
    const rules = pos.rules;
    if (rules.repetitionDraws && pos.quietPlies >= 4) return undefined;
    if (rules.quietPlyLimit > 0 && pos.quietPlies + distance >= rules.quietPlyLimit) return undefined;
    this.tablebaseHits++;
    return value === TB_WIN ? WIN - ply - distance : -(WIN - ply - distance);
  }

  /** The move the table holds for `pos`, if it holds one (legal or not: the table does not check). */
  tableMove(pos: Position): Move | undefined {
    this.context(pos);
    return this.tt.probe(this.keyLoOf(pos), pos.keyHi) ? this.tt.hitMove : undefined;
  }

  /** The low half of the table's key: where quiet plies can draw, the count is part of what a position is worth. */
  private keyLoOf(pos: Position): number {
    return this.quietLimited ? pos.keyLo ^ QUIET_SALT[pos.quietPlies & 63]! : pos.keyLo;
  }

  /**
   * A principal variation cut short by a table hit (the hit returns a score, not a line), followed
   * on through the table's moves while they are legal, up to PV_FOLLOW moves in all, or to the end
   * of a won game: the line players read. Only what follows the searched line comes from the
   * table. A line scored as a win that the table does not lead to its end is finished by a small
   * proof search (`finishWin`), so that it ends with the winning move, within the search's time
   * (`deadline`, Infinity without one).
   */
  private extendPv(root: Position, pv: Move[], score: number, deadline: number): Move[] {
    const won = mateIn(score);
    const limit = won === undefined ? PV_FOLLOW : Math.max(PV_FOLLOW, Math.abs(won));
    if (pv.length === 0 || pv.length >= limit) return pv;
    // On a copy: playing and taking back reorders the board's piece lists, hence the order of
    // the moves generated, and the search must not depend on whether its lines were followed.
    const pos = root.clone();
    for (const move of pv) {
      if (!pos.isLegal(move)) return pv;
      pos.play(move);
    }
    while (pv.length < limit && !pos.isOver()) {
      if (!this.tt.probe(this.keyLoOf(pos), pos.keyHi)) break;
      const move = this.tt.hitMove;
      if (!pos.isLegal(move)) break;
      pos.play(move);
      pv.push(move);
    }
    if (won === undefined || pos.isOver()) return pv;
    // Within the search's time only: a move owes its budget nothing for the end of its line.
    const left = deadline - Date.now();
    if (left <= 0) return pv;
    const winner = won > 0 ? root.turn : opposite(root.turn);
    return pv.concat(finishWin(pos, winner, Math.abs(won) - pv.length, left));
  }

  /** Is the root move left out (a line found already, or the mirror image of another move)? */
  private skipped(move: Move): boolean {
    for (let i = 0; i < this.excludedCount; i++) if (this.excluded[i] === move) return true;
    return this.mirrored.includes(move);
  }

  /** At the root, with the king's way open: play the escape. */
  private rootWin(pos: Position): number {
    const moves = pos.legalMoves();
    const escape = moves.find((m) => {
      pos.play(m);
      const won = pos.outcome().status === 'defenders';
      pos.undo();
      return won;
    });
    if (escape !== undefined) {
      this.pv[0] = escape;
      this.pvLength[0] = 1;
      this.rootImproved = true;
    }
    return WIN - 1;
  }

  /**
   * The defenders to move with the king's way open (`routesFrom` > 0): a win on the next ply,
   * scored without a search. The escape is the line's last move (`pv` at `ply`), so that a line
   * that wins ends with the winning move, not one move short of it.
   */
  private escapeWin(pos: Position, king: number, ply: number): number {
    const escape = this.escapeMove(pos, king);
    if (escape !== 0) {
      this.pv[ply * MAX_PLY] = escape;
      this.pvLength[ply] = 1;
    }
    return WIN - ply - 1;
  }

  /** The king's move to an escape square he sees, or 0 (never expected where `routesFrom` > 0). */
  private escapeMove(pos: Position, king: number): Move {
    const escape = pos.rules.escape === 'edge' ? pos.geo.isEdge : pos.geo.isCorner;
    const step = pos.rules.kingMove === 'step';
    const cells = pos.board.cells;
    const nb = pos.geo.neighbour;
    for (let d = 0; d < 4; d++)
      for (let s = nb[king * 4 + d]!; s >= 0 && cells[s] === 0; s = step ? -1 : nb[s * 4 + d]!) {
        if (!escape[s]) continue;
        const move = encodeMove(king, s);
        if (pos.isLegal(move)) return move;
        break;
      }
    return 0;
  }

  /**
   * The attackers to move, the king's way open, and no move of theirs that blocks it or captures:
   * a loss in two plies. Its line is any of their moves, then the king's escape.
   */
  private helplessLoss(pos: Position, moves: Int32Array, count: number, ply: number): number {
    const move = count > 0 ? moves[0]! : PASS;
    pos.play(move);
    const king = pos.kingSquare;
    if (!pos.isOver() && king >= 0) this.escapeWin(pos, king, ply + 1);
    else this.pvLength[ply + 1] = 0;
    pos.undo();
    this.updatePv(ply, move);
    return -(WIN - ply - 2);
  }

  private quiesce(pos: Position, alpha: number, beta: number, ply: number, qply: number): number {
    this.pvLength[ply] = 0;
    if (pos.isOver()) return this.terminal(pos, ply);
    const ctx = this.ctx!;
    const king = pos.kingSquare;
    const defendersToMove = pos.turn === 'defenders';
    const routes = king >= 0 ? routesFrom(pos, ctx, king) : 0;
    if (defendersToMove && routes > 0) return this.escapeWin(pos, king, ply);
    const threatened = !defendersToMove && routes > 0;
    let best = -INFINITE;
    if (!threatened) {
      best = this.staticEval(pos, ctx);
      if (best >= beta || qply >= MAX_QUIESCENCE || ply >= MAX_PLY - 1) return best;
      if (best > alpha) alpha = best;
    }
    const moves = this.moves[ply]!;
    const order = this.order[ply]!;
    const count = pos.generateMoves(moves);
    if (threatened) this.markRoutes(pos, king);
    let forcing = 0;
    for (let i = 0; i < count; i++) {
      const move = moves[i]!;
      const from = move >> 8;
      const to = move & 0xff;
      let keep = !pos.isSurelyQuiet(move);
      if (!keep && threatened) keep = this.routeSquares[to] === 1;
      else if (!keep && defendersToMove && from === king) keep = routesFrom(pos, ctx, to) > 0;
      if (keep) {
        moves[forcing] = move;
        order[forcing++] = 0;
      }
    }
    if (threatened) this.clearRoutes(pos, king);
    if (threatened && forcing === 0) return this.helplessLoss(pos, moves, count, ply);
    for (let i = 0; i < forcing; i++) {
      const move = moves[i]!;
      this.nodes++;
      this.checkLimits();
      pos.play(move);
      const score = -this.quiesce(pos, -beta, -alpha, ply + 1, qply + 1);
      pos.undo();
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, move);
          if (score >= beta) break;
        }
      }
    }
    return best;
  }

  /** Marks the squares between the king and the escape squares he sees (the squares to block). */
  private markRoutes(pos: Position, king: number): void {
    this.walkRoutes(pos, king, 1);
  }
  private clearRoutes(pos: Position, king: number): void {
    this.walkRoutes(pos, king, 0);
  }
  private walkRoutes(pos: Position, king: number, mark: number): void {
    const geo = pos.geo;
    const escape = pos.rules.escape === 'edge' ? geo.isEdge : geo.isCorner;
    const step = pos.rules.kingMove === 'step';
    const cells = pos.board.cells;
    const nb = geo.neighbour;
    for (let d = 0; d < 4; d++) {
      // First whether the empty squares that way end on an escape square, then mark them.
      let s = nb[king * 4 + d]!;
      let end = -1;
      while (s >= 0 && cells[s] === 0) {
        if (escape[s]) {
          end = s;
          break;
        }
        if (step) break;
        s = nb[s * 4 + d]!;
      }
      if (end < 0) continue;
      for (s = nb[king * 4 + d]!; ; s = nb[s * 4 + d]!) {
        this.routeSquares[s] = mark;
        if (s === end) break;
      }
    }
  }

  /** Ordering scores: table move, wins, captures, blocks, threats, killers, counter move, history. */
  private scoreMoves(
    pos: Position,
    moves: Int32Array,
    order: Int32Array,
    count: number,
    ttMove: number,
    ply: number,
    routes: number,
  ): void {
    const ctx = this.ctx!;
    const king = pos.kingSquare;
    const side = pos.turn === 'attackers' ? 0 : 1;
    const cells = pos.board.cells;
    const escape = pos.rules.escape === 'edge' ? pos.geo.isEdge : pos.geo.isCorner;
    if (side === 0 && king >= 0) this.markRoutes(pos, king);
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    const counter = ply > 0 ? this.counters[this.counterIndex(side, ply)]! : 0;
    for (let i = 0; i < count; i++) {
      const move = moves[i]!;
      const from = move >> 8;
      const to = move & 0xff;
      let score: number;
      if (move === ttMove) score = 1_000_000_000;
      else if (from === king && escape[to]) score = 900_000_000;
      else if (side === 0 && cells[from] === ATTACKER && king >= 0 && pos.captures.kingFallsTo(cells, to))
        score = 800_000_000;
      else if (!pos.isSurelyQuiet(move)) score = 500_000_000;
      else if (side === 0 && this.routeSquares[to] === 1) score = routes > 0 ? 400_000_000 : 150_000_000;
      else if (side === 1 && cells[from] === KING && routesFrom(pos, ctx, to) > 0) score = 300_000_000;
      else if (move === k1) score = 200_000_000;
      else if (move === k2) score = 190_000_000;
      else if (move === counter) score = 180_000_000;
      else score = this.history[(side << 16) | (from << 8) | to]!;
      order[i] = score;
    }
    if (side === 0 && king >= 0) this.clearRoutes(pos, king);
  }

  /**
   * A quiet move that cut off: a killer, and a history bonus; the quiet moves tried before it
   * at this node (`moves[0..tried)`) get the same as a malus.
   */
  private rememberCutoff(
    pos: Position,
    move: Move,
    ply: number,
    depth: number,
    moves: Int32Array,
    order: Int32Array,
    tried: number,
  ): void {
    if (this.killers[ply * 2] !== move) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
      this.killers[ply * 2] = move;
    }
    const side = pos.turn === 'attackers' ? 0 : 1;
    if (ply > 0) this.counters[this.counterIndex(side, ply)] = move;
    const bonus = depth * depth;
    const i = (side << 16) | move;
    this.history[i] = Math.min(this.history[i]! + bonus, 90_000_000);
    for (let j = 0; j < tried; j++) {
      if (order[j]! >= 100_000_000) continue;
      const k = (side << 16) | moves[j]!;
      this.history[k] = Math.max(this.history[k]! - bonus, -90_000_000);
    }
  }

  /** The counter move's place for `side` (0 the attackers) at `ply`: by the move that led there. */
  private counterIndex(side: number, ply: number): number {
    return (side << 16) | (this.pathMove[ply - 1]! & 0xffff);
  }

  private updatePv(ply: number, move: Move): void {
    const base = ply * MAX_PLY;
    this.pv[base] = move;
    const childLength = this.pvLength[ply + 1]!;
    for (let i = 0; i < childLength; i++) this.pv[base + 1 + i] = this.pv[(ply + 1) * MAX_PLY + i]!;
    this.pvLength[ply] = childLength + 1;
  }
}

/**
 * The most positions `finishWin` looks at: a line's last few plies. A search that does not find
 * the line within them takes some 60 to 80 ms on this machine's cores (the solver's bounded search
 * is slower a position than the main search), so a timed search gives it no more than its time left.
 */
const FINISH_NODES = 20_000;

/**
 * The end of a won line that the table does not hold: the shortest win for `winner` from `pos`
 * within `left` plies (two more, should the score's distance be off), by the solver's bounded
 * search over every legal move; none if it is not found within FINISH_NODES positions or `ms`.
 */
function finishWin(pos: Position, winner: Side, left: number, ms: number): Move[] {
  const search = new BoundedSearch(solverPosition(pos));
  search.limit({ nodes: FINISH_NODES, ms });
  try {
    const plies = search.shortestWin(winner, Math.max(left, 1) + 2);
    return plies === undefined ? [] : search.line(winner, plies);
  } catch (e) {
    if (e instanceof OutOfBudget) return [];
    throw e;
  }
}

/** Selection sort, one step: brings the best-ordered remaining move to index `i`. */
function pickNext(moves: Int32Array, order: Int32Array, i: number, count: number): Move {
  let best = i;
  for (let j = i + 1; j < count; j++) if (order[j]! > order[best]!) best = j;
  if (best !== i) {
    const m = moves[i]!;
    moves[i] = moves[best]!;
    moves[best] = m;
    const o = order[i]!;
    order[i] = order[best]!;
    order[best] = o;
  }
  return moves[i]!;
}

/** Win scores are stored relative to the node, so they stay right wherever the node recurs. */
const toTT = (score: number, ply: number): number =>
  score > WIN_BOUND ? score + ply : score < -WIN_BOUND ? score - ply : score;
const fromTT = (score: number, ply: number): number =>
  score > WIN_BOUND ? score - ply : score < -WIN_BOUND ? score + ply : score;
