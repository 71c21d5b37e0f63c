/**
 * Takebacks in a casual online game (the server refuses them in rated and tournament games, so
 * they are not offered there): the player who has moved may propose one; the opponent sees the
 * proposal with Accept and Decline, as a draw offer; the proposer may withdraw it. The server
 * takes back the proposer's last move (and the reply to it, when there is one); the screen then
 * catches up as after any header behind its moves (state.ts).
 */

import { opposite, type Side } from '@tafl/core';
import type { GameHeader } from '@tafl/server/protocol';
import type { Messages } from '../i18n/index.js';
import { playText } from './play-text.js';
import type { GameSession } from './session.js';

/** Whether a takeback can be proposed, asked of, or answered in this game by this player now. */
export function takebackOpen(header: GameHeader, you: Side | null): you is Side {
  return you !== null && header.status === 'playing' && !header.rated && header.tournament === null;
}

/**
 * Whether the player has a move of their own to take back after `ply` moves: the last move, or
 * the one before it when it is their turn again (`first` moved first).
 */
export function hasOwnMove(ply: number, first: Side, you: Side): boolean {
  const turn = ply % 2 === 0 ? first : opposite(first);
  return ply >= (turn === you ? 2 : 1);
}

export function TakebackPanel(props: {
  readonly t: Messages;
  readonly header: GameHeader;
  readonly you: Side | null;
  /** The moves this page has (the server's, confirmed). */
  readonly ply: number;
  readonly first: Side;
  readonly session: GameSession;
}) {
  const { t, header, you, ply, first, session } = props;
  if (!takebackOpen(header, you) || header.takebackOffer === undefined) return null;
  const p = playText(t);
  const offer = header.takebackOffer;
  if (offer === opposite(you))
    return (
      <div class="banner banner-takeback" role="status" data-testid="takeback-offer">
        <span class="banner-text">{p.takebackFrom(header.seats[offer].name ?? t.seatFree)}</span>
        <span class="banner-buttons">
          <button type="button" class="action primary" onClick={() => session.takeback('accept')}>
            {p.acceptTakeback}
          </button>
          <button type="button" class="action" onClick={() => session.takeback('decline')}>
            {p.declineTakeback}
          </button>
        </span>
      </div>
    );
  if (offer === you)
    return (
      <p class="note takeback-note" data-testid="takeback-proposed">
        {p.takebackProposed}{' '}
        <button type="button" class="action small" onClick={() => session.takeback('decline')}>
          {p.withdrawTakeback}
        </button>
      </p>
    );
  if (!hasOwnMove(ply, first, you)) return null;
  return (
    <div class="action-row takeback-row">
      <button
        type="button"
        class="action small"
        data-testid="propose-takeback"
        onClick={() => session.takeback('offer')}
      >
        {p.proposeTakeback}
      </button>
    </div>
  );
}
