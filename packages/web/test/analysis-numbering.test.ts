// Moves as players count them: an attackers' move and the defenders' reply are one move.
import { describe, expect, it } from 'vitest';
import { lineMoveNumber, moveCount, moveNumber, moveRows, sideOfPly } from '../src/analysis/numbering.js';

describe('move numbers', () => {
  it('numbers an attackers’ move and the defenders’ reply together: 1. d1-d3 d4-c4 2. …', () => {
    expect([0, 1, 2, 3, 4].map((i) => moveNumber(i, 'attackers'))).toEqual([1, 1, 2, 2, 3]);
  });

  it('starts a game the defenders begin at "1. … c4-c2", their reply on the first row', () => {
    expect([0, 1, 2, 3].map((i) => moveNumber(i, 'defenders'))).toEqual([1, 2, 2, 3]);
    expect(sideOfPly(0, 'defenders')).toBe('defenders');
    expect(sideOfPly(1, 'defenders')).toBe('attackers');
  });

  it('counts a game of 59 plies from the attackers as 30 moves, of 58 as 29, of none as 0', () => {
    expect(moveCount(59)).toBe(30);
    expect(moveCount(58)).toBe(29);
    expect(moveCount(1)).toBe(1);
    expect(moveCount(0)).toBe(0);
  });

  it('counts the defenders’ lone first ply as a move of its own', () => {
    expect(moveCount(1, 'defenders')).toBe(1);
    expect(moveCount(2, 'defenders')).toBe(2);
    expect(moveCount(3, 'defenders')).toBe(2);
  });

  it('lays plies out in rows, a row a move, the missing half left out', () => {
    expect(moveRows(3, 'attackers')).toEqual([
      { number: 1, attackers: 0, defenders: 1 },
      { number: 2, attackers: 2 },
    ]);
    expect(moveRows(3, 'defenders')).toEqual([
      { number: 1, defenders: 0 },
      { number: 2, attackers: 1, defenders: 2 },
    ]);
  });

  it('numbers an engine line as players do: each attackers’ move, and a first move of the defenders as "2. …"', () => {
    // A line from the start: 1. d1-d3 d4-c4 2. g4-e4
    expect([0, 1, 2].map((ply, k) => lineMoveNumber(ply, 'attackers', k === 0))).toEqual(['1. ', '', '2. ']);
    // A line from the defenders' turn at move 2: 2. … c4-c2 3. d1-d2
    expect([3, 4].map((ply, k) => lineMoveNumber(ply, 'attackers', k === 0))).toEqual(['2. … ', '3. ']);
    // A game the defenders begin: its first ply is "1. …", the attackers' reply starts move 2.
    expect([0, 1].map((ply, k) => lineMoveNumber(ply, 'defenders', k === 0))).toEqual(['1. … ', '2. ']);
  });
});
