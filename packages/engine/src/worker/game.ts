/**
 * A request made whole again: its ruleset, its position replayed move by move (so the position
 * has its history), and its limits checked. Outside input is refused with a code and a sentence,
 * never an exception; the worker sends them back as an `error` message.
 */

import {
  fail,
  ok,
  playMoveRecord,
  positionFromOtn,
  presetById,
  type Position,
  type Result,
  type Ruleset,
} from '@tafl/core';
import { LEVELS } from '../levels.js';
import { MAX_MULTI_PV } from '../search.js';
import {
  ENGINE_ERRORS,
  MAX_THREADS,
  type EngineErrorCode,
  type EngineLimits,
  type EngineRequest,
} from './protocol.js';

/** The request's ruleset: the object itself, or the preset its id names. */
export function rulesOf(request: EngineRequest): Result<Ruleset, EngineErrorCode> {
  if (typeof request.rules !== 'string') return ok(request.rules);
  const preset = presetById(request.rules);
  return preset
    ? ok(preset)
    : fail(ENGINE_ERRORS.rules, `there is no ruleset with the id ${JSON.stringify(request.rules)}`);
}

/** The position after the request's moves from its start, under `rules`. */
export function positionOf(rules: Ruleset, request: EngineRequest): Result<Position, EngineErrorCode> {
  const start = positionFromOtn(rules, request.start ?? rules.start, request.turn ?? rules.firstToMove);
  if (!start.ok) return fail(ENGINE_ERRORS.position, `the start position is invalid: ${start.message}`);
  const pos = start.value;
  for (const record of request.moves ?? []) {
    const played = playMoveRecord(pos, record);
    if (!played.ok) return fail(ENGINE_ERRORS.move, `at ply ${pos.ply + 1}, ${played.message}`);
  }
  return ok(pos);
}

/** Refuses limits that are not numbers of the right kind. */
export function checkLimits(limits: EngineLimits): Result<EngineLimits, EngineErrorCode> {
  const bad = (message: string) => fail(ENGINE_ERRORS.limits, message);
  const { level, timeMs, clock, depth, nodes, seed, multiPv, threads, analysis } = limits;
  if (level !== undefined && !LEVELS.some((l) => l.level === level))
    return bad(`the level must be one of ${LEVELS.map((l) => l.level).join(', ')}, not ${level}`);
  if (timeMs !== undefined && !(timeMs > 0 && Number.isFinite(timeMs)))
    return bad(`the time must be a positive number of milliseconds, not ${timeMs}`);
  if (clock !== undefined && !(clock.remainingMs >= 0 && Number.isFinite(clock.remainingMs)))
    return bad(`the clock's remaining time must be 0 ms or more, not ${clock.remainingMs}`);
  if (clock !== undefined && !(clock.incrementMs >= 0 && Number.isFinite(clock.incrementMs)))
    return bad(`the clock's increment must be 0 ms or more, not ${clock.incrementMs}`);
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1))
    return bad(`the depth must be a whole number from 1, not ${depth}`);
  if (nodes !== undefined && !(Number.isInteger(nodes) && nodes >= 1))
    return bad(`the node limit must be a whole number from 1, not ${nodes}`);
  if (seed !== undefined && !Number.isInteger(seed))
    return bad(`the seed must be a whole number, not ${seed}`);
  if (multiPv !== undefined && !(Number.isInteger(multiPv) && multiPv >= 1 && multiPv <= MAX_MULTI_PV))
    return bad(
      `the number of lines (multiPv) must be a whole number from 1 to ${MAX_MULTI_PV}, not ${multiPv}`,
    );
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1 && threads <= MAX_THREADS))
    return bad(`the number of threads must be a whole number from 1 to ${MAX_THREADS}, not ${threads}`);
  if (analysis !== undefined && typeof analysis !== 'boolean')
    return bad(`analysis must be true or false, not ${String(analysis)}`);
  return ok(limits);
}
