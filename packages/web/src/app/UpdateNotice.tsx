/**
 * "A new version is ready", with the button that loads it (app/update.ts): a bar under the header,
 * in the page's flow so that it covers no part of a screen (the board and its controls stay
 * whole), until the player reloads or puts it off ("Later": the new version then comes with the
 * next opening of the app). Its live region is always there, so a screen reader hears it appear.
 */

import { useEffect, useState } from 'preact/hooks';
import type { Messages } from '../i18n/index.js';
import { pwaText } from './pwa-text.js';
import { pageUpdates } from './update.js';
import '../game/game.css';
import './pwa.css';

export function UpdateNotice({ t }: { readonly t: Messages }) {
  const w = pwaText(t);
  const updates = pageUpdates();
  const [ready, setReady] = useState(() => updates.isReady);
  const [later, setLater] = useState(false);
  useEffect(() => {
    setReady(updates.isReady);
    return updates.subscribe(setReady);
  }, [updates]);
  const shown = ready && !later;
  return (
    <div class={`update-notice${shown ? ' is-shown' : ''}`} role="status" data-testid="update-notice">
      {shown && (
        <>
          <span class="update-text">{w.updateReady}</span>
          <span class="update-buttons">
            <button type="button" class="action primary small" onClick={() => updates.reload()}>
              {w.updateReload}
            </button>
            <button type="button" class="action small" onClick={() => setLater(true)}>
              {w.updateLater}
            </button>
          </span>
        </>
      )}
    </div>
  );
}
