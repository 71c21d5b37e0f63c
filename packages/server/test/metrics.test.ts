/**
 * The metrics (metrics.ts) on their own: the timed store passes every call through (its
 * result, its rejection, its `this`) and times each by method and result; moves, refusals and
 * WebSockets are counted; the metrics server answers /metrics and nothing else.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { Metrics, instrumentStore, serveMetrics } from '../src/metrics.js';

function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

class FakeStore {
  readonly dialect = 'sqlite';
  #rows = ['a', 'b'];
  calls = 0;
  async loadMoves(n: number): Promise<string[]> {
    this.calls++;
    return this.#rows.slice(0, n);
  }
  async commit(): Promise<boolean> {
    throw new Error('the database is down');
  }
  sizeNow(): number {
    return this.#rows.length;
  }
}

describe('instrumentStore', () => {
  it('passes calls through and times each by method and result', async () => {
    const metrics = new Metrics({ defaults: false });
    const inner = new FakeStore();
    const store = instrumentStore(inner, metrics);
    expect(store.dialect).toBe('sqlite');
    expect(await store.loadMoves(1)).toEqual(['a']);
    expect(await store.loadMoves(2)).toEqual(['a', 'b']);
    expect(inner.calls).toBe(2);
    await expect(store.commit()).rejects.toThrow('the database is down');
    expect(store.sizeNow()).toBe(2); // not a promise: passed through, not timed
    const text = await metrics.text();
    expect(sample(text, 'tafl_db_seconds_count', { method: 'loadMoves', result: 'ok' })).toBe(2);
    expect(sample(text, 'tafl_db_seconds_count', { method: 'commit', result: 'error' })).toBe(1);
    expect(sample(text, 'tafl_db_seconds_count', { method: 'commit', result: 'ok' })).toBeUndefined();
    expect(sample(text, 'tafl_db_seconds_count', { method: 'sizeNow' })).toBeUndefined();
  });
});

describe('Metrics', () => {
  it('counts accepted moves, their latency, refusals, WebSockets and games', async () => {
    const metrics = new Metrics({ defaults: false });
    metrics.move(0.004, true);
    metrics.move(0.02, true);
    metrics.move(0.001, false);
    metrics.refused('move/turn', 'ws');
    metrics.refused('move/turn', 'ws');
    metrics.refused('game/unknown', 'http');
    metrics.socketOpened();
    metrics.socketOpened();
    metrics.socketClosed();
    let text = await metrics.text();
    expect(sample(text, 'tafl_games', { status: 'waiting' })).toBeUndefined();
    metrics.countGames(async () => ({ waiting: 3, playing: 7 }));
    text = await metrics.text();
    expect(sample(text, 'tafl_moves_total')).toBe(2);
    expect(sample(text, 'tafl_move_seconds_count', { result: 'ok' })).toBe(2);
    expect(sample(text, 'tafl_move_seconds_bucket', { result: 'ok', le: '0.005' })).toBe(1);
    expect(sample(text, 'tafl_move_seconds_bucket', { result: 'ok', le: '0.025' })).toBe(2);
    expect(sample(text, 'tafl_move_seconds_count', { result: 'refused' })).toBe(1);
    expect(sample(text, 'tafl_refusals_total', { code: 'move/turn', via: 'ws' })).toBe(2);
    expect(sample(text, 'tafl_refusals_total', { code: 'game/unknown', via: 'http' })).toBe(1);
    expect(sample(text, 'tafl_websockets_open')).toBe(1);
    expect(sample(text, 'tafl_games', { status: 'waiting' })).toBe(3);
    expect(sample(text, 'tafl_games', { status: 'playing' })).toBe(7);
    // A count that fails leaves the gauge out of that scrape, and the scrape answers.
    metrics.countGames(() => Promise.reject(new Error('down')));
    expect(sample(await metrics.text(), 'tafl_moves_total')).toBe(2);
  });
});

describe('serveMetrics', () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(() => Promise.all(closing.map((close) => close())));

  it('answers GET /metrics in the Prometheus text format, and 404 to anything else', async () => {
    const metrics = new Metrics();
    const served = await serveMetrics(metrics, '127.0.0.1', 0);
    closing.push(served.close);
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const response = await fetch(served.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect((await fetch(served.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(served.url, { method: 'POST' })).status).toBe(404);
  });
});
