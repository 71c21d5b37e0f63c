/**
 * What the game announces about a position, as data: the king's open routes to escape (what
 * brandub-fr makes the player say, "one or two exits", announced here in every ruleset like
 * "check" in chess), the king in danger of capture, a side that must pass, a draw on offer, and
 * the end of the game with its reason. The view shows them as banners and reads them out in an
 * aria-live region; the board marks the squares. Pure, so it is tested without a DOM.
 */

import { KING, moveTo, type Position, type Side, type Square } from '@tafl/core';
import type { GameResult } from './model.js';

/**
 * How a game ended, as the announcements say it: a game of this device's (`GameResult`), or an
 * online game's, which can also end on time, be aborted (no winner), be claimed by the opponent
 * of a player who left (`abandoned`: a win or a draw), close with its free seat never taken
 * (`expired`) or be aborted because nobody made the first move in time (`unstarted`).
 */
export interface EndResult {
  readonly winner: GameResult['winner'] | 'none';
  readonly reason: GameResult['reason'] | 'time' | 'aborted' | 'abandoned' | 'expired' | 'unstarted';
}

export type Announcement =
  | { readonly kind: 'escape'; readonly routes: readonly Square[] }
  | { readonly kind: 'danger'; readonly king: Square; readonly threats: readonly Square[] }
  | { readonly kind: 'pass'; readonly side: Side }
  | { readonly kind: 'drawOffer'; readonly side: Side }
  | {
      readonly kind: 'end';
      readonly result: EndResult;
      /** Where the king escaped to, or where he was captured, when the game ended so. */
      readonly king?: Square;
    };

/** The announcements of a position, most important first. */
export function announce(pos: Position, result: EndResult | undefined, drawOffer?: Side): Announcement[] {
  if (result !== undefined) return [endAnnouncement(pos, result)];
  const out: Announcement[] = [];
  const routes = pos.escapeRoutes();
  if (routes.length > 0) out.push({ kind: 'escape', routes });
  const threats = pos.kingCaptureThreats();
  if (threats.length > 0)
    out.push({
      kind: 'danger',
      king: pos.kingSquare,
      threats: [...new Set(threats.map(moveTo))].sort((a, b) => a - b),
    });
  if (pos.mustPass()) out.push({ kind: 'pass', side: pos.turn });
  if (drawOffer !== undefined) out.push({ kind: 'drawOffer', side: drawOffer });
  return out;
}

/** The end of the game as announced: the result, and the king's square when it tells. */
export function endAnnouncement(pos: Position, result: EndResult): Extract<Announcement, { kind: 'end' }> {
  const king = endSquare(pos, result);
  return king === undefined ? { kind: 'end', result } : { kind: 'end', result, king };
}

/**
 * The king's square at the end: his exit square when he escaped, the square where he fell when he
 * was captured (he is no longer on the board: the last move's captures say where).
 */
export function endSquare(pos: Position, result: EndResult): Square | undefined {
  if (result.reason === 'escape') return pos.kingSquare >= 0 ? pos.kingSquare : undefined;
  if (result.reason !== 'king captured') return undefined;
  const codes = pos.lastCapturedCodes();
  return pos.lastCaptured().find((_, i) => codes[i] === KING);
}

/** The board's marks for the announcements: open routes, the king in danger and his attackers' squares. */
export function announcementHighlights(
  list: readonly Announcement[],
): { readonly square: Square; readonly kind: 'route' | 'danger' }[] {
  const marks: { square: Square; kind: 'route' | 'danger' }[] = [];
  for (const a of list) {
    if (a.kind === 'escape') for (const square of a.routes) marks.push({ square, kind: 'route' });
    if (a.kind === 'danger') {
      marks.push({ square: a.king, kind: 'danger' });
      for (const square of a.threats) marks.push({ square, kind: 'danger' });
    }
  }
  return marks;
}
