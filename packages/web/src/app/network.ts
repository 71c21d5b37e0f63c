/**
 * Whether the server can be reached, for the online screens. Two witnesses: the browser
 * (`navigator.onLine` and its `online` and `offline` events), which knows when the device has no
 * network at all, and the API's requests, which know when the device has one but no answer comes
 * (a captive portal, a server restarting): a request that got none (`net/failed`) makes the
 * server unreachable until the next answer or the next `online` event.
 *
 * Screens show OfflineNotice while the state is not 'online', ask nothing that cannot succeed
 * while offline, and ask again whenever `retry` changes: when the browser is back online, and
 * every so often while the server is unreachable (2 s doubling to a minute), so that no screen
 * waits for a request that cannot succeed and each comes back by itself. Plain TypeScript: the
 * browser's parts are given, so tests drive it by hand.
 */

import { useEffect, useState } from 'preact/hooks';

export type NetworkState = 'online' | 'offline' | 'unreachable';

export interface NetworkSnapshot {
  readonly state: NetworkState;
  /** Changes when the screens should ask the server again. */
  readonly retry: number;
}

export interface NetworkEnv {
  readonly onLine: () => boolean;
  /** Calls `changed` on the browser's `online` and `offline` events; returns the way to stop. */
  readonly listen: (changed: () => void) => () => void;
  readonly setTimeout: (f: () => void, ms: number) => unknown;
  readonly clearTimeout: (timer: unknown) => void;
}

export const RETRY_MIN_MS = 2000;
export const RETRY_MAX_MS = 60_000;

const browserEnv = (): NetworkEnv => ({
  onLine: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  listen: (changed) => {
    if (typeof addEventListener === 'undefined') return () => {};
    addEventListener('online', changed);
    addEventListener('offline', changed);
    return () => {
      removeEventListener('online', changed);
      removeEventListener('offline', changed);
    };
  },
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
});

type Listener = (snapshot: NetworkSnapshot) => void;

export class Network {
  private readonly env: NetworkEnv;
  private readonly listeners = new Set<Listener>();
  private snap: NetworkSnapshot;
  /** No answer came to the last request, though the device said it was online. */
  private failed = false;
  private attempt = 0;
  private timer: unknown;
  private stop: (() => void) | undefined;

  constructor(env: Partial<NetworkEnv> = {}) {
    this.env = { ...browserEnv(), ...env };
    this.snap = { state: this.env.onLine() ? 'online' : 'offline', retry: 0 };
  }

  snapshot(): NetworkSnapshot {
    return this.snap;
  }

  /** True when the browser says there is no network: a request would fail at once. */
  get offline(): boolean {
    return !this.env.onLine();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.stop ??= this.env.listen(() => this.changed());
    // The browser may have changed its mind while nobody listened.
    this.update(false);
    if (this.snap.state === 'unreachable' && this.timer === undefined) this.scheduleRetry();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.stop?.();
      this.stop = undefined;
      this.clearTimer();
    };
  }

  /** A request's outcome: the server answered (whatever it said), or no answer came. */
  report(answered: boolean): void {
    if (answered === !this.failed) return;
    this.failed = !answered;
    if (answered) this.attempt = 0;
    this.update(answered);
  }

  /** The browser's `online` or `offline` event. */
  private changed(): void {
    if (this.env.onLine()) {
      // Back: whatever failed before is worth asking again at once.
      this.failed = false;
      this.attempt = 0;
      this.update(true);
    } else this.update(false);
  }

  private update(ask: boolean): void {
    const state: NetworkState = !this.env.onLine() ? 'offline' : this.failed ? 'unreachable' : 'online';
    const was = this.snap;
    const retry = ask && (was.state !== 'online' || state !== was.state) ? was.retry + 1 : was.retry;
    if (state === was.state && retry === was.retry) return;
    this.snap = { state, retry };
    this.clearTimer();
    if (state === 'unreachable' && this.listeners.size > 0) this.scheduleRetry();
    for (const l of [...this.listeners]) l(this.snap);
  }

  /** While unreachable, the screens ask again after a wait that doubles up to a minute. */
  private scheduleRetry(): void {
    const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(this.attempt, 10));
    this.attempt++;
    this.timer = this.env.setTimeout(() => {
      this.timer = undefined;
      if (this.snap.state !== 'unreachable') return;
      this.snap = { ...this.snap, retry: this.snap.retry + 1 };
      this.scheduleRetry();
      for (const l of [...this.listeners]) l(this.snap);
    }, wait);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.env.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

let page: Network | undefined;
/** The page's network, made on first use. */
export const pageNetwork = (): Network => (page ??= new Network());

/** The page's network state, followed. */
export function useNetwork(): NetworkSnapshot {
  const network = pageNetwork();
  const [snap, setSnap] = useState(() => network.snapshot());
  useEffect(() => {
    const stop = network.subscribe(setSnap);
    setSnap(network.snapshot());
    return stop;
  }, [network]);
  return snap;
}
