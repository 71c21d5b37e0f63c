/**
 * The analysis board's keys: ← → through the moves, ↑ ↓ through the variations, Home and End. The
 * step a key makes is a pure function of the tree and the path shown (tested without a DOM); the
 * hook listens on the page, wherever the focus is but on what keeps its arrows (app/keys.ts: a text
 * field, the board's grid, a slider).
 */

import { useEffect, useRef } from 'preact/hooks';
import { keepsArrowKeys } from '../app/keys.js';
import { continuation, nextPath, previousPath, siblingPath, type TreeNode, type TreePath } from './tree.js';

/** The path `key` leads to from `path`, or undefined for a key that is not a step. */
export function pathForKey(key: string, root: TreeNode, path: TreePath): TreePath | undefined {
  return key === 'ArrowLeft'
    ? previousPath(path)
    : key === 'ArrowRight'
      ? nextPath(root, path)
      : key === 'ArrowUp'
        ? siblingPath(root, path, -1)
        : key === 'ArrowDown'
          ? siblingPath(root, path, 1)
          : key === 'Home'
            ? []
            : key === 'End'
              ? continuation(root, path)
              : undefined;
}

/**
 * Steps through the tree with the keys while the board is shown. The listener reads the tree and
 * the path of the latest render: one that kept those of the render it was added in stepped from a
 * stale path when a second key came before the effects had run again (→ then ← went two back).
 */
export function useTreeKeys(root: TreeNode, path: TreePath, onSelect: (path: TreePath) => void): void {
  const latest = useRef({ root, path, onSelect });
  latest.current = { root, path, onSelect };
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      if (keepsArrowKeys(e.target)) return;
      const now = latest.current;
      const next = pathForKey(e.key, now.root, now.path);
      if (!next) return;
      e.preventDefault();
      now.onSelect(next);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
}
