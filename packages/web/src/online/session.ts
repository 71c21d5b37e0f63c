/**
 * One online game on this page: its state (state.ts), the seat this browser holds in it
 * (tokens.ts), and the page's connection (connection.ts). It watches the game each time the
 * connection opens, with the moves it already has, so a reconnection catches up without a
 * reload; it sends what the player does with the seat's token; it follows the reducer's asks
 * (catch up, send a pending move again); and when a rematch begins it keeps the seat's token
 * for the new game (a guest's token is the same there), so the screen can go to it.
 *
 * An account's token is one of each game, and a password change or signing out everywhere
 * replaces it: when the server refuses the token (`seat/token`) and the page can ask for the
 * seat again (`renew`: a signed-in player's, GET /api/games/:id/seat), it does, once per token,
 * and carries on with the new one (watches again, sends the refused move or action again). When
 * it cannot, the refusal stands as before.
 *
 * No DOM: the screen subscribes and renders `snapshot()`.
 */

import { opposite, type Side } from '@tafl/core';
import type { ClientMessage, SeatGrant, ServerMessage } from '@tafl/server/protocol';
import type { RefusalCode } from './api.js';
import type { Connection, ConnectionStatus } from './connection.js';
import {
  apply,
  connectionLost,
  dismissRefusal,
  initialState,
  moveResent,
  moveSent,
  resyncSent,
  seatLost,
  seatTaken,
  type OnlineState,
} from './state.js';
import type { SeatStore } from './tokens.js';

export interface Snapshot {
  readonly state: OnlineState;
  readonly status: ConnectionStatus;
  /** A refusal of this browser's own (not connected), shown like the server's. */
  readonly local: { readonly code: RefusalCode; readonly message: string } | undefined;
}

export type Act = 'offer' | 'accept' | 'decline';

/** The seat of this browser's player in a game, asked for again: its token and side, or undefined. */
export type Renew = (id: string) => Promise<{ readonly token: string; readonly side: Side } | undefined>;

type Refusal = Extract<ServerMessage, { t: 'error' }>;

export class GameSession {
  private state: OnlineState;
  private status: ConnectionStatus;
  private local: Snapshot['local'];
  private token: string | undefined;
  private watchRe: number | undefined;
  private snap: Snapshot;
  private readonly listeners = new Set<(s: Snapshot) => void>();
  private stop: (() => void) | undefined;
  /** The last action sent (not a move): to send again with a renewed token. */
  private lastAct:
    { readonly re: number; readonly make: (token: string, re: number) => ClientMessage } | undefined;
  /** Tokens the seat was asked for again in place of (once each). */
  private readonly renewedFrom = new Set<string>();
  /** The refusals of the token being renewed, until the answer. */
  private deferred: Refusal[] | undefined;

  constructor(
    readonly id: string,
    private readonly connection: Connection,
    private readonly seats: SeatStore,
    private readonly now: () => number = () => Date.now(),
    private readonly renew?: Renew,
  ) {
    const seat = seats.get(id);
    this.token = seat?.token;
    this.state = initialState(id, seat?.side ?? null);
    this.status = connection.status;
    this.local = undefined;
    this.snap = { state: this.state, status: this.status, local: undefined };
  }

  /** Connects (or joins the page's connection) and watches the game. */
  start(): void {
    if (this.stop) return;
    this.stop = this.connection.subscribe({
      onOpen: () => this.watch(this.state.moves.length),
      onMessage: (m) => this.receive(m),
      onStatus: (s) => {
        if (s === this.status) return;
        this.status = s;
        if (s !== 'open') this.state = connectionLost(this.state);
        else this.local = undefined;
        this.changed();
      },
    });
  }

  dispose(): void {
    if (!this.stop) return;
    this.connection.send({ t: 'unwatch', game: this.id });
    this.stop();
    this.stop = undefined;
    this.listeners.clear();
  }

  subscribe(listener: (s: Snapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): Snapshot {
    return this.snap;
  }

  /** Whether this browser holds a seat token for the game. */
  get seated(): boolean {
    return this.token !== undefined;
  }

  // -------------------------------------------------------------------------------------------
  // What the player does

  /** Plays a move: `squares` is sent (`d2-d4`), `record` (with captures) shown while it waits. */
  move(squares: string, record: string): void {
    const token = this.token;
    if (!token) return;
    const re = this.connection.nextRe();
    const ply = this.state.moves.length;
    if (!this.send({ t: 'move', game: this.id, token, ply, move: squares, re })) return;
    this.state = moveSent(this.state, squares, record, re);
    this.changed();
  }

  resign(): void {
    this.act((token, re) => ({ t: 'resign', game: this.id, token, re }));
  }

  abort(): void {
    this.act((token, re) => ({ t: 'abort', game: this.id, token, re }));
  }

  draw(act: Act): void {
    this.act((token, re) => ({ t: 'draw', game: this.id, token, act, re }));
  }

  /** A takeback (casual games): asked for, accepted, declined or withdrawn at the moves seen. */
  takeback(act: Act): void {
    const ply = this.state.moves.length;
    this.act((token, re) => ({ t: 'takeback', game: this.id, token, ply, act, re }));
  }

  rematch(act: Act): void {
    this.act((token, re) => ({ t: 'rematch', game: this.id, token, act, re }));
  }

  /** Claims the game of an opponent who left and stayed away past the grace: a win or a draw. */
  claimGame(act: 'win' | 'draw'): void {
    this.act((token, re) => ({ t: 'claim', game: this.id, token, act, re }));
  }

  /** A seat just taken over HTTP (joined): keep its token and show the game it came with. */
  claim(grant: SeatGrant): void {
    this.seats.save({ id: this.id, token: grant.token, side: grant.side, at: this.now() });
    this.token = grant.token;
    this.state = seatTaken(this.state, grant.side, grant.game, this.now());
    this.changed();
    // Watch again with the token: the server then knows this connection holds the seat (the
    // opponent sees the player connected, and nobody may claim the game against them).
    if (this.stop) this.watch(this.state.moves.length);
  }

  /**
   * The account's seat in this game, fetched for this browser (GET /api/games/ID/seat): kept
   * with the others, and the game watched again with its token (the server then says `you`).
   */
  seat(token: string, side: Side): void {
    this.seats.save({ id: this.id, token, side, at: this.now() });
    this.token = token;
    if (this.stop) this.watch(this.state.moves.length);
  }

  dismiss(): void {
    this.state = dismissRefusal(this.state);
    this.local = undefined;
    this.changed();
  }

  // -------------------------------------------------------------------------------------------

  private act(make: (token: string, re: number) => ClientMessage): void {
    const token = this.token;
    if (!token) return;
    this.state = dismissRefusal(this.state);
    const re = this.connection.nextRe();
    this.lastAct = { re, make };
    if (this.send(make(token, re))) this.changed();
  }

  /** Sends, or says that the connection is down. */
  private send(message: ClientMessage): boolean {
    if (this.connection.send(message)) return true;
    this.local = { code: 'net/failed', message: 'not connected' };
    this.changed();
    return false;
  }

  private watch(from: number): void {
    const re = this.connection.nextRe();
    const sent = this.connection.send({
      t: 'watch',
      game: this.id,
      from,
      ...(this.token ? { token: this.token } : {}),
      re,
    });
    if (!sent) return;
    this.watchRe = re;
    this.state = resyncSent(this.state);
    this.changed();
  }

  private receive(message: ServerMessage): void {
    if (
      message.t === 'error' &&
      message.code === 'seat/token' &&
      message.game === this.id &&
      this.renewing(message)
    )
      return;
    const before = this.state;
    let next = apply(this.state, message, this.now());
    if (message.t === 'error' && message.re !== undefined && message.re === this.watchRe) {
      this.watchRe = undefined;
      if (message.code === 'seat/token' && this.token) {
        // The token holds no seat here (the server forgot it, or it is another game's): watch.
        this.seats.forget(this.id);
        this.token = undefined;
        next = seatLost(next);
        this.state = { ...next, resyncing: false };
        this.watch(this.state.moves.length);
        this.changed();
        return;
      }
      next = { ...next, resyncing: false };
    }
    this.state = next;
    if (next.resync !== undefined) this.watch(next.resync);
    this.resendPending();
    if (next.rematchStarted !== undefined && before.rematchStarted === undefined) this.followRematch();
    if (this.state !== before) this.changed();
  }

  /**
   * A refusal of the seat's token: kept aside while the seat is asked for again (true), when it
   * can be and was not already for this token; false: handle it as it is.
   */
  private renewing(refusal: Refusal): boolean {
    if (this.deferred) return (this.deferred.push(refusal), true);
    const token = this.token;
    if (!this.renew || !token || this.renewedFrom.has(token)) return false;
    this.renewedFrom.add(token);
    this.deferred = [refusal];
    const settle = (key: Awaited<ReturnType<Renew>>): void => this.renewed(token, key);
    this.renew(this.id).then(settle, () => settle(undefined));
    return true;
  }

  /**
   * The seat asked for again in place of `stale`: with a new token, watch again and send again
   * what its refusals refused; otherwise the refusals are handled as they came.
   */
  private renewed(stale: string, key: Awaited<ReturnType<Renew>>): void {
    const refusals = this.deferred ?? [];
    this.deferred = undefined;
    // Gone, or holding another token by now (a seat just taken): the refusals were the old one's.
    if (!this.stop || this.token !== stale) return;
    if (!key || key.token === stale) {
      for (const refusal of refusals) this.receive(refusal);
      return;
    }
    this.seats.save({ id: this.id, token: key.token, side: key.side, at: this.now() });
    this.token = key.token;
    const refused = new Set(refusals.map((r) => r.re));
    const { pending } = this.state;
    // The refused move waits to be sent again once the new watch has caught up.
    if (pending && refused.has(pending.re))
      this.state = { ...this.state, pending: { ...pending, resend: true } };
    if (refused.has(this.watchRe)) this.watchRe = undefined;
    this.watch(this.state.moves.length);
    const act = this.lastAct;
    if (act && refused.has(act.re)) this.act(act.make);
    this.changed();
  }

  /** A move sent on a connection that closed: once caught up, send it again if still due. */
  private resendPending(): void {
    const { pending, header, moves, resyncing, resync } = this.state;
    if (!pending?.resend || resyncing || resync !== undefined || !this.token) return;
    if (!header || header.status !== 'playing' || moves.length !== pending.ply) return;
    const re = this.connection.nextRe();
    const sent = this.connection.send({
      t: 'move',
      game: this.id,
      token: this.token,
      ply: pending.ply,
      move: pending.squares,
      re,
    });
    if (sent) this.state = moveResent(this.state, re);
  }

  /** Our seat in the rematch: the same token, the other side. */
  private followRematch(): void {
    const next = this.state.rematchStarted;
    if (!next || !this.token || this.state.you === null) return;
    this.seats.save({ id: next, token: this.token, side: opposite(this.state.you), at: this.now() });
  }

  private changed(): void {
    this.snap = { state: this.state, status: this.status, local: this.local };
    for (const l of [...this.listeners]) l(this.snap);
  }
}
