/**
 * The worker's side, the same in a worker thread and a Web Worker (node-worker.ts and
 * browser-worker.ts only bind it to their port): it replays each request's game, searches it
 * with `levelMove` or `Search.run`, posts a `progress` message after every finished depth and a
 * `result` at the end. The search is synchronous, so a request is served whole before the next
 * is read; the client stops a search by ending the worker (client.ts).
 *
 * One `Search` (its transposition table and move-ordering statistics) is kept while requests are
 * moves of one game: the same ruleset and start, and the previous request's moves followed by
 * more. Any other request gets a fresh `Search`, so what a search answers depends only on its
 * request and the game before it: the same request gives the same move, given a seed and a node
 * or depth limit, on any engine and after any other requests.
 *
 * An `analyse` message (a run of positions of a game to search to one depth, for a whole-game
 * analysis) is served by serve-analysis.ts with a `Search` of its own, kept while the messages
 * are about the same game.
 */

import type { Failure, Position, Ruleset, Side } from '@tafl/core';
import { levelConfig, levelMove, seededRandom } from '../levels.js';
import { Search, type SearchInfo, type SearchLimits, type SearchResult } from '../search.js';
import { buildTbTable, tbMaterials, Tablebase } from '../tb/index.js';
import { weightsFor } from '../weights.js';
import { moveBudget, searchTime } from './clock.js';
import { checkLimits, positionOf, rulesOf } from './game.js';
import { analyseRequest, type AnalysisState } from './serve-analysis.js';
import { helperPool, sharedBy, type HelperPool, type SpawnHelper } from './smp.js';
import {
  ENGINE_ERRORS,
  type EngineErrorCode,
  type EngineLimits,
  type FromWorker,
  type SearchMessage,
  type ToWorker,
} from './protocol.js';

export type Post = (message: FromWorker) => void;

/**
 * The most pieces (the king included) of the positions the worker's endgame tables answer. It
 * builds a ruleset's tables up to this many pieces the first time it is asked to search, without a
 * level (analysis, a hint), a position of that few: a few seconds, once a worker and ruleset
 * (bigger tables are `tafl tb build`'s). Levels use the tables once they are built, never wait.
 */
export const WORKER_TABLEBASE_PIECES = 4;

/** The worker's tables by ruleset key (empty until built), and the keys whose tables are built. */
const tablebases = new Map<string, Tablebase>();
const built = new Set<string>();

function tablebaseOf(key: string, rules: Ruleset): Tablebase {
  let tb = tablebases.get(key);
  if (tb === undefined) tablebases.set(key, (tb = new Tablebase(rules)));
  return tb;
}

/** Builds the ruleset's tables up to `WORKER_TABLEBASE_PIECES` if they are not yet. */
function buildTablebase(key: string, tb: Tablebase): void {
  if (built.has(key)) return;
  built.add(key);
  try {
    for (const m of tbMaterials(tb.rules, WORKER_TABLEBASE_PIECES))
      tb.add(buildTbTable(tb.rules, m, (s) => tb.table(s)));
  } catch {
    // Rules the tables do not cover (another board): the search goes on without them.
  }
}

/** The game the worker's `Search` belongs to. */
interface Game {
  /** The ruleset's id, or its whole data as JSON. */
  readonly key: string;
  readonly rules: Ruleset;
  readonly start: string;
  readonly turn: Side;
  readonly moves: readonly string[];
  readonly threads: number;
  /**
   * Analysis (a request without a level): a draw scores 0 for both sides. Play keeps the
   * ruleset's own draw worth (`drawScoreFor`: the defenders' contempt where the attackers win
   * most games), which would show a drawn line as a side's advantage on the analysis board.
   */
  readonly analysis: boolean;
  readonly search: Search;
}

/**
 * The worker's message handler, posting its replies with `post`. With `spawnHelper` (a platform
 * that shares memory between threads), a request for several threads searches with helpers
 * (smp.ts), kept for the worker's life and ended with it.
 */
export function serve(post: Post, spawnHelper?: SpawnHelper): (message: ToWorker) => void {
  post({ type: 'ready' });
  let game: Game | undefined;
  let analysis: AnalysisState | undefined;
  let pool: HelperPool | undefined;
  /** The helpers for `threads` threads in all, or none when there is one or no way to start them. */
  const poolFor = (threads: number): HelperPool | undefined => {
    if (threads <= 1 || spawnHelper === undefined) return undefined;
    if (pool !== undefined && pool.helpers.count === threads - 1) return pool;
    pool?.close();
    pool = helperPool(spawnHelper, threads);
    return pool;
  };
  return (message) => {
    try {
      if (message.type === 'analyse') analysis = analyseRequest(message, analysis, post);
      else if (message.type === 'search') game = searchRequest(message, game, post, poolFor);
    } catch (e) {
      game = undefined;
      analysis = undefined;
      const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
      post({ type: 'error', id: message.id, code: ENGINE_ERRORS.internal, message: detail });
    }
  };
}

function searchRequest(
  message: SearchMessage,
  previous: Game | undefined,
  post: Post,
  poolFor: (threads: number) => HelperPool | undefined,
): Game | undefined {
  const refuse = (failure: Failure<EngineErrorCode>): Game | undefined => {
    post({ type: 'error', id: message.id, code: failure.code, message: failure.message });
    return previous;
  };
  const limits = checkLimits(message.limits ?? {});
  if (!limits.ok) return refuse(limits);
  const key = typeof message.rules === 'string' ? message.rules : JSON.stringify(message.rules);
  const rules = previous?.key === key ? { ok: true as const, value: previous.rules } : rulesOf(message);
  if (!rules.ok) return refuse(rules);
  const pos = positionOf(rules.value, message);
  if (!pos.ok) return refuse(pos);
  const game = gameOf(previous, key, rules.value, message, poolFor);
  const counts = pos.value.board.counts;
  let sentAt = message.sentAt;
  if (
    limits.value.level === undefined &&
    counts[0]! + counts[1]! <= WORKER_TABLEBASE_PIECES &&
    !built.has(key)
  ) {
    // The time the tables take is not the search's: its budget starts after them.
    const began = Date.now();
    post({ type: 'tables', id: message.id, building: true });
    buildTablebase(key, game.search.tablebase!);
    post({ type: 'tables', id: message.id, building: false });
    sentAt += Date.now() - began;
  }
  const onInfo = (info: SearchInfo): void => post({ type: 'progress', id: message.id, info: infoOf(info) });
  const result = search(game.search, pos.value, limits.value, sentAt, onInfo);
  post({ type: 'result', id: message.id, move: result.move, info: infoOf(result) });
  return game;
}

/** The previous game if the request continues it, else a new one with a fresh `Search`. */
function gameOf(
  previous: Game | undefined,
  key: string,
  rules: Ruleset,
  message: SearchMessage,
  poolFor: (threads: number) => HelperPool | undefined,
): Game {
  const start = message.start ?? rules.start;
  const turn = message.turn ?? rules.firstToMove;
  const moves = message.moves ?? [];
  const threads = message.limits?.threads ?? 1;
  const analysis = message.limits?.level === undefined;
  const continues =
    previous !== undefined &&
    previous.key === key &&
    previous.threads === threads &&
    previous.analysis === analysis &&
    previous.start === start &&
    previous.turn === turn &&
    moves.length > previous.moves.length &&
    previous.moves.every((m, i) => m === moves[i]);
  if (continues) return { ...previous, moves: [...moves] };
  const pool = poolFor(threads);
  const search = new Search({
    weights: weightsFor(rules),
    tablebase: tablebaseOf(key, rules),
    ...(analysis && { drawScore: 0 }),
    ...(pool !== undefined && sharedBy(pool)),
  });
  // A shared table outlives the games: a new game starts from an empty one, as it would alone.
  if (pool !== undefined) search.clear();
  return { key, rules, start, turn, moves: [...moves], threads, analysis, search };
}

function search(
  search: Search,
  pos: Position,
  limits: EngineLimits,
  sentAt: number,
  onInfo: (info: SearchInfo) => void,
): SearchResult {
  const budget = moveBudget(limits);
  const waited = Math.max(0, Date.now() - sentAt) || 0;
  const bounds: SearchLimits = {
    ...(limits.depth !== undefined && { depth: limits.depth }),
    ...(limits.nodes !== undefined && { nodes: limits.nodes }),
    ...(budget !== undefined && { timeMs: searchTime(budget, waited) }),
    ...(limits.multiPv !== undefined && { multiPv: limits.multiPv }),
    ...(limits.analysis === true && { useAllTime: true }),
  };
  if (limits.level === undefined) return search.run(pos, bounds, onInfo);
  const seed = limits.seed ?? Math.floor(Math.random() * 2 ** 32);
  return levelMove(search, pos, levelConfig(limits.level), moveRandom(seed, pos.ply), bounds, onInfo);
}

/**
 * The noise of one move: seeded by the game's seed and the ply, so that a bot keeping one seed
 * for a whole game does not draw the same numbers at every move.
 */
const moveRandom = (seed: number, ply: number): (() => number) =>
  seededRandom((seed ^ Math.imul(ply + 1, 0x9e3779b1)) >>> 0);

/** The plain info of a search's answer, as the messages carry it. */
const infoOf = (info: SearchInfo): SearchInfo => ({
  depth: info.depth,
  score: info.score,
  pv: [...info.pv],
  nodes: info.nodes,
  timeMs: info.timeMs,
  nps: info.nps,
  ...(info.lines !== undefined && { lines: info.lines.map((l) => ({ score: l.score, pv: [...l.pv] })) }),
  ...(info.tablebase !== undefined && { tablebase: { ...info.tablebase } }),
  ...(info.book === true && { book: true }),
});
