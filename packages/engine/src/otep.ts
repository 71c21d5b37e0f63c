/**
 * The engine side of OTEP, the OpenTafl Engine Protocol (OpenTafl's opentafl-engine-protocol.txt,
 * read with its ExternalEngineHost/ExternalEngineClient where the text is unclear): one line in,
 * the lines to answer out, no I/O, so a test feeds it lines and reads what it would write.
 *
 * A session: we say `hello`; the host sends `rules OTN` (a new game at the start); each turn
 * `opponent-move m1|m2 POSITION`, `clock ...` and `play S` (the side we play, which the protocol
 * gives only here for a game), answered by `move d1-c1` (OpenTafl's simple notation), which the
 * host confirms with `move POSITION` or refuses with `error 1..4`; at the end `finish N` and
 * `goodbye`. `position P` plus `side S` set up a board with S to move (analysis and replays), and
 * `analyze N SECONDS` asks for `analysis`: its lines come from one multi-line search, all at the
 * same depth. Our own host's `side` and `start` at a game's start, from before it kept to the
 * protocol, are still read; any other command outside the protocol (OpenTafl's host sends `dump`)
 * is answered with a `status` line, never an `error`, which OpenTafl would show as an engine error.
 *
 * The search runs synchronously inside `receive` (Node has one thread), so a `finish` or
 * `goodbye` that arrives meanwhile is read when the move is sent. That wait is bounded: a move
 * takes the time `moveTime` derives from the last `clock`, never more than `maxTimeMs`, and an
 * analysis the seconds the host asked for. `play` does not wait for a `clock` that may follow it
 * (the spec sends it after `play`, OpenTafl's code before): the last clock, less the time we have
 * spent since, is our time. No input makes `receive` throw; what it cannot read it answers with
 * `error 0 ...`, and what makes playing impossible (rules we do not play) with `error -1 ...`.
 */

import {
  SIDES,
  fail,
  makeMoveRecord,
  makeMoveSquares,
  makePosition,
  ok,
  opposite,
  parseMove,
  parsePosition,
  parseRules,
  playMoveRecord,
  positionFromOtn,
  quote,
  type Move,
  type Position,
  type Result,
  type Ruleset,
  type Side,
} from '@tafl/core';
import { levelMove, levelUnder, seededRandom, warmUp, type Level } from './levels.js';
import { MAX_MULTI_PV, Search, mateIn, type SearchLimits, type SearchOptions } from './search.js';

/** Error codes: the engine's two kinds, then the host's refusals of the engine's move. */
export const OTEP_ERRORS = {
  critical: -1,
  nonCritical: 0,
  wrongSide: 1,
  illegalMove: 2,
  wrongSideBerserk: 3,
  illegalMoveBerserk: 4,
} as const;

/** The codes of `finish`. */
export const OTEP_FINISH = { exit: 0, draw: 1, attackers: 2, defenders: 3 } as const;

export interface SideClock {
  /** Milliseconds left: of main time, or of the current overtime period when `overtime`; -1 untimed. */
  readonly ms: number;
  /** Main time has run out (the `*` after the number). */
  readonly overtime: boolean;
  /** Overtime periods left. */
  readonly periods: number;
}

/** `clock A[*] D[*] OVERTIME-SECONDS A-OVERTIMES D-OVERTIMES`. */
export interface OtepClock {
  readonly attackers: SideClock;
  readonly defenders: SideClock;
  /** The length of one overtime period (sent in whole seconds). */
  readonly periodMs: number;
}

const TIME_RE = /^(-?[0-9]{1,12})(\*?)$/;
const COUNT_RE = /^[0-9]{1,6}$/;

export function parseClock(args: string): Result<OtepClock, 'ERR_OTEP_CLOCK'> {
  const words = args.trim().split(/\s+/);
  const [a = '', d = '', period = '', aPeriods = '', dPeriods = ''] = words;
  const at = TIME_RE.exec(a);
  const dt = TIME_RE.exec(d);
  if (words.length !== 5 || !at || !dt || ![period, aPeriods, dPeriods].every((w) => COUNT_RE.test(w)))
    return fail(
      'ERR_OTEP_CLOCK',
      `clock needs five numbers, attacker and defender milliseconds (a * after one in overtime), ` +
        `overtime seconds and the two overtime counts, not ${quote(args.trim())}`,
    );
  const side = (m: RegExpExecArray, periods: string): SideClock => ({
    ms: Math.max(Number(m[1]), -1),
    overtime: m[2] === '*',
    periods: Number(periods),
  });
  return ok({
    attackers: side(at, aPeriods),
    defenders: side(dt, dPeriods),
    periodMs: Number(period) * 1000,
  });
}

export function makeClock(clock: OtepClock): string {
  const side = (c: SideClock): string => `${Math.max(Math.round(c.ms), -1)}${c.overtime ? '*' : ''}`;
  const { attackers: a, defenders: d } = clock;
  return `clock ${side(a)} ${side(d)} ${Math.floor(clock.periodMs / 1000)} ${a.periods} ${d.periods}`;
}

/** Kept back from every budget for the pipe and the host's bookkeeping. */
const LATENCY_MS = 50;
const MIN_MOVE_MS = 10;

/**
 * The time for one move of `side`: about a thirtieth of the main time left plus half an overtime
 * period (which acts as an increment once main time is gone), or most of the current period in
 * overtime; at least `MIN_MOVE_MS`, at most `capMs`, which is also the time without a clock.
 * `spentMs` is what we have used since the clock was sent.
 */
export function moveTime(clock: OtepClock | undefined, side: Side, spentMs: number, capMs: number): number {
  const own = clock?.[side];
  if (clock === undefined || own === undefined || own.ms < 0) return capMs;
  const main = own.overtime ? 0 : own.ms - spentMs;
  let budget = 0;
  if (main > 0) budget = main / 30 + (own.periods > 0 ? clock.periodMs / 2 : 0);
  else if (own.overtime || own.periods > 0)
    budget = 0.8 * (own.overtime && spentMs === 0 ? own.ms : clock.periodMs);
  return Math.round(Math.min(capMs, Math.max(MIN_MOVE_MS, budget - LATENCY_MS)));
}

/** A line of play from the position searched, with its score for the side to move there. */
export interface OtepLine {
  readonly pv: readonly Move[];
  readonly score: number;
}

export interface OtepThought {
  /** Best first; at least one while the side to move has a move. */
  readonly lines: readonly OtepLine[];
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
}

/** The search the engine uses: `lines` is how many moves the host wants (1 to play). */
export type OtepSearch = (pos: Position, limits: SearchLimits, lines: number) => OtepThought;

export interface OtepEngineOptions {
  readonly search: OtepSearch;
  /** The most a move may take, in milliseconds; also a move's time when no clock was sent. */
  readonly maxTimeMs: number;
  /** Limits added to every search, such as a node limit for reproducible games. */
  readonly limits?: SearchLimits;
  /** Called at every `rules`, a new game (to clear the search's tables). */
  readonly onNewGame?: () => void;
}

/** The board of a position as an OTN record, which is all a position record holds. */
export const boardRecord = (pos: Position): string => makePosition(pos.geo.size, pos.board.cells);

/** An OpenTafl move record with its taflman letters (`tc4-c5xTd5`) as core reads them (`c4-c5xd5`). */
export const otnMove = (record: string): string => record.replace(/(^|[x/])[tTcCnN]([a-z][0-9])/g, '$1$2');

const parseSide = (text: string): Side | undefined => SIDES.find((s) => s === text);
/** OTEP is US-ASCII, one line a message. */
const ascii = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');
const errorLine = (code: number, message: string): string => ascii(`error ${code} ${message}`);
const nonCritical = (message: string): string[] => [errorLine(OTEP_ERRORS.nonCritical, message)];
const critical = (message: string): string[] => [errorLine(OTEP_ERRORS.critical, message)];

export class OtepEngine {
  private rules: Ruleset | undefined;
  private pos: Position | undefined;
  /** The side we play, from `side` or `play`. */
  private side: Side | undefined;
  /** Right after `position`, `side` names the side to move there (OpenTafl sends the two together). */
  private sideIsTurn = false;
  private clock: OtepClock | undefined;
  private spentMs = 0;
  /** Our move is played here and sent, and the host has not yet confirmed or refused it. */
  private unconfirmed = false;
  private closed = false;

  constructor(private readonly options: OtepEngineOptions) {}

  /** The lines to send as soon as the engine runs. */
  hello(): string[] {
    return ['hello'];
  }

  /** True after `goodbye`: the program may exit. */
  get finished(): boolean {
    return this.closed;
  }

  /** The position as the engine sees it (undefined before `rules`). */
  get position(): Position | undefined {
    return this.pos;
  }

  /** Reads one line from the host and returns the lines to send back, in order. */
  receive(line: string): string[] {
    const text = line.trim();
    if (text === '' || this.closed) return [];
    const space = text.search(/\s/);
    const name = space < 0 ? text : text.slice(0, space);
    const args = space < 0 ? '' : text.slice(space + 1).trim();
    try {
      return this.dispatch(name, args);
    } catch (e) {
      return nonCritical(`internal error on ${quote(name)}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private dispatch(name: string, args: string): string[] {
    switch (name) {
      case 'hello':
      case 'start':
        return [];
      case 'rules':
        return this.onRules(args);
      case 'position':
        return this.onPosition(args);
      case 'side':
        return this.onSide(args);
      case 'clock':
        return this.onClock(args);
      case 'play':
        return this.onPlay(args);
      case 'opponent-move':
        return this.onOpponentMove(args);
      case 'move':
        return this.onConfirmed(args);
      case 'error':
        return this.onError(args);
      case 'analyze':
        return this.onAnalyze(args);
      case 'finish':
        this.unconfirmed = false;
        this.clock = undefined;
        return [];
      case 'goodbye':
      case 'quit': // OpenTafl's hosts before `goodbye`
        this.closed = true;
        return [];
      default:
        return [ascii(`status ignored ${quote(name)}, which is not an OTEP command`)];
    }
  }

  private onRules(args: string): string[] {
    if (args === '') return nonCritical('rules needs an OTN rules string');
    const parsed = parseRules(args);
    if (!parsed.ok) return critical(`rules not supported: ${parsed.message}`);
    const start = positionFromOtn(parsed.value);
    if (!start.ok) return critical(`rules not supported: ${start.message}`);
    this.rules = parsed.value;
    this.pos = start.value;
    this.sideIsTurn = false;
    this.unconfirmed = false;
    this.clock = undefined;
    this.spentMs = 0;
    this.options.onNewGame?.();
    return [];
  }

  private onPosition(args: string): string[] {
    if (!this.rules) return nonCritical('position before rules: send rules first');
    const turn = this.pos?.turn ?? this.rules.firstToMove;
    const seated = positionFromOtn(this.rules, args, turn);
    if (!seated.ok) return nonCritical(`bad position: ${seated.message}`);
    this.pos = seated.value;
    this.sideIsTurn = true;
    this.unconfirmed = false;
    return [];
  }

  private onSide(args: string): string[] {
    const side = parseSide(args);
    if (!side) return nonCritical(`side must be attackers or defenders, not ${quote(args)}`);
    this.side = side;
    if (this.sideIsTurn) this.seat(side);
    this.sideIsTurn = false;
    return [];
  }

  private onClock(args: string): string[] {
    const clock = parseClock(args);
    if (!clock.ok) return nonCritical(clock.message);
    this.clock = clock.value;
    this.spentMs = 0;
    return [];
  }

  /** The same board with `turn` to move, afresh: no history, so no repetition or quiet count. */
  private seat(turn: Side, record = this.pos && boardRecord(this.pos)): boolean {
    if (!this.rules || record === undefined) return false;
    const seated = positionFromOtn(this.rules, record, turn);
    if (seated.ok) this.pos = seated.value;
    return seated.ok;
  }

  private onPlay(args: string): string[] {
    const side = parseSide(args);
    if (!side) return nonCritical(`play needs attackers or defenders, not ${quote(args)}`);
    if (!this.pos) return critical('asked to play before any rules');
    this.side = side;
    this.sideIsTurn = false;
    this.unconfirmed = false;
    // The host decides whose turn it is, and that the game goes on (our draws may not be its).
    if (this.pos.turn !== side || this.pos.isOver()) this.seat(side);
    const pos = this.pos;
    if (pos.isOver()) {
      const outcome = pos.outcome();
      return critical(`the ${side} have no move: ${'reason' in outcome ? outcome.reason : 'game over'}`);
    }
    const timeMs = moveTime(this.clock, side, this.spentMs, this.options.maxTimeMs);
    const thought = this.options.search(pos, { ...this.options.limits, timeMs }, 1);
    this.spentMs += thought.timeMs;
    const best = thought.lines[0];
    const move = best?.pv[0];
    if (best === undefined || move === undefined || !pos.isLegal(move))
      return critical(`the search found no legal move for the ${side}`);
    const status = statusLine(pos, thought, best);
    pos.play(move);
    this.unconfirmed = true;
    return [status, `move ${makeMoveSquares(pos.geo, move)}`];
  }

  private onOpponentMove(args: string): string[] {
    if (!this.pos || !this.rules) return nonCritical('opponent-move before rules: send rules first');
    const [list = '', record, ...rest] = args.split(/\s+/);
    if (list === '' || rest.length > 0)
      return nonCritical('opponent-move needs a move list (m1|m2) and at most one position record');
    let target: string | undefined;
    if (record !== undefined) {
      const parsed = parsePosition(record);
      if (!parsed.ok) return nonCritical(`bad position in opponent-move: ${parsed.message}`);
      if (parsed.value.size !== this.rules.size)
        return nonCritical(`opponent-move has a ${parsed.value.size}x${parsed.value.size} position`);
      target = makePosition(parsed.value.size, parsed.value.board);
    }
    this.unconfirmed = false;
    this.sideIsTurn = false;
    const records = list.split('|');
    const followed = this.follow(records);
    if (followed.ok && (target === undefined || boardRecord(followed.value) === target)) {
      this.pos = followed.value;
      return [];
    }
    // A repeat after an `error`: the host resends its last move and the board we already have.
    if (target !== undefined && boardRecord(this.pos) === target) return [];
    const why = followed.ok ? 'the moves do not lead to the position given' : followed.message;
    const malformed = records.some((r) => !parseMove(this.pos!.geo, otnMove(r)).ok);
    if (target === undefined) return nonCritical(`cannot follow opponent-move ${list}: ${why}`);
    this.seat(this.side ?? opposite(this.pos.turn), target);
    const note = `took the host's position after opponent-move ${list}: ${why}`;
    return malformed ? nonCritical(note) : [ascii(`status ${note}`)];
  }

  /** The position after `records`, on a copy; the first may be the other side's if our turn is off. */
  private follow(records: readonly string[]): Result<Position> {
    const pos = this.pos!;
    const followed = playAll(pos.clone(), records);
    if (followed.ok) return followed;
    const flipped = positionFromOtn(pos.rules, boardRecord(pos), opposite(pos.turn));
    const other = flipped.ok ? playAll(flipped.value, records) : followed;
    return other.ok ? other : followed;
  }

  private onConfirmed(args: string): string[] {
    const parsed = parsePosition(args);
    if (!parsed.ok) return nonCritical(`move from the host needs a position record: ${parsed.message}`);
    this.unconfirmed = false;
    if (!this.pos || parsed.value.size !== this.pos.geo.size) return [];
    const target = makePosition(parsed.value.size, parsed.value.board);
    if (boardRecord(this.pos) === target) return [];
    this.seat(this.pos.turn, target);
    return [`status took the host's position after our move`];
  }

  /** The host refused our move (1 to 4): take it back; it sends the position again, then `play`. */
  private onError(args: string): string[] {
    const code = Number(args.split(/\s+/)[0]);
    if (this.unconfirmed && code >= OTEP_ERRORS.wrongSide && code <= OTEP_ERRORS.illegalMoveBerserk)
      this.pos?.undo();
    this.unconfirmed = false;
    return []; // an error is never answered with an error
  }

  private onAnalyze(args: string): string[] {
    const m = /^([0-9]{1,3})\s+([0-9]{1,6})$/.exec(args);
    if (!m) return nonCritical(`analyze needs a number of moves and seconds, not ${quote(args)}`);
    if (!this.pos) return nonCritical('analyze before rules: send rules first');
    const pos = this.pos;
    if (pos.isOver()) return ['analysis 0'];
    const timeMs = Math.max(MIN_MOVE_MS, Number(m[2]) * 1000 - LATENCY_MS);
    const count = Math.max(1, Number(m[1]));
    const thought = this.options.search(pos, { ...this.options.limits, timeMs }, count);
    const lines = thought.lines.slice(0, count);
    const sign = pos.turn === 'attackers' ? 1 : -1;
    const pairs = lines
      .map((line) => [pvRecords(pos, line.pv), sign * line.score] as const)
      .filter(([records]) => records !== '')
      .map(([records, score]) => `${records} ${score}`);
    return [['analysis', pairs.length, ...pairs].join(' ')];
  }
}

/** Plays move records on `pos` until one cannot be played. */
function playAll(pos: Position, records: readonly string[]): Result<Position> {
  for (const record of records) {
    const played = playMoveRecord(pos, otnMove(record));
    if (!played.ok) return played;
  }
  return ok(pos);
}

/** The moves of a line as full OTN records (with captures) joined by `|`, as far as they are legal. */
function pvRecords(pos: Position, pv: readonly Move[]): string {
  const copy = pos.clone();
  const records: string[] = [];
  for (const move of pv) {
    if (!copy.isLegal(move)) break;
    copy.play(move);
    records.push(makeMoveRecord(copy));
  }
  return records.join('|');
}

function statusLine(pos: Position, thought: OtepThought, best: OtepLine): string {
  const mate = mateIn(best.score);
  const score = mate === undefined ? `cp ${best.score}` : `mate ${Math.ceil(mate / 2)}`;
  const pv = best.pv.map((m) => makeMoveSquares(pos.geo, m)).join(' ');
  return `status ${pos.turn} depth ${thought.depth} score ${score} nodes ${thought.nodes} time ${thought.timeMs} pv ${pv}`;
}

/**
 * The engine of a level as an `OtepSearch`: a Search per ruleset (the weights depend on it), the
 * level's noise from a seeded generator to play; and for an analysis of several moves one
 * multi-line search (up to MAX_MULTI_PV lines), so that every line is of the same depth and the
 * scores compare, within the level's depth limit when it has one.
 */
export function levelSearch(
  base: Level,
  seed = 1,
  shared?: Pick<SearchOptions, 'table' | 'ttBits' | 'helpers'>,
): { search: OtepSearch; newGame: () => void } {
  const random = seededRandom(seed);
  // One search for every game and ruleset (its evaluation takes each position's rules' weights),
  // made and warmed up now, before any clock runs: a move's time holds no table's allocation and
  // no cold code (`warmUp`).
  const search = new Search({ ...shared });
  warmUp(search);
  const run: OtepSearch = (pos, limits, lines) => {
    const level = levelUnder(base, pos.rules);
    const started = Date.now();
    if (lines > 1) {
      const budget = limits.timeMs ?? level.timeMs;
      const depth = Math.min(limits.depth ?? Infinity, level.depth ?? level.maxDepth ?? Infinity);
      const result = search.run(pos, {
        ...limits,
        timeMs: Math.max(5, Math.floor(budget * 0.85) - 5),
        multiPv: Math.min(lines, MAX_MULTI_PV),
        ...(depth < Infinity ? { depth } : {}),
      });
      const found =
        result.lines ?? (result.move === undefined ? [] : [{ score: result.score, pv: result.pv }]);
      return {
        lines: found.map((l) => ({ pv: l.pv, score: l.score })),
        depth: result.depth,
        nodes: result.nodes,
        timeMs: Date.now() - started,
      };
    }
    // levelMove applies levelUnder itself.
    const config = { ...base, timeMs: limits.timeMs ?? base.timeMs };
    const best = levelMove(search, pos, config, random, limits);
    const found: OtepLine[] = [];
    if (best.move !== undefined)
      found.push({ pv: best.pv[0] === best.move ? best.pv : [best.move], score: best.score });
    return { lines: found, depth: best.depth, nodes: best.nodes, timeMs: Date.now() - started };
  };
  return { search: run, newGame: () => search.clear() };
}
