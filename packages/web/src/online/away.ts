/**
 * Games that ended while the player was away (docs/online.md, "Games nobody plays"): a correspondence game lost or won on
 * time, a game claimed by the opponent after the player left, a game whose free seat nobody took
 * or whose first move never came. The player is told on their next visit, once.
 *
 * What this browser last saw of each game it holds a seat in is kept beside the seats:
 *
 *     tafl.online.seen  {"version":1,"games":{"<id>":"<status>", ...}}
 *
 * The game screen writes the status it shows; the lobby looks up (with the API) only the seats
 * whose last seen status was not over, and a game now over is announced when it was last seen
 * waiting or being played. A seat with no record (taken before this was kept) is looked up once
 * to record its status, and not announced: nothing says whether the player saw its end. Reading
 * never throws: a document that is not ours is read as empty (the seats, in their own key, are
 * untouched). Pure but for the store, which is given its storage.
 */

import {
  GAME_STATUSES,
  GAME_ID_RE,
  type GameHeader,
  type GameStatus,
  type OnlineResult,
} from '@tafl/server/protocol';
import { opposite, presetById, type Side } from '@tafl/core';
import { reasonText } from '../game/Announcements.js';
import type { Lang, Messages } from '../i18n/index.js';
import { rulesetName } from '../rules/names.js';
import { presenceText } from './presence-text.js';
import type { Seat, SeatStorage } from './tokens.js';

export const SEEN_KEY = 'tafl.online.seen';
export const SEEN_VERSION = 1;
/** The most seats looked up on one visit (the newest seats first). */
export const AWAY_CHECK_LIMIT = 20;

export type Seen = Readonly<Record<string, GameStatus>>;

export const isOver = (status: GameStatus | undefined): boolean => status === 'ended' || status === 'aborted';

/** The seen statuses of a stored document; a document that is not ours reads as none. */
export function parseSeen(raw: string | null): Seen {
  if (raw === null) return {};
  try {
    const doc: unknown = JSON.parse(raw);
    if (typeof doc !== 'object' || doc === null) return {};
    const { version, games } = doc as Record<string, unknown>;
    if (version !== SEEN_VERSION || typeof games !== 'object' || games === null || Array.isArray(games))
      return {};
    const out: Record<string, GameStatus> = {};
    for (const [id, status] of Object.entries(games))
      if (GAME_ID_RE.test(id) && (GAME_STATUSES as readonly unknown[]).includes(status))
        out[id] = status as GameStatus;
    return out;
  } catch {
    return {};
  }
}

/**
 * `seen` with `changes`, keeping only the games of `seats` (a seat forgotten, its record goes):
 * what is written back.
 */
export function withSeen(seen: Seen, changes: Seen, seats: readonly Pick<Seat, 'id'>[]): Seen {
  const held = new Set(seats.map((s) => s.id));
  const out: Record<string, GameStatus> = {};
  for (const [id, status] of Object.entries({ ...seen, ...changes })) if (held.has(id)) out[id] = status;
  return out;
}

/** The seats to look up on a visit: those whose game was not over when last seen, newest first. */
export function seatsToCheck(seats: readonly Seat[], seen: Seen, limit = AWAY_CHECK_LIMIT): Seat[] {
  return seats.filter((s) => !isOver(seen[s.id])).slice(0, limit);
}

/** A game that ended while the player was away, as the notice lists it. */
export interface AwayGame {
  readonly game: GameHeader;
  readonly side: Side;
  readonly outcome: Outcome;
}

export type Outcome = 'won' | 'lost' | 'drawn' | 'none';

/** The end of a game for the player of `side`. */
export function outcomeFor(side: Side, result: OnlineResult | null): Outcome {
  if (!result || result.winner === 'none') return 'none';
  if (result.winner === 'draw') return 'drawn';
  return result.winner === side ? 'won' : 'lost';
}

/**
 * What the look-up found: the games to announce (last seen not over, now over: newest first) and
 * the statuses to record for the seats seen for the first time (not announced).
 */
export function awayGames(
  found: readonly { readonly seat: Seat; readonly game: GameHeader }[],
  seen: Seen,
): { readonly notices: AwayGame[]; readonly firstSeen: Seen } {
  const notices: AwayGame[] = [];
  const firstSeen: Record<string, GameStatus> = {};
  for (const { seat, game } of found) {
    const before = seen[seat.id];
    if (before === undefined) firstSeen[seat.id] = game.status;
    else if (!isOver(before) && isOver(game.status))
      notices.push({ game, side: seat.side, outcome: outcomeFor(seat.side, game.result) });
  }
  notices.sort((a, b) => b.game.updatedAt - a.game.updatedAt);
  return { notices, firstSeen };
}

/** What the player has now seen of these games (the notice dismissed): their statuses. */
export const seenOf = (games: readonly AwayGame[]): Seen =>
  Object.fromEntries(games.map((g) => [g.game.id, g.game.status]));

/** One line of the notice: the game (ruleset and opponent), the player's result, and why. */
export interface AwayLine {
  readonly id: string;
  readonly href: string;
  readonly title: string;
  readonly outcome: string;
  readonly reason: string;
}

/** The notice's lines, in the player's language. */
export function awayLines(t: Messages, lang: Lang, games: readonly AwayGame[]): AwayLine[] {
  const p = presenceText(t);
  return games.map(({ game, side, outcome }) => {
    const preset = game.rulesId === null ? undefined : presetById(game.rulesId);
    const name = preset ? rulesetName(preset, lang) : game.rulesName;
    const opponent = game.seats[opposite(side)].name ?? t.seatFree;
    return {
      id: game.id,
      href: `#/online/${encodeURIComponent(game.id)}`,
      title: p.awayGame(name, opponent),
      outcome:
        outcome === 'won'
          ? p.awayWon
          : outcome === 'lost'
            ? p.awayLost
            : outcome === 'drawn'
              ? p.awayDrawn
              : p.awayNoResult,
      reason: game.result ? reasonText(t, game.result, preset?.quietPlyLimit ?? 0) : '',
    };
  });
}

export interface SeenStore {
  read(): Seen;
  /** Records statuses, keeping only the games of `seats`. */
  mark(changes: Seen, seats: readonly Pick<Seat, 'id'>[]): void;
}

export function createSeenStore(storage: SeatStorage | undefined = pageStorage()): SeenStore {
  let memory: string | undefined;
  const read = (): Seen => {
    if (memory !== undefined) return parseSeen(memory);
    try {
      return parseSeen(storage?.getItem(SEEN_KEY) ?? null);
    } catch {
      return {};
    }
  };
  return {
    read,
    mark(changes, seats) {
      const before = read();
      if (Object.entries(changes).every(([id, status]) => before[id] === status)) return;
      const text = JSON.stringify({ version: SEEN_VERSION, games: withSeen(before, changes, seats) });
      try {
        if (!storage) throw new Error('no storage');
        storage.setItem(SEEN_KEY, text);
        memory = undefined;
      } catch {
        // Kept for this page only (private mode, a full quota).
        memory = text;
      }
    },
  };
}

function pageStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

let page: SeenStore | undefined;

/** What this page's storage says was seen, made on first use. */
export const pageSeen = (): SeenStore => (page ??= createSeenStore());
