// Late move pruning and futility leave quiet moves out near the horizon. A node that leaves moves
// out has not proved anything when every move it did search lost: a move left out may save the
// game. Such a node once returned its searched moves' loss as the position's value, and the table
// kept it as proved. In game 45 of fixtures/opentafl-match/suite-b-seed25-99ce006.otg, level 6
// then played 8. a4-c4+ as a win in 5 plies and lost the soldier to c7-c5xc4 (and the game):
//
//   7  + . T t . . +
//   6  . . . . t . .
//   5  . t . . . . .
//   4  t . . + T . t      the attackers to move (ply 15), the king on c3
//   3  T . K . t . .
//   2  . t . . . . .
//   1  + . T t . . +
//      a b c d e f g
//
// After 8. a4-c4+ c7-c5xc4 9. b5-b3 the king is threatened from d3; he steps away (c3-c4), a
// quiet move. Where the defenders' node near the horizon searched a losing move first and pruned
// the quiet ones, it scored the position lost, and 9. b5-b3 became a win in 3 in the table.
import { opentaflBrandub, playMoveRecord, startingPosition } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { Search, WIN_BOUND } from '../src/search.js';
import { weightsFor } from '../src/weights.js';

/** Game 45's first 14 plies: the four of the opening, then the level's and OpenTafl's moves. */
const GAME = [
  'd2-b2 d5-c5 d6-b6 d3-a3',
  'b4-b5 Kd4-d5 f4-f5 c5-c7 b6-e6 Kd5-d3 f5-f3 c4-c1 f3-e3 Kd3-c3',
].join(' ');

describe('pruning near the horizon', () => {
  it('proves no win from moves it left out: game 45, the level’s searches of the game replayed', () => {
    // The level's searches, one thread and bounded by positions so that they are the same every
    // time: each of the attackers' moves from ply 5 searched, its table kept from move to move as
    // in a match, then ply 15 searched. Before the fix this replay scored 8. a4-c4+ 29995 (a win
    // in 5) at depth 5.
    const moves = GAME.split(' ');
    const search = new Search({ weights: weightsFor(opentaflBrandub) });
    const pos = startingPosition(opentaflBrandub);
    for (let i = 0; i < moves.length; i++) {
      if (i >= 4 && pos.turn === 'attackers') {
        const result = search.run(pos, { nodes: 200_000 });
        expect(Math.abs(result.score)).toBeLessThan(WIN_BOUND);
      }
      const played = playMoveRecord(pos, moves[i]!);
      if (!played.ok) throw new Error(played.message);
    }
    const result = search.run(pos, { nodes: 800_000 });
    expect(result.score).toBeLessThan(WIN_BOUND);
    expect(result.depth).toBeGreaterThan(5);
  });
});
