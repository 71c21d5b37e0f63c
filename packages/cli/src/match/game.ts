/**
 * One game between two players from an opening: each move asked of the side to move within the
 * time per move, checked, timed and played, until the rules end the game or the ply limit is
 * reached, which is adjudicated a draw (two engines that shuffle forever under rules without a
 * repetition or quiet-move draw would otherwise never finish). A player that answers with an
 * illegal move, or none, or touches the position, is a bug: the game fails with an error.
 */

import {
  makeMoveSquares,
  makePosition,
  makeRecord,
  recordFromGame,
  startingPosition,
  SIDES,
  type BySide,
  type EndReason,
  type Move,
  type Position,
  type RecordTag,
  type Ruleset,
  type Side,
} from '@tafl/core';
import type { Player } from './player.js';

/** The ply limit of a match game unless told otherwise. */
export const DEFAULT_MAX_PLIES = 400;

/** Why a game ended: a rule of the game, or the match's ply limit. */
export type Ending = EndReason | 'ply limit';

export interface GameSetup {
  readonly rules: Ruleset;
  /** Moves played from the start before the players take over. */
  readonly opening: readonly Move[];
  readonly players: BySide<Player>;
  /** Names for messages and the record's tags. */
  readonly names: BySide<string>;
  /** The seeds the players start the game with. */
  readonly seeds: BySide<number>;
  /** The time each move may take, or undefined for the players' own. */
  readonly timeMs: number | undefined;
  /** The game is adjudicated a draw when it reaches this many plies, the opening's included. */
  readonly maxPlies: number;
  /** More tags for the record (the game's number, the event). */
  readonly tags?: readonly RecordTag[];
}

export interface GameResult {
  readonly winner: Side | 'draw';
  readonly ending: Ending;
  /** Plies played, the opening's included. */
  readonly plies: number;
  /** The moves as OTN move records (`d2-e2`, `Kd4-d5`, `e2-d2xd3+`, `pass`). */
  readonly moves: readonly string[];
  /** The whole game as an OTN game record. */
  readonly record: string;
  /** Milliseconds each side's moves took, in order (the opening's excluded). */
  readonly moveTimes: BySide<readonly number[]>;
}

export async function playGame(game: GameSetup): Promise<GameResult> {
  const pos = startingPosition(game.rules);
  for (const move of game.opening) {
    if (!pos.isLegal(move)) throw new Error(`the opening's move ${describeMove(pos, move)} is not legal`);
    pos.play(move);
  }
  for (const side of SIDES) await game.players[side].newGame(game.rules, side, game.seeds[side]);
  const moveTimes: BySide<number[]> = { attackers: [], defenders: [] };
  while (!pos.isOver() && pos.ply < game.maxPlies) {
    const side = pos.turn;
    const before = { ply: pos.ply, lo: pos.keyLo, hi: pos.keyHi };
    const where = `${game.names[side]} (the ${side}) at ply ${pos.ply + 1}`;
    const started = performance.now();
    const move = await game.players[side].move(pos, game.timeMs);
    moveTimes[side].push(performance.now() - started);
    if (pos.ply !== before.ply || pos.keyLo !== before.lo || pos.keyHi !== before.hi)
      throw new Error(`${where} changed the position while choosing a move`);
    if (move === undefined) throw new Error(`${where} gave no move in ${describePosition(pos)}`);
    if (!pos.isLegal(move))
      throw new Error(
        `${where} played the illegal move ${describeMove(pos, move)} in ${describePosition(pos)}`,
      );
    pos.play(move);
  }
  const outcome = pos.outcome();
  for (const side of SIDES)
    await game.players[side].finish(outcome.status === 'ongoing' ? undefined : outcome);
  return result(game, pos, moveTimes);
}

function result(game: GameSetup, pos: Position, moveTimes: BySide<number[]>): GameResult {
  const outcome = pos.outcome();
  const tags = [
    ...(game.tags ?? []),
    { key: 'attackers', value: game.names.attackers },
    { key: 'defenders', value: game.names.defenders },
    ...(outcome.status === 'ongoing'
      ? [
          { key: 'result', value: '0' },
          { key: 'termination', value: `ply limit of ${game.maxPlies}, adjudicated a draw` },
        ]
      : []),
  ];
  const record = recordFromGame(pos, tags);
  return {
    winner: outcome.status === 'ongoing' ? 'draw' : outcome.status,
    ending: outcome.status === 'ongoing' ? 'ply limit' : outcome.reason,
    plies: pos.ply,
    moves: record.moves.map((m) => m.move),
    record: makeRecord(record),
    moveTimes,
  };
}

const describeMove = (pos: Position, move: Move): string =>
  Number.isInteger(move) ? makeMoveSquares(pos.geo, move) : String(move);

const describePosition = (pos: Position): string =>
  `${makePosition(pos.geo.size, pos.toSetup().board)} (${pos.turn} to move)`;
