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
 * once when the page becomes visible again. `key` restarts it. `everyMs` may change from one
 * render to the next: a wait under way that is longer than the new one is cut short. Offline it
 * asks nothing, and asks at once when the network is back (app/network.ts).
 */
export function usePolling(load: () => Promise<boolean>, everyMs: number, key: unknown): void {
  const latest = useRef(load);
  latest.current = load;
  const every = useRef(everyMs);
  every.current = everyMs;
  /** The wait under way: when it was set, and how to set it again sooner. */
  const waiting = useRef<
    { readonly since: number; readonly ms: number; readonly sooner: (ms: number) => void } | undefined
  >(undefined);
  const network = useNetwork();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const wait = (ms: number): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(poll, ms);
      waiting.current = { since: Date.now(), ms, sooner: wait };
    };
    const poll = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      waiting.current = undefined;
      if (document.visibilityState === 'hidden' || pageNetwork().offline) return;
      void latest.current().then((again) => {
        if (alive && again && timer === undefined) wait(every.current);
      });
    };
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') poll();
    };
    poll();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      waiting.current = undefined;
      if (timer !== undefined) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key, network.retry]);
  // A shorter wait asked for: the one under way ends no later than it would now.
  useEffect(() => {
    const under = waiting.current;
    if (under && everyMs < under.ms) under.sooner(Math.max(0, under.since + everyMs - Date.now()));
  }, [everyMs]);
}
