/**
 * The analysis board's move list: the main line in rows, a row a move ("1. d1-d3 d4-c4", the
 * defenders' reply beside the attackers' move; "1. … c4-c2" when the defenders begin), and the
 * variations where they leave it, each on a line of its own, nested ones in brackets (lichess's
 * layout). Every move is a button that shows its position; the shown one is `aria-current`, kept
 * in view. The analysis's judgements follow the moves of the game ("?!", "?", "??"), named for
 * screen readers. Moves are written in the app's notation (game/notation.ts); the tree's paths
 * keep the short records.
 */

import type { Side } from '@tafl/core';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Judgement } from '../game/evaluation.js';
import { moveNumber, sideOfPly } from './numbering.js';
import type { AnalysisText } from './text.js';
import { samePath, type TreeNode, type TreePath } from './tree.js';
import { onGameLine } from './view.js';

export const JUDGEMENT_SYMBOL: { readonly [j in Judgement]: string } = {
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
};

export interface TreeViewProps {
  readonly text: AnalysisText;
  readonly root: TreeNode;
  readonly path: TreePath;
  readonly firstSide: Side;
  /** The game's own moves, and the analysis's judgement of each (index = ply - 1). */
  readonly gameMoves: readonly string[];
  readonly judgements: readonly (Judgement | undefined)[];
  /** A move as the app shows it (game/notation.ts), by the path to it. */
  readonly notation: (path: TreePath) => string;
  readonly onSelect: (path: TreePath) => void;
}

export function TreeView(props: TreeViewProps) {
  const { text, root, path, firstSide } = props;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!el || !current) return;
    // Scroll the list only, never the page.
    const outer = el.getBoundingClientRect();
    const inner = current.getBoundingClientRect();
    if (inner.top < outer.top || inner.bottom > outer.bottom)
      el.scrollTop += inner.top - outer.top - (el.clientHeight - inner.height) / 2;
  }, [path, root]);

  const move = (nodePath: TreePath, record: string) => {
    const ply = nodePath.length - 1;
    const judgement =
      onGameLine(props.gameMoves, nodePath) && nodePath.length <= props.gameMoves.length
        ? props.judgements[ply]
        : undefined;
    return (
      <button
        type="button"
        key={record}
        class={`move move-${sideOfPly(ply, firstSide)}${judgement ? ` move-${judgement}` : ''}`}
        aria-current={samePath(nodePath, path) ? 'true' : undefined}
        data-path={nodePath.join(' ')}
        onClick={() => props.onSelect(nodePath)}
      >
        {props.notation(nodePath)}
        {judgement && (
          <>
            <span class="judgement-mark" aria-hidden="true" title={text.judgement(judgement)}>
              {JUDGEMENT_SYMBOL[judgement]}
            </span>
            <span class="visually-hidden">, {text.judgement(judgement)}</span>
          </>
        )}
      </button>
    );
  };

  /** A variation inline: numbers before the attackers' moves and after a break, nested ones in brackets. */
  const inline = (first: TreeNode, parentPath: TreePath): ComponentChildren[] => {
    const out: ComponentChildren[] = [];
    let node: TreeNode | undefined = first;
    let at = [...parentPath];
    let needNumber = true;
    while (node) {
      const here = [...at, node.record];
      const ply = here.length - 1;
      const side = sideOfPly(ply, firstSide);
      if (side === 'attackers' || needNumber)
        out.push(
          <span class="move-number" key={`n${ply}`}>
            {moveNumber(ply, firstSide)}.{side === 'defenders' ? ' …' : ''}
          </span>,
        );
      out.push(move(here, node.record));
      needNumber = false;
      const next: TreeNode | undefined = node.children[0];
      if (next && node.children.length > 1) {
        // The other moves tried after this one, in brackets, before the line goes on.
        for (const alt of node.children.slice(1))
          out.push(
            <span class="tree-sub" key={`v${alt.record}`}>
              ({inline(alt, here)})
            </span>,
          );
        needNumber = true;
      }
      at = here;
      node = next;
    }
    return out;
  };

  // The main line in rows; where a move has alternatives, they interrupt it.
  const cells: ComponentChildren[] = [
    <button
      type="button"
      key="start"
      class="move tree-start"
      aria-current={path.length === 0 ? 'true' : undefined}
      data-path=""
      onClick={() => props.onSelect([])}
    >
      {text.start}
    </button>,
  ];
  let node: TreeNode = root;
  let at: string[] = [];
  let needNumber = true;
  while (node.children.length > 0) {
    const main: TreeNode = node.children[0]!;
    const here = [...at, main.record];
    const ply = here.length - 1;
    const side = sideOfPly(ply, firstSide);
    if (side === 'attackers' || needNumber) {
      cells.push(
        <span class="move-number" key={`n${ply}`}>
          {moveNumber(ply, firstSide)}.
        </span>,
      );
      if (side === 'defenders')
        cells.push(
          <span class="move-gap" key={`g${ply}`} aria-hidden="true">
            …
          </span>,
        );
    }
    cells.push(move(here, main.record));
    needNumber = false;
    const alternatives = node.children.slice(1);
    if (alternatives.length > 0) {
      if (side === 'attackers') cells.push(<span class="move-gap" key={`h${ply}`} aria-hidden="true" />);
      cells.push(
        <div class="tree-vars" key={`vars${ply}`} aria-label={text.variation} role="group">
          {alternatives.map((alt) => (
            <div class="tree-var" key={alt.record}>
              {inline(alt, at)}
            </div>
          ))}
        </div>,
      );
      needNumber = side === 'attackers';
    }
    at = here;
    node = main;
  }

  return (
    <div class="tree-box" ref={box} role="region" aria-label={text.moves}>
      <div class="tree-main">{cells}</div>
    </div>
  );
}
