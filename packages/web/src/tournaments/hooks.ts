/** Hooks of the tournaments' pages: who is signed in, and a request repeated while the page is seen. */

import type { AccountView } from '@tafl/server/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { useAccount as usePageAccount } from '../account/session.js';

/**
 * The signed-in account (user null when signed out), undefined until known: the page's account
 * (account/session.ts), which the header's sign-in and sign-out change.
 */
export function useAccount(): { readonly user: AccountView | null } | undefined {
  const snap = usePageAccount();
  return snap.loaded ? { user: snap.user } : undefined;
}

/** The sign-in page, coming back to `hash` once signed in. */
export const signInHref = (hash: string): string => `#/signin?from=${encodeURIComponent(hash)}`;

/**
 * Calls `load` now, again every `everyMs` while it answers true and the page is visible, and at
 * once when the page becomes visible again. `key` restarts it.
 */
export function usePolling(load: () => Promise<boolean>, everyMs: number, key: unknown): void {
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const poll = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden') return;
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
  }, [key]);
}
