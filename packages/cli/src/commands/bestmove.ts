/**
 * `tafl bestmove`: the engine's move after some moves, with a line for every finished depth and
 * the move alone on the last line, for people and for programs driving it. The search runs in a
 * worker thread (`@tafl/engine/node`), so the process stays free to answer Ctrl-C at once with
 * the best move so far. `tafl analyze` (analyze.ts) shares all of this but the limits.
 */

import { makeLastMoveRecord, type Move, type Position } from '@tafl/core';
import { mateIn, type EngineLimits, type EngineRequest, type SearchInfo } from '@tafl/engine';
import { MAX_THREADS, createNodeEngine, moveBudget, nodeCores } from '@tafl/engine/node';
import {
  EXIT_OK,
  CliError,
  RULES_OPTIONS,
  guarded,
  parseOptions,
  parseSide,
  resolvePosition,
  resolveRules,
  type Parsed,
} from '../args.js';
import type { Command } from '../command.js';
import { describeOutcome } from '../format.js';
import type { Io } from '../io.js';
import { playMoves, splitMoves } from './moves.js';

const usage = `Usage: tafl bestmove (--rules ID | --rules-string OTN) [--position P] [--turn SIDE]
                     [--moves "M M ..."]... [M ...]
                     [--time MS] [--depth N] [--nodes N] [--threads N] [--level L] [--seed N]

  Searches the position after the given moves and prints a line for every finished depth:
  its score for the side to move (in centi-soldiers, or "win in N" or "loss in N" plies), the
  nodes searched, nodes per second, milliseconds and the principal variation; then the best
  move alone on the last line. Ctrl-C stops the search and prints the best move so far. The
  search stops at the first limit reached; with none, after one second.

  --rules ID           a ruleset of tafl rules
  --rules-string OTN   an OTN rules string
  --position P         an OTN position record to start from instead of the ruleset's start
  --turn SIDE          attackers or defenders to move at P (the ruleset's first side by default)
  --moves M            moves to play first, space-separated; may be repeated, and moves may
                       also follow the options
  --time MS            search for at most MS milliseconds
  --depth N            search N plies deep at most
  --nodes N            search about N nodes at most (with --seed: the same move every time)
  --threads N          search on N threads, 1 to 8 (default: one per core); a search bounded
                       by --nodes or --depth alone keeps to one, to answer the same every time
  --level L            play as level 1 (weakest) to 6, within its time (0.3 s to 1 s)
  --seed N             the seed of the levels' choices (random by default)
  -h, --help           show this help
`;

/** The options of `bestmove` and `analyze`. */
export const SEARCH_OPTIONS = {
  ...RULES_OPTIONS,
  moves: { type: 'string', multiple: true },
  time: { type: 'string' },
  depth: { type: 'string' },
  nodes: { type: 'string' },
  threads: { type: 'string' },
} as const;

const OPTIONS = { ...SEARCH_OPTIONS, level: { type: 'string' }, seed: { type: 'string' } } as const;

/** With no limit at all, `bestmove` searches this long. */
const DEFAULT_TIME_MS = 1000;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, async () => {
    const { values, positionals } = parseOptions('bestmove', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    const { pos, request } = searchRequest('bestmove', values, positionals);
    const chosen: EngineLimits = {
      ...request.limits,
      ...(values.level !== undefined && { level: whole('--level', values.level, 1, 6) }),
      ...(values.seed !== undefined && { seed: whole('--seed', values.seed, 0, 2 ** 32 - 1) }),
    };
    const bounded = Object.keys(chosen).some((k) => k !== 'seed' && k !== 'threads');
    const limits = bounded ? chosen : { ...chosen, timeMs: DEFAULT_TIME_MS };
    await searchAndPrint(io, pos, { ...request, limits }, [onSigint]);
    return EXIT_OK;
  });
}

/**
 * The position the options and the move arguments give, checked here so that a mistake is one
 * sentence naming it, and the engine's request for it with the limits --time, --depth, --nodes.
 */
export function searchRequest(
  command: string,
  values: Parsed<typeof SEARCH_OPTIONS>['values'],
  positionals: readonly string[],
): { pos: Position; request: EngineRequest } {
  const rules = resolveRules(command, values);
  const pos = resolvePosition(rules, values);
  const moves = [...(values.moves ?? []), ...positionals].flatMap(splitMoves);
  playMoves(pos, moves);
  if (pos.isOver())
    throw new CliError(`the game has ended, ${describeOutcome(pos.outcome())}: there is no move to search`);
  const limits: EngineLimits = {
    ...(values.time !== undefined && { timeMs: whole('--time', values.time, 1) }),
    ...(values.depth !== undefined && { depth: whole('--depth', values.depth, 1, 100) }),
    ...(values.nodes !== undefined && { nodes: whole('--nodes', values.nodes, 1) }),
    threads: values.threads !== undefined ? whole('--threads', values.threads, 1, MAX_THREADS) : nodeCores(),
  };
  const turn = parseSide(values.turn) ?? rules.firstToMove;
  return { pos, request: { rules, start: values.position ?? rules.start, turn, moves, limits } };
}

/** A whole number option from `min` to `max`. */
function whole(option: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `from ${min}` : `from ${min} to ${max}`;
    throw new CliError(`${option} must be a whole number ${range}, not ${JSON.stringify(text)}`);
  }
  return n;
}

/** A way to stop the search early: armed with the stop, it returns its own disarming. */
export type Stopper = (stop: () => void) => () => void;

/** Ctrl-C (SIGINT) stops the search instead of ending the process. */
export const onSigint: Stopper = (stop) => {
  process.on('SIGINT', stop);
  return () => process.off('SIGINT', stop);
};

/**
 * Searches in a worker thread, printing each finished depth as it comes (or the result's line
 * when no depth was reported, as the lower levels report none), then the move on a line alone.
 */
export async function searchAndPrint(
  io: Io,
  pos: Position,
  request: EngineRequest,
  stoppers: readonly Stopper[],
): Promise<void> {
  const engine = createNodeEngine();
  const disarms = stoppers.map((arm) => arm(() => engine.stop()));
  try {
    // A search with a time (--time, --level) is given that time to search: the engine's worker
    // and its helper threads are started first, by a search to depth 1 on as many threads. In play
    // their start counts against a move's time (a move is never late); a one-shot search started
    // them in its own budget, and --time 250 answered at depth 2 after 20 ms of searching.
    if (moveBudget(request.limits ?? {}) !== undefined)
      await engine.start({ ...request, limits: { depth: 1, threads: request.limits?.threads ?? 1 } });
    let printed = false;
    const result = await engine.start(request, (info) => {
      printed = true;
      io.stdout.write(infoLine(pos, info));
    });
    if (!printed) io.stdout.write(infoLine(pos, result.info));
    io.stdout.write(`${moveRecords(pos, result.move === undefined ? [] : [result.move])[0] ?? ''}\n`);
  } finally {
    for (const disarm of disarms) disarm();
    engine.dispose();
  }
}

/** `win in 3`, `loss in 2` (plies), or the score in centi-soldiers. */
export function formatScore(score: number): string {
  const plies = mateIn(score);
  if (plies === undefined) return String(score);
  return plies > 0 ? `win in ${plies}` : `loss in ${-plies}`;
}

/**
 * `depth 5 score 37 nodes 7423 nps 31000 time 239 pv d2-e2 c4-c5 ...`; a move of the opening
 * book is `book pv d2-e2`, an answer of the endgame tables `tablebase score win in 7 ... pv ...`.
 */
export const infoLine = (pos: Position, info: SearchInfo): string =>
  info.book === true
    ? `book pv ${moveRecords(pos, info.pv).join(' ')}\n`
    : `${info.tablebase !== undefined ? 'tablebase' : `depth ${info.depth}`} score ${formatScore(info.score)} ` +
      `nodes ${info.nodes} nps ${info.nps} time ${info.timeMs} pv ${moveRecords(pos, info.pv).join(' ')}\n`;

/** The OTN records of moves played in turn from `pos` (left as it was), with their captures. */
export function moveRecords(pos: Position, moves: readonly Move[]): string[] {
  const records: string[] = [];
  for (const move of moves) {
    if (!pos.isLegal(move)) break;
    pos.play(move);
    records.push(makeLastMoveRecord(pos));
  }
  for (let i = 0; i < records.length; i++) pos.undo();
  return records;
}

export const bestmoveCommand: Command = {
  name: 'bestmove',
  summary: 'search a position and print the best move, with a line per depth',
  usage,
  run,
};
