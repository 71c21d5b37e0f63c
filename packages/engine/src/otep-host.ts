/**
 * The host side of OTEP (see otep.ts for the engine side): what to tell an external engine so
 * that it plays a game we keep, and how to read what it says. No I/O: the CLI's otep-process.ts
 * spawns the program and moves the lines.
 *
 * The host remembers what the engine has been told (rules, the moves since), so that a move
 * request sends only what is new, as OpenTafl does: an `opponent-move` for each move since the
 * engine's last, oldest first, each with the board after it, then `clock` and `play`. Each line
 * holds one move: the protocol allows a pipe-separated list in one `opponent-move` only for one
 * side's berserk moves, which none of our rulesets has, so the opening's plies (both sides')
 * go one a line, and an engine that applies a list as one side's turn is never misled.
 * A game begins with `rules` alone: the protocol gives an engine that plays the side to play in
 * `play` ("OpenTafl will send side commands to engines in analysis mode and during replays
 * only"), and has no `start`; OpenTafl's engine takes a `side` for the side to move. A position
 * that does not follow from what the engine knows (another game, a take-back) is sent whole, as
 * `position`, and `play` says who moves there. The clock goes before `play`, as OpenTafl's host
 * sends it (the protocol text says after; an engine that reads either way, like ours, does not
 * mind).
 */

import {
  makeMoveRecord,
  makeMoveSquares,
  makeRules,
  moveFrom,
  parseMove,
  playMoveRecord,
  sideOfCode,
  type Move,
  type Outcome,
  type Position,
  type Ruleset,
  type Side,
} from '@tafl/core';
import { OTEP_ERRORS, OTEP_FINISH, boardRecord, makeClock, otnMove, type OtepClock } from './otep.js';

/** A line of `analysis`: the moves as the engine wrote them and its evaluation (attackers +). */
export interface OtepAnalysisLine {
  readonly moves: readonly string[];
  readonly evaluation: number;
}

/** What an engine's line means to the host. */
export type EngineMessage =
  | { readonly kind: 'hello' }
  | { readonly kind: 'move'; readonly record: string }
  | { readonly kind: 'error'; readonly code: number; readonly critical: boolean; readonly message: string }
  | { readonly kind: 'status'; readonly text: string }
  | { readonly kind: 'analysis'; readonly lines: readonly OtepAnalysisLine[] }
  | { readonly kind: 'simple-moves'; readonly on: boolean }
  /** The engine asks for the rules, position, side or clock; the host answers with its own. */
  | { readonly kind: 'ask'; readonly what: 'rules' | 'position' | 'side' | 'clock' }
  /** An OTEP message that cannot be read. */
  | { readonly kind: 'malformed'; readonly line: string; readonly reason: string }
  /** Not OTEP at all (engines print debugging lines): ignored. */
  | { readonly kind: 'other'; readonly line: string };

export function parseEngineLine(line: string): EngineMessage {
  const text = line.trim();
  const space = text.search(/\s/);
  const name = space < 0 ? text : text.slice(0, space);
  const args = space < 0 ? '' : text.slice(space + 1).trim();
  const malformed = (reason: string): EngineMessage => ({ kind: 'malformed', line: text, reason });
  switch (name) {
    case 'hello':
      return { kind: 'hello' };
    case 'move':
      return /^\S+$/.test(args) ? { kind: 'move', record: args } : malformed('move needs one move record');
    case 'error': {
      const m = /^(-?[0-9]{1,6})(?:\s+(.*))?$/.exec(args);
      if (!m) return malformed('error needs a number');
      const code = Number(m[1]);
      return { kind: 'error', code, critical: code < 0, message: m[2] ?? '' };
    }
    case 'status':
      return { kind: 'status', text: args };
    case 'simple-moves':
      return args === 'on' || args === 'off'
        ? { kind: 'simple-moves', on: args === 'on' }
        : malformed('simple-moves needs on or off');
    case 'analysis':
      return parseAnalysis(args) ?? malformed('analysis needs a count and move-list evaluation pairs');
    case 'rules':
    case 'position':
    case 'side':
    case 'clock':
      return { kind: 'ask', what: name };
    default:
      return { kind: 'other', line: text };
  }
}

function parseAnalysis(args: string): EngineMessage | undefined {
  const [count, ...rest] = args.split(/\s+/);
  if (count === undefined || !/^[0-9]{1,4}$/.test(count) || rest.length % 2 !== 0) return undefined;
  const lines: OtepAnalysisLine[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const evaluation = Number(rest[i + 1]);
    if (!Number.isFinite(evaluation)) return undefined;
    lines.push({ moves: rest[i]!.split('|'), evaluation });
  }
  return { kind: 'analysis', lines };
}

/** How long the engine may think: a clock to send, or a time for this move; neither is untimed. */
export interface OtepMoveLimits {
  readonly clock?: OtepClock;
  /** Without a `clock`: a fresh bank of `BANK_MOVES` moves of this time for both sides (`bankClock`). */
  readonly timeMs?: number;
}

/**
 * How many moves' time a clock's bank of main time starts with, for a match at a time a move
 * (`bankClock`; the match adds the time a move back after each move, as an increment). OTEP's
 * clock has main time and overtime periods of whole seconds, no time a move: overtime alone
 * (`clock 1000* 1000* 1 1 1`) is the last period of a lost game to OpenTafl's planner, which keeps
 * 1000 ms back in it and so thinks for 0 ms and crashes, and under a second it cannot be written.
 * A bank of main time can be written at any time a move. 40 moves: our engine thinks a thirtieth
 * of its main time, a little over the time a move, which its bank then brings back; OpenTafl's
 * planner thinks a sixtieth of its first bank in its first three moves (on a 7x7 board), and
 * stops a search on time only when it plans more than 500 ms, which 40 moves give from about
 * 750 ms a move (below that, its first moves search to a depth without a stop, and a bank of 40
 * moves keeps such a move from losing on time when it lasts a few seconds). In the middle game it
 * plans an eighth of its first bank, capped by the `thinktime` seconds of the settings.ini in its
 * working folder, which holds it to a time a move (thinktime=1 for one second).
 */
export const BANK_MOVES = 40;

/** Both sides with `BANK_MOVES × timeMs` of main time and no overtime. */
export function bankClock(timeMs: number): OtepClock {
  const side = { ms: Math.max(1, Math.round(timeMs * BANK_MOVES)), overtime: false, periods: 0 };
  return { attackers: side, defenders: side, periodMs: 0 };
}

/** The clock a move request sends, if any. */
export function clockOf(limits: OtepMoveLimits): OtepClock | undefined {
  if (limits.clock) return limits.clock;
  return limits.timeMs === undefined ? undefined : bankClock(limits.timeMs);
}

/** The moves of a game from its setup, and a copy of the position at the setup. */
export function gameOf(pos: Position): { start: Position; moves: Move[] } {
  const start = pos.clone();
  const moves: Move[] = [];
  while (start.ply > 0) {
    moves.push(start.lastMove()!);
    start.undo();
  }
  return { start, moves: moves.reverse() };
}

/** What the engine has been told: the rules, a board with a side to move, and the moves since. */
interface EngineView {
  readonly rules: string;
  readonly start: string;
  readonly turn: Side;
  readonly moves: Move[];
}

export type MoveAnswer =
  | { readonly ok: true; readonly move: Move; readonly lines: string[] }
  | { readonly ok: false; readonly message: string; readonly lines: string[] };

export class OtepHost {
  private view: EngineView | undefined;
  /** The side the engine was last asked to play, for its `side` question. */
  private side: Side | undefined;
  private board: string | undefined;
  private clock: OtepClock | undefined;
  /** The engine's choice of notation for the moves we send (`simple-moves`). */
  simpleMoves = true;

  /** A new game under `rules`: `rules` alone (the side comes with each `play`). */
  newGame(rules: Ruleset): string[] {
    const otn = makeRules(rules);
    this.view = { rules: otn, start: rules.start, turn: rules.firstToMove, moves: [] };
    this.board = rules.start;
    this.clock = undefined;
    this.side = undefined;
    return [`rules ${otn}`];
  }

  /**
   * Asks for a move of the side to move in `pos`: what the engine lacks of the game, the clock,
   * then `play`. `repeat` is for asking again after refusing a move, which resends the last move.
   */
  requestMove(pos: Position, limits: OtepMoveLimits = {}, repeat = false): string[] {
    const out: string[] = [];
    const otn = makeRules(pos.rules);
    let view = this.view;
    if (view === undefined || view.rules !== otn) {
      out.push(`rules ${otn}`);
      view = { rules: otn, start: pos.rules.start, turn: pos.rules.firstToMove, moves: [] };
    }
    const { start, moves } = gameOf(pos);
    const board = boardRecord(pos);
    const known = view.moves;
    const follows =
      view.start === boardRecord(start) &&
      view.turn === start.turn &&
      known.length <= moves.length &&
      known.every((m, i) => m === moves[i]);
    if (!follows) out.push(`position ${board}`);
    else if (known.length < moves.length || (repeat && moves.length > 0)) {
      const from = Math.min(known.length, moves.length - 1);
      for (const { record, board: after } of this.records(start, moves, from))
        out.push(`opponent-move ${record} ${after}`);
    }
    this.view = { rules: otn, start: boardRecord(start), turn: start.turn, moves: [...moves] };
    this.board = board;
    this.side = pos.turn;
    this.clock = clockOf(limits);
    if (this.clock) out.push(makeClock(this.clock));
    out.push(`play ${pos.turn}`);
    return out;
  }

  /**
   * The records of `moves` from index `from`, in the engine's notation, each with the board after
   * it, replayed from `start`.
   */
  private records(
    start: Position,
    moves: readonly Move[],
    from: number,
  ): { record: string; board: string }[] {
    const copy = start.clone();
    const out: { record: string; board: string }[] = [];
    moves.forEach((move, i) => {
      copy.play(move);
      if (i >= from)
        out.push({
          record: this.simpleMoves ? makeMoveSquares(copy.geo, move) : makeMoveRecord(copy),
          board: boardRecord(copy),
        });
    });
    return out;
  }

  /**
   * Reads the engine's `move` for `pos` (not changed): when legal, the move and the confirmation
   * `move POSITION`; else why not and the `error` to send (1 the other side's piece, 2 illegal).
   */
  acceptMove(pos: Position, record: string): MoveAnswer {
    const copy = pos.clone();
    const played = playMoveRecord(copy, otnMove(record));
    if (!played.ok) {
      const parsed = parseMove(pos.geo, otnMove(record));
      const mover = parsed.ok && parsed.value.move >= 0 ? pos.pieceAt(moveFrom(parsed.value.move)) : 0;
      const theirs = sideOfCode(mover) !== undefined && sideOfCode(mover) !== pos.turn;
      const code = theirs ? OTEP_ERRORS.wrongSide : OTEP_ERRORS.illegalMove;
      return { ok: false, message: played.message, lines: [`error ${code}`] };
    }
    this.view?.moves.push(played.value);
    this.board = boardRecord(copy);
    return { ok: true, move: played.value, lines: [`move ${this.board}`] };
  }

  /** `finish` with the outcome's code (0 when the game stopped before its end). */
  finish(outcome?: Outcome): string[] {
    const status = outcome?.status ?? 'ongoing';
    const code = status === 'ongoing' ? OTEP_FINISH.exit : OTEP_FINISH[status];
    this.view = undefined;
    return [`finish ${code}`];
  }

  goodbye(): string[] {
    return ['goodbye'];
  }

  /** The answer to a message that is not a move: notation changes and what the engine asks for. */
  answer(message: EngineMessage): string[] {
    if (message.kind === 'simple-moves') this.simpleMoves = message.on;
    if (message.kind !== 'ask') return [];
    switch (message.what) {
      case 'rules':
        return this.view ? [`rules ${this.view.rules}`] : [];
      case 'position':
        return this.board ? [`position ${this.board}`] : [];
      case 'side':
        return this.side ? [`side ${this.side}`] : [];
      case 'clock':
        return this.clock ? [makeClock(this.clock)] : [];
    }
  }
}
