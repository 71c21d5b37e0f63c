// What the analysis board shows: engine lines as records from a position, scores as figures
// seen from one side, and where a node of the tree stands on the game's own line.
import { encodeMove, parseSquare, presetById, startingPosition, geometry } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { addMove, treeOf } from '../src/analysis/tree.js';
import {
  gamePrefix,
  lineOfMoves,
  lineOfRecords,
  onGameLine,
  pathKey,
  scoreFigure,
  thresholdSoldiers,
  thresholdTexts,
  treeNotation,
} from '../src/analysis/view.js';
import { AXIS_SCORES, axisLabel, moveTicks } from '../src/game/EvalGraph.js';
import { lineNotation, moveNotation } from '../src/game/notation.js';

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

// The notation players read everywhere (game/notation.ts): OpenTafl's, as game records write it.
// The bug: the game's move list wrote the king's moves with their K, the analysis board's tree
// and lines without it (g5-g7-- beside Kg5-g7--), and neither named the square of a captured king.
describe('one notation for every list of moves', () => {
  // brandubh-2019 from the start: an attacker to a6, a defender takes it against the corner a7,
  // the king walks up to d6 between two attackers' squares, and g5-d5 takes him.
  const GAME = ['d6-a6', 'd5-a5', 'g4-g5', 'd4-d6', 'g5-d5'];
  const SHOWN = ['d6-a6', 'd5-a5xa6', 'g4-g5', 'Kd4-d6', 'g5-d5xKd6++'];

  it('writes an engine line and a stored line as the game records do: K for the king, xK for his capture', () => {
    const pos = startingPosition(rules);
    expect(lineOfRecords(pos, GAME).notation).toEqual(SHOWN);
    expect(lineOfMoves(pos, GAME.map(move)).notation).toEqual(SHOWN);
    expect(lineNotation(pos, GAME.map(move))).toEqual(SHOWN);
    // The records the tree keeps stay short: only what is shown changes.
    expect(lineOfRecords(pos, GAME).records).toEqual(['d6-a6', 'd5-a5xa6', 'g4-g5', 'd4-d6', 'g5-d5++']);
    expect(pos.ply).toBe(0);
  });

  it('writes every move of the analysis tree, its variations too, by the path to it', () => {
    const start = startingPosition(rules);
    const tree = addMove(treeOf(GAME), GAME.slice(0, 3), 'd4-d5').root;
    const shown = treeNotation(start, tree);
    GAME.forEach((_, i) => expect(shown.get(pathKey(GAME.slice(0, i + 1)))).toBe(SHOWN[i]));
    expect(shown.get(pathKey([...GAME.slice(0, 3), 'd4-d5']))).toBe('Kd4-d5');
    expect(start.ply).toBe(0);
  });

  it('writes a single move (a hint, a puzzle’s wrong move) from the position before it', () => {
    const pos = startingPosition(rules);
    pos.play(move('d6-a6'));
    pos.play(move('d5-a5'));
    expect(moveNotation(pos, move('d4-d5'))).toBe('Kd4-d5');
    expect(moveNotation(pos, move('d7-c7'))).toBe('d7-c7');
    expect(pos.ply).toBe(2);
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

describe('the judgements’ thresholds in soldiers', () => {
  it('states each fall of winning chances as the score that falls so far from an even position', () => {
    expect(thresholdSoldiers('en')).toEqual({ inaccuracy: '1.2', mistake: '2.5', blunder: '4.2' });
    expect(thresholdSoldiers('fr').mistake).toBe('2,5');
  });
});

describe('the whole game’s graph, its axes', () => {
  it('marks two and five soldiers either way and even, signed for the side chosen', () => {
    expect(AXIS_SCORES.map((s) => axisLabel(s, 'attackers'))).toEqual(['+5', '+2', '0', '−2', '−5']);
    expect(AXIS_SCORES.map((s) => axisLabel(s, 'defenders'))).toEqual(['−5', '−2', '0', '+2', '+5']);
  });

  it('numbers the moves along the bottom, at most eight, each at the position after its first ply', () => {
    // Six plies, attackers first: moves 1, 2, 3 start at plies 1, 3, 5.
    expect(moveTicks(6, 'attackers')).toEqual([
      { ply: 1, move: 1 },
      { ply: 3, move: 2 },
      { ply: 5, move: 3 },
    ]);
    // The defenders first: their ply is move 1, the attackers' next starts move 2.
    expect(moveTicks(3, 'defenders')).toEqual([
      { ply: 1, move: 1 },
      { ply: 2, move: 2 },
    ]);
    // A long game: every tenth move (and the first).
    const long = moveTicks(120, 'attackers');
    expect(long.map((t) => t.move)).toEqual([1, 10, 20, 30, 40, 50, 60]);
    expect(long.length).toBeLessThanOrEqual(8);
    expect(long[1]).toEqual({ ply: 19, move: 10 });
  });
});
