/**
 * The announcements of announce.ts as banners, and one polite live region that reads out each
 * move with what it brought (an escape threat and its number of routes, the king in danger, the
 * end of the game and why), so a player who does not see the board hears the game. The banner
 * of a draw offer or a forced pass carries its buttons. The end is told to a player of an online
 * game as "You won" or "You lost" (`you`), to everyone else as the side that won.
 */

import { squareName, geometry, type Side } from '@tafl/core';
import { playText } from '../online/play-text.js';
import type { Messages } from '../i18n/index.js';
import type { Announcement, EndResult } from './announce.js';
import { presenceText } from '../online/presence-text.js';
import { feedbackText } from './feedback-text.js';

/**
 * The sentence of an announcement (`size`: the board's, to name the king's square at the end;
 * `you`: the side of the player it is told to, if a player's).
 */
export function announcementText(
  t: Messages,
  a: Announcement,
  quietLimit = 0,
  size = 7,
  you?: Side | null,
): string {
  switch (a.kind) {
    case 'escape':
      return t.escapeThreat(a.routes.length);
    case 'danger':
      return t.kingInDanger;
    case 'pass':
      return a.side === 'attackers' ? t.passAttackers : t.passDefenders;
    case 'drawOffer':
      return a.side === 'attackers' ? t.drawOfferAttackers : t.drawOfferDefenders;
    case 'end':
      return `${resultText(t, a.result, you)} ${endReasonText(t, a, quietLimit, size)}`;
  }
}

/** Why the game ended, with the king's exit square or the square where he was captured. */
export function endReasonText(
  t: Messages,
  a: Extract<Announcement, { kind: 'end' }>,
  quietLimit: number,
  size: number,
): string {
  if (a.king === undefined) return reasonText(t, a.result, quietLimit);
  const square = squareName(geometry(size), a.king);
  const f = feedbackText(t);
  return a.result.reason === 'escape' ? f.reasonEscapeTo(square) : f.reasonKingCapturedOn(square);
}

/** The result: to a player (`you`), won or lost; to anyone else, the side that won. */
export function resultText(t: Messages, result: EndResult, you?: Side | null): string {
  if (you && (result.winner === 'attackers' || result.winner === 'defenders'))
    return result.winner === you ? playText(t).youWon : playText(t).youLost;
  return result.winner === 'attackers'
    ? t.winAttackers
    : result.winner === 'defenders'
      ? t.winDefenders
      : result.winner === 'draw'
        ? t.drawResult
        : t.abortedResult;
}

export function reasonText(t: Messages, result: EndResult, quietLimit = 0): string {
  switch (result.reason) {
    case 'escape':
      return t.reasonEscape;
    case 'king captured':
      return t.reasonKingCaptured;
    case 'all attackers captured':
      return t.reasonAllCaptured;
    case 'no legal move':
      return result.winner === 'attackers' ? t.reasonNoMoveDefenders : t.reasonNoMoveAttackers;
    case 'no legal move for either side':
      return t.reasonBothBlocked;
    case 'repetition':
      return t.reasonRepetition;
    case 'quiet moves':
      return t.reasonQuiet(quietLimit);
    case 'resignation':
      return result.winner === 'attackers' ? t.reasonResignedDefenders : t.reasonResignedAttackers;
    case 'agreement':
      return t.reasonAgreement;
    case 'time':
      return result.winner === 'attackers' ? t.reasonTimeDefenders : t.reasonTimeAttackers;
    case 'aborted':
      return t.reasonAborted;
    case 'abandoned': {
      const p = presenceText(t);
      return result.winner === 'attackers'
        ? p.reasonLeftDefenders
        : result.winner === 'defenders'
          ? p.reasonLeftAttackers
          : p.reasonLeftDraw;
    }
    case 'expired':
      return presenceText(t).reasonExpired;
    case 'unstarted':
      return presenceText(t).reasonUnstarted;
  }
}

export interface AnnouncementsProps {
  readonly t: Messages;
  readonly list: readonly Announcement[];
  readonly size: number;
  /** The ruleset's quiet-ply limit, for the draw's reason. */
  readonly quietLimit: number;
  /** What the live region says now (the last move and its announcements). */
  readonly spoken: string;
  /** The side that may pass now, if it is a person's. */
  readonly onPass?: () => void;
  readonly onAcceptDraw?: () => void;
  readonly onDeclineDraw?: () => void;
  /** The side of the player it is told to (an online game's player): "You won", "You lost". */
  readonly you?: Side | null;
  /** More to say at the end (a rated game's new rating). */
  readonly endDetail?: string;
}

export function Announcements({
  t,
  list,
  size,
  quietLimit,
  spoken,
  onPass,
  onAcceptDraw,
  onDeclineDraw,
  you,
  endDetail,
}: AnnouncementsProps) {
  const geo = geometry(size);
  const names = (squares: readonly number[]) => squares.map((sq) => squareName(geo, sq)).join(', ');
  return (
    <div class="announcements">
      <p class="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="live">
        {spoken}
      </p>
      {list.map((a) => (
        <div
          class={`banner banner-${a.kind}${a.kind === 'end' ? ` banner-${a.result.winner}` : ''}`}
          key={a.kind}
        >
          <span class="banner-icon" aria-hidden="true">
            {ICONS[a.kind]}
          </span>
          <span class="banner-text">
            {a.kind === 'end' ? (
              <>
                <strong>{resultText(t, a.result, you)}</strong> {endReasonText(t, a, quietLimit, size)}
                {endDetail && (
                  <span class="banner-detail end-detail" data-testid="end-detail">
                    {' · '}
                    {endDetail}
                  </span>
                )}
              </>
            ) : (
              announcementText(t, a)
            )}
            {a.kind === 'escape' && <span class="banner-detail"> ({names(a.routes)})</span>}
          </span>
          {a.kind === 'pass' && onPass && (
            <button type="button" class="action primary" onClick={onPass}>
              {t.passButton}
            </button>
          )}
          {a.kind === 'drawOffer' && onAcceptDraw && onDeclineDraw && (
            <span class="banner-buttons">
              <button type="button" class="action primary" onClick={onAcceptDraw}>
                {t.acceptDraw}
              </button>
              <button type="button" class="action" onClick={onDeclineDraw}>
                {t.declineDraw}
              </button>
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

const ICONS: { readonly [k in Announcement['kind']]: string } = {
  escape: '⚐',
  danger: '⚠',
  pass: '⏸',
  drawOffer: '½',
  end: '♛',
};

/** The sentence the live region reads after a move: who moved, where, what it took, and what follows. */
export function spokenMove(
  t: Messages,
  size: number,
  side: Side | undefined,
  record: string | undefined,
  captured: readonly number[],
  list: readonly Announcement[],
  quietLimit = 0,
  you?: Side | null,
): string {
  const geo = geometry(size);
  const parts: string[] = [];
  if (side !== undefined && record !== undefined) {
    const who = side === 'attackers' ? t.attackers : t.defenders;
    const m = /^K?([a-z]\d+)-([a-z]\d+)/.exec(record);
    const move = m ? t.spokenMove(m[1]!, m[2]!) : t.spokenPass;
    const taken =
      captured.length > 0 ? t.spokenCaptures(captured.map((sq) => squareName(geo, sq)).join(', ')) : '';
    parts.push(`${who}: ${move}${taken}.`);
  }
  for (const a of list) parts.push(announcementText(t, a, quietLimit, size, you));
  return parts.join(' ');
}
