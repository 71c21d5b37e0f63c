/**
 * One game between two players from an opening: each move asked of the side to move within the
 * time per move, checked, timed and played, until the rules end the game or the ply limit is
 * reached, which is adjudicated a draw (two engines that shuffle forever under rules without a
 * repetition or quiet-move draw would otherwise never finish). A player that answers with an
 * illegal move, or none, or touches the position, is a bug: the game fails with an error.
 *
 * With a time a move, the game keeps a clock as a real one runs: each side starts with a bank of
 * `BANK_MOVES` moves' time, a move's time is taken off its side's bank and the time a move added
 * back (an increment: the host keeps it, as OTEP's clock has no field for it), and a side whose
 * move takes longer than its bank loses on time. An OTEP engine is sent this clock; our levels
 * think for the time a move.
 *
 * An outside engine that fails (it crashes, says nothing in time, gives up, plays a move that
 * cannot be played) loses the game by forfeit, as in cutechess-cli: the game ends there, with the
 * failure and the engine's last lines in the result, and the player is closed, to be started
 * again for its next game.
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
import { BANK_MOVES, type OtepClock } from '@tafl/engine';
import { isForfeit, type Player } from './player.js';

/** The ply limit of a match game unless told otherwise. */
export const DEFAULT_MAX_PLIES = 400;

/** Why a game ended: a rule of the game, the match's ply limit, a loss on time or by an engine's failure. */
export type Ending = EndReason | 'ply limit' | 'time' | 'engine failure';

/** An engine that lost its game by failing. */
export interface EngineFailure {
  /** The side it played. */
  readonly side: Side;
  /** What happened, in a sentence. */
  readonly message: string;
  /** Its last lines on stdout and stderr. */
  readonly lastLines: readonly string[];
}

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
  /** A side's own time a move, in place of `timeMs` (a match that gives one engine less time). */
  readonly sideTimeMs?: Partial<BySide<number>>;
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
  /** The ply of each of those moves (from 1, the opening's plies counted), in the same order. */
  readonly movePlies: BySide<readonly number[]>;
  /** The engine that lost by failing, when one did. */
  readonly failure?: EngineFailure;
}

/** A game's end other than by the rules: a loss on time or by failure. */
interface Forfeit {
  readonly loser: Side;
  readonly ending: 'time' | 'engine failure';
  readonly termination: string;
  readonly failure?: EngineFailure;
}

const other = (side: Side): Side => (side === 'attackers' ? 'defenders' : 'attackers');

/**
 * The clock an OTEP engine is sent: each side's bank as main time, no overtime; none when neither
 * side has a time. A side without one (its engine's own time) is sent as untimed (-1).
 */
const otepClock = (bank: Partial<BySide<number>>): OtepClock | undefined => {
  if (bank.attackers === undefined && bank.defenders === undefined) return undefined;
  const of = (ms: number | undefined) => ({
    ms: ms === undefined ? -1 : Math.round(ms),
    overtime: false,
    periods: 0,
  });
  return { attackers: of(bank.attackers), defenders: of(bank.defenders), periodMs: 0 };
};

export async function playGame(game: GameSetup): Promise<GameResult> {
  const pos = startingPosition(game.rules);
  for (const move of game.opening) {
    if (!pos.isLegal(move)) throw new Error(`the opening's move ${describeMove(pos, move)} is not legal`);
    pos.play(move);
  }
  const moveTimes: BySide<number[]> = { attackers: [], defenders: [] };
  const movePlies: BySide<number[]> = { attackers: [], defenders: [] };
  const forfeit = await play(game, pos, moveTimes, movePlies);
  const outcome = pos.outcome();
  for (const side of SIDES)
    if (forfeit?.failure?.side !== side)
      await guard(game, side, () =>
        game.players[side].finish(forfeit || outcome.status === 'ongoing' ? undefined : outcome),
      );
  return result(game, pos, { moveTimes, movePlies }, forfeit);
}

/**
 * Runs `step` of the player of `side`; an engine failure closes the player (it is started again
 * for its next game) and is returned as the forfeit it is.
 */
async function guard(game: GameSetup, side: Side, step: () => Promise<void>): Promise<Forfeit | undefined> {
  try {
    await step();
    return undefined;
  } catch (e) {
    if (!isForfeit(e)) throw e;
    await game.players[side].close().catch(() => undefined);
    const failure = { side, message: e.message, lastLines: e.lastLines };
    return { loser: side, ending: 'engine failure', termination: `the ${side}' engine failed`, failure };
  }
}

/** Plays the game on `pos` to its end; a forfeit if it ended by one. */
async function play(
  game: GameSetup,
  pos: Position,
  moveTimes: BySide<number[]>,
  movePlies: BySide<number[]>,
): Promise<Forfeit | undefined> {
  for (const side of SIDES) {
    const failed = await guard(game, side, () =>
      game.players[side].newGame(game.rules, side, game.seeds[side]),
    );
    if (failed) return failed;
  }
  const perMove: BySide<number | undefined> = {
    attackers: game.sideTimeMs?.attackers ?? game.timeMs,
    defenders: game.sideTimeMs?.defenders ?? game.timeMs,
  };
  const bank: Partial<BySide<number>> = {};
  for (const side of SIDES) if (perMove[side] !== undefined) bank[side] = perMove[side] * BANK_MOVES;
  while (!pos.isOver() && pos.ply < game.maxPlies) {
    const side = pos.turn;
    const before = { ply: pos.ply, lo: pos.keyLo, hi: pos.keyHi };
    const where = `${game.names[side]} (the ${side}) at ply ${pos.ply + 1}`;
    const clock = otepClock(bank);
    const started = performance.now();
    let move: Move | undefined;
    const failed = await guard(game, side, async () => {
      move = await game.players[side].move(pos, perMove[side], clock);
    });
    if (failed) return failed;
    const used = performance.now() - started;
    moveTimes[side].push(used);
    movePlies[side].push(pos.ply + 1);
    const left = bank[side];
    if (left !== undefined && perMove[side] !== undefined) {
      if (used > left)
        return {
          loser: side,
          ending: 'time',
          termination: `the ${side} lost on time (${Math.round(used)} ms with ${Math.round(left)} ms left)`,
        };
      bank[side] = left + perMove[side] - used;
    }
    if (pos.ply !== before.ply || pos.keyLo !== before.lo || pos.keyHi !== before.hi)
      throw new Error(`${where} changed the position while choosing a move`);
    if (move === undefined) throw new Error(`${where} gave no move in ${describePosition(pos)}`);
    if (!pos.isLegal(move))
      throw new Error(
        `${where} played the illegal move ${describeMove(pos, move)} in ${describePosition(pos)}`,
      );
    pos.play(move);
  }
  return undefined;
}

function result(
  game: GameSetup,
  pos: Position,
  timed: Pick<GameResult, 'moveTimes' | 'movePlies'>,
  forfeit: Forfeit | undefined,
): GameResult {
  const outcome = pos.outcome();
  const end =
    forfeit !== undefined
      ? { winner: other(forfeit.loser), ending: forfeit.ending, termination: forfeit.termination }
      : outcome.status === 'ongoing'
        ? {
            winner: 'draw' as const,
            ending: 'ply limit' as const,
            termination: `ply limit of ${game.maxPlies}, adjudicated a draw`,
          }
        : { winner: outcome.status, ending: outcome.reason };
  const tags = [
    ...(game.tags ?? []),
    { key: 'attackers', value: game.names.attackers },
    { key: 'defenders', value: game.names.defenders },
    ...('termination' in end
      ? [
          { key: 'result', value: { attackers: '1', defenders: '-1', draw: '0' }[end.winner] },
          { key: 'termination', value: end.termination },
        ]
      : []),
  ];
  const record = recordFromGame(pos, tags);
  return {
    winner: end.winner,
    ending: end.ending,
    plies: pos.ply,
    moves: record.moves.map((m) => m.move),
    record: makeRecord(record),
    ...timed,
    ...(forfeit?.failure !== undefined && { failure: forfeit.failure }),
  };
}

const describeMove = (pos: Position, move: Move): string =>
  Number.isInteger(move) ? makeMoveSquares(pos.geo, move) : String(move);

const describePosition = (pos: Position): string =>
  `${makePosition(pos.geo.size, pos.toSetup().board)} (${pos.turn} to move)`;
