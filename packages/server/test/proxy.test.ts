/**
 * TRUST_PROXY, against real `npm start` processes over real sockets. Unset, `X-Forwarded-For`
 * is ignored: every client of one socket address shares that address's limits, whatever the
 * header says. Set to a number of hops or to the proxy's address, each forwarded client gets
 * limits of its own, and the proxy's own address is not capped for connections.
 */

import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { clientKey } from '../src/client-key.js';
import { startServer, type ServerProcess } from './harness.js';

const servers: ServerProcess[] = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));

/** A server whose write limit is a burst of 30 that (practically) never refills. */
async function server(env: Record<string, string> = {}): Promise<ServerProcess> {
  const s = await startServer({ env: { TAFL_HTTP_RATE: '0.001', ...env } });
  servers.push(s);
  return s;
}

/**
 * A write (a create refused for its shape, so no game is made, but it takes a token of the
 * client's bucket first) with an X-Forwarded-For header or none: its status.
 */
async function write(s: ServerProcess, forwardedFor?: string): Promise<number> {
  const response = await fetch(`${s.url}/api/games`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    body: '{}',
  });
  await response.arrayBuffer();
  return response.status;
}

/** Spends a client's whole burst: 30 writes, each refused for its shape (400), none for rate. */
async function spend(s: ServerProcess, forwardedFor?: string): Promise<void> {
  const statuses = [];
  for (let i = 0; i < 30; i++) statuses.push(await write(s, forwardedFor));
  expect(new Set(statuses)).toEqual(new Set([400]));
  expect(await write(s, forwardedFor)).toBe(429);
}

function upgrade(url: string, forwardedFor: string): Promise<{ socket: WebSocket; status: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { 'x-forwarded-for': forwardedFor } });
    socket.once('open', () => resolve({ socket, status: 101 }));
    socket.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve({ socket, status: res.statusCode ?? 0 });
    });
    socket.once('error', reject);
  });
}

describe('without TRUST_PROXY', () => {
  it('two clients naming different addresses share the socket address limit', async () => {
    const s = await server();
    await spend(s, '203.0.113.1');
    expect(await write(s, '203.0.113.2')).toBe(429);
    expect(await write(s)).toBe(429);
  });

  it('a forged header does not escape a limit already spent without one', async () => {
    const s = await server();
    await spend(s);
    for (const forged of ['203.0.113.9', '10.0.0.1, 203.0.113.10', 'not an address'])
      expect(await write(s, forged), forged).toBe(429);
  });

  it('a proxy that is not ours (TRUST_PROXY names another address) is not believed', async () => {
    const s = await server({ TRUST_PROXY: '192.0.2.7' });
    await spend(s, '203.0.113.1');
    expect(await write(s, '203.0.113.2')).toBe(429);
  });
});

describe.each([
  ['1', 'one hop'],
  ['127.0.0.1', "the proxy's address"],
  ['10.0.0.0/8, 127.0.0.0/8', 'ranges'],
])('TRUST_PROXY=%s (%s)', (trust) => {
  it('each forwarded client has a limit of its own', async () => {
    const s = await server({ TRUST_PROXY: trust });
    await spend(s, '203.0.113.1');
    expect(await write(s, '203.0.113.2')).toBe(400);
    expect(await write(s, '2001:db8::1')).toBe(400);
    // The nearest untrusted address is the client: a client's own forged entry changes nothing.
    expect(await write(s, 'forged, 203.0.113.1')).toBe(429);
  });
});

describe('IPv6 clients', () => {
  it('are counted by their /64, IPv4 ones by their address', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:DB8:1:2:aaaa:bbbb:cccc:dddd'));
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::ffff:203.0.113.1')).toBe('203.0.113.1');
    expect(clientKey('203.0.113.1')).not.toBe(clientKey('203.0.113.2'));
  });

  it('share one limit within a /64, behind a trusted proxy', async () => {
    const s = await server({ TRUST_PROXY: '127.0.0.1' });
    await spend(s, '2001:db8:1:2::1');
    expect(await write(s, '2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(429);
    expect(await write(s, '2001:db8:1:3::1')).toBe(400);
  });
});

describe('connection caps behind a trusted proxy', () => {
  it("WebSockets are capped per forwarded client, the proxy's connections are not capped", async () => {
    const s = await server({
      TRUST_PROXY: '127.0.0.1',
      TAFL_MAX_SOCKETS_PER_CLIENT: '2',
      TAFL_MAX_CONNECTIONS_PER_ADDRESS: '2',
    });
    const a = [await upgrade(s.ws, '203.0.113.1'), await upgrade(s.ws, '203.0.113.1')];
    expect(a.map((x) => x.status)).toEqual([101, 101]);
    expect((await upgrade(s.ws, '203.0.113.1')).status).toBe(429);
    // Another client through the same proxy (already past its 2 connections from 127.0.0.1).
    const b = await upgrade(s.ws, '203.0.113.2');
    expect(b.status).toBe(101);
    const { port } = new URL(s.url);
    const extra = await new Promise<{ socket: Socket; data: () => string }>((resolve) => {
      let data = '';
      const socket = connect(Number(port), '127.0.0.1', () => resolve({ socket, data: () => data }));
      socket.on('data', (c: Buffer) => (data += c.toString()));
    });
    extra.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await new Promise((r) => extra.socket.once('close', r));
    expect(extra.data()).toMatch(/^HTTP\/1\.1 200/);
    [...a, b].forEach((x) => x.socket.terminate());
  });
});

describe('a TRUST_PROXY that is neither', () => {
  it('stops the server at start with a sentence that says why', async () => {
    const started = server({ TRUST_PROXY: '10.0.0.0/8, proxy.example' });
    await expect(started).rejects.toThrow(
      // (a fatal JSON log line: the quotes are escaped)
      /TRUST_PROXY=.*\\"proxy\.example\\" is neither a number of proxies nor an address/,
    );
  });
});
