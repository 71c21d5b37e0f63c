// Whether the server can be reached (src/app/network.ts), driven by hand: navigator.onLine, the
// browser's online and offline events, the API's answers and a fake clock. The online screens
// follow `state` for their notice and ask again whenever `retry` changes.
import { describe, expect, it } from 'vitest';
import { Network, RETRY_MAX_MS, RETRY_MIN_MS, type NetworkSnapshot } from '../src/app/network.js';

class World {
  onLine = true;
  now = 0;
  changed: (() => void) | undefined;
  private timers: { id: number; at: number; f: () => void }[] = [];
  private nextId = 1;

  network(): Network {
    return new Network({
      onLine: () => this.onLine,
      listen: (changed) => {
        this.changed = changed;
        return () => (this.changed = undefined);
      },
      setTimeout: (f, ms) => {
        const id = this.nextId++;
        this.timers.push({ id, at: this.now + ms, f });
        return id;
      },
      clearTimeout: (id) => {
        this.timers = this.timers.filter((t) => t.id !== id);
      },
    });
  }

  /** The browser loses or finds its network: navigator.onLine, then the event. */
  setOnline(online: boolean): void {
    this.onLine = online;
    this.changed?.();
  }

  get pending(): number {
    return this.timers.length;
  }

  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.now = due.at;
      due.f();
    }
    this.now = end;
  }
}

const follow = (network: Network): NetworkSnapshot[] => {
  const seen: NetworkSnapshot[] = [];
  network.subscribe((s) => seen.push(s));
  return seen;
};

describe('the network', () => {
  it('starts as the browser says: online, or offline', () => {
    const world = new World();
    expect(world.network().snapshot()).toEqual({ state: 'online', retry: 0 });
    world.onLine = false;
    expect(world.network().snapshot()).toEqual({ state: 'offline', retry: 0 });
    expect(world.network().offline).toBe(true);
  });

  it('is offline at the offline event, and asks the screens to ask again when back online', () => {
    const world = new World();
    const network = world.network();
    const seen = follow(network);
    world.setOnline(false);
    expect(network.snapshot()).toEqual({ state: 'offline', retry: 0 });
    world.setOnline(true);
    expect(network.snapshot()).toEqual({ state: 'online', retry: 1 });
    expect(seen.map((s) => s.state)).toEqual(['offline', 'online']);
    // An online event while online asks nothing again.
    world.setOnline(true);
    expect(network.snapshot().retry).toBe(1);
  });

  it('is unreachable after a request got no answer, though the browser says it is online', () => {
    const world = new World();
    const network = world.network();
    follow(network);
    network.report(true);
    expect(network.snapshot()).toEqual({ state: 'online', retry: 0 });
    network.report(false);
    expect(network.snapshot()).toEqual({ state: 'unreachable', retry: 0 });
    // The next answer: online, and the screens that failed ask again.
    network.report(true);
    expect(network.snapshot()).toEqual({ state: 'online', retry: 1 });
  });

  it('while unreachable, has the screens ask again after 2 s, doubling up to a minute', () => {
    const world = new World();
    const network = world.network();
    follow(network);
    network.report(false);
    const asked: number[] = [];
    let last = network.snapshot().retry;
    for (let second = 1; second <= 200; second++) {
      world.advance(1000);
      // Each retry's requests fail again.
      network.report(false);
      if (network.snapshot().retry !== last) {
        last = network.snapshot().retry;
        asked.push(world.now / 1000);
      }
    }
    expect(RETRY_MIN_MS).toBe(2000);
    expect(RETRY_MAX_MS).toBe(60_000);
    expect(asked).toEqual([2, 6, 14, 30, 62, 122, 182]);
    expect(network.snapshot().state).toBe('unreachable');
  });

  it('stops retrying when the server answers, and when nobody follows it', () => {
    const world = new World();
    const network = world.network();
    const stop = network.subscribe(() => {});
    network.report(false);
    expect(world.pending).toBe(1);
    network.report(true);
    expect(world.pending).toBe(0);
    network.report(false);
    stop();
    expect(world.pending).toBe(0);
    expect(world.changed).toBeUndefined();
  });

  it('offline wins over unreachable, and the online event forgets the failure', () => {
    const world = new World();
    const network = world.network();
    follow(network);
    network.report(false);
    world.setOnline(false);
    expect(network.snapshot().state).toBe('offline');
    // No retry while offline: requests would fail at once.
    expect(world.pending).toBe(0);
    world.setOnline(true);
    expect(network.snapshot()).toEqual({ state: 'online', retry: 1 });
  });

  it('a screen that comes while unreachable gets the retries too', () => {
    const world = new World();
    const network = world.network();
    network.report(false);
    expect(world.pending).toBe(0);
    follow(network);
    expect(network.snapshot().state).toBe('unreachable');
    world.advance(RETRY_MIN_MS);
    expect(network.snapshot().retry).toBe(1);
  });
});
