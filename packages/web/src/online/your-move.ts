/**
 * "Your move" for a player who is not looking: when the opponent moves in an online game (live or
 * correspondence) whose tab is hidden, the tab's title begins with "Your move" until the tab is
 * seen again, and, if the player allowed it, a system notification says so (the Notification API:
 * the page is open, so no push service is needed). Leave to notify is asked only by the player's
 * click (NotifyOffer.tsx), never when a page loads.
 *
 * Only a change seen while the game is followed counts: the position a game opens with is not
 * news, and a move the player makes is not theirs to be told of.
 */

import { useEffect, useRef, useState } from 'preact/hooks';

/** Where a followed game stands: its id, the plies played, and whether the player is to move. */
export interface Turn {
  readonly game: string;
  readonly ply: number;
  readonly mine: boolean;
}

/**
 * Whether `next` is news for the player: it is their move, in the game that was followed, after a
 * move of the opponent's (more plies) or a start (the game began with them to move). Undefined
 * `prev`: the game just opened, which is no news.
 */
export function isNewTurn(prev: Turn | undefined, next: Turn): boolean {
  if (!next.mine || prev === undefined || prev.game !== next.game) return false;
  return next.ply > prev.ply || !prev.mine;
}

/** The title of a hidden tab whose player is to move: "Your move · Brandubh vs Bob". */
export const alertTitle = (yourMove: string, head: string): string => `${yourMove} · ${head}`;

export type Permission = NotificationPermission | 'unsupported';

/** What the browser allows: 'granted', 'denied', 'default' (not asked yet), or no Notification API. */
export const notifyPermission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Asks the browser for leave to notify (only ever from a click). */
export async function askToNotify(): Promise<Permission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

export interface MoveNotice {
  readonly title: string;
  readonly body: string;
  readonly lang: string;
  /** One notice per game: a newer one replaces it. */
  readonly tag: string;
}

/**
 * Shows a system notification if the player allowed it; a click brings the tab back. Where pages
 * may not make one themselves (Chrome on Android), the service worker shows it.
 */
export function notifyMove(notice: MoveNotice): void {
  if (notifyPermission() !== 'granted') return;
  const options: NotificationOptions = {
    body: notice.body,
    lang: notice.lang,
    tag: notice.tag,
    icon: '/icons/icon-192.png',
  };
  try {
    const shown = new Notification(notice.title, options);
    shown.onclick = () => {
      focus();
      shown.close();
    };
  } catch {
    void navigator.serviceWorker?.ready
      .then((registration) => registration.showNotification(notice.title, options))
      .catch(() => {});
  }
}

/**
 * Follows `turn` in the screen of an online game: when it becomes the player's move while the tab
 * is hidden, the tab's title is `alert` (instead of `title`) until the tab is shown, and `notice`
 * is notified. `turn` is undefined until the game is known.
 */
export function useYourMoveAlert(
  turn: Turn | undefined,
  title: string,
  alert: string,
  notice: () => MoveNotice,
): void {
  const last = useRef<Turn | undefined>(undefined);
  const [alerting, setAlerting] = useState(false);
  const key = turn ? `${turn.game}/${turn.ply}/${turn.mine}` : '';
  useEffect(() => {
    if (!turn) return;
    if (isNewTurn(last.current, turn) && document.hidden) {
      setAlerting(true);
      notifyMove(notice());
    } else if (!turn.mine) setAlerting(false);
    last.current = turn;
  }, [key]);
  useEffect(() => {
    const shown = (): void => {
      if (!document.hidden) setAlerting(false);
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, []);
  useEffect(() => {
    document.title = alerting ? alert : title;
  }, [alerting, alert, title]);
}
