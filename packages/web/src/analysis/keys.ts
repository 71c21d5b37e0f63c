/**
 * The analysis board's keys: ← → through the moves, ↑ ↓ through the variations, Home and End. The
 * step a key makes is a pure function of the tree and the path shown (tested without a DOM); the
 * hook listens on the page, leaving alone the keys meant for the board's grid, a slider or a field.
 */

import { useEffect } from 'preact/hooks';
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

/** Steps through the tree with the keys while the board is shown. */
export function useTreeKeys(root: TreeNode, path: TreePath, onSelect: (path: TreePath) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const target = e.target as Element | null;
      if (
        target?.closest?.('[role="grid"], [role="slider"], input, textarea, select, [contenteditable="true"]')
      )
        return;
      const next = pathForKey(e.key, root, path);
      if (!next) return;
      e.preventDefault();
      onSelect(next);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [path, root]);
}
