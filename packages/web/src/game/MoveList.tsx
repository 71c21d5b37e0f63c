/**
 * The move list in OTN, numbered as players count moves: a row a move, the attackers' move and
 * the defenders' reply (`1. d2-e2 d5-e5`; a game the defenders begin starts `1. … c4-c2`),
 * in the app's notation (game/notation.ts: `e2-d2xd3`, `Kd4-d5`, `c2-a2xKa3++`), explained by the
 * legend under it (MovesLegend). Each move is a button that
 * shows the position after it; the shown move is `aria-current` and kept in view.
 */

import { useEffect, useRef } from 'preact/hooks';
import type { Side } from '@tafl/core';
import { moveRows } from '../analysis/numbering.js';
import type { Messages } from '../i18n/index.js';
import type { PlyInfo } from './model.js';

export interface MoveListProps {
  readonly t: Messages;
  readonly plies: readonly PlyInfo[];
  /** The ply shown (0: the start). */
  readonly shown: number;
  /** The side to move at the start (the defenders begin some positions): it sets the numbers. */
  readonly firstSide?: Side;
  /** Plies from this one on were sent to the server and are not confirmed yet. */
  readonly pendingFrom?: number;
  readonly onSelect: (ply: number) => void;
}

/** A move as the list writes it: the app's notation (game/notation.ts), OpenTafl's. */
export const moveText = (p: PlyInfo): string => p.notation;

export function MoveList({ t, plies, shown, firstSide = 'attackers', pendingFrom, onSelect }: MoveListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="true"]');
    const box = list.current?.parentElement;
    if (!current || !box) return;
    // Scroll the list only, never the page: the shown move to the middle when it is out of sight.
    const outer = box.getBoundingClientRect();
    const inner = current.getBoundingClientRect();
    if (inner.top < outer.top || inner.bottom > outer.bottom)
      box.scrollTop += inner.top - outer.top - (box.clientHeight - inner.height) / 2;
  }, [shown, plies.length]);

  const rows = moveRows(plies.length, firstSide);
  return (
    <div class="move-list" aria-label={t.moveList} role="region">
      {plies.length === 0 ? (
        <p class="move-list-empty">{t.noMovesYet}</p>
      ) : (
        <ol ref={list}>
          <li class="move-row move-start">
            <button
              type="button"
              class="move"
              aria-current={shown === 0 ? 'true' : undefined}
              onClick={() => onSelect(0)}
            >
              {t.startPosition}
            </button>
          </li>
          {rows.map((row) => (
            <li class="move-row" key={row.number}>
              <span class="move-number">{row.number}.</span>
              {row.attackers === undefined && (
                <span class="move-gap" aria-hidden="true">
                  …
                </span>
              )}
              {[row.attackers, row.defenders].map((i) => {
                const p = i === undefined ? undefined : plies[i];
                if (!p) return null;
                const pending = pendingFrom !== undefined && p.ply >= pendingFrom;
                return (
                  <button
                    type="button"
                    key={p.ply}
                    class={`move move-${p.side}${pending ? ' is-pending' : ''}`}
                    aria-current={shown === p.ply ? 'true' : undefined}
                    data-ply={p.ply}
                    data-pending={pending ? 'true' : undefined}
                    onClick={() => onSelect(p.ply)}
                  >
                    {moveText(p)}
                    {pending && <span class="pending-mark"> ({t.movePending}…)</span>}
                  </button>
                );
              })}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
