/** Hooks of the tournaments' pages: who is signed in, and a request repeated while the page is seen. */

import type { AccountView } from '@tafl/server/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { pageNetwork, useNetwork } from '../app/network.js';
import { useAccount as usePageAccount } from '../account/session.js';

/**
 * The signed-in account (user null when signed out), undefined until known (offline, until the
 * network is back): the page's account (account/session.ts), which the header's sign-in and
 * sign-out change.
 */
export function useAccount(): { readonly user: AccountView | null } | undefined {
  const snap = usePageAccount();
  return snap.loaded && !snap.unknown ? { user: snap.user } : undefined;
}

/** The sign-in page, coming back to `hash` once signed in. */
export const signInHref = (hash: string): string => `#/signin?from=${encodeURIComponent(hash)}`;

/**
 * Calls `load` now, again every `everyMs` while it answers true and the page is visible, and at
 * once when the page becomes visible again. `key` restarts it. Offline it asks nothing, and asks
 * at once when the network is back (app/network.ts).
 */
export function usePolling(load: () => Promise<boolean>, everyMs: number, key: unknown): void {
  const latest = useRef(load);
  latest.current = load;
  const network = useNetwork();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const poll = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden' || pageNetwork().offline) return;
      void latest.current().then((again) => {
        if (alive && again && timer === undefined) timer = setTimeout(poll, everyMs);
      });
    };
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') poll();
    };
    poll();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      if (timer !== undefined) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key, network.retry]);
}
