// The analysis board's variation tree: a main line, variations tried by the player, paths of
// OTN records. The moves are records of the brandubh start (any strings would do: the tree
// knows no rules; the board asks the core which moves are legal before it adds one).
import { describe, expect, it } from 'vitest';
import {
  addLine,
  addMove,
  branchPoint,
  continuation,
  deleteAt,
  existingPrefix,
  isMainline,
  mainline,
  mainlinePrefix,
  nextPath,
  nodeAt,
  previousPath,
  promote,
  siblingPath,
  treeOf,
} from '../src/analysis/tree.js';

const GAME = ['d1-d3', 'd4-c4', 'g4-e4', 'c4-c2'];

describe('the variation tree', () => {
  it('holds a game as its main line, the root standing for the start', () => {
    const root = treeOf(GAME);
    expect(root.record).toBe('');
    expect(mainline(root)).toEqual(GAME);
    expect(nodeAt(root, ['d1-d3', 'd4-c4'])?.record).toBe('d4-c4');
    expect(nodeAt(root, ['d1-d3', 'x'])).toBeUndefined();
    expect(mainline(treeOf([]))).toEqual([]);
  });

  it('follows a move already in the tree instead of adding it twice', () => {
    const root = treeOf(GAME);
    const played = addMove(root, ['d1-d3'], 'd4-c4');
    expect(played.root).toBe(root);
    expect(played.path).toEqual(['d1-d3', 'd4-c4']);
  });

  it('adds a new move in a position as a variation after the main line, leaving the main line alone', () => {
    const root = treeOf(GAME);
    const { root: tree, path } = addMove(root, ['d1-d3'], 'd4-e4');
    expect(path).toEqual(['d1-d3', 'd4-e4']);
    expect(mainline(tree)).toEqual(GAME);
    expect(nodeAt(tree, ['d1-d3'])!.children.map((c) => c.record)).toEqual(['d4-c4', 'd4-e4']);
    expect(isMainline(tree, path)).toBe(false);
    expect(isMainline(tree, ['d1-d3', 'd4-c4'])).toBe(true);
    expect(mainlinePrefix(tree, path)).toBe(1);
    // The tree it came from is unchanged (a new tree, sharing the untouched nodes).
    expect(nodeAt(root, ['d1-d3'])!.children).toHaveLength(1);
    expect(nodeAt(tree, ['d1-d3', 'd4-c4'])).toBe(nodeAt(root, ['d1-d3', 'd4-c4']));
  });

  it('extends the line at its end: a move after the last one continues the main line', () => {
    const { root, path } = addMove(treeOf(GAME), GAME, 'd1-d2');
    expect(mainline(root)).toEqual([...GAME, 'd1-d2']);
    expect(isMainline(root, path)).toBe(true);
  });

  it('walks into a line of several moves, reusing the moves it shares with the tree', () => {
    const { root, path } = addLine(treeOf(GAME), ['d1-d3'], ['d4-c4', 'a4-a2', 'c4-c3']);
    expect(path).toEqual(['d1-d3', 'd4-c4', 'a4-a2', 'c4-c3']);
    expect(nodeAt(root, ['d1-d3'])!.children).toHaveLength(1);
    expect(nodeAt(root, ['d1-d3', 'd4-c4'])!.children.map((c) => c.record)).toEqual(['g4-e4', 'a4-a2']);
    expect(continuation(root, path.slice(0, 3))).toEqual(path);
  });

  it('promotes a variation one level, or to the main line from the root', () => {
    let root = treeOf(GAME);
    root = addMove(root, [], 'a4-a2').root;
    root = addLine(root, ['a4-a2'], ['d4-c4', 'b1-b2']).root;
    root = addMove(root, ['a4-a2'], 'd4-e4').root;
    const deep = ['a4-a2', 'd4-e4'];
    // One level: d4-e4 becomes the first answer to a4-a2, which is still a variation.
    const once = promote(root, deep);
    expect(nodeAt(once, ['a4-a2'])!.children[0]!.record).toBe('d4-e4');
    expect(mainline(once)).toEqual(GAME);
    // To the main line: every move of the path becomes the first child.
    const whole = promote(root, deep, true);
    expect(mainline(whole)).toEqual(deep);
    expect(nodeAt(whole, [])!.children.map((c) => c.record)).toEqual(['a4-a2', 'd1-d3']);
  });

  it('deletes a variation and every move after it, and keeps the path’s remaining part', () => {
    let root = treeOf(GAME);
    root = addLine(root, ['d1-d3'], ['d4-e4', 'g4-g2']).root;
    const gone = deleteAt(root, ['d1-d3', 'd4-e4']);
    expect(nodeAt(gone, ['d1-d3', 'd4-e4'])).toBeUndefined();
    expect(mainline(gone)).toEqual(GAME);
    expect(existingPrefix(gone, ['d1-d3', 'd4-e4', 'g4-g2'])).toEqual(['d1-d3']);
    expect(deleteAt(root, [])).toBe(root);
  });

  it('steps forward along the line, back to the parent, and across to the other moves tried', () => {
    let root = treeOf(GAME);
    root = addMove(root, ['d1-d3'], 'd4-e4').root;
    root = addMove(root, ['d1-d3'], 'd4-f4').root;
    expect(nextPath(root, ['d1-d3'])).toEqual(['d1-d3', 'd4-c4']);
    expect(nextPath(root, GAME)).toEqual(GAME);
    expect(previousPath(['d1-d3', 'd4-c4'])).toEqual(['d1-d3']);
    expect(siblingPath(root, ['d1-d3', 'd4-c4'], 1)).toEqual(['d1-d3', 'd4-e4']);
    expect(siblingPath(root, ['d1-d3', 'd4-f4'], 1)).toEqual(['d1-d3', 'd4-f4']);
    expect(siblingPath(root, ['d1-d3', 'd4-e4'], -1)).toEqual(['d1-d3', 'd4-c4']);
    expect(siblingPath(root, [], 1)).toEqual([]);
  });

  it('finds where the innermost variation holding a node begins, and none on the main line', () => {
    let root = treeOf(GAME);
    root = addLine(root, ['d1-d3'], ['d4-e4', 'g4-g2', 'e4-e2']).root;
    root = addMove(root, ['d1-d3', 'd4-e4', 'g4-g2'], 'e4-e3').root;
    expect(branchPoint(root, GAME)).toBeUndefined();
    expect(branchPoint(root, ['d1-d3', 'd4-e4', 'g4-g2', 'e4-e2'])).toBe(1);
    expect(branchPoint(root, ['d1-d3', 'd4-e4', 'g4-g2', 'e4-e3'])).toBe(3);
  });
});
