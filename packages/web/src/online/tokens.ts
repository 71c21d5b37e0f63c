/**
 * What this browser keeps of online play (localStorage): the seat tokens the server gave it, by
 * game, and the player's display name.
 *
 *     tafl.online.seats  {"version":1,"seats":[{"id","token","side","at"}, ...]}  newest first
 *     tafl.online.name   the display name, as the player last typed it
 *
 * A token is the only key to a seat: whoever holds it plays that side, so a player who comes
 * back on the same device finds their seat. What is read is checked entry by entry (the id and
 * the token as the protocol spells them, the side); a document that is not JSON or has another
 * version is copied to `tafl.online.seats.corrupt` before it is replaced, so nothing is lost
 * silently, and bad entries are dropped. Writing may fail (private mode, a full quota): the
 * caller is told, and the seat then lasts for this page.
 */

import { SIDES, type Side } from '@tafl/core';
import { GAME_ID_RE, TOKEN_RE, checkName } from '@tafl/server/protocol';

export const SEATS_KEY = 'tafl.online.seats';
export const NAME_KEY = 'tafl.online.name';
export const SEATS_VERSION = 1;
/** The most seats kept; the oldest go first. */
export const SEATS_LIMIT = 200;

export interface Seat {
  readonly id: string;
  readonly token: string;
  readonly side: Side;
  /** Milliseconds since 1970: when the seat was taken. */
  readonly at: number;
}

export type SeatStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface SeatStore {
  /** The seat this browser holds in a game, if any. */
  get(id: string): Seat | undefined;
  /** Every seat held, newest first. */
  all(): Seat[];
  /** Keeps a seat (replacing one for the same game); false when storage refused it. */
  save(seat: Seat): boolean;
  forget(id: string): void;
  /** The remembered display name, or undefined. */
  name(): string | undefined;
  rememberName(name: string): void;
}

export function createSeatStore(storage: SeatStorage | undefined = pageStorage()): SeatStore {
  // What storage refused (or all of it, without storage) lasts for this page, in memory.
  const memory = new Map<string, string>();
  const backend: SeatStorage = {
    getItem: (key) => {
      if (memory.has(key) || !storage) return memory.get(key) ?? null;
      return storage.getItem(key);
    },
    setItem: (key, value) => {
      try {
        if (!storage) throw new Error('no storage');
        storage.setItem(key, value);
        memory.delete(key);
      } catch (e) {
        memory.set(key, value);
        throw e;
      }
    },
  };
  const read = (): Seat[] => readSeats(backend);
  const write = (seats: readonly Seat[]): boolean => {
    try {
      backend.setItem(SEATS_KEY, JSON.stringify({ version: SEATS_VERSION, seats }));
      return true;
    } catch {
      return false;
    }
  };
  return {
    get: (id) => read().find((s) => s.id === id),
    all: read,
    save: (seat) => write([seat, ...read().filter((s) => s.id !== seat.id)].slice(0, SEATS_LIMIT)),
    forget(id) {
      const seats = read();
      if (seats.some((s) => s.id === id)) write(seats.filter((s) => s.id !== id));
    },
    name() {
      let raw: string | null = null;
      try {
        raw = backend.getItem(NAME_KEY);
      } catch {
        // no name, then
      }
      const checked = checkName(raw);
      return checked.ok ? checked.value : undefined;
    },
    rememberName(name) {
      try {
        backend.setItem(NAME_KEY, name);
      } catch {
        // remembered for this page only
      }
    },
  };
}

/** The seats of the document in storage; never throws. */
export function readSeats(storage: SeatStorage): Seat[] {
  let raw: string | null;
  try {
    raw = storage.getItem(SEATS_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  const entries = parseDocument(raw);
  if (entries === undefined) {
    try {
      storage.setItem(`${SEATS_KEY}.corrupt`, raw);
    } catch {
      // nowhere to keep it
    }
    return [];
  }
  return entries.filter(isSeat);
}

function parseDocument(raw: string): unknown[] | undefined {
  try {
    const doc: unknown = JSON.parse(raw);
    if (typeof doc !== 'object' || doc === null) return undefined;
    const { version, seats } = doc as Record<string, unknown>;
    return version === SEATS_VERSION && Array.isArray(seats) ? (seats as unknown[]) : undefined;
  } catch {
    return undefined;
  }
}

export function isSeat(x: unknown): x is Seat {
  if (typeof x !== 'object' || x === null) return false;
  const { id, token, side, at } = x as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    GAME_ID_RE.test(id) &&
    typeof token === 'string' &&
    TOKEN_RE.test(token) &&
    (SIDES as readonly unknown[]).includes(side) &&
    typeof at === 'number' &&
    Number.isFinite(at)
  );
}

function pageStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

let page: SeatStore | undefined;

/** The seats of this page (its localStorage), made on first use. */
export const pageSeats = (): SeatStore => (page ??= createSeatStore());
