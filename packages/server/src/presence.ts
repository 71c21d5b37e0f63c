/**
 * Abandonment: who holds a seat through an open connection, since when a seat has had none, and
 * the rules that end a game nobody plays (docs/online.md, "Games nobody plays"):
 *
 * - a player away (no connection holding the seat) for longer than the grace of
 *   `claimGraceMs` may have the game claimed by the opponent, as a win or a draw, once a move has
 *   been made (before that, either player may abort it);
 * - a game waiting for an opponent expires after `WAITING_EXPIRY_MS` (correspondence:
 *   `WAITING_EXPIRY_CORRESPONDENCE_MS`);
 * - a live or untimed game with both seats taken and no move made is aborted after
 *   `UNSTARTED_ABORT_MS`; a correspondence one when the first mover's days run out.
 *
 * What a process knows of connections is its own: with several processes (PostgreSQL) each sees
 * the players connected to it, tells the others when a seat's first connection opens or its last
 * one closes, and every PRESENCE_BEAT_MS every seat it holds (`Presences.remote`), so a
 * player connected anywhere is never claimable. A process that stops telling (it died) is taken
 * to hold nothing once its last word is PRESENCE_TTL_MS old.
 */

import { opposite, type Side } from '@tafl/core';
import { timeControlOf } from './game.js';
import {
  claimGraceMs,
  UNSTARTED_ABORT_MS,
  WAITING_EXPIRY_CORRESPONDENCE_MS,
  WAITING_EXPIRY_MS,
  type Presence,
  type SeatPresence,
} from './protocol.js';
import type { GameRow } from './store/types.js';

/** How often a process tells the others every seat it holds. */
export const PRESENCE_BEAT_MS = 5_000;
/** A process's word that it holds a seat lasts this long unless repeated. */
export const PRESENCE_TTL_MS = 3 * PRESENCE_BEAT_MS;

/** The times of abandonment; tests shorten them (the server's TAFL_CLAIM_GRACE_MS and others). */
export interface AbandonTimes {
  /** Replaces every time control's grace when set. */
  readonly graceMs?: number;
  readonly waitingMs?: number;
  readonly waitingCorrespondenceMs?: number;
  readonly unstartedMs?: number;
}

/** The grace of this game's time control (or the override), null when it cannot be claimed. */
export function graceOf(row: GameRow, times: AbandonTimes = {}): number | null {
  const grace = claimGraceMs(timeControlOf(row));
  return grace === null ? null : (times.graceMs ?? grace);
}

/**
 * Milliseconds from `now` until the opponent of a seat away since `awaySince` may claim the
 * game (0: now); null when the seat is held (`awaySince` undefined) or no claim is possible.
 */
export function claimIn(
  row: GameRow,
  awaySince: number | undefined,
  now: number,
  times: AbandonTimes = {},
): number | null {
  if (awaySince === undefined || row.status !== 'playing' || row.ply === 0) return null;
  const grace = graceOf(row, times);
  return grace === null ? null : Math.max(0, awaySince + grace - now);
}

/** Why a game read by the expiry sweep is to be aborted now, or undefined if it is not due. */
export function expiryOf(
  row: GameRow,
  now: number,
  times: AbandonTimes = {},
): 'expired' | 'unstarted' | undefined {
  if (row.status === 'waiting') {
    const ms =
      row.timeKind === 'correspondence'
        ? (times.waitingCorrespondenceMs ?? WAITING_EXPIRY_CORRESPONDENCE_MS)
        : (times.waitingMs ?? WAITING_EXPIRY_MS);
    return now - row.createdAt >= ms ? 'expired' : undefined;
  }
  // A correspondence game's first move is timed by its clock (the flag then aborts it).
  if (row.status !== 'playing' || row.ply !== 0 || row.timeKind === 'correspondence') return undefined;
  if (row.turnStartedAt !== null) return undefined;
  return now - row.updatedAt >= (times.unstartedMs ?? UNSTARTED_ABORT_MS) ? 'unstarted' : undefined;
}

/** The shortest of the expiry times: the sweep reads games older than this. */
export function shortestExpiry(times: AbandonTimes = {}): { waiting: number; unstarted: number } {
  return {
    waiting: Math.min(
      times.waitingMs ?? WAITING_EXPIRY_MS,
      times.waitingCorrespondenceMs ?? WAITING_EXPIRY_CORRESPONDENCE_MS,
    ),
    unstarted: times.unstartedMs ?? UNSTARTED_ABORT_MS,
  };
}

interface Seats<T> {
  attackers: T;
  defenders: T;
}

interface GamePresence {
  /** This process's connections holding each seat. */
  readonly local: Seats<Set<object>>;
  /** Other processes holding each seat: their origins, and when they last said so. */
  readonly remote: Seats<Map<string, number>>;
  /** Since when each seat has been held by no connection anywhere (undefined while held). */
  readonly awaySince: Seats<number | undefined>;
}

const SIDES: readonly Side[] = ['attackers', 'defenders'];

/**
 * The seats held by connections, per game. A seat nobody has connected to since this process
 * began to follow the game counts as away from that moment: a player is never held to have left
 * before this process could see them.
 */
export class Presences {
  private readonly games = new Map<string, GamePresence>();

  private entry(id: string, now: number): GamePresence {
    let entry = this.games.get(id);
    if (!entry) {
      entry = {
        local: { attackers: new Set(), defenders: new Set() },
        remote: { attackers: new Map(), defenders: new Map() },
        awaySince: { attackers: now, defenders: now },
      };
      this.games.set(id, entry);
    }
    return entry;
  }

  /** Starts following a game (its seats away from `now` until a connection holds them). */
  follow(id: string, now: number): void {
    this.entry(id, now);
  }

  private held(entry: GamePresence, side: Side): boolean {
    return entry.local[side].size > 0 || entry.remote[side].size > 0;
  }

  /** Every seat this process's connections hold, to tell the others. */
  heldSeats(): [string, Side, boolean][] {
    const seats: [string, Side, boolean][] = [];
    for (const [id, entry] of this.games)
      for (const side of SIDES) if (entry.local[side].size > 0) seats.push([id, side, true]);
    return seats;
  }

  private update(entry: GamePresence, side: Side, before: boolean, now: number): boolean {
    const after = this.held(entry, side);
    if (after === before) return false;
    entry.awaySince[side] = after ? undefined : now;
    return true;
  }

  /** A connection of this process holds `side`; true when the seat was away until now. */
  join(id: string, side: Side, peer: object, now: number): boolean {
    const entry = this.entry(id, now);
    const before = this.held(entry, side);
    entry.local[side].add(peer);
    return this.update(entry, side, before, now);
  }

  /** A connection stops watching; the side whose seat it left empty, if any. */
  leave(id: string, peer: object, now: number): Side | undefined {
    const entry = this.games.get(id);
    if (!entry) return undefined;
    for (const side of SIDES) {
      if (!entry.local[side].has(peer)) continue;
      const before = this.held(entry, side);
      entry.local[side].delete(peer);
      if (this.update(entry, side, before, now)) return side;
    }
    return undefined;
  }

  /** Whether this process's own connections hold `side` (what it tells the others). */
  heldHere(id: string, side: Side): boolean {
    return (this.games.get(id)?.local[side].size ?? 0) > 0;
  }

  /** Another process says whether its connections hold `side`; true when presence changed. */
  remote(id: string, side: Side, origin: string, held: boolean, now: number): boolean {
    const entry = this.games.get(id);
    if (!entry) return false;
    const before = this.held(entry, side);
    if (held) entry.remote[side].set(origin, now);
    else entry.remote[side].delete(origin);
    return this.update(entry, side, before, now);
  }

  /**
   * Forgets the word of processes silent for PRESENCE_TTL_MS (they died): the games whose seat
   * is now away, away since that process last spoke.
   */
  expire(now: number, ttlMs = PRESENCE_TTL_MS): string[] {
    const changed: string[] = [];
    for (const [id, entry] of this.games)
      for (const side of SIDES) {
        let last: number | undefined;
        for (const [origin, at] of entry.remote[side])
          if (at + ttlMs <= now) {
            entry.remote[side].delete(origin);
            last = Math.max(last ?? at, at);
          }
        if (last !== undefined && !this.held(entry, side) && entry.awaySince[side] === undefined) {
          entry.awaySince[side] = last;
          changed.push(id);
        }
      }
    return changed;
  }

  /** Since when `side` has been away, or undefined while a connection holds it. */
  awaySince(id: string, side: Side): number | undefined {
    return this.games.get(id)?.awaySince[side];
  }

  /** Both seats as the protocol says them. */
  view(row: GameRow, now: number, times: AbandonTimes = {}): Presence {
    const seat = (side: Side): SeatPresence => {
      const away = this.awaySince(row.id, side);
      return { connected: away === undefined, claimInMs: claimIn(row, away, now, times) };
    };
    return { attackers: seat('attackers'), defenders: seat('defenders') };
  }

  /** Forgets a game (evicted from memory). */
  drop(id: string): void {
    this.games.delete(id);
  }

  /** Milliseconds until the player of `side`'s opponent may be claimed against: see claimIn. */
  claimAgainst(row: GameRow, claimant: Side, now: number, times: AbandonTimes = {}): number | null {
    return claimIn(row, this.awaySince(row.id, opposite(claimant)), now, times);
  }
}
