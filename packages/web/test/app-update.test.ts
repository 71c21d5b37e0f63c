// A new version of the app (src/app/update.ts), driven by hand: vite-plugin-pwa's registerSW is
// a fake that keeps the callbacks the plugin would call, and the page's reload, timers, online
// event and controllerchange are the test's. A new version waits until this page's player asks
// for it; nothing reloads by itself.
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { describe, expect, it } from 'vitest';
import { UPDATE_CHECK_MS, Updates } from '../src/app/update.js';

class World {
  reloads = 0;
  taken = 0;
  checks = 0;
  onLine = true;
  options: RegisterSWOptions | undefined;
  controllerChange: (() => void) | undefined;
  online: (() => void) | undefined;
  every: { f: () => void; ms: number } | undefined;

  updates(): Updates {
    const updates = new Updates({
      reload: () => this.reloads++,
      setInterval: (f, ms) => (this.every = { f, ms }),
      onLine: () => this.onLine,
      onOnline: (f) => (this.online = f),
      onControllerChange: (f) => (this.controllerChange = f),
    });
    updates.start((options) => {
      this.options = options;
      return () => {
        this.taken++;
        return Promise.resolve();
      };
    });
    return updates;
  }

  /** The plugin registered the worker (its registration, whose update() is counted). */
  registered(): void {
    this.options!.onRegisteredSW?.('/sw.js', {
      update: () => {
        this.checks++;
        return Promise.resolve();
      },
    } as unknown as ServiceWorkerRegistration);
  }
}

describe('a new version', () => {
  it('is announced when it waits, and taken only by Reload, which loads the page once it controls it', () => {
    const world = new World();
    const updates = world.updates();
    const seen: boolean[] = [];
    updates.subscribe((ready) => seen.push(ready));
    expect(updates.isReady).toBe(false);
    world.options!.onNeedRefresh!();
    expect(updates.isReady).toBe(true);
    expect(seen).toEqual([true]);
    expect(world.taken).toBe(0);
    expect(world.reloads).toBe(0);
    updates.reload();
    // The waiting worker is told to take over; the page loads again once it has.
    expect(world.taken).toBe(1);
    expect(world.reloads).toBe(0);
    world.controllerChange!();
    world.options!.onNeedReload!();
    expect(world.reloads).toBe(1);
  });

  it('taken by another tab: this one does not reload, and its own Reload then just loads the page', () => {
    const world = new World();
    const updates = world.updates();
    world.options!.onNeedRefresh!();
    // Another tab's player took the new version: this page's worker changed.
    world.controllerChange!();
    world.options!.onNeedReload!();
    expect(world.reloads).toBe(0);
    expect(updates.isReady).toBe(true);
    updates.reload();
    expect(world.taken).toBe(0);
    expect(world.reloads).toBe(1);
  });

  it('a first visit: the worker taking the page is not a new version', () => {
    const world = new World();
    const updates = world.updates();
    world.controllerChange!();
    expect(updates.isReady).toBe(false);
    expect(world.reloads).toBe(0);
  });

  it('is looked for every hour and when the network comes back, never while offline', () => {
    const world = new World();
    world.updates();
    world.registered();
    expect(world.every?.ms).toBe(UPDATE_CHECK_MS);
    expect(UPDATE_CHECK_MS).toBe(60 * 60 * 1000);
    world.every!.f();
    world.online!();
    expect(world.checks).toBe(2);
    world.onLine = false;
    world.every!.f();
    expect(world.checks).toBe(2);
  });

  it('without a service worker (the registration failed), Reload loads the page', () => {
    const world = new World();
    const updates = new Updates({ reload: () => world.reloads++ });
    updates.reload();
    expect(world.reloads).toBe(1);
  });
});
