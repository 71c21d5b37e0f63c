/**
 * OTN game records (OpenTafl's `.otg` files), read and written as OpenTafl does:
 *
 *     [event:Club night]
 *     [result:1]
 *     [termination:king captured]
 *     [rules:dim:7 ks:c ... start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]
 *
 *     1. d2-e2 Kd4-d3
 *     [first half comment|second half comment]
 *
 *     2. e2-e3xd3 ...
 *
 * Two layers, so each can be tested alone. The syntax layer (`parseRecord`/`makeRecord`) knows
 * tags, turns and comments and keeps the rules string, the position and the moves as raw text: it
 * needs no rules and never fails on a rule. The game layer (`replayRecord`) reads the rules string
 * with `parseRules` and plays the moves with `playMoveRecord`, naming the first bad move;
 * `recordFromGame` goes the other way, from a played `Position` to a record.
 *
 * What OpenTafl does and we match (GameSerializer, ReplayGame, MoveSerializer, Game.Tag, and its
 * saved games): tags are `[key:value]`, one a line, a value running to the first `]` (newlines
 * allowed, as in its `start-comment`); the rules are the tag `rules`, which OpenTafl needs to
 * load a record, though the OTN spec also allows a bare rules line, which we read too (an optional
 * bare line starting with `/` is the spec's start position; OpenTafl itself writes a custom start
 * as the rules' `start:`, and so does `recordFromGame`). Turns are `N. move move` on one line; a
 * turn's comments follow on the next line as `[first|second]`, `[first]` or `[|second]`. King
 * moves are written `Kd4-d5`, captures `e2-d2xd3/f3`, a captured king with his letter
 * (`c2-a2xKa3`), as OpenTafl does; a record that gives the king's capture by `++` alone, as we
 * wrote it before, is read too. OpenTafl writes no info symbols but reads them (`+ - ++ --`), and
 * so we write them (`makeMoveRecord`).
 *
 * Our extensions: `pass`, the move of a side with no legal move where the rules make it pass
 * (ard-ri-fr, brandub-fr; OpenTafl has no such rule and cannot read it), and the spec's
 * resignation `---` as the last move record (OpenTafl does not read it either). Variations
 * (`8a.1.1a.`) are refused with their own error code.
 */

import { squareName } from '../geometry.js';
import type { Position } from '../position.js';
import { fail, ok, type Failure, type Result, type Success } from '../result.js';
import { withParameters, type Ruleset } from '../rules.js';
import { positionFromOtn } from '../start.js';
import { KING, PASS, moveFrom, type Move, type Outcome, type Side } from '../types.js';
import { MOVE_ERRORS, makeMoveRecord, parseMove, playMoveRecord, type MoveError } from './move.js';
import { makePosition, parsePosition, quote } from './position.js';
import { TAG_KEY_RE, normalizeText } from './record-text.js';
import { makeRules, parseRules } from './rules.js';

export interface RecordTag {
  readonly key: string;
  readonly value: string;
}

export interface RecordMove {
  /** An OTN move record (`d2-e2`, `e2-d2xd3+`, `Kd4-d5`), `pass`, or `---` (resignation). */
  readonly move: string;
  /** The comment on this move: trimmed, never empty, without `]` or `|`. */
  readonly comment?: string;
}

export interface GameRecord {
  /** Tags in their order, keys unique; the rules are not among them. */
  readonly tags: readonly RecordTag[];
  /** The OTN rules string, as written. */
  readonly rules: string;
  /** The spec's optional start position (an OTN position string, starting with `/`). */
  readonly position?: string;
  /** The moves by ply, the first side's first move first. */
  readonly moves: readonly RecordMove[];
}

export const RECORD_ERRORS = {
  tag: 'ERR_RECORD_TAG',
  duplicateTag: 'ERR_RECORD_TAG_DUPLICATE',
  rules: 'ERR_RECORD_RULES',
  header: 'ERR_RECORD_HEADER',
  turn: 'ERR_RECORD_TURN',
  move: 'ERR_RECORD_MOVE',
  comment: 'ERR_RECORD_COMMENT',
  variation: 'ERR_RECORD_VARIATION',
} as const;
export type RecordError = (typeof RECORD_ERRORS)[keyof typeof RECORD_ERRORS];

/** The value of a tag, or undefined. */
export const tagValue = (record: GameRecord, key: string): string | undefined =>
  record.tags.find((t) => t.key === key)?.value;

// ---------------------------------------------------------------------------------------------
// Syntax: parseRecord

const MOVE_SYNTAX_RE =
  /^(?:pass|---|K?[a-z][0-9]{1,2}-[a-z][0-9]{1,2}(?:xK?[a-z][0-9]{1,2}(?:\/K?[a-z][0-9]{1,2})*)?(?:\+\+|--|\+|-)?)$/;

/** Where the parser stands in the text, and on which line. */
interface Cursor {
  readonly text: string;
  at: number;
  line: number;
}

interface Header {
  readonly tags: RecordTag[];
  rules?: string;
  position?: string;
}

interface Turn {
  readonly number: number;
  readonly moves: string[];
  comments?: string[];
}

type Step = Result<void, RecordError>;
const done: Step = ok(undefined);

/**
 * Reads one OTN game record; every error says what is wrong and on which line, counting from
 * `firstLine` (where the record starts in its file: records.ts reads a file of several).
 */
export function parseRecord(text: string, firstLine = 1): Result<GameRecord, RecordError> {
  const c: Cursor = { text: normalizeText(text), at: 0, line: firstLine };
  const header: Header = { tags: [] };
  const read = parseHeader(c, header);
  if (!read.ok) return read;
  if (header.rules === undefined)
    return fail(
      RECORD_ERRORS.rules,
      'the record has no rules string: give it as a [rules:...] tag or a line of its own before the moves',
    );
  const turns: Turn[] = [];
  const body = parseBody(c, turns);
  if (!body.ok) return body;
  return ok({
    tags: header.tags,
    rules: header.rules,
    ...(header.position !== undefined ? { position: header.position } : {}),
    moves: turns.flatMap(turnMoves),
  });
}

function advanceTo(c: Cursor, to: number): void {
  for (let i = c.at; i < to; i++) if (c.text.charCodeAt(i) === 10) c.line++;
  c.at = to;
}

function skipSpace(c: Cursor): void {
  let i = c.at;
  while (i < c.text.length && /\s/.test(c.text[i]!)) i++;
  advanceTo(c, i);
}

/** Tags and bare lines up to the first turn number (or the end: a record may have no moves). */
function parseHeader(c: Cursor, header: Header): Step {
  for (;;) {
    skipSpace(c);
    if (c.at >= c.text.length) return done;
    const line = c.line;
    if (c.text[c.at] === '[') {
      const tag = readTag(c);
      if (!tag.ok) return tag;
      const added = addTag(header, tag.value, line);
      if (!added.ok) return added;
      continue;
    }
    const end = c.text.indexOf('\n', c.at) < 0 ? c.text.length : c.text.indexOf('\n', c.at);
    const bare = c.text.slice(c.at, end).trim();
    if (/^[0-9]+\./.test(bare)) return done;
    const added = addBareLine(header, bare, line);
    if (!added.ok) return added;
    advanceTo(c, end);
  }
}

function readTag(c: Cursor): Result<RecordTag, RecordError> {
  const line = c.line;
  const close = c.text.indexOf(']', c.at);
  if (close < 0) return fail(RECORD_ERRORS.tag, `line ${line}: the tag that starts here has no closing "]"`);
  const body = c.text.slice(c.at + 1, close);
  advanceTo(c, close + 1);
  const colon = body.indexOf(':');
  if (colon < 0)
    return fail(RECORD_ERRORS.tag, `line ${line}: the tag ${quote(`[${body}]`)} has no ":" after its name`);
  const key = body.slice(0, colon);
  if (!TAG_KEY_RE.test(key))
    return fail(
      RECORD_ERRORS.tag,
      `line ${line}: ${quote(key)} is not a tag name (letters, digits, "-", "_" and ".")`,
    );
  return ok({ key, value: body.slice(colon + 1) });
}

function addTag(header: Header, tag: RecordTag, line: number): Step {
  if (tag.key === 'rules') return setRules(header, tag.value, line);
  if (header.tags.some((t) => t.key === tag.key))
    return fail(RECORD_ERRORS.duplicateTag, `line ${line}: the tag "${tag.key}" is given a second time`);
  header.tags.push(tag);
  return done;
}

/** A header line that is not a tag: the spec's rules string, or a start position (`/...`). */
function addBareLine(header: Header, text: string, line: number): Step {
  if (!text.startsWith('/')) return setRules(header, text, line);
  if (header.position !== undefined)
    return fail(RECORD_ERRORS.header, `line ${line}: a second start position, ${quote(text)}`);
  header.position = text;
  return done;
}

function setRules(header: Header, rules: string, line: number): Step {
  if (header.rules !== undefined && header.rules !== rules)
    return fail(RECORD_ERRORS.rules, `line ${line}: a second rules string, ${quote(rules)}`);
  header.rules = rules;
  return done;
}

/** Turn numbers, moves and comments, to the end of the text. */
function parseBody(c: Cursor, turns: Turn[]): Step {
  for (;;) {
    skipSpace(c);
    if (c.at >= c.text.length) break;
    const step = c.text[c.at] === '[' ? readComment(c, turns) : readToken(c, turns);
    if (!step.ok) return step;
  }
  const last = turns[turns.length - 1];
  if (last !== undefined && last.moves.length === 0)
    return fail(RECORD_ERRORS.turn, `turn ${last.number} has no move`);
  return done;
}

function readToken(c: Cursor, turns: Turn[]): Step {
  const line = c.line;
  let end = c.at;
  while (end < c.text.length && !/[\s[]/.test(c.text[end]!)) end++;
  const token = c.text.slice(c.at, end);
  advanceTo(c, end);
  if (/^[0-9]+[a-z]\.|^\.+$/.test(token))
    return fail(
      RECORD_ERRORS.variation,
      `line ${line}: ${quote(token)} starts a variation, which this program does not read`,
    );
  const number = /^([0-9]+)\.(.*)$/.exec(token);
  if (!number) return addMove(turns, token, line);
  const started = startTurn(turns, Number(number[1]), line);
  if (!started.ok || number[2] === '') return started;
  return addMove(turns, number[2]!, line);
}

function startTurn(turns: Turn[], number: number, line: number): Step {
  const previous = turns[turns.length - 1];
  if (previous !== undefined && previous.moves.length < 2)
    return fail(
      RECORD_ERRORS.turn,
      `line ${line}: turn ${previous.number} has ${previous.moves.length} move(s), but only the last turn may have fewer than 2`,
    );
  if (number !== turns.length + 1)
    return fail(
      RECORD_ERRORS.turn,
      `line ${line}: turn ${number} where turn ${turns.length + 1} was expected`,
    );
  turns.push({ number, moves: [] });
  return done;
}

function addMove(turns: Turn[], token: string, line: number): Step {
  const turn = turns[turns.length - 1];
  const where = `line ${line}${turn ? `, turn ${turn.number}` : ''}`;
  if (turn === undefined) return fail(RECORD_ERRORS.turn, `${where}: ${quote(token)} comes before turn 1`);
  if (turn.comments !== undefined || turn.moves.length === 2)
    return fail(RECORD_ERRORS.turn, `${where}: ${quote(token)} needs a turn number before it`);
  if (!MOVE_SYNTAX_RE.test(token))
    return fail(
      RECORD_ERRORS.move,
      `${where}: ${quote(token)} is not an OTN move record such as d2-e2, e2-d2xd3, Kd4-d5 or pass`,
    );
  const previous = turn.moves[turn.moves.length - 1] ?? turns[turns.length - 2]?.moves[1];
  if (previous === '---')
    return fail(RECORD_ERRORS.move, `${where}: ${quote(token)} follows the resignation "---"`);
  turn.moves.push(token);
  return done;
}

function readComment(c: Cursor, turns: Turn[]): Step {
  const line = c.line;
  const close = c.text.indexOf(']', c.at);
  if (close < 0)
    return fail(RECORD_ERRORS.comment, `line ${line}: the comment that starts here has no closing "]"`);
  const parts = c.text.slice(c.at + 1, close).split('|');
  advanceTo(c, close + 1);
  const turn = turns[turns.length - 1];
  if (turn === undefined || turn.moves.length === 0)
    return fail(RECORD_ERRORS.comment, `line ${line}: a comment before any move`);
  if (turn.comments !== undefined)
    return fail(RECORD_ERRORS.comment, `line ${line}: turn ${turn.number} already has its comments`);
  if (parts.length > turn.moves.length)
    return fail(
      RECORD_ERRORS.comment,
      `line ${line}: ${parts.length} comments for the ${turn.moves.length} move(s) of turn ${turn.number}`,
    );
  turn.comments = parts.map((p) => p.trim());
  return done;
}

function turnMoves(turn: Turn): RecordMove[] {
  return turn.moves.map((move, i) => {
    const comment = turn.comments?.[i];
    return comment ? { move, comment } : { move };
  });
}

// ---------------------------------------------------------------------------------------------
// Syntax: makeRecord

/**
 * Writes a record as OpenTafl does, the rules as the tag `rules` (a rules string with a `]`, which
 * only a bare line can hold, goes on a line of its own). It writes what `parseRecord` reads back
 * as the same record: text that could not be read back is changed (a `]` in a tag value or a
 * comment becomes `)`, a `|` in a comment `/`; a tag named `rules`, met a second time or with a
 * name `parseRecord` refuses is left out); the moves and the position (which starts with `/`)
 * are trusted.
 */
export function makeRecord(record: GameRecord): string {
  const seen = new Set(['rules']);
  const lines: string[] = [];
  for (const { key, value } of record.tags) {
    if (seen.has(key) || !TAG_KEY_RE.test(key)) continue;
    seen.add(key);
    lines.push(`[${key}:${value.replaceAll(']', ')')}]`);
  }
  lines.push(record.rules.includes(']') ? bareLine(record.rules) : `[rules:${record.rules}]`);
  if (record.position !== undefined) lines.push(bareLine(record.position));
  lines.push('');
  for (let i = 0; i < record.moves.length; i += 2)
    lines.push(...turnLines(record.moves.slice(i, i + 2), i / 2 + 1));
  return `${lines.join('\n')}\n`;
}

const bareLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

const commentText = (move: RecordMove): string =>
  (move.comment ?? '').replaceAll(']', ')').replaceAll('|', '/').trim();

function turnLines(moves: readonly RecordMove[], number: number): string[] {
  const line = `${number}. ${moves.map((m) => m.move).join(' ')}`;
  const comments = moves.map(commentText);
  if (comments.every((t) => t === '')) return [line];
  return [line, `[${comments[1] ? comments.join('|') : comments[0]}]`, ''];
}

// ---------------------------------------------------------------------------------------------
// Game: replayRecord

export const REPLAY_ERRORS = {
  rules: 'ERR_REPLAY_RULES',
  position: 'ERR_REPLAY_POSITION',
  move: 'ERR_REPLAY_MOVE',
} as const;
export type ReplayError = (typeof REPLAY_ERRORS)[keyof typeof REPLAY_ERRORS];

export interface ReplayedGame {
  readonly rules: Ruleset;
  /** The position after the last move, with its history (undo, repetition). */
  readonly position: Position;
  /** The side that resigned with the record's last move `---`, if it did. */
  readonly resigned?: Side;
}

export interface ReplayFailure extends Failure<ReplayError> {
  /** The ply (1 for the first move) of the first move that could not be played. */
  readonly ply?: number;
  /** Why that move could not be played, as `playMoveRecord` says. */
  readonly moveError?: MoveError;
}

export type ReplayResult = Success<ReplayedGame> | ReplayFailure;

/**
 * Plays a record: its rules string read by `parseRules` (or `rules`, to play it under a ruleset
 * the caller chose), from its position or the rules' start. Every move must be legal, a `K` must
 * mark a king, and the captures a move lists must be the ones it makes.
 */
export function replayRecord(record: GameRecord, rules?: Ruleset): ReplayResult {
  let ruleset = rules;
  if (ruleset === undefined) {
    const parsed = parseRules(record.rules);
    if (!parsed.ok)
      return fail(
        REPLAY_ERRORS.rules,
        `the rules string ${quote(record.rules)} cannot be read: ${parsed.message}`,
      );
    ruleset = parsed.value;
  }
  const start = positionFromOtn(ruleset, record.position ?? ruleset.start);
  if (!start.ok) return fail(REPLAY_ERRORS.position, `the start position cannot be played: ${start.message}`);
  const pos = start.value;
  const last = record.moves.length - 1;
  for (let i = 0; i <= last; i++) {
    const text = record.moves[i]!.move;
    const where = `ply ${i + 1} (turn ${(i >> 1) + 1}, the ${pos.turn}) ${quote(text)}`;
    if (text === '---' && i === last) return ok({ rules: ruleset, position: pos, resigned: pos.turn });
    const played = playRecorded(pos, text);
    if (!played.ok)
      return {
        ...fail(REPLAY_ERRORS.move, `${where}: ${played.message}`),
        ply: i + 1,
        moveError: played.code,
      };
  }
  return ok({ rules: ruleset, position: pos });
}

/** `playMoveRecord`, and a `K` before a move must stand for the king. */
function playRecorded(pos: Position, text: string): Result<Move, MoveError> {
  if (text === '---') return fail(MOVE_ERRORS.syntax, 'the resignation "---" can only be the last move');
  if (text.startsWith('K')) {
    const parsed = parseMove(pos.geo, text);
    if (parsed.ok && parsed.value.move !== PASS && pos.pieceAt(moveFrom(parsed.value.move)) !== KING) {
      const from = squareName(pos.geo, moveFrom(parsed.value.move));
      return fail(
        MOVE_ERRORS.illegal,
        `the move is marked as the king's, but ${from} does not hold the king`,
      );
    }
  }
  return playMoveRecord(pos, text);
}

// ---------------------------------------------------------------------------------------------
// Game: recordFromGame

const TERMINATIONS: Record<string, string> = {
  escape: 'king escaped',
  'quiet moves': 'quiet move limit',
};

/**
 * The record of a played game: its moves from the start of `game` as OpenTafl writes them
 * (`makeMoveRecord`: kings marked `K`, a captured king's square too, `c2-a2xKa3`; info symbols) and `tags` in their order. A game that
 * has ended gets `result` (1 attackers won, -1 defenders won, 0 draw) and `termination`. A start
 * other than the rules' own goes into the rules string's `start:` and `atkf:`, where OpenTafl
 * reads it.
 */
export function recordFromGame(game: Position, tags: readonly RecordTag[] = []): GameRecord {
  const pos = game.clone();
  const played: Move[] = [];
  for (let move = pos.lastMove(); move !== undefined; move = pos.lastMove()) {
    played.push(move);
    pos.undo();
  }
  const rules = makeRules(startRules(pos));
  const moves = played.reverse().map((move) => {
    pos.play(move);
    return { move: makeMoveRecord(pos) };
  });
  return { tags: withResult(tags, game.outcome()), rules, moves };
}

/** The rules, with the start position and first side of `start` when they are not the rules' own. */
function startRules(start: Position): Ruleset {
  const rules = start.rules;
  const board = makePosition(rules.size, start.toSetup().board);
  const standard = parsePosition(rules.start);
  const own = standard.ok ? makePosition(standard.value.size, standard.value.board) : rules.start;
  if (board === own && start.turn === rules.firstToMove) return rules;
  return withParameters(rules, { layout: 'custom', start: board, firstToMove: start.turn });
}

function withResult(tags: readonly RecordTag[], outcome: Outcome): RecordTag[] {
  if (outcome.status === 'ongoing') return [...tags];
  const result = outcome.status === 'attackers' ? '1' : outcome.status === 'defenders' ? '-1' : '0';
  const termination = TERMINATIONS[outcome.reason] ?? outcome.reason;
  const set = (list: RecordTag[], key: string, value: string): RecordTag[] =>
    list.some((t) => t.key === key)
      ? list.map((t) => (t.key === key ? { key, value } : t))
      : [...list, { key, value }];
  return set(set([...tags], 'result', result), 'termination', termination);
}
