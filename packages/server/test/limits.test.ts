/**
 * The connections' limits of a public server, against real `npm start` processes over real
 * sockets: one address cannot hold more than its share of connections and WebSockets (nor
 * everybody more than TAFL_MAX_CONNECTIONS), and a WebSocket peer that stops answering pings is
 * dropped. (Half-sent and silent connections, closed within TAFL_HEADERS_TIMEOUT_MS, are attacks:
 * security/hostile-input.test.ts.)
 */

import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer, type ServerProcess } from './harness.js';
import { raw, within } from './security/raw.js';

const servers: ServerProcess[] = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const s = await startServer({ env });
  servers.push(s);
  return s;
}

/** Whether a WebSocket opens (true) or is refused with an HTTP status (the status). */
function upgrade(url: string): Promise<{ socket: WebSocket; status: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve({ socket, status: 101 }));
    socket.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve({ socket, status: res.statusCode ?? 0 });
    });
    socket.once('error', reject);
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('connections per address and in all', () => {
  it('beyond TAFL_MAX_CONNECTIONS_PER_ADDRESS, an address gets 429 and a closed socket', async () => {
    const s = await server({ TAFL_MAX_CONNECTIONS_PER_ADDRESS: '4' });
    const held = await Promise.all([1, 2, 3, 4].map(() => raw(s.url)));
    const extra = await raw(s.url);
    await within(extra.closed, 3000, 'the extra connection was not closed');
    expect(extra.received()).toMatch(/^HTTP\/1\.1 429/);
    expect(extra.received()).toContain('"code":"rate/limited"');
    // The four held are still open and served.
    held[0]!.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await within(held[0]!.closed, 3000, 'a held connection was not answered');
    expect(held[0]!.received()).toMatch(/^HTTP\/1\.1 200/);
    // One closed (the one answered above): a new one is let in.
    await sleep(100);
    const next = await raw(s.url);
    next.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    for (let i = 0; i < 50 && !next.received().includes('"ok"'); i++) await sleep(20);
    expect(next.received()).toMatch(/^HTTP\/1\.1 200/);
    // Four open again (kept alive): a WebSocket is a connection too, refused the same way.
    const ws = await upgrade(s.ws);
    expect(ws.status).toBe(429);
    [...held.slice(1), next].forEach((c) => c.socket.destroy());
  });

  it('beyond TAFL_MAX_SOCKETS_PER_CLIENT, a WebSocket upgrade is refused with 429', async () => {
    const s = await server({ TAFL_MAX_SOCKETS_PER_CLIENT: '2' });
    const a = await upgrade(s.ws);
    const b = await upgrade(s.ws);
    expect([a.status, b.status]).toEqual([101, 101]);
    const c = await upgrade(s.ws);
    expect(c.status).toBe(429);
    // One closes: the next is let in.
    a.socket.close();
    await new Promise((r) => a.socket.once('close', r));
    await sleep(100);
    const d = await upgrade(s.ws);
    expect(d.status).toBe(101);
    b.socket.terminate();
    d.socket.terminate();
  });

  it('beyond TAFL_MAX_CONNECTIONS in all, a connection is closed at once', async () => {
    const s = await server({ TAFL_MAX_CONNECTIONS: '3' });
    const held = await Promise.all([1, 2, 3].map(() => raw(s.url)));
    const extra = await raw(s.url);
    await within(extra.closed, 3000, 'the connection beyond the total was not closed');
    expect(extra.received()).toBe('');
    held.forEach((c) => c.socket.destroy());
  });
});

describe('WebSocket heartbeat', () => {
  it('a peer that stops answering pings is terminated; one that answers stays', async () => {
    const s = await server({ TAFL_PING_MS: '300' });
    const opened = Date.now();
    const silent = new WebSocket(s.ws, { autoPong: false });
    const answering = new WebSocket(s.ws);
    let pings = 0;
    silent.on('ping', () => pings++);
    await Promise.all([silent, answering].map((w) => new Promise((r) => w.once('open', r))));
    const closed = await within(
      new Promise<number>((r) => silent.once('close', () => r(Date.now() - opened))),
      3000,
      'the silent peer was not terminated',
    );
    // Pinged, not answered, dropped at the next ping: within two intervals (and some slack).
    expect(pings).toBeGreaterThanOrEqual(1);
    expect(closed).toBeLessThan(1500);
    await sleep(1000);
    expect(answering.readyState).toBe(WebSocket.OPEN);
    answering.terminate();
  });
});

describe('a limit that is not a number', () => {
  it('stops the server at start with a sentence that says why', async () => {
    await expect(server({ TAFL_MAX_CONNECTIONS_PER_ADDRESS: '0' })).rejects.toThrow(
      /TAFL_MAX_CONNECTIONS_PER_ADDRESS=0: a whole number of at least 1/,
    );
    await expect(server({ TAFL_HEADERS_TIMEOUT_MS: '5s' })).rejects.toThrow(
      /TAFL_HEADERS_TIMEOUT_MS=5s: a whole number of at least 100/,
    );
    await expect(server({ TAFL_HTTP_RATE: 'abc' })).rejects.toThrow(
      /TAFL_HTTP_RATE=abc: a number of requests/,
    );
    await expect(server({ TAFL_CLAIM_GRACE_MS: '30s' })).rejects.toThrow(
      /TAFL_CLAIM_GRACE_MS=30s: a whole number of milliseconds/,
    );
  });
});
