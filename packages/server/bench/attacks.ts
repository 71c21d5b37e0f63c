/**
 * Attacks of hostile input from one client address (127.0.0.2, 127.0.0.3...: Linux answers on
 * all of 127/8, and each is a client of its own to the server), each sent as fast as the server
 * lets one client: analyses to a finished game, WebSocket frames over the size the server reads,
 * and messages nested deeper than any message is. The benchmark's hostile-input scenario and
 * the attack suite (test/security/input-cost.test.ts) send them both.
 */

import type { ErrorBody, ServerMessage } from '@tafl/server/protocol';
import { Agent, request } from 'node:http';
import { WebSocket } from 'ws';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Nested arrays of `bytes` bytes: `[[[…]]]`. */
export const nested = (bytes: number): string => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);

export interface Answer {
  readonly status: number;
  readonly body: string;
}

/** One HTTP request through `agent` (which holds the client's own address). */
export function send(
  base: string,
  agent: Agent,
  method: string,
  path: string,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      base + path,
      {
        method,
        agent,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const codeOf = (answer: Answer): string => {
  try {
    return (JSON.parse(answer.body) as ErrorBody).error.code;
  } catch {
    return '';
  }
};

/** A WebSocket client that keeps the messages it was sent, and waits for the one it wants. */
export class Socket {
  private readonly waiters = new Set<{ match: (m: ServerMessage) => boolean; done: () => void }>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      for (const w of this.waiters)
        if (w.match(message)) {
          this.waiters.delete(w);
          w.done();
        }
    });
  }

  static open(url: string, localAddress?: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, {
        perMessageDeflate: false,
        ...(localAddress ? { localAddress } : {}),
      });
      const client = new Socket(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** Resolves at the first message that matches, or after `ms` (false). */
  wait(match: (m: ServerMessage) => boolean, ms = 30_000): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => (this.waiters.delete(waiter), resolve(false)), ms);
      const waiter = { match, done: () => (clearTimeout(timer), resolve(true)) };
      this.waiters.add(waiter);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.socket.terminate();
  }
}

/** Calls `fire` `burst` times at once, then `perSecond` times a second, until `going()` is false. */
export async function paced(
  burst: number,
  perSecond: number,
  going: () => boolean,
  fire: () => void,
): Promise<void> {
  for (let i = 0; i < burst; i++) fire();
  while (going()) {
    await sleep(1000 / perSecond);
    if (going()) fire();
  }
}

/** What one attacking client sends, each as fast as the server lets one client. */
export interface AttackPlan {
  /** A finished game, whose analysis the attack sends. */
  readonly target: string;
  /** The analyses' bodies, one after the other: a burst of 30, then 2 a second (TAFL_HTTP_RATE). */
  readonly analyses: readonly string[];
  /** Frames over the 64 KiB the server reads (70 KiB), each on a new socket: so many a second. */
  readonly framesPerSecond: number;
  /** Messages of 4 KiB of `[[[…]]]` on one socket: so many a second (a socket may send 20). */
  readonly messagesPerSecond: number;
}

/** The benchmark's attack: 512 KiB of `[[[…]]]` to the analysis, 20 frames and 19 messages a second. */
export const benchAttack = (target: string): AttackPlan => ({
  target,
  analyses: [nested(512 * 1024)],
  framesPerSecond: 20,
  messagesPerSecond: 19,
});

/**
 * One attacking client at `address` (127.0.0.2...): every attack of `plan` at once until
 * `going()` is false. Each answer is counted by `answered`: `HTTP 413 msg/size`, `ws closed 1009`,
 * `ws error msg/depth`...
 */
export async function attackFrom(
  base: string,
  address: string,
  plan: AttackPlan,
  going: () => boolean,
  answered: (what: string) => void,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, localAddress: address });
  const ws = base.replace(/^http/, 'ws') + '/api/ws';
  let sent = 0;
  const analyses = paced(30, 2, going, () => {
    const body = plan.analyses[sent++ % plan.analyses.length]!;
    send(base, agent, 'PUT', `/api/games/${plan.target}/analysis`, body).then(
      (a) => answered(`HTTP ${a.status} ${codeOf(a)}`),
      (e: unknown) => answered(`HTTP failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  });
  const oversized = 'x'.repeat(70 * 1024);
  const frames = paced(1, plan.framesPerSecond, going, () => {
    Socket.open(ws, address).then(
      (s) => {
        s.socket.once('close', (code) => answered(`ws closed ${code}`));
        s.socket.send(oversized);
      },
      () => answered('ws refused'),
    );
  });
  const deep = await Socket.open(ws, address);
  deep.socket.on('message', (data) => {
    const m = JSON.parse(String(data)) as ServerMessage;
    if (m.t === 'error') answered(`ws error ${m.code}`);
  });
  const deepMessage = nested(4096);
  const messages = paced(1, plan.messagesPerSecond, going, () => deep.socket.send(deepMessage));
  await Promise.all([analyses, frames, messages]);
  deep.close();
  agent.destroy();
}
