/** Hooks of the tournaments' pages: who is signed in, and a request repeated while the page is seen. */

import type { AccountState } from '@tafl/server/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { fetchAccount } from './api.js';

/** The signed-in account (user null when signed out), undefined until known. */
export function useAccount(): AccountState | undefined {
  const [account, setAccount] = useState<AccountState | undefined>();
  useEffect(() => {
    let alive = true;
    void fetchAccount().then((answer) => {
      if (alive) setAccount(answer.ok ? answer.value : { user: null, csrf: null });
    });
    return () => {
      alive = false;
    };
  }, []);
  return account;
}

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
