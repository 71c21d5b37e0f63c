/**
 * The engines of a match, named on the command line: one of our levels (`level:6`, or
 * `level:6,threads=2` to search on two threads), a level of the engine of an earlier commit
 * (`ref:COMMIT:6`, reference.ts: what a change gained) or a program that speaks the OpenTafl
 * engine protocol (`otep:'java -jar opentafl.jar --engine'`); `tafl balance` uses the search bounded
 * by nodes alone (`nodes`), which plays the same moves on any machine. A spec is plain data, so it can
 * cross into the worker threads that play the games.
 */

import { LEVELS, levelConfig } from '@tafl/engine';
import { fail, ok, type Result } from '@tafl/core';
import { MAX_THREADS } from '@tafl/engine/node';
import { splitCommandLine } from '../otep-process.js';

export type EngineSpec =
  | {
      readonly kind: 'level';
      readonly level: number;
      readonly label: string;
      /** Threads the search runs on (split points, the engine's smp.ts); one when absent. */
      readonly threads?: number;
    }
  | {
      readonly kind: 'reference';
      readonly commit: string;
      readonly level: number;
      readonly label: string;
      /** Threads its search runs on, with the helpers of its own commit; one when absent. */
      readonly threads?: number;
      /**
       * Its level 6's search bounded by this many positions a move and by nothing else (no time, no
       * book), as `nodes` is today's (`tafl match --nodes`).
       */
      readonly nodes?: number;
    }
  | {
      /**
       * The full engine's search (level 6's, without its book) bounded by `nodes` a move and by
       * nothing else: the same position always gets the same move, on any machine and under any
       * load (the balance lab, tafl balance).
       */
      readonly kind: 'nodes';
      readonly nodes: number;
      readonly label: string;
    }
  | {
      readonly kind: 'otep';
      readonly commandLine: string;
      readonly label: string;
      /** The working folder the program runs in (where OpenTafl reads its settings), if not ours. */
      readonly dir?: string;
      /** Milliseconds to wait before each line sent to the program (none by default). */
      readonly sendDelayMs?: number;
    };

export const ENGINE_ERRORS = {
  syntax: 'ERR_ENGINE_SYNTAX',
  level: 'ERR_ENGINE_LEVEL',
  command: 'ERR_ENGINE_COMMAND',
} as const;
export type EngineError = (typeof ENGINE_ERRORS)[keyof typeof ENGINE_ERRORS];

/** The time an OTEP engine gets for a move when the match sets none. */
export const OTEP_DEFAULT_TIME_MS = 1000;

/** Reads `level:N` (N from 1 to 6) or `otep:COMMAND LINE` (its words quoted as a shell would). */
export function parseEngineSpec(text: string): Result<EngineSpec, EngineError> {
  const spec = text.trim();
  const level = /^level:([^,]*)(?:,threads=(.*))?$/.exec(spec);
  if (level) {
    const n = Number(level[1]);
    if (!/^\d+$/.test(level[1]!) || !LEVELS.some((l) => l.level === n))
      return fail(
        ENGINE_ERRORS.level,
        `${JSON.stringify(spec)} names no level: levels run from 1 to ${LEVELS.length}`,
      );
    if (level[2] === undefined) return ok({ kind: 'level', level: n, label: `level:${n}` });
    const threads = Number(level[2]);
    if (!/^\d+$/.test(level[2]) || threads < 1 || threads > MAX_THREADS)
      return fail(ENGINE_ERRORS.level, `${JSON.stringify(spec)}: threads run from 1 to ${MAX_THREADS}`);
    return ok({ kind: 'level', level: n, threads, label: spec });
  }
  const reference = /^ref:([^:,]+):(\d+)(?:,threads=(.*))?$/.exec(spec);
  if (reference) {
    const n = Number(reference[2]);
    if (!LEVELS.some((l) => l.level === n))
      return fail(
        ENGINE_ERRORS.level,
        `${JSON.stringify(spec)} names no level: levels run from 1 to ${LEVELS.length}`,
      );
    if (reference[3] === undefined)
      return ok({ kind: 'reference', commit: reference[1]!, level: n, label: spec });
    const threads = Number(reference[3]);
    if (!/^\d+$/.test(reference[3]) || threads < 1 || threads > MAX_THREADS)
      return fail(ENGINE_ERRORS.level, `${JSON.stringify(spec)}: threads run from 1 to ${MAX_THREADS}`);
    return ok({ kind: 'reference', commit: reference[1]!, level: n, threads, label: spec });
  }
  const otep = /^otep:(.*)$/s.exec(spec);
  if (otep) {
    const commandLine = otep[1]!.trim();
    const words = splitCommandLine(commandLine);
    if (!words.ok) return fail(ENGINE_ERRORS.command, `${JSON.stringify(spec)}: ${words.message}`);
    return ok({ kind: 'otep', commandLine, label: `otep:${commandLine}` });
  }
  return fail(
    ENGINE_ERRORS.syntax,
    `${JSON.stringify(spec)} is not an engine: give level:N (1 to ${LEVELS.length}), ref:COMMIT:N or otep:'command line'`,
  );
}

/**
 * How long an engine may take for a move: the match's time, within a level's own budget.
 * Undefined where a move has no time budget: the search bounded by nodes, and the levels that
 * score the moves to a fixed depth (levels 1 to 4, `Level.depth`: their first depth is searched
 * whatever the time, so a time would be a budget they do not keep).
 */
export function moveBudget(spec: EngineSpec, timeMs: number | undefined): number | undefined {
  if (spec.kind === 'otep') return timeMs ?? OTEP_DEFAULT_TIME_MS;
  if (spec.kind === 'nodes' || (spec.kind === 'reference' && spec.nodes !== undefined)) return undefined;
  const own = levelConfig(spec.level);
  if (own.depth !== undefined) return undefined;
  return Math.min(timeMs ?? own.timeMs, own.timeMs);
}

/** What bounds an engine's move, for a report: `budget 1000 ms`, `a fixed depth, no time budget`. */
export function budgetPhrase(spec: EngineSpec, timeMs: number | undefined): string {
  const budget = moveBudget(spec, timeMs);
  if (budget !== undefined) return `budget ${budget} ms`;
  const nodes = spec.kind === 'nodes' || spec.kind === 'reference' ? spec.nodes : undefined;
  return nodes !== undefined ? `${nodes} nodes, no time budget` : 'a fixed depth, no time budget';
}

/**
 * The engine `spec` bounded by `nodes` positions a move (`tafl match --nodes`): our level 6's search
 * without its book (`nodes`), or an earlier commit's, the same way. Load-independent, so a change is
 * screened by it on a loaded machine; the levels below 6 (no such search) and several threads (a
 * search bounded by nodes keeps to one) are refused, and an OTEP engine keeps its time.
 */
export function boundByNodes(spec: EngineSpec, nodes: number): Result<EngineSpec, EngineError> {
  if (spec.kind === 'otep' || spec.kind === 'nodes') return ok(spec);
  if (spec.level !== LEVELS.length)
    return fail(
      ENGINE_ERRORS.level,
      `${spec.label}: --nodes bounds level ${LEVELS.length}'s search, and level ${spec.level} has none to bound`,
    );
  if (spec.threads !== undefined && spec.threads > 1)
    return fail(ENGINE_ERRORS.level, `${spec.label}: a search bounded by --nodes runs on one thread`);
  const label = `${spec.label} (${nodes} nodes)`;
  return ok(spec.kind === 'level' ? { kind: 'nodes', nodes, label } : { ...spec, nodes, label });
}
