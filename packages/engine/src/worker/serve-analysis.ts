/**
 * The worker's side of a whole-game analysis (the `analyse` message): the game is replayed once
 * to its latest requested position, and the positions are searched from there back to the
 * earliest, taking back one move at a time. One `Search` is kept for the whole game, so what a
 * later position's search put in the table (often the refutation of the move before it) is there
 * for the earlier ones: measured on a real 60-ply Brandubh game at depth 8, this costs 40% fewer
 * nodes than a fresh search for every position, and 13% fewer than going forwards.
 */

import {
  MAX_ANALYSIS_DEPTH,
  MAX_PV_LENGTH,
  fail,
  finishedEval,
  makeLastMoveRecord,
  type Failure,
  type PlyEval,
  type Position,
} from '@tafl/core';
import { Search } from '../search.js';
import { weightsFor } from '../weights.js';
import { positionOf, rulesOf } from './game.js';
import { ENGINE_ERRORS, type AnalyseMessage, type EngineErrorCode, type FromWorker } from './protocol.js';

/** The game the worker's analysis `Search` belongs to. */
export interface AnalysisState {
  /** The ruleset, start, side and moves, as one string. */
  readonly key: string;
  readonly search: Search;
}

/** One position's entry and the cost of its search. */
export interface PlyAnalysis {
  readonly eval: PlyEval;
  readonly nodes: number;
  readonly timeMs: number;
}

/** Serves an `analyse` message, posting a `ply` message per position and `analysed` at the end. */
export function analyseRequest(
  message: AnalyseMessage,
  previous: AnalysisState | undefined,
  post: (message: FromWorker) => void,
): AnalysisState | undefined {
  const refuse = (failure: Failure<EngineErrorCode>): AnalysisState | undefined => {
    post({ type: 'error', id: message.id, code: failure.code, message: failure.message });
    return previous;
  };
  const { depth, plies, moves } = message;
  if (!(Number.isInteger(depth) && depth >= 1 && depth <= MAX_ANALYSIS_DEPTH))
    return refuse(
      fail(
        ENGINE_ERRORS.limits,
        `the depth must be a whole number from 1 to ${MAX_ANALYSIS_DEPTH}, not ${depth}`,
      ),
    );
  const wrong = plies.find((p) => !(Number.isInteger(p) && p >= 0 && p <= moves.length));
  if (wrong !== undefined)
    return refuse(
      fail(ENGINE_ERRORS.position, `there is no position ${wrong} in a game of ${moves.length} plies`),
    );
  const rules = rulesOf(message);
  if (!rules.ok) return refuse(rules);
  const latest = Math.max(0, ...plies);
  const pos = positionOf(rules.value, { ...message, moves: moves.slice(0, latest) });
  if (!pos.ok) return refuse(pos);
  const key = JSON.stringify([message.rules, message.start, message.turn, moves]);
  const state =
    previous?.key === key ? previous : { key, search: new Search({ weights: weightsFor(rules.value) }) };
  for (const ply of [...new Set(plies)].sort((a, b) => b - a)) {
    while (pos.value.ply > ply) pos.value.undo();
    const done = analysePly(state.search, pos.value, depth);
    post({ type: 'ply', id: message.id, ply, ...done });
  }
  post({ type: 'analysed', id: message.id });
  return state;
}

/**
 * The entry of one position: its result if the rules have finished it, else a search to `depth`
 * with the score turned to the attackers' and the best line written as OTN move records.
 */
export function analysePly(search: Search, pos: Position, depth: number): PlyAnalysis {
  const outcome = pos.outcome();
  if (outcome.status !== 'ongoing') return { eval: finishedEval(outcome.status), nodes: 0, timeMs: 0 };
  const result = search.run(pos, { depth });
  const score = pos.turn === 'attackers' ? result.score : -result.score;
  const pv = lineRecords(pos, result.pv);
  return {
    eval: { score, ...(pv.length > 0 && { pv }), depth: result.depth },
    nodes: result.nodes,
    timeMs: result.timeMs,
  };
}

/** The moves of a line as OTN records, with their captures; at most MAX_PV_LENGTH, all legal. */
export function lineRecords(pos: Position, line: readonly number[]): string[] {
  const records: string[] = [];
  for (const move of line.slice(0, MAX_PV_LENGTH)) {
    if (!pos.isLegal(move)) break;
    pos.play(move);
    records.push(makeLastMoveRecord(pos));
  }
  for (let i = 0; i < records.length; i++) pos.undo();
  return records;
}
