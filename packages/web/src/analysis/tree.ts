/**
 * The analysis board's variation tree, as plain data and pure functions (lichess's tree, made
 * smaller). A node is a move, as an OTN move record with its captures; its children are the
 * moves tried after it, the first one the main line, the others variations. The root stands for
 * the start position and has no move.
 *
 * A node is addressed by its path: the records from the root to it. A position has at most one
 * node per move, so the records of siblings differ and a path names one node; it also stays the
 * same when a variation is promoted or another deleted, which is why paths are records and not
 * child indices. Every change returns a new tree (the nodes not on the changed path are shared),
 * so the screen keeps one state value.
 */

export interface TreeNode {
  /** The move, as an OTN move record with captures (`d1-d3xc3`); '' for the root. */
  readonly record: string;
  /** The moves tried after this one: the first is the main line. */
  readonly children: readonly TreeNode[];
}

/** The records from the root to a node; [] is the root. */
export type TreePath = readonly string[];

/** A tree whose main line is `moves`. */
export function treeOf(moves: readonly string[]): TreeNode {
  let line: TreeNode | undefined;
  for (let i = moves.length - 1; i >= 0; i--) line = { record: moves[i]!, children: line ? [line] : [] };
  return { record: '', children: line ? [line] : [] };
}

/** The node at `path`, or undefined when the tree has no such line. */
export function nodeAt(root: TreeNode, path: TreePath): TreeNode | undefined {
  let node: TreeNode | undefined = root;
  for (const record of path) {
    node = node.children.find((c) => c.record === record);
    if (!node) return undefined;
  }
  return node;
}

/** The main line's records, from the root to its end. */
export function mainline(root: TreeNode): string[] {
  return continuation(root, []);
}

/** `path` followed by the first children to the end of its line. */
export function continuation(root: TreeNode, path: TreePath): string[] {
  const out = [...path];
  let node = nodeAt(root, path);
  while (node && node.children.length > 0) {
    node = node.children[0]!;
    out.push(node.record);
  }
  return out;
}

/** True when every move of `path` is the first child of its parent. */
export function isMainline(root: TreeNode, path: TreePath): boolean {
  let node = root;
  for (const record of path) {
    const first = node.children[0];
    if (!first || first.record !== record) return false;
    node = first;
  }
  return true;
}

/** The number of moves `path` shares with the main line. */
export function mainlinePrefix(root: TreeNode, path: TreePath): number {
  let node = root;
  let n = 0;
  for (const record of path) {
    const first = node.children[0];
    if (!first || first.record !== record) break;
    node = first;
    n++;
  }
  return n;
}

/** Replaces the node at `path` by `change(node)`, copying its ancestors; the same tree if absent. */
function updateAt(root: TreeNode, path: TreePath, change: (node: TreeNode) => TreeNode): TreeNode {
  if (path.length === 0) return change(root);
  const [head, ...rest] = path;
  const i = root.children.findIndex((c) => c.record === head);
  if (i < 0) return root;
  const child = root.children[i]!;
  const next = updateAt(child, rest, change);
  if (next === child) return root;
  const children = [...root.children];
  children[i] = next;
  return { ...root, children };
}

/**
 * Plays `record` after the node at `path`: an existing move is followed, a new one is added
 * (the main line if the node had no move after it, else a variation after the others).
 */
export function addMove(root: TreeNode, path: TreePath, record: string): { root: TreeNode; path: TreePath } {
  const at = nodeAt(root, path);
  if (!at) return { root, path };
  const next = [...path, record];
  if (at.children.some((c) => c.record === record)) return { root, path: next };
  return {
    root: updateAt(root, path, (n) => ({ ...n, children: [...n.children, { record, children: [] }] })),
    path: next,
  };
}

/** Plays several moves after `path`, each after the last (a line of the engine, walked into). */
export function addLine(
  root: TreeNode,
  path: TreePath,
  records: readonly string[],
): { root: TreeNode; path: TreePath } {
  let state = { root, path };
  for (const record of records) state = addMove(state.root, state.path, record);
  return state;
}

/**
 * Promotes the line of the node at `path`: at the last place where the path leaves the main
 * line of its parent, its move becomes the first child. `toMainline` repeats that up to the
 * root, so the whole path becomes the main line.
 */
export function promote(root: TreeNode, path: TreePath, toMainline = false): TreeNode {
  let tree = root;
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const parentPath = path.slice(0, depth);
    const parent = nodeAt(tree, parentPath);
    const record = path[depth]!;
    if (!parent || parent.children[0]?.record === record) continue;
    tree = updateAt(tree, parentPath, (n) => ({
      ...n,
      children: [
        ...n.children.filter((c) => c.record === record),
        ...n.children.filter((c) => c.record !== record),
      ],
    }));
    if (!toMainline) break;
  }
  return tree;
}

/** Deletes the node at `path` and every move after it. The root cannot be deleted. */
export function deleteAt(root: TreeNode, path: TreePath): TreeNode {
  if (path.length === 0) return root;
  const record = path[path.length - 1]!;
  return updateAt(root, path.slice(0, -1), (n) => ({
    ...n,
    children: n.children.filter((c) => c.record !== record),
  }));
}

/** The next node along the line: the first move after `path`, or `path` at the end. */
export function nextPath(root: TreeNode, path: TreePath): TreePath {
  const first = nodeAt(root, path)?.children[0];
  return first ? [...path, first.record] : path;
}

export const previousPath = (path: TreePath): TreePath => path.slice(0, -1);

/**
 * The sibling `delta` away from the node at `path` (the keyboard's up and down: the other moves
 * tried in the same position), or `path` when there is none.
 */
export function siblingPath(root: TreeNode, path: TreePath, delta: number): TreePath {
  if (path.length === 0) return path;
  const parent = nodeAt(root, path.slice(0, -1));
  if (!parent) return path;
  const i = parent.children.findIndex((c) => c.record === path[path.length - 1]);
  const sibling = parent.children[i + delta];
  return i >= 0 && sibling ? [...path.slice(0, -1), sibling.record] : path;
}

/** The longest part of `path` that the tree still holds (after a deletion). */
export function existingPrefix(root: TreeNode, path: TreePath): TreePath {
  let node = root;
  const out: string[] = [];
  for (const record of path) {
    const child = node.children.find((c) => c.record === record);
    if (!child) break;
    out.push(record);
    node = child;
  }
  return out;
}

export const samePath = (a: TreePath, b: TreePath): boolean =>
  a.length === b.length && a.every((r, i) => r === b[i]);

/**
 * The depth of the last move of `path` that is not its parent's first child: where the innermost
 * variation holding the node begins. Undefined on the main line.
 */
export function branchPoint(root: TreeNode, path: TreePath): number | undefined {
  let node = root;
  let found: number | undefined;
  for (const [depth, record] of path.entries()) {
    const child = node.children.find((c) => c.record === record);
    if (!child) break;
    if (node.children[0] !== child) found = depth;
    node = child;
  }
  return found;
}
