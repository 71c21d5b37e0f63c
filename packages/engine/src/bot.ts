/**
 * A bot: `play(position, limits) => Promise<{ move, info }>`, the one shape the app, the server
 * and the scripts use to get a move from a computer player. `engineBot` plays through an
 * `Engine` (worker/protocol.ts), so the search runs off the calling thread; it sends the game
 * the position came from (its start and its moves), so the engine sees the same history and the
 * same repetitions, and keeps its table from one move of a game to the next.
 */

import { makeMoveSquares, makePosition, type Move, type Position } from '@tafl/core';
import type { SearchInfo } from './search.js';
import type { Engine, EngineLimits, EngineRequest } from './worker/protocol.js';

export interface BotMove {
  /** The move to play, or undefined when the game is over. */
  readonly move: Move | undefined;
  readonly info: SearchInfo;
}

export interface Bot {
  /** A move for the side to move in `pos`, which is left as it was. */
  play(pos: Position, limits?: EngineLimits): Promise<BotMove>;
}

/** The game `pos` was reached by: its ruleset, the position it started from and the moves since. */
export function requestFor(pos: Position, limits: EngineLimits = {}): EngineRequest {
  const start = pos.clone();
  const played: Move[] = [];
  for (let move = start.lastMove(); move !== undefined; move = start.lastMove()) {
    played.push(move);
    start.undo();
  }
  const setup = start.toSetup();
  return {
    rules: pos.rules,
    start: makePosition(setup.size, setup.board),
    turn: setup.turn,
    moves: played.reverse().map((move) => makeMoveSquares(pos.geo, move)),
    limits,
  };
}

/**
 * A bot searching with `engine`, at `defaults` unless `play` is given other limits (a level,
 * seed, ...; the two are merged, `play`'s winning).
 */
export function engineBot(engine: Engine, defaults: EngineLimits = {}): Bot {
  return {
    async play(pos, limits = {}) {
      const { move, info } = await engine.start(requestFor(pos, { ...defaults, ...limits }));
      return { move, info };
    },
  };
}
