// The analysis board's keys: ← → through the moves, ↑ ↓ through the variations, Home and End.
// The moves are records of the brandubh start (the tree knows no rules).
import { describe, expect, it } from 'vitest';
import { pathForKey } from '../src/analysis/keys.js';
import { addMove, treeOf } from '../src/analysis/tree.js';

const GAME = ['d1-d3', 'd4-c4', 'g4-e4', 'c4-c2'];

describe('the analysis board’s keys', () => {
  // The game, and a variation at the defenders' first move: 1. d1-d3 d4-c4 (1… d4-e4).
  const { root } = addMove(treeOf(GAME), ['d1-d3'], 'd4-e4');

  it('steps back and forward along the line shown with ← and →', () => {
    expect(pathForKey('ArrowLeft', root, ['d1-d3', 'd4-c4'])).toEqual(['d1-d3']);
    expect(pathForKey('ArrowRight', root, ['d1-d3', 'd4-c4'])).toEqual(['d1-d3', 'd4-c4', 'g4-e4']);
    expect(pathForKey('ArrowRight', root, ['d1-d3', 'd4-e4'])).toEqual(['d1-d3', 'd4-e4']);
  });

  it('moves between the moves tried in the same position with ↑ and ↓', () => {
    expect(pathForKey('ArrowDown', root, ['d1-d3', 'd4-c4'])).toEqual(['d1-d3', 'd4-e4']);
    expect(pathForKey('ArrowUp', root, ['d1-d3', 'd4-e4'])).toEqual(['d1-d3', 'd4-c4']);
  });

  it('goes to the start with Home and to the end of the line shown with End', () => {
    expect(pathForKey('Home', root, ['d1-d3', 'd4-c4'])).toEqual([]);
    expect(pathForKey('End', root, ['d1-d3'])).toEqual(GAME);
  });

  it('leaves every other key alone', () => {
    expect(pathForKey('a', root, ['d1-d3'])).toBeUndefined();
    expect(pathForKey('Enter', root, ['d1-d3'])).toBeUndefined();
  });
});
