/**
 * Who is at the table, for the hub: the seats its connections hold (presence.ts's `Presences`),
 * told to the game's watchers when a seat is taken up or left and to the other processes
 * (`Store.announce`: at once on a change, and every seat held every PRESENCE_BEAT_MS), what the
 * other processes say, and whether a claim may be made against a seat.
 */

import type { Side } from '@tafl/core';
import { graceOf, Presences, type AbandonTimes } from './presence.js';
import { refusal, type Presence, type Refusal, type ServerMessage } from './protocol.js';
import type { GameRow, PresenceNotice, Store } from './store/types.js';

/** Seats in one presence notice (its payload stays under PostgreSQL's 8000 bytes). */
const PRESENCE_CHUNK = 200;

/** A game as the hub holds it, as far as attendance needs: its row and its watchers. */
export interface Table {
  readonly row: GameRow;
  readonly watchers: ReadonlySet<{ send(text: string): void }>;
}

export interface AttendanceOptions {
  readonly origin: string;
  readonly store: Pick<Store, 'announce'>;
  /** The game held by this process, if it is. */
  readonly table: (id: string) => Table | undefined;
  readonly times?: AbandonTimes;
  readonly log: (message: string) => void;
}

export class Attendance {
  private readonly book = new Presences();

  constructor(private readonly o: AttendanceOptions) {}

  /** A game is held from `now` (its seats away until a connection holds them). */
  follow(id: string, now: number): void {
    this.book.follow(id, now);
  }

  drop(id: string): void {
    this.book.drop(id);
  }

  view(row: GameRow, now: number): Presence {
    return this.book.view(row, now, this.o.times);
  }

  /** A connection watches with a seat's token: the others are told if the seat was empty. */
  seated(id: string, side: Side, peer: object): void {
    if (!this.book.join(id, side, peer, Date.now())) return;
    this.tell(id, peer);
    this.announce([[id, side, true]]);
  }

  /** A connection stopped watching: if it left its seat empty, everyone is told. */
  left(id: string, peer: object): void {
    const side = this.book.leave(id, peer, Date.now());
    if (side === undefined) return;
    this.tell(id);
    this.announce([[id, side, false]]);
  }

  /** Sends both seats' presence to the game's watchers (but `except`). */
  tell(id: string, except?: object): void {
    const table = this.o.table(id);
    if (!table || table.watchers.size === 0) return;
    const message: ServerMessage = { t: 'presence', game: id, presence: this.view(table.row, Date.now()) };
    const text = JSON.stringify(message);
    for (const peer of table.watchers) if (peer !== except) peer.send(text);
  }

  /** Every PRESENCE_BEAT_MS: the seats held here, to the others; silent processes' word dropped. */
  beat(): void {
    this.announce(this.book.heldSeats());
    for (const id of this.book.expire(Date.now())) this.tell(id);
  }

  /** Another process's connections hold or left seats. */
  heard(notice: PresenceNotice): void {
    const now = Date.now();
    const changed = new Set<string>();
    for (const [id, side, held] of notice.seats)
      if (this.book.remote(id, side, notice.origin, held, now)) changed.add(id);
    for (const id of changed) this.tell(id);
  }

  /**
   * Why `side` may not claim the game now (its opponent has not been away, in any process, for
   * longer than the grace), or undefined when it may.
   */
  claimRefusal(row: GameRow, side: Side): Refusal | undefined {
    if (row.ply === 0) return refusal('claim/none', 'no move has been made: the game can be aborted instead');
    if (graceOf(row, this.o.times) === null)
      return refusal('claim/none', 'a correspondence game is not claimed: the days per move decide');
    const wait = this.book.claimAgainst(row, side, Date.now(), this.o.times);
    if (wait === null) return refusal('claim/present', 'your opponent is connected');
    if (wait > 0)
      return refusal(
        'claim/early',
        `your opponent may still come back: the game can be claimed in ${Math.ceil(wait / 1000)} s`,
      );
    return undefined;
  }

  private announce(seats: readonly (readonly [string, Side, boolean])[]): void {
    for (let i = 0; i < seats.length; i += PRESENCE_CHUNK)
      this.o.store
        .announce({ origin: this.o.origin, seats: seats.slice(i, i + PRESENCE_CHUNK) })
        .catch((e: unknown) => this.o.log(`presence could not be sent: ${String(e)}`));
  }
}
