/**
 * The analysis of a game as plain JSON data: one evaluation per position, kept with the game (in
 * the browser for local games, on the server for online ones) and shown by the analysis board.
 *
 * The data lives here, not in the engine, because the server and the app must check an analysis
 * they are given without running a search: `parseGameAnalysis` replays the game with the rules
 * and checks every entry against its position (a finished position carries its result, not a
 * search score; every best line is legal from its position), so a stored analysis can be
 * trusted by whoever shows it. Scores are always the attackers', so a graph over a game reads
 * one way whoever is to move.
 */

import { playMoveRecord } from './notation/move.js';
import type { Position } from './position.js';
import { fail, ok, type Result } from './result.js';
import type { Ruleset } from './rules.js';
import { positionFromOtn } from './start.js';
import type { Side } from './types.js';

/** A win at the root, in the engine's units: a forced win in N plies scores ±(WIN - N). */
export const WIN = 30000;
/** Scores beyond this (in size) are wins or losses in `WIN - |score|` plies. */
export const WIN_BOUND = WIN - 1000;

/** The longest best line kept for a position. */
export const MAX_PV_LENGTH = 12;
/** The deepest search an analysis may claim. */
export const MAX_ANALYSIS_DEPTH = 64;
/** The most positions an analysis may have (a game of more plies is not analysed). */
export const MAX_ANALYSIS_PLIES = 2001;

export type GameResult = Side | 'draw';

export interface PlyEval {
  /**
   * The position's value for the attackers, in the engine's units (centi-soldiers); a forced win
   * in N plies is ±(WIN - N). A finished position scores WIN for the attackers' win, -WIN for the
   * defenders', 0 for a draw.
   */
  readonly score: number;
  /** Set instead of a search when the rules have finished the position: who won ('draw' for a draw). */
  readonly result?: GameResult;
  /**
   * The engine's best line from this position, OTN move records (`d1-d3`, `e2-d2xd3`, `pass`),
   * first = best move; absent at a finished position. At most MAX_PV_LENGTH moves.
   */
  readonly pv?: readonly string[];
  /** The depth searched (absent at a finished position). */
  readonly depth?: number;
}

export interface GameAnalysis {
  readonly version: 2;
  /** The default depth the game was analysed at (the same for every position; 0 when unknown). */
  readonly depth: number;
  /** One entry per position: index 0 the start, index n the position after n plies; length = moves + 1. */
  readonly plies: readonly PlyEval[];
}

/** The game an analysis belongs to, as its record has it. */
export interface AnalysedGame {
  readonly rules: Ruleset;
  readonly start: string;
  readonly turn: Side;
  readonly moves: readonly string[];
}

export const ANALYSIS_ERROR = 'ERR_ANALYSIS';
export type AnalysisError = typeof ANALYSIS_ERROR;

/** The entry of a position the rules have finished: its result and the matching score. */
export const finishedEval = (result: GameResult): PlyEval => ({
  score: result === 'attackers' ? WIN : result === 'defenders' ? -WIN : 0,
  result,
});

const PLY_KEYS = new Set(['score', 'result', 'pv', 'depth']);
const ANALYSIS_KEYS = new Set(['version', 'depth', 'plies']);
const RESULTS: readonly unknown[] = ['attackers', 'defenders', 'draw'];
const MAX_MOVE_TEXT = 24;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isDepth = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_ANALYSIS_DEPTH;

/**
 * Checks that `value` is an analysis of `game`: its shape and version, one entry per position,
 * scores that are whole numbers within ±WIN, a result exactly where the rules finished the
 * position (and the one they decided), and best lines that are legal when replayed from their
 * position. Returns the analysis as a fresh object with only the known fields.
 */
export function parseGameAnalysis(value: unknown, game: AnalysedGame): Result<GameAnalysis, AnalysisError> {
  const bad = (message: string) => fail(ANALYSIS_ERROR, `the analysis is invalid: ${message}`);
  if (!isRecord(value)) return bad('it is not an object');
  const extra = Object.keys(value).find((k) => !ANALYSIS_KEYS.has(k));
  if (extra !== undefined) return bad(`it has an unknown field ${JSON.stringify(extra)}`);
  if (value.version !== 2) return bad(`its version is ${JSON.stringify(value.version)}, not 2`);
  if (!isDepth(value.depth))
    return bad(
      `its depth must be a whole number from 0 to ${MAX_ANALYSIS_DEPTH}, not ${String(value.depth)}`,
    );
  const plies = value.plies;
  if (!Array.isArray(plies)) return bad('it has no list of positions (plies)');
  if (plies.length > MAX_ANALYSIS_PLIES)
    return bad(`it has ${plies.length} positions, more than the ${MAX_ANALYSIS_PLIES} allowed`);
  if (plies.length !== game.moves.length + 1)
    return bad(
      `it has ${plies.length} positions, but the game of ${game.moves.length} plies has ${game.moves.length + 1}`,
    );
  const start = positionFromOtn(game.rules, game.start, game.turn);
  if (!start.ok) return bad(`the game's start position is invalid: ${start.message}`);
  const pos = start.value;
  const out: PlyEval[] = [];
  for (let ply = 0; ply < plies.length; ply++) {
    if (ply > 0) {
      const played = playMoveRecord(pos, game.moves[ply - 1]!);
      if (!played.ok) return bad(`the game's move ${ply} cannot be played: ${played.message}`);
    }
    const entry = parsePlyEval(plies[ply], pos);
    if (!entry.ok) return bad(`position ${ply} (after ${ply} plies): ${entry.message}`);
    out.push(entry.value);
  }
  return ok({ version: 2, depth: value.depth, plies: out });
}

/** Checks one entry against its position (which it leaves as it was). */
function parsePlyEval(value: unknown, pos: Position): Result<PlyEval, AnalysisError> {
  const bad = (message: string) => fail(ANALYSIS_ERROR, message);
  if (!isRecord(value)) return bad('the entry is not an object');
  const extra = Object.keys(value).find((k) => !PLY_KEYS.has(k));
  if (extra !== undefined) return bad(`the entry has an unknown field ${JSON.stringify(extra)}`);
  const { score, result, pv, depth } = value;
  if (!Number.isInteger(score) || Math.abs(score as number) > WIN)
    return bad(`the score must be a whole number from -${WIN} to ${WIN}, not ${JSON.stringify(score)}`);
  const outcome = pos.outcome();
  if (outcome.status !== 'ongoing') {
    if (result === undefined)
      return bad(
        `the rules have finished this position (${outcome.status}, ${outcome.reason}) but it has no result`,
      );
    if (result !== outcome.status)
      return bad(
        `the result is ${JSON.stringify(result)}, but the rules decided ${outcome.status} (${outcome.reason})`,
      );
    if (score !== finishedEval(outcome.status).score)
      return bad(
        `the score of a finished position must be ${finishedEval(outcome.status).score}, not ${String(score)}`,
      );
    if (pv !== undefined || depth !== undefined) return bad('a finished position has no best line nor depth');
    return ok(finishedEval(outcome.status));
  }
  if (result !== undefined)
    return bad(
      RESULTS.includes(result)
        ? `it has the result ${String(result)}, but the game is not over in this position`
        : `the result must be attackers, defenders or draw, not ${JSON.stringify(result)}`,
    );
  if (Math.abs(score as number) === WIN)
    return bad(`the score ±${WIN} is a finished game's, and this one is not over`);
  if (depth !== undefined && !isDepth(depth))
    return bad(
      `the depth must be a whole number from 0 to ${MAX_ANALYSIS_DEPTH}, not ${JSON.stringify(depth)}`,
    );
  let line: string[] | undefined;
  if (pv !== undefined) {
    const checked = checkLine(pv, pos);
    if (!checked.ok) return checked;
    line = checked.value;
  }
  return ok({
    score: score as number,
    ...(line !== undefined && { pv: line }),
    ...(depth !== undefined && { depth: depth as number }),
  });
}

/** A best line: 1 to MAX_PV_LENGTH move records, each legal after the ones before. */
function checkLine(pv: unknown, pos: Position): Result<string[], AnalysisError> {
  const bad = (message: string) => fail(ANALYSIS_ERROR, message);
  if (!Array.isArray(pv)) return bad('the best line (pv) is not a list of moves');
  if (pv.length === 0 || pv.length > MAX_PV_LENGTH)
    return bad(`the best line must have 1 to ${MAX_PV_LENGTH} moves, not ${pv.length}`);
  const line: string[] = [];
  let played = 0;
  let failure: string | undefined;
  for (const [i, move] of pv.entries()) {
    if (typeof move !== 'string' || move.length > MAX_MOVE_TEXT) {
      failure = `move ${i + 1} of the best line is not a move record`;
      break;
    }
    const result = playMoveRecord(pos, move);
    if (!result.ok) {
      failure = `move ${i + 1} of the best line, ${move}, cannot be played: ${result.message}`;
      break;
    }
    played++;
    line.push(move);
  }
  for (let i = 0; i < played; i++) pos.undo();
  return failure === undefined ? ok(line) : bad(failure);
}
