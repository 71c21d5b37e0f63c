/**
 * A player of match games: an engine behind one small interface, whatever it is. Our levels play
 * in the thread that holds them, with a `Search` of their own whose table is cleared between games
 * so that no game learns from the one before. An OTEP program runs as a child process
 * (otep-process.ts), started at its first game and kept for the whole match.
 */

import type { Move, Outcome, Position, Ruleset, Side } from '@tafl/core';
import { Search, levelConfig, levelMove, seededRandom, weightsFor, type Level } from '@tafl/engine';
import { OtepProcess, OtepProcessError } from '../otep-process.js';
import { OTEP_DEFAULT_TIME_MS, type EngineSpec } from './engines.js';

export interface Player {
  /** Gets ready for a game under `rules` in which it plays `side`; `seed` makes a level's choices reproducible. */
  newGame(rules: Ruleset, side: Side, seed: number): Promise<void>;
  /** The move for the side to move in `pos` (left as it was), within `timeMs` when given. */
  move(pos: Position, timeMs: number | undefined): Promise<Move | undefined>;
  /** The game is over (no outcome: it was stopped, as at the ply limit). */
  finish(outcome: Outcome | undefined): Promise<void>;
  /** Ends the player (an OTEP program's process). */
  close(): Promise<void>;
}

/** A failure of an outside engine (it could not start, timed out, played an illegal move): not our bug. */
export const isEngineFailure = (e: unknown): boolean => e instanceof OtepProcessError;

export interface LevelOptions {
  /** log2 of the transposition table's entries (the Search's default when absent). */
  readonly ttBits?: number;
}

export function createPlayer(spec: EngineSpec, options: LevelOptions = {}): Player {
  return spec.kind === 'level'
    ? new LevelPlayer(levelConfig(spec.level), options)
    : new OtepPlayer(spec.commandLine);
}

/** One of our levels, through `levelMove`. */
class LevelPlayer implements Player {
  private search: Search | undefined;
  private rules: Ruleset | undefined;
  private random: () => number = seededRandom(0);

  constructor(
    private readonly config: Level,
    private readonly options: LevelOptions,
  ) {}

  newGame(rules: Ruleset, _side: Side, seed: number): Promise<void> {
    if (this.search === undefined || this.rules !== rules) {
      const ttBits = this.options.ttBits;
      this.search = new Search({ weights: weightsFor(rules), ...(ttBits !== undefined ? { ttBits } : {}) });
      this.rules = rules;
    } else this.search.clear();
    this.random = seededRandom(seed);
    return Promise.resolve();
  }

  move(pos: Position, timeMs: number | undefined): Promise<Move | undefined> {
    if (this.search === undefined) throw new Error('a level was asked for a move before newGame');
    const limits = timeMs === undefined ? {} : { timeMs };
    return Promise.resolve(levelMove(this.search, pos, this.config, this.random, limits).move);
  }

  finish(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.search = undefined;
    return Promise.resolve();
  }
}

/** A program of the OpenTafl engine protocol. */
class OtepPlayer implements Player {
  private process: OtepProcess | undefined;

  constructor(private readonly commandLine: string) {}

  async newGame(rules: Ruleset, side: Side): Promise<void> {
    this.process ??= await OtepProcess.start(this.commandLine);
    this.process.newGame(rules, side);
  }

  move(pos: Position, timeMs: number | undefined): Promise<Move | undefined> {
    if (this.process === undefined) throw new Error('an OTEP engine was asked for a move before newGame');
    return this.process.bestMove(pos, { timeMs: timeMs ?? OTEP_DEFAULT_TIME_MS });
  }

  finish(outcome: Outcome | undefined): Promise<void> {
    this.process?.finish(outcome);
    return Promise.resolve();
  }

  async close(): Promise<void> {
    await this.process?.close();
    this.process = undefined;
  }
}
