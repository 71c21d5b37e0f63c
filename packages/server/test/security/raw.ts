/**
 * Raw TCP clients for the attack suite and the connections' limits: a connection, from a chosen
 * loopback address (127.0.0.2, 127.0.0.3... are distinct clients to the server: Linux answers on
 * all of 127/8), that records what it receives and when it is closed; text written a character
 * at a time; and a deadline on a promise.
 */

import { connect, type Socket } from 'node:net';

/** A raw TCP connection that records what it receives and when it is closed. */
export interface Raw {
  readonly socket: Socket;
  readonly received: () => string;
  /** Resolves when the server closes it: the milliseconds since it opened. */
  readonly closed: Promise<number>;
}

/** A connection to the server at `url` (http://host:port), from the address `from` if given. */
export function raw(url: string, from?: string): Promise<Raw> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let data = '';
    const opened = Date.now();
    const socket = connect({ port: Number(port), host: hostname, ...(from ? { localAddress: from } : {}) });
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** The status of the first response received (0 before any). */
export const statusOf = (c: Raw): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(c.received())?.[1] ?? 0);

/**
 * Writes `text` a character every `everyMs`, until all is written, the socket is closed, or
 * `stopAfterMs` have passed. Stop before the server's deadline: a character that reaches a socket
 * the server has closed is answered with a reset, and a reset can throw away the server's answer
 * (the 408) before this side has read it (seen under load: a slow request whose status read 0).
 */
export async function trickle(
  socket: Socket,
  text: string,
  everyMs: number,
  stopAfterMs: number,
): Promise<void> {
  const start = Date.now();
  for (const c of text) {
    if (socket.destroyed || !socket.writable || Date.now() - start >= stopAfterMs) return;
    socket.write(c);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms),
    ),
  ]);
