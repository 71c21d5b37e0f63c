/**
 * The lessons' positions on the rules that end or draw a game (lessons.ts checks and offers
 * them): all attackers captured, passing or losing when blocked, repetition, quiet moves.
 */

import { makeMoveSquares } from './notation/move.js';
import type { Ruleset } from './rules.js';
import { positionFromOtn } from './start.js';
import { PASS, type Side } from './types.js';
import { drawn, type Draft } from './lessons-draft.js';

/** The most quiet plies the course's quiet lesson plays before the task (longer limits get none). */
export const MAX_QUIET_LESSON = 100;

export function endLessons(r: Ruleset): Draft[] {
  const out: Draft[] = [];
  if (r.allAttackersCapturedWins)
    out.push({
      id: 'all-captured',
      turn: 'defenders',
      move: 'd3-d2',
      target: 'c2',
      expect: { captures: ['c2'], outcome: { winner: 'defenders', reason: 'all attackers captured' } },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . . . . . . .
        . . . D . . .
        . D A . . . .
        . . . . . . .`,
    });
  const wall = (last: string, turn: Side): string => `
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . K . . .
        . . . . . ${last} .
        . D D D D ${turn === 'attackers' ? 'D' : '.'} .
        . A A A A A .`;
  if (r.blocked === 'passes')
    out.push({
      id: 'pass',
      turn: 'attackers',
      move: 'pass',
      expect: { pass: true },
      drawing: wall('.', 'attackers'),
    });
  else
    out.push({
      id: 'blocked-loses',
      turn: 'defenders',
      move: 'f3-f2',
      expect: { outcome: { winner: 'defenders', reason: 'no legal move' } },
      drawing: wall('D', 'defenders'),
    });
  if (r.repetitionDraws)
    out.push({
      id: 'repetition',
      turn: 'attackers',
      prelude: ['f2-f3', 'c5-c6', 'f3-f2', 'c6-c5', 'f2-f3', 'c5-c6', 'f3-f2'],
      move: 'c6-c5',
      fixed: ['c6-c5'],
      expect: { outcome: { winner: 'draw', reason: 'repetition' } },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . K . . . .
        . . . . . . .
        . . . . . . .
        . . . . . A .
        . . . . . . .`,
    });
  if (r.quietPlyLimit > 0 && r.quietPlyLimit <= MAX_QUIET_LESSON) {
    const plies = r.quietPlyLimit - 1;
    const turn: Side = plies % 2 === 0 ? 'attackers' : 'defenders';
    const drawing = `
        . . A . . . .
        . . . . D . .
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . A D . . . .
        . . . A . . .`;
    const prelude = quietPrelude(r, drawn(drawing), turn, plies);
    if (prelude)
      out.push({
        id: 'quiet',
        turn,
        prelude,
        move: 'd1-d2',
        target: 'c2',
        expect: { captures: ['c2'] },
        drawing,
      });
  }
  return out;
}

/**
 * `plies` moves that capture nothing, end nothing and never bring a position back, made by the
 * pieces on ranks 6 and 7 alone (a depth-first search, so any ruleset's moves will do), or
 * undefined if none is found within a small budget.
 */
function quietPrelude(rules: Ruleset, record: string, turn: Side, plies: number): string[] | undefined {
  const start = positionFromOtn(rules, record, turn);
  if (!start.ok) return undefined;
  const pos = start.value;
  const size = pos.geo.size;
  const inZone = (sq: number): boolean => sq >= (size - 2) * size;
  const seen = new Set<string>([`${pos.keyLo},${pos.keyHi}`]);
  const line: string[] = [];
  let budget = 20_000;
  const search = (): boolean => {
    if (line.length === plies) return true;
    for (const move of pos.legalMoves()) {
      if (move === PASS || !inZone(move >> 8) || !inZone(move & 0xff) || --budget < 0) continue;
      pos.play(move);
      const key = `${pos.keyLo},${pos.keyHi}`;
      if (pos.lastCaptured().length === 0 && !pos.isOver() && !seen.has(key)) {
        seen.add(key);
        line.push(makeMoveSquares(pos.geo, move));
        if (search()) return true;
        line.pop();
        seen.delete(key);
      }
      pos.undo();
    }
    return false;
  };
  return search() ? line : undefined;
}
