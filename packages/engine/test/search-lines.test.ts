// The lines the search reports (search.ts, `extendPv`): a line scored as a win in N plies is the
// game to its end, N moves long, the winning move last: the king's escape, or the capture that
// wins. Players read these lines on the analysis board ("The defenders win in 3 moves" and the
// three moves after it); a line that stops one move short of the win it announces reads as a
// mistake of the engine's.
import { describe, expect, it } from 'vitest';
import {
  makeMoveSquares,
  makePosition,
  positionFromOtn,
  presetById,
  type Move,
  type Position,
  type Side,
} from '@tafl/core';
import { Search, mateIn, type SearchLine } from '../src/search.js';

const CODES: Readonly<Record<string, number>> = { '.': 0, A: 1, D: 2, K: 3 };

/**
 * The position of a diagram (rank 7 at the top, A attacker, D defender, K king) under the named
 * ruleset, `turn` to move: through an OTN position record, which lists rank 1 first.
 */
function setUp(rulesId: string, turn: Side, diagram: string): Position {
  const ranks = diagram
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/).slice(1))
    .filter((cells) => cells.length === 7);
  const board = ranks.reverse().flatMap((cells) => cells.map((c) => CODES[c]!));
  const pos = positionFromOtn(presetById(rulesId)!, makePosition(7, board), turn);
  if (!pos.ok) throw new Error(pos.message);
  return pos.value;
}

/** A line in words, for a failure's message. */
const words = (pos: Position, line: readonly Move[]): string =>
  line.map((m) => makeMoveSquares(pos.geo, m)).join(' ');

/** Plays `line` on a copy of `pos`: the copy after it. */
function after(pos: Position, line: readonly Move[]): Position {
  const end = pos.clone();
  for (const move of line) {
    expect(end.isOver(), `the game ended before ${makeMoveSquares(pos.geo, move)}`).toBe(false);
    expect(end.isLegal(move), `${makeMoveSquares(pos.geo, move)} is legal`).toBe(true);
    end.play(move);
  }
  return end;
}

/** A line scored as a win: as long as its score says, and the game won by the side it names at its end. */
function expectWinToTheEnd(pos: Position, line: SearchLine): Position {
  const plies = mateIn(line.score)!;
  const winner = plies > 0 ? pos.turn : pos.turn === 'attackers' ? 'defenders' : 'attackers';
  const end = after(pos, line.pv);
  const report = `${words(pos, line.pv)} (a win in ${Math.abs(plies)} plies for the ${winner})`;
  expect(line.pv.length, report).toBe(Math.abs(plies));
  expect(end.outcome().status, report).toBe(winner);
  return end;
}

describe('a line that wins ends with the winning move', () => {
  it('the defenders win in 3 moves: the line is their 3 moves and the attackers’ 2, the king’s escape last', () => {
    // brandubh-2019, defenders to move. The king goes to f4 and then a4, where he sees a1 and a7
    // at once: f6-f4 (threatening f1 and a4-a1/a7), the attackers answer, f4-a4, they can shut one
    // corner only, and the king takes the other.
    const pos = setUp(
      'brandubh-2019',
      'defenders',
      `
      7 . . . A . . .
      6 . . . . . K .
      5 . . A . . . .
      4 . . . . . . .
      3 . . A . A . .
      2 . . . . A . .
      1 . . . . . . .
        a b c d e f g`,
    );
    const result = new Search({ ttBits: 16 }).run(pos, { depth: 8 });
    expect(mateIn(result.score), words(pos, result.pv)).toBe(5);
    const end = expectWinToTheEnd(pos, result);
    const last = result.pv[result.pv.length - 1]!;
    // The last move is the king's, to a corner.
    expect(end.geo.isCorner[last & 0xff], words(pos, result.pv)).toBe(1);
    expect(end.board.king, words(pos, result.pv)).toBe(last & 0xff);
  });

  it('the side that loses: the attackers cannot shut both of the king’s corners, and their line ends with his escape', () => {
    // brandubh-2019, attackers to move. The king on a4 sees a1 and a7; no attacker reaches a
    // square between, and none can take him: whatever they play, he escapes.
    const pos = setUp(
      'brandubh-2019',
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . A . .
      4 K . . . . . .
      3 . . . . . . .
      2 . . . . . A .
      1 . . . . . . .
        a b c d e f g`,
    );
    const result = new Search({ ttBits: 16 }).run(pos, { depth: 4 });
    expect(mateIn(result.score), words(pos, result.pv)).toBe(-2);
    const end = expectWinToTheEnd(pos, result);
    expect(end.geo.isCorner[end.board.king]).toBe(1);
  });

  it('every line of a three-line search that is scored as a win ends with its winning move', () => {
    // opentafl-brandub, defenders to move: the king escapes at once (d7-g7), or later by other
    // ways; the second and third lines win too, and each is played to its end.
    const pos = setUp(
      'opentafl-brandub',
      'defenders',
      `
      7 . A . K . . .
      6 . . . . . . .
      5 . A D . A A .
      4 . . . . . . D
      3 . . . . . . A
      2 D . . . . A .
      1 . . . . A . .
        a b c d e f g`,
    );
    const result = new Search({ ttBits: 16 }).run(pos, { nodes: 60_000, multiPv: 3 });
    const won = (result.lines ?? []).filter((line) => mateIn(line.score) !== undefined);
    expect(won.length, (result.lines ?? []).map((l) => words(pos, l.pv)).join(' | ')).toBe(3);
    for (const line of won) expectWinToTheEnd(pos, line);
  });
});
