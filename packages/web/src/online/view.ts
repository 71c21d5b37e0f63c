/**
 * An online game as the game screen's pieces want it: its ruleset from the header, a model.ts
 * `Game` of the moves to show (so the board, the move list and the announcements are the local
 * game's), which way round the board goes for a player, and a finished game as a game of this
 * device's archive. Pure, so it is tested without a DOM.
 */

import {
  END_REASONS,
  geometry,
  makeMoveSquares,
  opposite,
  parseRules,
  positionFromOtn,
  presetById,
  roleOf,
  type Move,
  type Ruleset,
  type Side,
} from '@tafl/core';
import type { GameHeader, OnlineEndReason } from '@tafl/server/protocol';
import { turnAfter } from './state.js';
import { acceptDraw, createGame, offerDraw, playMove, resign, type Game } from '../game/model.js';

/** The ruleset of an online game: the preset it names, else its OTN rules string's. */
export function rulesOfHeader(header: Pick<GameHeader, 'rules' | 'rulesId'>): Ruleset | undefined {
  const preset = header.rulesId === null ? undefined : presetById(header.rulesId);
  if (preset) return preset;
  try {
    const parsed = parseRules(header.rules);
    return parsed.ok ? parsed.value : undefined;
  } catch {
    return undefined;
  }
}

/** The game of `moves` under `rules`, as model.ts keeps games (a preset by its id). */
export function gameOf(id: string, rules: Ruleset, moves: readonly string[], at = 0): Game {
  return {
    id,
    rules: presetById(rules.id) === rules ? rules.id : rules,
    start: rules.start,
    turn: rules.firstToMove,
    moves,
    opponent: { kind: 'local' },
    created: at,
    updated: at,
  };
}

/** A move made on the board: the squares to send and the record (with captures) to show. */
export function moveToSend(
  game: Game,
  size: number,
  move: Move,
): { readonly squares: string; readonly record: string } | undefined {
  const played = playMove(game, move);
  if (!played.ok) return undefined;
  return {
    squares: makeMoveSquares(geometry(size), move),
    record: played.value.moves[played.value.moves.length - 1]!,
  };
}

/**
 * Whether a player's board is drawn turned round: so that the player's pieces stand in the lower
 * half at the start. The presets' starts are symmetric, and then the board keeps rank 1 at the
 * bottom, as the rules pages draw it.
 */
export function flippedFor(rules: Ruleset, side: Side | null): boolean {
  if (side === null) return false;
  const start = positionFromOtn(rules);
  if (!start.ok) return false;
  const pos = start.value;
  const size = rules.size;
  let sum = 0;
  let count = 0;
  for (let sq = 0; sq < size * size; sq++) {
    const role = roleOf(pos.pieceAt(sq));
    if (role === undefined || (role === 'attacker') !== (side === 'attackers')) continue;
    sum += Math.floor(sq / size);
    count++;
  }
  return count > 0 && sum / count > (size - 1) / 2 + 1e-9;
}

/** The ends this device's games record: the rules' own, a resignation, an agreed draw. */
const ARCHIVED_REASONS: ReadonlySet<OnlineEndReason> = new Set<OnlineEndReason>([
  ...END_REASONS,
  'resignation',
  'agreement',
]);

/**
 * A finished online game as a game of this device's archive: the same moves, and how it ended
 * when the players ended it (resignation, agreement). Undefined for an end this device's games
 * cannot record (on time, aborted, abandoned, expired, never started) or moves that do not replay.
 */
export function archivedGame(header: GameHeader, rules: Ruleset, moves: readonly string[]): Game | undefined {
  const result = header.result;
  if (!result || !ARCHIVED_REASONS.has(result.reason)) return undefined;
  const made = createGame(
    { rules: presetById(rules.id) === rules ? rules.id : rules, moves },
    header.updatedAt,
    `online-${header.id}`,
  );
  if (!made.ok) return undefined;
  let game = { ...made.value, created: header.createdAt };
  if (result.reason === 'resignation' && (result.winner === 'attackers' || result.winner === 'defenders'))
    game = resign(game, opposite(result.winner), header.updatedAt);
  else if (result.reason === 'agreement') game = acceptDraw(offerDraw(game, game.turn, header.updatedAt));
  return game.result ? game : undefined;
}

/** One of this browser's games, as the lobby lists them. */
export interface OwnGame {
  readonly game: GameHeader;
  readonly side: Side;
  /** The game is on and it is this player's move. */
  readonly yourTurn: boolean;
}

/**
 * This browser's games, the ones waiting for its move first, then those being played, those
 * waiting for an opponent, and the finished ones; the most recently changed first in each.
 */
export function ownGames(list: readonly { readonly game: GameHeader; readonly side: Side }[]): OwnGame[] {
  const rank = (g: OwnGame): number =>
    g.yourTurn ? 0 : g.game.status === 'playing' ? 1 : g.game.status === 'waiting' ? 2 : 3;
  return list
    .map(({ game, side }) => {
      const rules = rulesOfHeader(game);
      const yourTurn =
        game.status === 'playing' && rules !== undefined && turnAfter(rules.firstToMove, game.ply) === side;
      return { game, side, yourTurn };
    })
    .sort((a, b) => rank(a) - rank(b) || b.game.updatedAt - a.game.updatedAt);
}
