/**
 * A player of match games: an engine behind one small interface, whatever it is. Our levels play
 * in the thread that holds them, with a `Search` of their own whose table is cleared between games
 * so that no game learns from the one before. An OTEP program runs as a child process
 * (otep-process.ts), started at its first game and kept from game to game; when it fails (it
 * crashes, times out, plays an illegal move) the game is lost (game.ts) and the process closed,
 * and the next game starts it again. One that cannot be started (its first start fails, or
 * `MAX_START_FAILURES` starts in a row later) ends the match: its command cannot work.
 */

import type { Move, Outcome, Position, Ruleset, Side } from '@tafl/core';
import {
  Search,
  levelConfig,
  levelMove,
  seededRandom,
  weightsFor,
  warmUp,
  type Level,
  type OtepClock,
} from '@tafl/engine';
import { nodeHelperPool, sharedBy, type HelperPool } from '@tafl/engine/node';
import { OtepProcess, OtepProcessError } from '../otep-process.js';
import { ReferencePlayer } from '../reference.js';
import { OTEP_DEFAULT_TIME_MS, type EngineSpec } from './engines.js';

export interface Player {
  /** Gets ready for a game under `rules` in which it plays `side`; `seed` makes a level's choices reproducible. */
  newGame(rules: Ruleset, side: Side, seed: number): Promise<void>;
  /**
   * The move for the side to move in `pos` (left as it was), within `timeMs` when given; `clock`
   * is the game's clock when it keeps one (what an OTEP engine is sent).
   */
  move(pos: Position, timeMs: number | undefined, clock?: OtepClock): Promise<Move | undefined>;
  /** The game is over (no outcome: it was stopped, as at the ply limit). */
  finish(outcome: Outcome | undefined): Promise<void>;
  /** Ends the player (an OTEP program's process). */
  close(): Promise<void>;
}

/** An outside engine that failed to start this many times in a row ends the match. */
export const MAX_START_FAILURES = 3;

/** An outside engine cannot be started at all: the match cannot go on. */
export class EngineStartError extends Error {}

/** A failure of an outside engine (it could not start, timed out, played an illegal move): not our bug. */
export const isEngineFailure = (e: unknown): boolean =>
  e instanceof OtepProcessError || e instanceof EngineStartError;

/** A failure that loses the game for the engine that failed, and the match goes on. */
export const isForfeit = (e: unknown): e is OtepProcessError => e instanceof OtepProcessError;

export interface LevelOptions {
  /** log2 of the transposition table's entries (the Search's default when absent). */
  readonly ttBits?: number;
  /** Threads the search runs on (helpers in worker threads of their own); one by default. */
  readonly threads?: number;
}

export function createPlayer(spec: EngineSpec, options: LevelOptions = {}): Player {
  if (spec.kind === 'level')
    return new LevelPlayer(levelConfig(spec.level), { ...options, threads: spec.threads ?? 1 });
  if (spec.kind === 'reference')
    return new ReferencePlayer(spec.commit, spec.level, spec.threads ?? 1, spec.nodes);
  if (spec.kind === 'nodes') return new NodesPlayer(spec.nodes);
  return new OtepPlayer(spec);
}

/** One of our levels, through `levelMove`. */
class LevelPlayer implements Player {
  private search: Search | undefined;
  private rules: Ruleset | undefined;
  private random: () => number = seededRandom(0);
  private pool: HelperPool | undefined;

  constructor(
    private readonly config: Level,
    private readonly options: LevelOptions,
  ) {}

  newGame(rules: Ruleset, _side: Side, seed: number): Promise<void> {
    if (this.search === undefined || this.rules !== rules) {
      const ttBits = this.options.ttBits;
      const threads = this.options.threads ?? 1;
      if (threads > 1) this.pool ??= nodeHelperPool(threads, ttBits);
      const shared = this.pool && sharedBy(this.pool);
      const first = this.search === undefined;
      this.search = new Search({
        weights: weightsFor(rules),
        ...(ttBits !== undefined ? { ttBits } : {}),
        ...shared,
      });
      this.rules = rules;
      // before its first game's clock: a cold search overruns its time (warmUp)
      if (first) warmUp(this.search, [rules]);
    }
    this.search.clear();
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
    this.pool?.close();
    this.pool = undefined;
    return Promise.resolve();
  }
}

/** The engine's search bounded by a number of nodes a move only: deterministic (no time, no book, no noise). */
class NodesPlayer implements Player {
  private search: Search | undefined;
  private rules: Ruleset | undefined;

  constructor(private readonly nodes: number) {}

  newGame(rules: Ruleset): Promise<void> {
    if (this.search === undefined || this.rules !== rules) {
      this.search = new Search({ weights: weightsFor(rules) });
      this.rules = rules;
    }
    this.search.clear();
    return Promise.resolve();
  }

  move(pos: Position): Promise<Move | undefined> {
    if (this.search === undefined) throw new Error('a search was asked for a move before newGame');
    return Promise.resolve(this.search.run(pos, { nodes: this.nodes }).move);
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
  private startFailures = 0;
  private started = false;

  constructor(private readonly spec: Extract<EngineSpec, { kind: 'otep' }>) {}

  async newGame(rules: Ruleset): Promise<void> {
    if (this.process !== undefined && !this.process.usable) await this.close();
    if (this.process === undefined) {
      const { commandLine, dir, sendDelayMs } = this.spec;
      try {
        this.process = await OtepProcess.start(commandLine, {
          ...(dir !== undefined && { cwd: dir }),
          ...(sendDelayMs !== undefined && { sendDelayMs }),
        });
        this.startFailures = 0;
        this.started = true;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (!this.started) throw new EngineStartError(`${this.spec.label} cannot be started: ${message}`);
        if (++this.startFailures >= MAX_START_FAILURES)
          throw new EngineStartError(
            `${this.spec.label} failed to start ${this.startFailures} times in a row; the last time: ${message}`,
          );
        throw e;
      }
    }
    this.process.newGame(rules);
  }

  move(pos: Position, timeMs: number | undefined, clock?: OtepClock): Promise<Move | undefined> {
    if (this.process === undefined) throw new Error('an OTEP engine was asked for a move before newGame');
    return this.process.bestMove(pos, clock ? { clock } : { timeMs: timeMs ?? OTEP_DEFAULT_TIME_MS });
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
