/**
 * The buttons under the board that step through the tree (first, previous, next, last), with
 * where the position shown stands between them.
 */

import type { Messages } from '../i18n/index.js';
import { Icon } from '../game/icons.js';
import { continuation, nextPath, previousPath, type TreeNode, type TreePath } from './tree.js';

export interface StepControlsProps {
  readonly t: Messages;
  readonly root: TreeNode;
  readonly path: TreePath;
  /** Where the position shown stands, in words ("Move 3, defenders"). */
  readonly where: string;
  readonly onSelect: (path: TreePath) => void;
}

export function StepControls({ t, root, path, where, onSelect: go }: StepControlsProps) {
  return (
    <div class="step-controls" role="group" aria-label={t.stepThrough}>
      <StepButton label={t.firstMove} icon="first" disabled={path.length === 0} onClick={() => go([])} />
      <StepButton
        label={t.previousMove}
        icon="previous"
        disabled={path.length === 0}
        onClick={() => go(previousPath(path))}
      />
      <span class="step-where">{where}</span>
      <StepButton
        label={t.nextMove}
        icon="next"
        disabled={nextPath(root, path) === path}
        onClick={() => go(nextPath(root, path))}
      />
      <StepButton
        label={t.lastMove}
        icon="last"
        disabled={nextPath(root, path) === path}
        onClick={() => go(continuation(root, path))}
      />
    </div>
  );
}

function StepButton(props: {
  readonly label: string;
  readonly icon: 'first' | 'previous' | 'next' | 'last';
  readonly disabled: boolean;
  readonly onClick: () => void;
}) {
  return (
    <button
      type="button"
      class="step"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <Icon name={props.icon} />
    </button>
  );
}
