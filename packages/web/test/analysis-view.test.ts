// What the analysis board shows: engine lines as records from a position, scores as figures
// seen from one side, and where a node of the tree stands on the game's own line.
import { encodeMove, parseSquare, presetById, startingPosition, geometry } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import {
  gamePrefix,
  lineOfMoves,
  lineOfRecords,
  onGameLine,
  scoreFigure,
  thresholdTexts,
} from '../src/analysis/view.js';

const rules = presetById('brandubh-2019')!;
const geo = geometry(7);
const move = (text: string) => {
  const [a = '', b = ''] = text.split('-');
  return encodeMove(parseSquare(geo, a)!, parseSquare(geo, b)!);
};

describe('engine lines', () => {
  it('writes the engine’s moves as records from the position, and leaves the position as it was', () => {
    const pos = startingPosition(rules);
    // d5-a5 captures the attacker on a6 against the corner a7: the record says so.
    const line = lineOfMoves(pos, [move('d6-a6'), move('d5-a5'), move('g4-g5')]);
    expect(line.records).toEqual(['d6-a6', 'd5-a5xa6', 'g4-g5']);
    expect(pos.ply).toBe(0);
  });

  it('stops a line at its first move that is not legal (a stale line is never shown past it)', () => {
    const pos = startingPosition(rules);
    expect(lineOfMoves(pos, [move('d6-a6'), move('d6-a6')]).records).toEqual(['d6-a6']);
    expect(lineOfRecords(pos, ['d6-a6', 'a1-a2', 'd5-a5']).records).toEqual(['d6-a6']);
  });

  it('writes the capture of the king into the record that makes it (OTN’s ++)', () => {
    const pos = startingPosition(rules);
    const line = lineOfRecords(pos, ['d6-a6', 'd5-a5', 'g4-g5', 'd4-d6', 'g5-d5']);
    expect(line.records.at(-1)).toBe('g5-d5++');
    expect(line.moves).toHaveLength(5);
  });
});

describe('score figures', () => {
  const win = undefined;
  it('shows soldiers with a sign, for the side whose view is chosen', () => {
    expect(scoreFigure(140, 'attackers', 'en', win)).toBe('+1.4');
    expect(scoreFigure(140, 'defenders', 'en', win)).toBe('−1.4');
    expect(scoreFigure(4, 'attackers', 'en', win)).toBe('0.0');
    expect(scoreFigure(-250, 'attackers', 'fr', win)).toBe('−2,5');
  });

  it('shows a forced win as #moves for the winner and #−moves for the loser', () => {
    const attackersIn3 = { side: 'attackers' as const, moves: 3 };
    expect(scoreFigure(29995, 'attackers', 'en', attackersIn3)).toBe('#3');
    expect(scoreFigure(29995, 'defenders', 'en', attackersIn3)).toBe('#−3');
  });
});

describe('the game’s line in the tree', () => {
  const game = ['d6-a6', 'd5-a5', 'g4-g5'];
  it('counts the moves a path shares with the game', () => {
    expect(gamePrefix(game, ['d6-a6', 'd5-a5'])).toBe(2);
    expect(gamePrefix(game, ['d6-a6', 'c4-c2', 'g4-g5'])).toBe(1);
    expect(onGameLine(game, ['d6-a6'])).toBe(true);
    expect(onGameLine(game, ['d6-a6', 'c4-c2'])).toBe(false);
    expect(onGameLine(game, [])).toBe(true);
  });
});

describe('the judgement thresholds in the help', () => {
  it('reads a fall in chances counted from -1 to 1 as points of chances counted from 0 to 100', () => {
    // JUDGEMENT_THRESHOLDS: 0.2, 0.4 and 0.6 of the range -1..1 are 10, 20 and 30 points of 0..100.
    expect(thresholdTexts('en')).toEqual({ inaccuracy: '10', mistake: '20', blunder: '30' });
    expect(thresholdTexts('fr')).toEqual({ inaccuracy: '10', mistake: '20', blunder: '30' });
  });
});
