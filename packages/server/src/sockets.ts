/**
 * The WebSocket side: one `Connection` per socket. Every message is limited in size and rate,
 * read against the protocol's schema, and handed to the hub; whatever goes wrong is answered
 * with a code and a sentence, and nothing a client sends can throw out of here.
 */

import type { RawData, WebSocket } from 'ws';
import type { Hub, Peer } from './hub.js';
import { failureClass, type LineLog } from './log.js';
import type { Metrics } from './metrics.js';
import {
  MAX_MESSAGE_BYTES,
  PROTOCOL_VERSION,
  RATE_BURST,
  RATE_PER_SECOND,
  parseClientMessage,
  type ClientMessage,
  type ErrorCode,
  type Refusal,
  type ServerMessage,
} from './protocol.js';

/** Messages refused for rate in a row before the connection is closed (1008, policy). */
export const ABUSE_LIMIT = 200;
/** Bytes queued to a client that does not read before it is dropped. */
export const SEND_BUFFER_LIMIT = 4 * 1024 * 1024;

const OPEN = 1;

export class Connection implements Peer {
  readonly watching = new Set<string>();
  private tokens = RATE_BURST;
  private refilled = Date.now();
  private overRate = 0;
  alive = true;

  constructor(
    private readonly socket: WebSocket,
    private readonly hub: Hub,
    private readonly log: LineLog,
    private readonly metrics?: Metrics,
  ) {
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('pong', () => (this.alive = true));
    socket.on('close', () => hub.disconnect(this));
    socket.on('error', () => hub.disconnect(this));
    this.reply({ t: 'hello', v: PROTOCOL_VERSION, now: Date.now() });
  }

  send(text: string): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > SEND_BUFFER_LIMIT) {
      this.socket.terminate();
      return;
    }
    this.socket.send(text);
  }

  private reply(message: ServerMessage): void {
    this.send(JSON.stringify(message));
  }

  private refuse(refused: Refusal, re?: number, game?: string): void {
    this.metrics?.refused(refused.code, 'ws');
    this.reply({
      t: 'error',
      ...(re === undefined ? {} : { re }),
      ...(game === undefined ? {} : { game }),
      code: refused.code,
      message: refused.message,
    });
  }

  /** The ws-level heartbeat: a connection that has not answered the last ping is dropped. */
  ping(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  private allowed(): boolean {
    const now = Date.now();
    this.tokens = Math.min(RATE_BURST, this.tokens + ((now - this.refilled) * RATE_PER_SECOND) / 1000);
    this.refilled = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.overRate = 0;
      return true;
    }
    if (++this.overRate >= ABUSE_LIMIT) this.close(1008, 'too many messages');
    return false;
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (!this.allowed()) {
      this.refuse({ code: 'rate/limited', message: `at most ${RATE_PER_SECOND} messages a second, please` });
      return;
    }
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    if (isBinary)
      return this.refuse({ code: 'msg/schema', message: 'messages are JSON text, not binary frames' });
    if (bytes.length > MAX_MESSAGE_BYTES)
      return this.refuse({ code: 'msg/size', message: `a message has at most ${MAX_MESSAGE_BYTES} bytes` });
    const text = bytes.toString('utf8');
    const parsed = parseClientMessage(text);
    if (!parsed.ok) return this.refuse(parsed, parsed.code === 'msg/schema' ? requestId(text) : undefined);
    const message = parsed.value;
    const game = 'game' in message ? message.game : undefined;
    // A move's latency: from here to the hub's answer, accepted or refused (metrics.ts).
    const started = performance.now();
    const settled = (accepted: boolean): void => {
      if (message.t === 'move') this.metrics?.move((performance.now() - started) / 1000, accepted);
    };
    this.handle(message).then(
      (refused) => {
        settled(refused === undefined);
        if (refused) this.refuse(refused, message.re, game);
      },
      (e: unknown) => {
        settled(false);
        // One line per kind of failure and interval (log.ts): a database outage fails every
        // message the same way, and its stack says nothing more each time.
        const why = e instanceof Error ? e.message : String(e);
        this.log(`message ${message.t} failed: ${why}`, {
          level: 'error',
          class: `message failed: ${failureClass(why)}`,
          ...(game === undefined ? {} : { game }),
        });
        this.refuse(serverError, message.re, game);
      },
    );
  }

  private async handle(message: ClientMessage): Promise<Refusal | undefined> {
    switch (message.t) {
      case 'ping':
        this.reply({ t: 'pong', ...(message.re === undefined ? {} : { re: message.re }), now: Date.now() });
        return undefined;
      case 'watch':
        return this.hub.watch(this, message.game, message.from, message.token);
      case 'unwatch':
        this.hub.unwatch(this, message.game);
        return undefined;
      default:
        return this.hub.play(message);
    }
  }
}

/** The `re` of a message refused for its shape, when it has a valid one, to answer it by. */
function requestId(text: string): number | undefined {
  const x: unknown = JSON.parse(text);
  const re = typeof x === 'object' && x !== null ? (x as { re?: unknown }).re : undefined;
  return typeof re === 'number' && Number.isInteger(re) && re >= 0 && re <= 2 ** 31 ? re : undefined;
}

/** A connection cut by the client, or by the network on its way: nothing the server did. */
const CUT = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/**
 * A WebSocket's failure, logged at most once per kind per interval (log.ts) and never with a
 * stack, since a client can cause it at will: ws refusing what the client sent (a frame over
 * the size read, text that is not UTF-8, a broken frame; its codes begin with WS_ERR_) is a
 * warning, a connection cut an information, anything else (a failure of the server's own) an
 * error. The client's address is that of the interval's first.
 */
export function logSocketFailure(log: LineLog, error: Error & { code?: unknown }, address: string): void {
  const code = typeof error.code === 'string' ? error.code : undefined;
  const client = code !== undefined && code.startsWith('WS_ERR_');
  const level = client ? 'warn' : code !== undefined && CUT.has(code) ? 'info' : 'error';
  const what = client ? 'a WebSocket frame was refused' : 'a WebSocket failed';
  log(`${what}: ${error.message}`, {
    level,
    class: `${what}: ${code ?? failureClass(error.message)}`,
    remoteAddress: address,
    ...(code === undefined ? {} : { code }),
  });
}

const serverError: Refusal = {
  code: 'server/error' as ErrorCode,
  message: 'the server could not do this; try again',
};

/**
 * Every open connection, closed together at shutdown. Each is pinged every `pingMs` (a peer
 * that has not answered the last ping by then is terminated, so a dead one goes within two
 * intervals), but not all at once: the connections are spread over one slot a second, so that
 * a server with thousands of sockets sends a few hundred pings a second rather than all of
 * them in one burst (which held up moves for tens of milliseconds every interval).
 */
export class Connections {
  private readonly slots: Set<Connection>[];
  private next = 0;
  private tick = 0;
  private count = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly hub: Hub,
    private readonly log: LineLog,
    pingMs = 30_000,
    private readonly metrics?: Metrics,
  ) {
    const slots = Math.max(1, Math.round(pingMs / 1000));
    this.slots = Array.from({ length: slots }, () => new Set());
    this.timer = setInterval(() => {
      this.tick = (this.tick + 1) % this.slots.length;
      this.slots[this.tick]!.forEach((c) => c.ping());
    }, pingMs / slots);
    this.timer.unref();
  }

  accept(socket: WebSocket): void {
    const connection = new Connection(socket, this.hub, this.log, this.metrics);
    const slot = this.slots[this.next]!;
    this.next = (this.next + 1) % this.slots.length;
    slot.add(connection);
    this.count++;
    this.metrics?.socketOpened();
    socket.on('close', () => {
      if (slot.delete(connection)) this.count--;
      this.metrics?.socketClosed();
    });
  }

  get size(): number {
    return this.count;
  }

  closeAll(): void {
    clearInterval(this.timer);
    for (const slot of this.slots) for (const c of slot) c.close(1001, 'the server is stopping');
  }
}
