/**
 * The starting position editor: choose a piece (or the eraser), then click squares of the board.
 * The board is drawn by the Board component; the squares that take clicks are buttons laid over
 * it, one tab stop for the whole grid and the arrow keys to move between squares (as on the
 * playing board). Squares with a problem are marked, and every problem is listed below in words.
 */

import { geometry, squareName } from '@tafl/core';
import { useState } from 'preact/hooks';
import { PieceDefs, PieceSvg } from '../board/pieces.js';
import type { Lang, Messages } from '../i18n/index.js';
import { BoardPicture, piecesOf, squareLabel } from './BoardPicture.js';
import {
  TOOLS,
  clearBoard,
  placePiece,
  positionIssues,
  setParameter,
  type EditorState,
  type Issue,
  type Tool,
} from './editor-model.js';
import { RULES_TEXT, type RulesText } from './text/index.js';

export function issueText(text: RulesText, issue: Issue): string {
  const t = text.issues;
  switch (issue.code) {
    case 'ERR_NO_KING':
      return t.ERR_NO_KING;
    case 'ERR_KINGS':
      return t.ERR_KINGS(issue.count ?? 2);
    case 'ERR_THRONE':
      return t.ERR_THRONE(issue.square ?? '');
    case 'ERR_ATTACKER_CORNER':
      return t.ERR_ATTACKER_CORNER(issue.square ?? '');
    case 'ERR_DEFENDER_CORNER':
      return t.ERR_DEFENDER_CORNER(issue.square ?? '');
    case 'ERR_KING_ESCAPED':
      return t.ERR_KING_ESCAPED(issue.square ?? '');
    case 'ERR_NO_ATTACKERS':
      return t.ERR_NO_ATTACKERS;
    case 'ERR_OTHER':
      return t.ERR_OTHER(issue.message ?? '');
  }
}

const TOOL_ICONS = 'rp-tool-pieces';

function ToolIcon({ tool }: { readonly tool: Tool }) {
  if (tool === 'empty')
    return (
      <svg class="rp-tool-svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <path d="M28 28L72 72M72 28L28 72" stroke="currentColor" stroke-width="11" stroke-linecap="round" />
      </svg>
    );
  return (
    <span class="rp-tool-svg" aria-hidden="true">
      <PieceSvg role={tool} id={TOOL_ICONS} />
    </span>
  );
}

export function PositionEditor(props: {
  readonly state: EditorState;
  readonly lang: Lang;
  readonly t: Messages;
  readonly onChange: (state: EditorState) => void;
}) {
  const { state, lang, t, onChange } = props;
  const text = RULES_TEXT[lang];
  const size = state.parameters.size;
  const geo = geometry(size);
  const [tool, setTool] = useState<Tool>('attacker');
  const [focus, setFocus] = useState(geo.throne);
  const pieces = piecesOf(size, state.parameters.start);
  const issues = positionIssues(state);
  const named = new Set(issues.flatMap((i) => (i.square ? [i.square] : [])));
  const highlights = pieces.flatMap((_, square) =>
    named.has(squareName(geo, square)) ? [{ square, kind: 'danger' as const }] : [],
  );
  const toolNames: { readonly [k in Tool]: string } = {
    attacker: text.editor.toolAttacker,
    defender: text.editor.toolDefender,
    king: text.editor.toolKing,
    empty: text.editor.toolEmpty,
  };

  /** Display order: rows from rank `size` down, each from file a. */
  const rows = Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, f) => (size - 1 - r) * size + f),
  );

  const onKeyDown = (e: KeyboardEvent): void => {
    const steps: Record<string, readonly [number, number]> = {
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    const step = steps[e.key];
    if (!step) return;
    e.preventDefault();
    const file = Math.min(size - 1, Math.max(0, (focus % size) + step[0]));
    const rank = Math.min(size - 1, Math.max(0, Math.floor(focus / size) + step[1]));
    const next = rank * size + file;
    setFocus(next);
    (e.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-sq="${next}"]`)?.focus();
  };

  return (
    <div class="rp-position">
      <PieceDefs id={TOOL_ICONS} />
      <div class="rp-tools" role="radiogroup" aria-label={text.editor.tools}>
        {TOOLS.map((k) => (
          <label key={k} class={`rp-tool${tool === k ? ' is-chosen' : ''}`} data-tool={k}>
            <input type="radio" name="rp-tool" value={k} checked={tool === k} onChange={() => setTool(k)} />
            <ToolIcon tool={k} />
            <span>{toolNames[k]}</span>
          </label>
        ))}
      </div>
      <BoardPicture
        class="rp-editor-board"
        size={size}
        position={state.parameters.start}
        throne={geo.throne}
        corners={geo.corners}
        edgeEscape={state.parameters.escape === 'edge'}
        t={t}
        highlights={highlights}
      >
        <div
          class="rp-squares"
          role="group"
          aria-label={text.editor.board}
          style={{ gridTemplateColumns: `repeat(${size}, 1fr)`, gridTemplateRows: `repeat(${size}, 1fr)` }}
          onKeyDown={onKeyDown}
        >
          {rows.flat().map((sq) => (
            <button
              key={sq}
              type="button"
              class="rp-square"
              data-sq={sq}
              tabIndex={sq === focus ? 0 : -1}
              aria-label={squareLabel(t, size, sq, pieces[sq])}
              onFocus={() => setFocus(sq)}
              onClick={() => onChange(placePiece(state, sq, tool))}
            />
          ))}
        </div>
      </BoardPicture>
      <p class="rp-help">{text.editor.positionHelp}</p>
      <div class="action-row">
        <button
          type="button"
          class="action small"
          onClick={() => onChange(setParameter(state, 'layout', 'brandubh'))}
        >
          {text.editor.layoutBrandubh}
        </button>
        <button
          type="button"
          class="action small"
          onClick={() => onChange(setParameter(state, 'layout', 'ard-ri'))}
        >
          {text.editor.layoutArdRi}
        </button>
        <button type="button" class="action small subtle" onClick={() => onChange(clearBoard(state))}>
          {text.editor.clear}
        </button>
      </div>
      <div class="rp-issues" aria-live="polite">
        {issues.length === 0 ? (
          <p class="rp-ok">{text.editor.positionOk}</p>
        ) : (
          <ul>
            {issues.map((issue, i) => (
              <li key={i} data-code={issue.code}>
                {issueText(text, issue)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
