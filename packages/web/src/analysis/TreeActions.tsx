/**
 * What can be done to the variation the position shown is in: move it up among its siblings, make
 * it the main line, or delete it (the position shown becomes the one it branched from).
 */

import type { AnalysisText } from './text.js';
import { deleteAt, existingPrefix, isMainline, promote, type TreeNode, type TreePath } from './tree.js';

export interface TreeActionsProps {
  readonly text: AnalysisText;
  readonly root: TreeNode;
  readonly path: TreePath;
  /** The index in `path` of the move where the variation leaves its parent line (branchPoint). */
  readonly branch: number;
  readonly onTree: (root: TreeNode) => void;
  readonly onSelect: (path: TreePath) => void;
}

export function TreeActions({ text, root, path, branch, onTree, onSelect }: TreeActionsProps) {
  return (
    <div class="action-row tree-actions">
      <button type="button" class="action small" onClick={() => onTree(promote(root, path))}>
        {text.promote}
      </button>
      {!isMainline(promote(root, path), path) && (
        <button type="button" class="action small" onClick={() => onTree(promote(root, path, true))}>
          {text.makeMainline}
        </button>
      )}
      <button
        type="button"
        class="action small"
        onClick={() => {
          const cut = path.slice(0, branch + 1);
          const next = deleteAt(root, cut);
          onTree(next);
          onSelect(existingPrefix(next, path.slice(0, branch)));
        }}
      >
        {text.deleteVariation}
      </button>
    </div>
  );
}
