/**
 * Plain move lists, one game a line, as the real Brandubh games of test/fixtures/games are kept (the
 * test data of bunburya/hnefatafl-rs):
 *
 *     d2-e2 c4-c5 e2-d2xd3 c4-c3 ... d6-d3xc3xd2 timeout,3,1,Black
 *
 * The moves are separated by spaces, each with the squares it captured after `x` (several as
 * `xc3xd2`; the king's capture is never marked); a last `timeout` token says the side to move lost
 * on time; then two counts and the result: `Black` (the attackers won), `White` (the defenders
 * won), `Draw`, `Ongoing`, or nothing. The moves come out as OTN move records (`d6-d3xc3/d2`), so
 * that `playMoveRecord` checks the captures they list. This is only the syntax: replaying the
 * moves, under whichever rules the games were played, is the caller's business.
 */

import { fail, ok, type Result } from '../result.js';
import { quote } from './position.js';

export const MOVE_LIST_ERRORS = {
  fields: 'ERR_MOVELIST_FIELDS',
  move: 'ERR_MOVELIST_MOVE',
  timeout: 'ERR_MOVELIST_TIMEOUT',
  count: 'ERR_MOVELIST_COUNT',
  result: 'ERR_MOVELIST_RESULT',
} as const;
export type MoveListError = (typeof MOVE_LIST_ERRORS)[keyof typeof MOVE_LIST_ERRORS];

/** The result field and who it says won. */
export const MOVE_LIST_RESULTS = {
  Black: 'attackers',
  White: 'defenders',
  Draw: 'draw',
  Ongoing: 'ongoing',
} as const;
export type MoveListResult = (typeof MOVE_LIST_RESULTS)[keyof typeof MOVE_LIST_RESULTS];

export interface MoveList {
  /** The moves as OTN move records, captures listed (`e2-d2xc2xd3` becomes `e2-d2xc2/d3`). */
  readonly moves: readonly string[];
  /** The list ends with `timeout`: the side to move after the last move lost on time. */
  readonly timeout: boolean;
  /**
   * The two counts after the moves. In the 525 games they are the numbers of captures marked in
   * the attackers' moves and in the defenders' moves (games525.test.ts checks it).
   */
  readonly counts: readonly [number, number];
  /** The result field; undefined when it is empty. */
  readonly result: MoveListResult | undefined;
}

const MOVE_RE = /^([a-z][0-9]{1,2}-[a-z][0-9]{1,2})((?:x[a-z][0-9]{1,2})*)$/;
const COUNT_RE = /^[0-9]{1,9}$/;

/** Reads one game: the moves, the `timeout` marker, the two counts and the result. */
export function parseMoveList(line: string): Result<MoveList, MoveListError> {
  const fields = line.trim().split(',');
  if (fields.length !== 4)
    return fail(
      MOVE_LIST_ERRORS.fields,
      `a game is "moves,count,count,result" (4 fields), but ${quote(line.trim())} has ${fields.length}`,
    );
  const [moveField, first, second, resultField] = fields as [string, string, string, string];
  const moves = parseMoves(moveField);
  if (!moves.ok) return moves;
  const counts: number[] = [];
  for (const count of [first, second]) {
    if (!COUNT_RE.test(count.trim()))
      return fail(MOVE_LIST_ERRORS.count, `the count ${quote(count)} is not a whole number`);
    counts.push(Number(count.trim()));
  }
  const result = parseResult(resultField.trim());
  if (!result.ok) return result;
  return ok({
    moves: moves.value.moves,
    timeout: moves.value.timeout,
    counts: [counts[0]!, counts[1]!],
    result: result.value,
  });
}

/** Reads a whole file, one game a line (blank lines skipped); errors name the line. */
export function parseMoveLists(text: string): Result<MoveList[], MoveListError> {
  const games: MoveList[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() === '') continue;
    const game = parseMoveList(lines[i]!);
    if (!game.ok) return fail(game.code, `line ${i + 1}: ${game.message}`);
    games.push(game.value);
  }
  return ok(games);
}

function parseMoves(field: string): Result<{ moves: string[]; timeout: boolean }, MoveListError> {
  const tokens = field.split(/\s+/).filter((t) => t !== '');
  const moves: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === 'timeout') {
      if (i !== tokens.length - 1)
        return fail(
          MOVE_LIST_ERRORS.timeout,
          `"timeout" ends a game, but move ${i + 1} is followed by ${tokens.length - 1 - i} more`,
        );
      return ok({ moves, timeout: true });
    }
    const m = MOVE_RE.exec(token);
    if (!m)
      return fail(
        MOVE_LIST_ERRORS.move,
        `move ${i + 1}, ${quote(token)}, is not a move such as d2-e2 or e2-d2xd3xc2`,
      );
    moves.push(m[2] === '' ? m[1]! : `${m[1]!}x${m[2]!.slice(1).split('x').join('/')}`);
  }
  return ok({ moves, timeout: false });
}

function parseResult(field: string): Result<MoveListResult | undefined, MoveListError> {
  if (field === '') return ok(undefined);
  if (Object.hasOwn(MOVE_LIST_RESULTS, field))
    return ok(MOVE_LIST_RESULTS[field as keyof typeof MOVE_LIST_RESULTS]);
  return fail(
    MOVE_LIST_ERRORS.result,
    `the result ${quote(field)} is not Black, White, Draw, Ongoing or empty`,
  );
}
