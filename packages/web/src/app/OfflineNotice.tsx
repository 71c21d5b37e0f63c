/**
 * What an online screen says when it cannot reach the server (app/network.ts): "You are offline"
 * when the device has no network, "The server cannot be reached" when it has one but no answer
 * comes; each with what happens next (the page comes back by itself). Nothing when online.
 */

import type { Messages } from '../i18n/index.js';
import { useNetwork } from './network.js';
import { pwaText } from './pwa-text.js';
import '../game/game.css';
import './pwa.css';

export function OfflineNotice({ t }: { readonly t: Messages }) {
  const shown = useNetwork().state;
  if (shown === 'online') return null;
  const w = pwaText(t);
  return (
    <p class="banner banner-offline" role="status" data-testid="offline" data-state={shown}>
      <span class="banner-text">
        <strong>{shown === 'offline' ? w.offline : w.unreachable}</strong>{' '}
        {shown === 'offline' ? w.offlineDetail : w.unreachableDetail}
      </span>
    </p>
  );
}
