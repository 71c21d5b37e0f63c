/**
 * The computer, for the game screen and the analysis board: its moves, hints, the evaluation of
 * a position, the best lines of a position (`analysePosition`) and the analysis of a whole game
 * (`analyseGame`). The engine searches in Web Workers (`@tafl/engine/browser`, whose
 * `new Worker(new URL(...), { type: 'module' })` Vite bundles as a chunk of its own), so the page
 * never waits for a search.
 *
 * Nothing of the engine is in the initial bundle: the module is imported on first use, and each
 * engine is created then. There are two engines, so that the evaluation display and an analysis
 * never interrupt the computer's move: `play` (moves, hints) and `study` (evaluations, the
 * analysis board's lines). Starting a search on an engine stops the one it was running (its
 * promise resolves with its best move so far), which is what the screen wants when the position
 * changes under it. A whole-game analysis starts workers of its own, one per core, and ends them
 * when it is done or stopped.
 *
 * Scores leave this module for the attackers, whoever is to move; a position the rules have
 * finished carries its result instead of a search.
 */

import {
  opposite,
  playMoveRecord,
  positionFromOtn,
  type GameAnalysis,
  type Move,
  type PlyEval,
  type Ruleset,
  type Side,
} from '@tafl/core';
import type {
  Engine,
  EngineLimits,
  EngineRequest,
  GameAnalysisRequest,
  AnalyseGameOptions,
  SearchInfo,
} from '@tafl/engine/browser';
import { forAttackers } from './evaluation.js';
import { rulesOf, sideToMove, type Game } from './model.js';

type Channel = 'play' | 'study';

/** What the page uses of `@tafl/engine/browser`, loaded on first use. */
interface Runtime {
  readonly createBrowserEngine: () => Engine;
  readonly analyseGame: (
    request: GameAnalysisRequest,
    options: AnalyseGameOptions,
  ) => Promise<GameAnalysis | undefined>;
}

let runtime: Promise<Runtime> | undefined;

/** The engine's module, loaded once; a failed load (a network hiccup) is tried again next time. */
function loadRuntime(): Promise<Runtime> {
  if (runtime === undefined) {
    const loading = import('@tafl/engine/browser');
    runtime = loading;
    loading.catch(() => {
      if (runtime === loading) runtime = undefined;
    });
  }
  return runtime;
}
const engines = new Map<Channel, Promise<Engine>>();

function engine(channel: Channel): Promise<Engine> {
  let found = engines.get(channel);
  if (!found) {
    found = loadRuntime().then((m) => m.createBrowserEngine());
    engines.set(channel, found);
    // A failed load may succeed later (a network hiccup): forget it.
    found.catch(() => engines.delete(channel));
  }
  return found;
}

/** The part of the page's global scope read here. */
declare const crossOriginIsolated: boolean | undefined;

/**
 * The threads a search runs on: one per core (at most four) where the page is cross-origin
 * isolated, the condition for workers to share memory (the server sends the headers that make
 * it so); one elsewhere, which the analysis board says.
 */
export function searchThreads(): { readonly threads: number; readonly shared: boolean } {
  const shared =
    typeof crossOriginIsolated === 'boolean' &&
    crossOriginIsolated &&
    typeof SharedArrayBuffer === 'function';
  const cores = typeof navigator === 'undefined' ? 2 : (navigator.hardwareConcurrency ?? 2);
  return { threads: shared ? Math.max(1, Math.min(4, cores)) : 1, shared };
}

/** The limits of every search of the page: its threads. */
const threaded = (limits: EngineLimits): EngineLimits => ({ ...limits, threads: searchThreads().threads });

/** Starts loading the engine before it is needed (the computer's first move comes sooner). */
export function preloadEngine(): void {
  void engine('play').catch(() => undefined);
}

/** The engine's view of the game after its first `ply` moves (all by default). */
export function requestFor(
  game: Game,
  ply: number = game.moves.length,
  limits: EngineLimits = {},
): EngineRequest {
  return {
    rules: game.rules,
    start: game.start,
    turn: game.turn,
    moves: game.moves.slice(0, ply),
    limits: threaded(limits),
  };
}

export interface ComputerMove {
  readonly move: Move | undefined;
  /** The score for the attackers. */
  readonly score: number;
}

/** The computer's move at its level, within the level's time. */
export async function computerMove(game: Game, level: number): Promise<ComputerMove> {
  const result = await (await engine('play')).start(requestFor(game, game.moves.length, { level }));
  return { move: result.move, score: forAttackers(result.info.score, sideToMove(game)) };
}

/** The best move the full engine finds in `timeMs`, for a player who asks for a hint. */
export async function hintMove(game: Game, timeMs = 1000): Promise<Move | undefined> {
  const result = await (await engine('play')).start(requestFor(game, game.moves.length, { timeMs }));
  return result.move;
}

export interface Evaluation {
  /** For the attackers (evaluation.ts reads it). */
  readonly score: number;
  readonly depth: number;
  readonly best: Move | undefined;
}

const sideAt = (game: Game, ply: number): Side =>
  ply % 2 === 0 ? game.turn : game.turn === 'attackers' ? 'defenders' : 'attackers';

/**
 * The evaluation of the position after `ply` moves, improving: `onProgress` gets every finished
 * depth, the promise the last one.
 */
export async function evaluate(
  game: Game,
  ply: number,
  timeMs: number,
  onProgress?: (evaluation: Evaluation) => void,
): Promise<Evaluation> {
  const side = sideAt(game, ply);
  const result = await (
    await engine('study')
  ).start(requestFor(game, ply, { timeMs }), (info) =>
    onProgress?.({ score: forAttackers(info.score, side), depth: info.depth, best: info.pv[0] }),
  );
  return { score: forAttackers(result.info.score, side), depth: result.info.depth, best: result.move };
}

// ---------------------------------------------------------------------------------------------
// The analysis board

/** The moves leading to a position: a game's start and the moves played (a game's, or a variation's). */
export interface Line {
  readonly rules: string | Ruleset;
  readonly start: string;
  readonly turn: Side;
  readonly moves: readonly string[];
}

/** One of the engine's best lines: its score for the attackers, and its moves (the first is the move to play). */
export interface EngineLine {
  readonly score: number;
  readonly pv: readonly Move[];
}

/** The engine's view of a position at the deepest depth finished so far. */
export interface PositionEval {
  /** The depth searched (0 for a finished position). */
  readonly depth: number;
  /** The best lines, best first (none for a finished position). */
  readonly lines: readonly EngineLine[];
  /** Set, instead of lines, when the rules have finished the position: who won. */
  readonly result?: Side | 'draw';
  /**
   * Set when the engine's endgame tables answered instead of a search (positions of four pieces
   * or fewer): who wins with best play, or a draw. The lines' scores then count the plies exactly.
   */
  readonly tablebase?: Side | 'draw';
}

/** The side to move after the moves of `line`. */
const sideAfter = (line: Line): Side => (line.moves.length % 2 === 0 ? line.turn : opposite(line.turn));

/** The rules' result of the position at the end of `line`, if they have finished it (or undefined). */
function lineResult(line: Line): Side | 'draw' | undefined {
  const rules = rulesOf(line.rules);
  if (!rules.ok) return undefined;
  const pos = positionFromOtn(rules.value, line.start, line.turn);
  if (!pos.ok) return undefined;
  for (const record of line.moves) if (!playMoveRecord(pos.value, record).ok) return undefined;
  const outcome = pos.value.outcome();
  return outcome.status === 'ongoing' ? undefined : outcome.status;
}

/** The lines of a search's info, for the attackers. */
function linesOf(info: SearchInfo, toMove: Side): EngineLine[] {
  const lines = info.lines ?? (info.pv.length > 0 ? [{ score: info.score, pv: info.pv }] : []);
  return lines.map((l) => ({ score: forAttackers(l.score, toMove), pv: [...l.pv] }));
}

/**
 * Analyses the position at the end of `line` until stopped (or `timeMs`), `multiPv` lines (1 to
 * 5), calling `onProgress` after each depth; on the 'study' engine, so a new analysis (or an
 * evaluation) stops this one, whose promise then resolves with its deepest depth. A position the
 * rules have finished resolves at once with its result. Rejects on a line the rules refuse.
 */
export async function analysePosition(
  line: Line,
  options: { multiPv: number; timeMs?: number; onProgress?: (e: PositionEval) => void },
): Promise<PositionEval> {
  const result = lineResult(line);
  if (result !== undefined) return { depth: 0, lines: [], result };
  const toMove = sideAfter(line);
  const multiPv = Math.max(1, Math.min(5, Math.round(options.multiPv)));
  // An analysis deepens until its time is spent, even where play would answer at once.
  const limits: EngineLimits = {
    multiPv,
    analysis: true,
    ...(options.timeMs !== undefined && { timeMs: options.timeMs }),
  };
  const request: EngineRequest = {
    rules: line.rules,
    start: line.start,
    turn: line.turn,
    moves: line.moves,
    limits: threaded(limits),
  };
  const evalOf = (info: SearchInfo): PositionEval => ({
    depth: info.depth,
    lines: linesOf(info, toMove),
    ...(info.tablebase !== undefined && { tablebase: tablebaseWinner(info.tablebase.value, toMove) }),
  });
  const done = await (await engine('study')).start(request, (info) => options.onProgress?.(evalOf(info)));
  return evalOf(done.info);
}

/** Who wins by the tables' value for the side to move. */
const tablebaseWinner = (value: 'win' | 'loss' | 'draw', toMove: Side): Side | 'draw' =>
  value === 'draw' ? 'draw' : value === 'win' ? toMove : opposite(toMove);

/** Stops the position analysis (its promise resolves with what it has). */
export function stopPositionAnalysis(): void {
  stopEngine('study');
}

/**
 * Analyses every position of a game at the engine's default depth (ANALYSIS_DEPTH, 8) on one
 * Web Worker per core; `onProgress` gets the entries so far (index = ply, undefined where not yet
 * done). A position the rules have finished gets its result, not a search. Resolves `undefined`
 * if `signal` aborted; rejects on a game the rules refuse or a worker that fails.
 */
export async function analyseGame(
  line: Line,
  options: { signal: AbortSignal; onProgress?: (plies: readonly (PlyEval | undefined)[]) => void },
): Promise<GameAnalysis | undefined> {
  const m = await loadRuntime();
  if (options.signal.aborted) return undefined;
  const plies: (PlyEval | undefined)[] = Array.from({ length: line.moves.length + 1 }, () => undefined);
  const request = { rules: line.rules, start: line.start, turn: line.turn, moves: line.moves };
  return m.analyseGame(request, {
    signal: options.signal,
    onPly: (ply, entry) => {
      plies[ply] = entry;
      options.onProgress?.([...plies]);
    },
  });
}

/** Stops whatever an engine is searching (the screen was left, or the position changed). */
export function stopEngine(channel: Channel): void {
  void engines.get(channel)?.then((e) => e.stop());
}
