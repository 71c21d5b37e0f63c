/**
 * The button that asks the browser for leave to show "your move" notifications (your-move.ts),
 * in the screen of a player's online game: shown while the browser has not been asked, and gone
 * once it has, leaving a line that says what was decided. The page never asks by itself.
 */

import { useState } from 'preact/hooks';
import { pwaText } from '../app/pwa-text.js';
import type { Messages } from '../i18n/index.js';
import { askToNotify, notifyPermission, type Permission } from './your-move.js';

export function NotifyOffer({ t }: { readonly t: Messages }) {
  const w = pwaText(t);
  const [permission, setPermission] = useState<Permission>(notifyPermission);
  const [asked, setAsked] = useState(false);
  if (permission === 'default')
    return (
      <p class="notify-offer">
        <button
          type="button"
          class="action small"
          data-testid="notify-offer"
          onClick={() =>
            void askToNotify().then((answer) => {
              setAsked(true);
              setPermission(answer);
            })
          }
        >
          {w.notifyOffer}
        </button>
      </p>
    );
  // Said once, right after the player's answer.
  if (!asked || permission === 'unsupported') return null;
  return (
    <p class="note" role="status" data-testid="notify-answer">
      {permission === 'granted' ? w.notifyOn : w.notifyBlocked}
    </p>
  );
}
