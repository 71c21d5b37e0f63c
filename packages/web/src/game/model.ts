/**
 * A game as plain data, and the actions on it as pure functions (the chessground habit: state
 * plus functions, tested without a DOM). A `Game` is what is stored and exported: the ruleset,
 * the start and its side to move, the moves as OTN move records, who plays, and the result. The
 * `Position` is never stored: it is derived by replaying the moves (`deriveGame`), which is cheap
 * on a 7x7 board and means a stored game cannot disagree with the rules it is played under.
 *
 * Every action returns a new `Game` (or the same one when the action does not apply), so the
 * screen can keep one state value, store it, and undo by keeping the old one.
 */

import {
  KING,
  PASS,
  PRESETS,
  SIDES,
  makeLastMoveRecord,
  makeMoveRecord,
  moveFrom,
  moveTo,
  opposite,
  playMoveRecord,
  makeRules,
  positionFromOtn,
  presetById,
  roleOf,
  type EndReason,
  type GameAnalysis,
  type Move,
  type Position,
  type Result,
  type Role,
  type Ruleset,
  type Side,
  type Square,
} from '@tafl/core';

/** Levels of the computer, as the engine numbers them (levels.ts). */
export const LEVELS = [1, 2, 3, 4, 5, 6] as const;
export type Level = (typeof LEVELS)[number];

/** Who plays: two people on this device, or one person against the computer. */
export type Opponent =
  | { readonly kind: 'local' }
  | { readonly kind: 'computer'; readonly level: Level; /** The person's side. */ readonly human: Side };

/** The ways a game ends: the rules' own (core's `EndReason`) and the players' own. */
export const PLAYER_END_REASONS = ['resignation', 'agreement'] as const;
export type GameEndReason = EndReason | (typeof PLAYER_END_REASONS)[number];

export interface GameResult {
  readonly winner: Side | 'draw';
  readonly reason: GameEndReason;
}

export interface Game {
  readonly id: string;
  /** A preset's id, or the whole ruleset when it is the player's own (it may change later). */
  readonly rules: string | Ruleset;
  /** The start, an OTN position record, and the side to move there. */
  readonly start: string;
  readonly turn: Side;
  /** The moves since the start, as OTN move records with captures (`e2-d2xd3`, `pass`). */
  readonly moves: readonly string[];
  readonly opponent: Opponent;
  /** Set when the game has ended, by the rules or by the players. */
  readonly result?: GameResult;
  /** The side that offers a draw, until the other accepts or declines (or moves). */
  readonly drawOffer?: Side;
  /** Draw the board turned round. */
  readonly flipped?: boolean;
  /** Milliseconds since 1970: when the game was created and last changed. */
  readonly created: number;
  readonly updated: number;
  /**
   * The engine's analysis of the game (core's `GameAnalysis`): an entry per position (index =
   * ply, 0 the start), scores for the attackers, a finished position's result, best lines.
   * storage.ts checks it against the game when it is read, and drops it if it does not fit.
   */
  readonly analysis?: GameAnalysis;
}

export const GAME_ERRORS = {
  rules: 'ERR_GAME_RULES',
  start: 'ERR_GAME_START',
  move: 'ERR_GAME_MOVE',
} as const;
export type GameError = (typeof GAME_ERRORS)[keyof typeof GAME_ERRORS];

// ---------------------------------------------------------------------------------------------
// Creating games

export interface NewGame {
  readonly rules: string | Ruleset;
  readonly start?: string;
  readonly turn?: Side;
  readonly moves?: readonly string[];
  readonly opponent?: Opponent;
  readonly flipped?: boolean;
}

/** A fresh id: time and randomness, safe in a URL. */
export const newGameId = (now: number = Date.now(), random: () => number = Math.random): string =>
  `${now.toString(36)}-${Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0')}`;

/** The ruleset a game is played under: its own, or the preset its id names. */
export function rulesOf(rules: string | Ruleset): Result<Ruleset, GameError> {
  if (typeof rules !== 'string') return { ok: true, value: rules };
  const preset = presetById(rules);
  return preset
    ? { ok: true, value: preset }
    : { ok: false, code: GAME_ERRORS.rules, message: `there is no ruleset with the id "${rules}"` };
}

/** The id a game stores for a ruleset: a preset's id, or the ruleset itself. */
export const rulesRef = (rules: Ruleset): string | Ruleset =>
  presetById(rules.id) === rules ? rules.id : rules;

/** A ruleset's parameters as one string (its OTN rules string without a name), to compare rulesets. */
export const parametersKey = (rules: Ruleset): string => makeRules({ ...rules, name: '' });

/**
 * The preset a ruleset plays as, apart from its start and first side (a game from a position):
 * an imported record or a link names its rules by their parameters, not by our ids.
 */
export function presetLike(rules: Ruleset): Ruleset | undefined {
  const key = (r: Ruleset): string =>
    parametersKey({ ...r, start: '', layout: 'custom', firstToMove: 'attackers' });
  const wanted = key(rules);
  return PRESETS.find((p) => key(p) === wanted);
}

/**
 * A new game, checked: the ruleset is known, the start is a valid position, the moves are
 * legal (they are rewritten as `makeLastMoveRecord` writes them, so the list shows captures).
 */
export function createGame(
  spec: NewGame,
  now: number = Date.now(),
  id: string = newGameId(now),
): Result<Game, GameError> {
  const rules = rulesOf(spec.rules);
  if (!rules.ok) return rules;
  const start = spec.start ?? rules.value.start;
  const turn = spec.turn ?? rules.value.firstToMove;
  const pos = positionFromOtn(rules.value, start, turn);
  if (!pos.ok) return { ok: false, code: GAME_ERRORS.start, message: pos.message };
  const moves: string[] = [];
  for (const [i, record] of (spec.moves ?? []).entries()) {
    const played = playMoveRecord(pos.value, record);
    if (!played.ok) return { ok: false, code: GAME_ERRORS.move, message: `move ${i + 1}: ${played.message}` };
    moves.push(makeLastMoveRecord(pos.value));
  }
  const game: Game = {
    id,
    rules: spec.rules,
    start,
    turn,
    moves,
    opponent: spec.opponent ?? { kind: 'local' },
    ...(spec.flipped ? { flipped: true } : {}),
    created: now,
    updated: now,
  };
  const result = ruleResult(pos.value);
  return { ok: true, value: result ? { ...game, result } : game };
}

/** The same ruleset and start again, the sides swapped (the computer's, or the board turned). */
export function rematch(game: Game, now: number = Date.now(), id: string = newGameId(now)): Game {
  const opponent: Opponent =
    game.opponent.kind === 'computer'
      ? { ...game.opponent, human: opposite(game.opponent.human) }
      : game.opponent;
  const flipped = game.opponent.kind === 'local' ? !game.flipped : game.flipped;
  return {
    id,
    rules: game.rules,
    start: game.start,
    turn: game.turn,
    moves: [],
    opponent,
    ...(flipped ? { flipped: true } : {}),
    created: now,
    updated: now,
  };
}

// ---------------------------------------------------------------------------------------------
// Derived state

/** One move of the list, as the move list and the board show it. */
export interface PlyInfo {
  /** 1 for the first move. */
  readonly ply: number;
  readonly side: Side;
  readonly record: string;
  /** The move as the app shows it (game/notation.ts: `Kd4-d5`, `c2-a2xKa3++`). */
  readonly notation: string;
  readonly move: Move;
  readonly king: boolean;
  /** Squares captured by the move, with what stood there. */
  readonly captured: readonly { readonly square: Square; readonly role: Role }[];
}

export interface DerivedGame {
  readonly rules: Ruleset;
  /** The position after every move. */
  readonly position: Position;
  readonly plies: readonly PlyInfo[];
  /** The game's result, or undefined while it goes on. */
  readonly result: GameResult | undefined;
}

/** Replays a game; fails only on a game that was changed outside this module. */
export function deriveGame(game: Game): Result<DerivedGame, GameError> {
  const replayed = replayTo(game, game.moves.length);
  if (!replayed.ok) return replayed;
  const { rules, position, plies } = replayed.value;
  return { ok: true, value: { rules, position, plies, result: game.result ?? ruleResult(position) } };
}

/** The position after the first `ply` moves. */
export function positionAt(game: Game, ply: number): Result<Position, GameError> {
  const replayed = replayTo(game, Math.max(0, Math.min(ply, game.moves.length)));
  return replayed.ok ? { ok: true, value: replayed.value.position } : replayed;
}

type Replayed = Result<{ rules: Ruleset; position: Position; plies: PlyInfo[] }, GameError>;

/**
 * Replays a game; a game whose stored rules make the core throw (a hand-edited ruleset) fails
 * like any other bad game instead of breaking the screen.
 */
function replayTo(game: Game, ply: number): Replayed {
  try {
    return replayUnchecked(game, ply);
  } catch (e) {
    return { ok: false, code: GAME_ERRORS.rules, message: e instanceof Error ? e.message : String(e) };
  }
}

function replayUnchecked(game: Game, ply: number): Replayed {
  const rules = rulesOf(game.rules);
  if (!rules.ok) return rules;
  const start = positionFromOtn(rules.value, game.start, game.turn);
  if (!start.ok) return { ok: false, code: GAME_ERRORS.start, message: start.message };
  const pos = start.value;
  const plies: PlyInfo[] = [];
  for (let i = 0; i < ply; i++) {
    const side = pos.turn;
    const record = game.moves[i]!;
    const played = playMoveRecord(pos, record);
    if (!played.ok) return { ok: false, code: GAME_ERRORS.move, message: `move ${i + 1}: ${played.message}` };
    const move = played.value;
    const codes = pos.lastCapturedCodes();
    plies.push({
      ply: i + 1,
      side,
      record,
      notation: makeMoveRecord(pos),
      move,
      king: move !== PASS && pos.pieceAt(moveTo(move)) === KING,
      captured: pos.lastCaptured().map((square, k) => ({ square, role: roleOf(codes[k]!) ?? 'attacker' })),
    });
  }
  return { ok: true, value: { rules: rules.value, position: pos, plies } };
}

/** The result the rules give a position, or undefined while the game goes on. */
export function ruleResult(pos: Position): GameResult | undefined {
  const outcome = pos.outcome();
  return outcome.status === 'ongoing' ? undefined : { winner: outcome.status, reason: outcome.reason };
}

export const isOver = (game: Game): boolean => game.result !== undefined;

/** The side to move after all the moves. */
export const sideToMove = (game: Game): Side =>
  game.moves.length % 2 === 0 ? game.turn : opposite(game.turn);

/** True when the computer is to move in a game still going on. */
export const computerToMove = (game: Game): boolean =>
  game.opponent.kind === 'computer' && !isOver(game) && sideToMove(game) !== game.opponent.human;

/** The sides a person moves for on this device. */
export const humanSides = (game: Game): readonly Side[] =>
  game.opponent.kind === 'computer' ? [game.opponent.human] : SIDES;

/** The legal moves of the side to move, by origin square, as the board wants them. */
export function destinations(pos: Position): Map<Square, Square[]> {
  const dests = new Map<Square, Square[]>();
  for (const move of pos.legalMoves()) {
    if (move === PASS) continue;
    const from = moveFrom(move);
    const list = dests.get(from);
    if (list) list.push(moveTo(move));
    else dests.set(from, [moveTo(move)]);
  }
  return dests;
}

// ---------------------------------------------------------------------------------------------
// Actions

const touch = (game: Game, now: number, changes: Partial<Game>): Game => ({
  ...game,
  ...changes,
  updated: now,
});

type OptionalKey = 'result' | 'drawOffer' | 'flipped' | 'analysis';
const without = (game: Game, key: OptionalKey): Game => {
  const copy: { -readonly [K in keyof Game]: Game[K] } = { ...game };
  delete copy[key];
  return copy;
};

/**
 * Plays `move` (a core move number, or `PASS`) for the side to move. The record kept is
 * `makeLastMoveRecord`'s, captures and info symbol included. A move answers a draw offer made
 * by the other side by declining it.
 */
export function playMove(game: Game, move: Move, now: number = Date.now()): Result<Game, GameError> {
  if (isOver(game)) return { ok: false, code: GAME_ERRORS.move, message: 'the game has ended' };
  const pos = positionAt(game, game.moves.length);
  if (!pos.ok) return pos;
  if (!pos.value.isLegal(move))
    return { ok: false, code: GAME_ERRORS.move, message: 'the move is not legal' };
  const mover = pos.value.turn;
  pos.value.play(move);
  const result = ruleResult(pos.value);
  let next = touch(game, now, { moves: [...game.moves, makeLastMoveRecord(pos.value)] });
  if (next.drawOffer !== undefined && next.drawOffer !== mover) next = without(next, 'drawOffer');
  if (result) next = without({ ...next, result }, 'drawOffer');
  return { ok: true, value: next };
}

/**
 * How many plies a take-back removes: the last move on one device; against the computer, back
 * to the person's turn (the computer's answer and the person's move). 0 when nothing can be taken
 * back (no move, or the game has ended).
 */
export function takebackPlies(game: Game): number {
  if (isOver(game) || game.moves.length === 0) return 0;
  if (game.opponent.kind === 'local') return 1;
  const human = game.opponent.human;
  // Plies back to the last position where the person was to move, before their move.
  for (let n = 1; n <= game.moves.length; n++) {
    const ply = game.moves.length - n;
    const side = ply % 2 === 0 ? game.turn : opposite(game.turn);
    if (side === human) return n;
  }
  return 0;
}

export function takeback(game: Game, now: number = Date.now()): Game {
  const n = takebackPlies(game);
  if (n === 0) return game;
  return without(touch(game, now, { moves: game.moves.slice(0, game.moves.length - n) }), 'drawOffer');
}

/** `side` resigns: the other side wins. */
export function resign(game: Game, side: Side, now: number = Date.now()): Game {
  if (isOver(game)) return game;
  return without(
    touch(game, now, { result: { winner: opposite(side), reason: 'resignation' } }),
    'drawOffer',
  );
}

/** `side` offers a draw (two players on one device). */
export function offerDraw(game: Game, side: Side, now: number = Date.now()): Game {
  if (isOver(game) || game.opponent.kind !== 'local' || game.drawOffer !== undefined) return game;
  return touch(game, now, { drawOffer: side });
}

/** The other side accepts the draw on offer: the game is drawn by agreement. */
export function acceptDraw(game: Game, now: number = Date.now()): Game {
  if (isOver(game) || game.drawOffer === undefined) return game;
  return without(touch(game, now, { result: { winner: 'draw', reason: 'agreement' } }), 'drawOffer');
}

export function declineDraw(game: Game, now: number = Date.now()): Game {
  return game.drawOffer === undefined ? game : without(touch(game, now, {}), 'drawOffer');
}

export function flip(game: Game, now: number = Date.now()): Game {
  return game.flipped ? without(touch(game, now, {}), 'flipped') : touch(game, now, { flipped: true });
}

export function setAnalysis(game: Game, analysis: GameAnalysis, now: number = Date.now()): Game {
  return touch(game, now, { analysis });
}

// ---------------------------------------------------------------------------------------------
// Stepping through the moves

/**
 * The ply shown: `undefined` follows the game (the last position), a number shows the position
 * after that many moves. These are the keys and buttons of the move list.
 */
export type View = number | undefined;

export const STEPS = ['first', 'previous', 'next', 'last'] as const;
export type Step = (typeof STEPS)[number];

/** The ply a view shows in a game of `length` moves. */
export const shownPly = (view: View, length: number): number =>
  view === undefined ? length : Math.max(0, Math.min(view, length));

/** The view after a step; reaching the last move follows the game again. */
export function step(view: View, length: number, how: Step | number): View {
  const now = shownPly(view, length);
  const target =
    typeof how === 'number'
      ? how
      : how === 'first'
        ? 0
        : how === 'previous'
          ? now - 1
          : how === 'next'
            ? now + 1
            : length;
  const ply = Math.max(0, Math.min(target, length));
  return ply === length ? undefined : ply;
}

/** The step a key asks for, when focus is not on the board. */
export function stepForKey(key: string): Step | undefined {
  switch (key) {
    case 'ArrowLeft':
      return 'previous';
    case 'ArrowRight':
      return 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return undefined;
  }
}
