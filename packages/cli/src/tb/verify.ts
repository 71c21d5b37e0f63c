/**
 * `tafl tb verify`: every entry of the tables against its moves as the core plays them. A win
 * in d must have a move to a loss in d - 1 and none to a shorter one; a loss in d only moves to
 * wins, the longest in d - 1; a draw a move to a draw and none to a loss; a position already
 * over must be what the core says. A table that passes is the game's, draws included (by
 * induction on the distance), given the smaller tables it leans on, which are checked too.
 * It is slow (a core Position a position): minutes a ruleset up to four pieces.
 */

import { Position, withParameters, type Ruleset } from '@tafl/core';
import { TB_NONE, tbMaterialName, type Tablebase, type TbAnswer, type TbTable } from '@tafl/engine';

export interface VerifyReport {
  readonly material: string;
  readonly checked: number;
  /** The first few entries that disagree, as text. */
  readonly wrong: readonly string[];
}

export function verifyTable(rules: Ruleset, tb: Tablebase, table: TbTable): VerifyReport {
  const free = withParameters(rules, { repetitionDraws: false, quietPlyLimit: 0 });
  const m = table.material;
  const p = { king: 0, defenders: new Int32Array(8), attackers: new Int32Array(8), side: 0 };
  const wrong: string[] = [];
  let checked = 0;
  for (let i = 0; i < table.header.entries; i++) {
    const value = table.value(i);
    if (value === TB_NONE) continue;
    table.indexer.decode(i, p);
    const board = new Array<number>(rules.size * rules.size).fill(0);
    board[p.king] = 3;
    for (let j = 0; j < m.defenders; j++) board[p.defenders[j]!] = 2;
    for (let j = 0; j < m.attackers; j++) board[p.attackers[j]!] = 1;
    const turn = p.side === 0 ? 'attackers' : 'defenders';
    const made = Position.fromSetup(free, { size: rules.size, board, turn });
    checked++;
    const expected = made.ok ? answerFromMoves(tb, made.value) : undefined;
    const found: TbAnswer = {
      value: (['draw', 'win', 'loss'] as const)[value]!,
      distance: table.distance(i),
    };
    if (expected === undefined || expected.value !== found.value || expected.distance !== found.distance)
      if (wrong.length < 5)
        wrong.push(
          `entry ${i}, ${turn} to move, board ${board.join('')}: the table says ${found.value} ${found.distance}, the moves ${expected ? `${expected.value} ${expected.distance}` : 'nothing'}`,
        );
  }
  return { material: tbMaterialName(m), checked, wrong };
}

/** The value and distance a position's moves give, one ply down, from the outcome or the tables. */
function answerFromMoves(tb: Tablebase, pos: Position): TbAnswer | undefined {
  if (pos.isOver()) return outcomeAnswer(pos);
  let shortestWin = Infinity;
  let longestLoss = -1;
  let draws = 0;
  for (const move of pos.legalMoves()) {
    pos.play(move);
    const child = pos.isOver() ? outcomeAnswer(pos) : tb.probe(pos);
    pos.undo();
    if (child === undefined) return undefined;
    if (child.value === 'loss') shortestWin = Math.min(shortestWin, child.distance + 1);
    else if (child.value === 'win') longestLoss = Math.max(longestLoss, child.distance + 1);
    else draws++;
  }
  if (shortestWin !== Infinity) return { value: 'win', distance: shortestWin };
  if (draws > 0) return { value: 'draw', distance: 0 };
  return { value: 'loss', distance: longestLoss };
}

function outcomeAnswer(pos: Position): TbAnswer {
  const o = pos.outcome();
  if (o.status === 'draw') return { value: 'draw', distance: 0 };
  return { value: o.status === pos.turn ? 'win' : 'loss', distance: 0 };
}
