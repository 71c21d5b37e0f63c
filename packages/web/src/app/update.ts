/**
 * A new version of the app, as the service worker (vite.config.ts's `pwa`) finds it: it is
 * installed beside the running one and waits, so a game in progress never meets a page of another
 * build; the app says so (UpdateNotice.tsx), and only the player's "Reload" hands the page to it.
 * Nothing reloads by itself: when another tab of the app took the new version, this one learns
 * that its worker changed and still waits for its own player's click. The page's own
 * `controllerchange` tells that the new version took over, not vite-plugin-pwa's `onNeedReload`
 * alone: the plugin calls that only in a page that had a worker when it loaded, and a first
 * visit's page (taken by the worker once installed) would never reload.
 *
 * The browser looks for a new version at each page load; a page left open for days (a
 * correspondence game) asks again every hour and whenever the network comes back. Plain
 * TypeScript: the registration (vite-plugin-pwa's `registerSW`, called by main.tsx) and the
 * browser's parts are given, so tests drive it by hand.
 */

import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** vite-plugin-pwa's `registerSW`: registers sw.js, and answers the way to take the waiting version. */
export type Register = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

export interface UpdateEnv {
  readonly reload: () => void;
  readonly setInterval: (f: () => void, ms: number) => unknown;
  readonly onLine: () => boolean;
  /** Calls `f` on the browser's `online` event. */
  readonly onOnline: (f: () => void) => void;
  /** Calls `f` when another service worker takes the page (`controllerchange`). */
  readonly onControllerChange: (f: () => void) => void;
}

/** How often an open page asks whether there is a new version. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

const browserEnv = (): UpdateEnv => ({
  reload: () => location.reload(),
  setInterval: (f, ms) => setInterval(f, ms),
  onLine: () => navigator.onLine !== false,
  onOnline: (f) => addEventListener('online', f),
  onControllerChange: (f) => navigator.serviceWorker?.addEventListener('controllerchange', f),
});

type Listener = (ready: boolean) => void;

export class Updates {
  private readonly env: UpdateEnv;
  private readonly listeners = new Set<Listener>();
  private ready = false;
  /** This page's player asked for the new version. */
  private asked = false;
  /** The new version already controls this page (this tab or another took it). */
  private taken = false;
  private reloading = false;
  private take: ((reloadPage?: boolean) => Promise<void>) | undefined;

  constructor(env: Partial<UpdateEnv> = {}) {
    this.env = { ...browserEnv(), ...env };
  }

  /** Registers the service worker; once, at start. */
  start(register: Register): void {
    this.env.onControllerChange(() => this.changed());
    this.take = register({
      immediate: true,
      onNeedRefresh: () => this.found(),
      // Given, so that the plugin does not reload the page by itself: the page decides.
      onNeedReload: () => this.changed(),
      onRegisteredSW: (_url, registration) => {
        if (registration) this.checkEvery(registration);
      },
      // No service worker (a private window, an old browser): the app works as a plain page.
      onRegisterError: () => {},
    });
  }

  /** A new version waits to be taken. */
  get isReady(): boolean {
    return this.ready;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The player's "Reload": the waiting version takes the page, which then loads again. */
  reload(): void {
    this.asked = true;
    if (this.taken || !this.take) this.reloadOnce();
    else void this.take(true);
  }

  /** Another worker took the page: the new version, if one was announced. */
  private changed(): void {
    if (!this.ready) return;
    this.taken = true;
    if (this.asked) this.reloadOnce();
  }

  private reloadOnce(): void {
    if (this.reloading) return;
    this.reloading = true;
    this.env.reload();
  }

  private found(): void {
    if (this.ready) return;
    this.ready = true;
    for (const l of [...this.listeners]) l(true);
  }

  private checkEvery(registration: Pick<ServiceWorkerRegistration, 'update'>): void {
    const check = (): void => {
      // Offline, the check could only fail.
      if (this.env.onLine()) registration.update().catch(() => {});
    };
    this.env.setInterval(check, UPDATE_CHECK_MS);
    this.env.onOnline(check);
  }
}

let page: Updates | undefined;
/** The page's updates, made on first use. */
export const pageUpdates = (): Updates => (page ??= new Updates());
