/**
 * The pure side of accounts in the app: the guest seats sent at sign-up and sign-in and the
 * seats kept after, the order of "my games", a seek's rating and range as the lobby shows them,
 * whether a game may be created rated, and why a seek's seat cannot be taken. Tested without a
 * DOM (test/account-state.test.ts).
 */

import {
  familyOf,
  MAX_ATTACH,
  type GameSummary,
  type GuestSeat,
  type PlayerGame,
  type RatingFamily,
  type SeatKey,
  type SeekRating,
  type TimeControl,
} from '@tafl/server/protocol';
import type { Seat } from '../online/tokens.js';

/** The guest seats of this browser to attach to an account, newest first. */
export function guestSeats(seats: readonly Seat[]): GuestSeat[] {
  return seats.slice(0, MAX_ATTACH).map((s) => ({ game: s.id, token: s.token }));
}

/**
 * The seats this browser keeps after the server attached them: each attached seat's new token
 * (the guest token no longer acts), the other seats as they were.
 */
export function seatsAfterAttach(held: readonly Seat[], keys: readonly SeatKey[], now: number): Seat[] {
  const byGame = new Map(keys.map((k) => [k.game, k]));
  const kept = held.map((s) => {
    const key = byGame.get(s.id);
    return key ? { id: s.id, token: key.token, side: key.side, at: s.at } : s;
  });
  const known = new Set(held.map((s) => s.id));
  const added = keys
    .filter((k) => !known.has(k.game))
    .map((k) => ({ id: k.game, token: k.token, side: k.side, at: now }));
  return [...added, ...kept];
}

/**
 * "My games" in the order the player wants them: correspondence games where it is my move
 * (soonest deadline first), then the other games where it is my move (soonest deadline first,
 * none last), then the rest (the most recently changed first).
 */
export function orderMyGames(games: readonly PlayerGame[]): PlayerGame[] {
  const rank = (g: PlayerGame): number => (g.myTurn ? (g.time.kind === 'correspondence' ? 0 : 1) : 2);
  const deadline = (g: PlayerGame): number => g.deadline ?? Number.POSITIVE_INFINITY;
  return [...games].sort((a, b) => {
    const r = rank(a) - rank(b);
    if (r !== 0) return r;
    if (rank(a) < 2) {
      const d = deadline(a) - deadline(b);
      if (d !== 0 && !Number.isNaN(d)) return d;
    }
    return b.updatedAt - a.updatedAt;
  });
}

/** The games where it is my move. */
export const myTurnCount = (games: readonly PlayerGame[]): number => games.filter((g) => g.myTurn).length;

/** `±200`, or an empty string for anyone. */
export const rangeText = (range: number | null): string => (range === null ? '' : `±${range}`);

/** A seek's range as the lobby shows it (`±200`): half the width of its min..max, or '' for anyone. */
export function seekRangeText(range: GameSummary['ratingRange']): string {
  if (!range) return '';
  return rangeText(Math.round((range.max - range.min) / 2));
}

/** A rating as shown: whole points, `?` when provisional (`1520?`). */
export const ratingText = (r: SeekRating): string => `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;

/** Why a new game cannot be rated, or 'ok'. */
export type RatedBlock = 'ok' | 'signed-out' | 'own-rules' | 'untimed';

export function ratedBlock(
  signedIn: boolean,
  rulesId: string | null,
  time: TimeControl | undefined,
): RatedBlock {
  if (!signedIn) return 'signed-out';
  if (familyOf(rulesId) === null) return 'own-rules';
  if (!time || time.kind === 'none') return 'untimed';
  return 'ok';
}

/** Who is looking at a seek: the account's name and its rating in each family (null: a guest). */
export interface Viewer {
  readonly name: string;
  readonly ratings: Partial<Readonly<Record<RatingFamily, number>>>;
}

/** A new player's rating (glicko2.ts INITIAL_RATING), for a family never played. */
export const NEW_RATING = 1500;

/** Why the free seat of a waiting game cannot be taken by the viewer, or undefined when it can. */
export type JoinBlock = 'signin' | 'own' | 'range';

export function joinBlock(
  game: GameSummary,
  viewer: Viewer | null,
  holdsSeat: boolean,
): JoinBlock | undefined {
  const names = [game.seats.attackers.player, game.seats.defenders.player];
  if (holdsSeat || (viewer !== null && names.some((n) => n && n.toLowerCase() === viewer.name.toLowerCase())))
    return 'own';
  if (!game.rated) return undefined;
  if (viewer === null) return 'signin';
  const range = game.ratingRange;
  if (range) {
    const family = familyOf(game.rulesId);
    const mine = (family && viewer.ratings[family]) ?? NEW_RATING;
    if (mine < range.min || mine > range.max) return 'range';
  }
  return undefined;
}

/** The name to link to a player page, when an account holds the seat. */
export const playerHref = (name: string): string => `#/player/${encodeURIComponent(name)}`;

/**
 * The rated fields of a new game's request: rated (with its range, if any) when chosen and
 * allowed, else nothing (casual).
 */
export function ratedFields(
  chosen: { readonly rated?: boolean; readonly range?: number | null },
  block: RatedBlock,
): { readonly rated?: true; readonly ratingRange?: number } {
  if (chosen.rated !== true || block !== 'ok') return {};
  return { rated: true, ...(typeof chosen.range === 'number' ? { ratingRange: chosen.range } : {}) };
}
