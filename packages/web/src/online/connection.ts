/**
 * The page's one WebSocket to the server (`/api/ws`), shared by whatever watches games. It opens
 * when the first listener comes and closes a little after the last one goes. When it closes or
 * fails it says so (`reconnecting`) and opens again after a backoff: 0.5 s doubling to 8 s, each
 * wait drawn between half and all of it (jitter), so a restarted server is not met by every
 * client at once. The browser's `offline` event closes it at once (Chrome keeps a socket open
 * across a lost network for minutes); while the browser is offline nothing is tried (a socket
 * could only fail), and `online` opens it without waiting. A ping every 25 s
 * keeps it alive through proxies, and a connection that has heard nothing for two pings is
 * taken for dead and opened again.
 *
 * Each time it opens, every listener's `onOpen` is called: that is where they send `watch` with
 * the moves they already have, which is all a reconnection needs to catch up. Plain TypeScript:
 * the socket, the timers and the network events are given, so tests drive it by hand.
 */

import type { ClientMessage, ServerMessage } from '@tafl/server/protocol';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting';

/** The part of the browser's WebSocket this uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
}

export interface ConnectionListener {
  /** The socket opened (again): send `watch`. */
  onOpen(): void;
  onMessage(message: ServerMessage): void;
  onStatus?(status: ConnectionStatus): void;
}

export interface ConnectionEnv {
  readonly createSocket: (url: string) => SocketLike;
  readonly setTimeout: (f: () => void, ms: number) => unknown;
  readonly clearTimeout: (timer: unknown) => void;
  readonly now: () => number;
  readonly random: () => number;
  /** Calls `listener` with true on the browser's `online` event, false on `offline`. */
  readonly onNetwork: (listener: (online: boolean) => void) => () => void;
  /** False when the browser knows it has no network (`navigator.onLine`). */
  readonly onLine: () => boolean;
}

export const BACKOFF_MIN_MS = 500;
export const BACKOFF_MAX_MS = 8000;
export const PING_MS = 25_000;
/** Closed this long after its last listener left (a screen that comes straight back keeps it). */
export const IDLE_CLOSE_MS = 5000;

const OPEN = 1;

/** The wait before reconnection attempt `attempt` (0 for the first): half of it, plus jitter. */
export function backoff(attempt: number, random: () => number): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.min(attempt, 10));
  return Math.round(full / 2 + (random() * full) / 2);
}

const browserEnv = (): ConnectionEnv => ({
  createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
  random: Math.random,
  onNetwork: (listener) => {
    if (typeof addEventListener === 'undefined') return () => {};
    const online = (): void => listener(true);
    const offline = (): void => listener(false);
    addEventListener('online', online);
    addEventListener('offline', offline);
    return () => {
      removeEventListener('online', online);
      removeEventListener('offline', offline);
    };
  },
  onLine: () => typeof navigator === 'undefined' || navigator.onLine !== false,
});

export class Connection {
  private readonly env: ConnectionEnv;
  private readonly listeners = new Set<ConnectionListener>();
  private socket: SocketLike | undefined;
  private current: ConnectionStatus = 'connecting';
  private attempt = 0;
  private retryTimer: unknown;
  private pingTimer: unknown;
  private idleTimer: unknown;
  private lastHeard = 0;
  private re = 0;
  private stopNetwork: (() => void) | undefined;

  constructor(
    private readonly url: string,
    env: Partial<ConnectionEnv> = {},
  ) {
    this.env = { ...browserEnv(), ...env };
  }

  get status(): ConnectionStatus {
    return this.current;
  }

  /** A fresh request id, echoed by the server in the `error` that refuses the message. */
  nextRe(): number {
    this.re = (this.re + 1) % 2 ** 31;
    return this.re;
  }

  /** Starts listening; opens the socket if it is not open. Returns the way to stop. */
  subscribe(listener: ConnectionListener): () => void {
    this.listeners.add(listener);
    if (this.idleTimer !== undefined) {
      this.env.clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
    }
    if (!this.stopNetwork) this.stopNetwork = this.env.onNetwork((online) => this.network(online));
    const was = this.current;
    if (this.socket === undefined && this.retryTimer === undefined) this.open();
    else if (this.current === 'open') listener.onOpen();
    // A status that open() changed was told to every listener, this one too.
    if (this.current === was) listener.onStatus?.(this.current);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.idleTimer === undefined)
        this.idleTimer = this.env.setTimeout(() => {
          this.idleTimer = undefined;
          if (this.listeners.size === 0) this.shutdown();
        }, IDLE_CLOSE_MS);
    };
  }

  /** Sends a message if the socket is open; false when it is not (it will be resent by `watch`). */
  send(message: ClientMessage): boolean {
    if (!this.socket || this.current !== 'open' || this.socket.readyState !== OPEN) return false;
    try {
      this.socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  /** Closes for good (no reconnection) until the next listener comes. */
  shutdown(): void {
    this.stopNetwork?.();
    this.stopNetwork = undefined;
    this.clearTimers();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      detach(socket);
      socket.close(1000, 'done');
    }
    this.attempt = 0;
    this.setStatus('connecting');
  }

  private open(): void {
    this.retryTimer = undefined;
    if (!this.env.onLine()) {
      // Offline: wait for the `online` event (network()).
      this.setStatus('reconnecting');
      return;
    }
    let socket: SocketLike;
    try {
      socket = this.env.createSocket(this.url);
    } catch {
      this.lost();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lastHeard = this.env.now();
      this.setStatus('open');
      this.schedulePing();
      for (const l of [...this.listeners]) l.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      // The server spoke (its `hello` comes first): the backoff starts again from the least. A
      // socket that opens and closes at once without a word keeps backing off.
      this.attempt = 0;
      this.lastHeard = this.env.now();
      const message = parseServerMessage(event.data);
      if (message) for (const l of [...this.listeners]) l.onMessage(message);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.lost();
    };
    socket.onerror = () => {
      if (this.socket === socket) this.lost();
    };
  }

  /** The socket closed or failed: say so and try again after the backoff. */
  private lost(delay?: number): void {
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      detach(socket);
      try {
        socket.close();
      } catch {
        // already closed
      }
    }
    this.clearTimers();
    if (this.listeners.size === 0) {
      this.setStatus('connecting');
      return;
    }
    this.setStatus('reconnecting');
    // Offline: nothing to try until the `online` event (network()).
    if (!this.env.onLine()) return;
    const wait = delay ?? backoff(this.attempt, this.env.random);
    this.attempt++;
    this.retryTimer = this.env.setTimeout(() => this.open(), wait);
  }

  private network(online: boolean): void {
    if (this.listeners.size === 0) return;
    if (!online) {
      // The socket may well stay "open" without a network: drop it and wait for `online`.
      if (this.socket || this.current === 'open') this.lost(BACKOFF_MAX_MS);
      return;
    }
    // Back online while waiting to retry: retry now.
    if (this.current === 'reconnecting' && this.socket === undefined) {
      this.clearTimers();
      this.attempt = 0;
      this.open();
    }
  }

  private schedulePing(): void {
    this.pingTimer = this.env.setTimeout(() => {
      this.pingTimer = undefined;
      if (this.current !== 'open') return;
      if (this.env.now() - this.lastHeard > 2 * PING_MS + 5000) {
        this.lost();
        return;
      }
      this.send({ t: 'ping' });
      this.schedulePing();
    }, PING_MS);
  }

  private clearTimers(): void {
    for (const timer of [this.retryTimer, this.pingTimer])
      if (timer !== undefined) this.env.clearTimeout(timer);
    this.retryTimer = undefined;
    this.pingTimer = undefined;
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.current) return;
    this.current = status;
    for (const l of [...this.listeners]) l.onStatus?.(status);
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = null;
  socket.onclose = null;
  socket.onerror = null;
  socket.onmessage = null;
}

const MESSAGE_KINDS = new Set(['hello', 'state', 'presence', 'move', 'update', 'pong', 'error']);

/** A server message, or undefined for anything that is not one (never throws). */
export function parseServerMessage(data: unknown): ServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const message: unknown = JSON.parse(data);
    if (typeof message !== 'object' || message === null) return undefined;
    const t = (message as { t?: unknown }).t;
    return typeof t === 'string' && MESSAGE_KINDS.has(t) ? (message as ServerMessage) : undefined;
  } catch {
    return undefined;
  }
}

let page: Connection | undefined;

/** The page's connection, made on first use. */
export function pageConnection(url: string): Connection {
  page ??= new Connection(url);
  return page;
}
