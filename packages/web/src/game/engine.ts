/**
 * The computer, for the game screen: its moves, hints, the evaluation of a position and the
 * analysis of a finished game. The engine searches in a Web Worker (`@tafl/engine/browser`,
 * whose `new Worker(new URL(...), { type: 'module' })` Vite bundles as a chunk of its own), so
 * the page never waits for a search.
 *
 * Nothing of the engine is in the initial bundle: the module is imported on first use, and each
 * engine is created then. There are two engines, so that the evaluation display and an analysis
 * never interrupt the computer's move: `play` (moves, hints) and `study` (evaluations). Starting
 * a search on an engine stops the one it was running (its promise resolves with its best move
 * so far), which is what the screen wants when the position changes under it.
 */

import type { Move, Side } from '@tafl/core';
import type { Engine, EngineLimits, EngineRequest } from '@tafl/engine/browser';
import { finalScore, forAttackers } from './evaluation.js';
import { deriveGame, sideToMove, type Game } from './model.js';

type Channel = 'play' | 'study';

let runtime: Promise<{ readonly createBrowserEngine: () => Engine }> | undefined;
const engines = new Map<Channel, Promise<Engine>>();

function engine(channel: Channel): Promise<Engine> {
  let found = engines.get(channel);
  if (!found) {
    runtime ??= import('@tafl/engine/browser');
    found = runtime.then((m) => m.createBrowserEngine());
    engines.set(channel, found);
    // A failed load may succeed later (a network hiccup): forget it.
    found.catch(() => engines.delete(channel));
  }
  return found;
}

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
  return { rules: game.rules, start: game.start, turn: game.turn, moves: game.moves.slice(0, ply), limits };
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

/**
 * The attackers' score of every position of a game (index = ply), position by position, each in
 * `timeMs`; `onProgress` gets the scores so far. A position the rules ended is scored by its
 * result, without a search. `cancelled()` is asked between positions.
 */
export async function analyse(
  game: Game,
  timeMs: number,
  onProgress: (scores: readonly number[]) => void,
  cancelled: () => boolean,
): Promise<number[] | undefined> {
  const derived = deriveGame(game);
  const rulesEnd = derived.ok ? derived.value.position.outcome() : { status: 'ongoing' as const };
  const scores: number[] = [];
  for (let ply = 0; ply <= game.moves.length; ply++) {
    if (cancelled()) return undefined;
    if (ply === game.moves.length && rulesEnd.status !== 'ongoing') scores.push(finalScore(rulesEnd.status));
    else scores.push((await evaluate(game, ply, timeMs)).score);
    onProgress([...scores]);
  }
  return cancelled() ? undefined : scores;
}

/** Stops whatever an engine is searching (the screen was left, or the position changed). */
export function stopEngine(channel: Channel): void {
  void engines.get(channel)?.then((e) => e.stop());
}
