/**
 * A tournament game that is ready for its player (MyGames): made by the director when its round
 * was paired, being played, hardly begun (no move of the player's yet: its first move or none),
 * neither opened nor put aside on this browser. The app tells the player on whatever screen they
 * are (GameReadyNotice.tsx), once per game:
 *
 *     tafl.online.announced  {"version":1,"games":["<id>", ...]}  the latest last, at most 100
 *
 * Pure but for the store, which is given its storage; reading never throws.
 */

import { GAME_ID_RE, type MyGames, type PlayerGame, type TournamentSummary } from '@tafl/server/protocol';

export const ANNOUNCED_KEY = 'tafl.online.announced';
export const ANNOUNCED_LIMIT = 100;

export interface ReadyGame {
  readonly game: PlayerGame;
  /** Its tournament, being played (as "my games" lists it). */
  readonly tournament: TournamentSummary;
}

/** The first tournament game of `games` ready for the player and not announced, if any. */
export function readyGame(games: MyGames, announced: ReadonlySet<string>): ReadyGame | undefined {
  for (const game of games.games) {
    if (game.tournament === null || game.status !== 'playing' || game.ply > 1 || announced.has(game.id))
      continue;
    const tournament = games.tournaments.find((t) => t.id === game.tournament);
    if (tournament) return { game, tournament };
  }
  return undefined;
}

/** Whether a tournament of "my games" is being played or starts within `soonMs` of `now`. */
export const tournamentUnderWay = (games: MyGames | undefined, now: number, soonMs: number): boolean =>
  games?.tournaments.some((t) => t.status === 'running' || t.startsAt - now < soonMs) ?? false;

/** The games announced, as stored; a document that is not ours reads as none. */
export function parseAnnounced(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const doc: unknown = JSON.parse(raw);
    if (typeof doc !== 'object' || doc === null) return [];
    const { version, games } = doc as Record<string, unknown>;
    if (version !== 1 || !Array.isArray(games)) return [];
    return games.filter((id): id is string => typeof id === 'string' && GAME_ID_RE.test(id));
  } catch {
    return [];
  }
}

/** The stored list with `id` added last (the oldest dropped beyond the limit). */
export function withAnnounced(list: readonly string[], id: string): string[] {
  return [...list.filter((x) => x !== id), id].slice(-ANNOUNCED_LIMIT);
}

export interface AnnouncedStore {
  all(): ReadonlySet<string>;
  add(id: string): void;
}

export function createAnnouncedStore(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = pageStorage(),
): AnnouncedStore {
  let memory: string[] | undefined;
  const read = (): string[] => {
    if (memory) return memory;
    try {
      return parseAnnounced(storage?.getItem(ANNOUNCED_KEY) ?? null);
    } catch {
      return [];
    }
  };
  return {
    all: () => new Set(read()),
    add: (id) => {
      const next = withAnnounced(read(), id);
      try {
        if (!storage) throw new Error('no storage');
        storage.setItem(ANNOUNCED_KEY, JSON.stringify({ version: 1, games: next }));
        memory = undefined;
      } catch {
        // Private mode or a full quota: the list lasts for this page.
        memory = next;
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

let page: AnnouncedStore | undefined;
export const pageAnnounced = (): AnnouncedStore => (page ??= createAnnouncedStore());
