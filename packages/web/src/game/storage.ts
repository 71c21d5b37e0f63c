/**
 * Games kept in the browser (localStorage), so a game in progress survives a reload and a
 * finished one stays in the archive. Two keys, each a versioned JSON document:
 *
 *     tafl.games    {"version":1,"games":[Game, ...]}   games in progress, most recent first
 *     tafl.archive  {"version":1,"games":[Game, ...]}   finished games, most recent first
 *
 * A `Game` is model.ts's plain data (the moves as OTN records, never a Position). Whatever is
 * read is checked entry by entry: a document that is not JSON, has another version, or holds
 * entries of the wrong shape never breaks the app. A document that cannot be read at all is
 * copied to `KEY.corrupt` before it is replaced, so nothing is lost silently; bad entries are
 * dropped. Writing may fail (private mode, a full quota): the archive then drops its oldest
 * games and tries again, and the caller is told whether the game was saved.
 */

import {
  SIDES,
  finishedEval,
  makeRules,
  parseGameAnalysis,
  parseRules,
  playMoveRecord,
  positionFromOtn,
  type AnalysedGame,
  type GameAnalysis,
  type PlyEval,
  type Ruleset,
} from '@tafl/core';
import { LEVELS, isOver, rulesOf, type Game } from './model.js';

export const STORAGE_VERSION = 1;
export const CURRENT_KEY = 'tafl.games';
export const ARCHIVE_KEY = 'tafl.archive';
/** The most finished games kept; the oldest go first. */
export const ARCHIVE_LIMIT = 300;
/** The most games in progress kept. */
export const CURRENT_LIMIT = 30;

export type GameStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface GameStore {
  /** Games in progress, most recently changed first. */
  current(): Game[];
  /** Finished games, most recently changed first. */
  archive(): Game[];
  /** A game by id, in progress or finished. */
  get(id: string): Game | undefined;
  /** Keeps a game where it belongs (in progress or finished); false when storage refused it. */
  save(game: Game): boolean;
  remove(id: string): void;
}

/** The store over `storage` (the page's localStorage by default; none in private mode). */
export function createStore(storage: GameStorage | undefined = pageStorage()): GameStore {
  // Without storage, games live for this page only.
  const memory = new Map<string, string>();
  const backend: GameStorage = storage ?? {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, v),
    removeItem: (k) => void memory.delete(k),
  };
  const read = (key: string): Game[] => readGames(backend, key);
  const store: GameStore = {
    current: () => read(CURRENT_KEY).filter((g) => !isEmptyLocal(g)),
    archive: () => read(ARCHIVE_KEY),
    get: (id) => read(CURRENT_KEY).find((g) => g.id === id) ?? read(ARCHIVE_KEY).find((g) => g.id === id),
    save(game) {
      const [here, there] = isOver(game) ? [ARCHIVE_KEY, CURRENT_KEY] : [CURRENT_KEY, ARCHIVE_KEY];
      const others = read(there);
      if (others.some((g) => g.id === game.id))
        writeGames(
          backend,
          there,
          others.filter((g) => g.id !== game.id),
        );
      const limit = here === ARCHIVE_KEY ? ARCHIVE_LIMIT : CURRENT_LIMIT;
      // An empty game on this device is kept for its own page only: the next save drops it.
      const games = [game, ...read(here).filter((g) => g.id !== game.id && !isEmptyLocal(g))].slice(0, limit);
      return writeGames(backend, here, games);
    },
    remove(id) {
      for (const key of [CURRENT_KEY, ARCHIVE_KEY]) {
        const games = read(key);
        if (games.some((g) => g.id === id))
          writeGames(
            backend,
            key,
            games.filter((g) => g.id !== id),
          );
      }
    },
  };
  return store;
}

/**
 * A game of two people on this device where no move has been played: not "in progress" (the home
 * page and the archive never list it); it stays readable by `get` so that its page survives a
 * reload, until another game is saved.
 */
export const isEmptyLocal = (g: Game): boolean =>
  g.opponent.kind === 'local' && g.moves.length === 0 && g.result === undefined;

/** The games of one key; never throws. */
export function readGames(storage: Pick<Storage, 'getItem' | 'setItem'>, key: string): Game[] {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return [];
  }
  if (raw === null) return [];
  const doc = parseDocument(raw);
  if (doc === undefined) {
    try {
      storage.setItem(`${key}.corrupt`, raw);
    } catch {
      // nowhere to keep it
    }
    return [];
  }
  return doc.filter(isGame).map(withCheckedAnalysis);
}

/** Writes the games of one key, dropping the oldest while the quota refuses; false if none fit. */
export function writeGames(storage: Pick<Storage, 'setItem'>, key: string, games: readonly Game[]): boolean {
  let list = [...games];
  for (;;) {
    try {
      storage.setItem(key, JSON.stringify({ version: STORAGE_VERSION, games: list }));
      return true;
    } catch {
      if (list.length <= 1) return false;
      list = list.slice(0, Math.floor(list.length * 0.8));
    }
  }
}

/** The entries of a document of this version, or undefined if it is not one. */
function parseDocument(raw: string): unknown[] | undefined {
  try {
    const doc: unknown = JSON.parse(raw);
    if (!isObject(doc) || doc.version !== STORAGE_VERSION || !Array.isArray(doc.games)) return undefined;
    return doc.games as unknown[];
  } catch {
    return undefined;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isString = (x: unknown): x is string => typeof x === 'string';
const isSide = (x: unknown): boolean => (SIDES as readonly unknown[]).includes(x);
const isTime = (x: unknown): boolean => typeof x === 'number' && Number.isFinite(x);

/** The shape of a stored game (the moves are checked against the rules when it is replayed). */
export function isGame(x: unknown): x is Game {
  if (!isObject(x)) return false;
  const { id, rules, start, turn, moves, opponent, result, drawOffer, flipped, created, updated, analysis } =
    x;
  return (
    isString(id) &&
    id !== '' &&
    (isString(rules) || isRuleset(rules)) &&
    isString(start) &&
    isSide(turn) &&
    Array.isArray(moves) &&
    moves.every(isString) &&
    isOpponent(opponent) &&
    (result === undefined ||
      (isObject(result) && (isSide(result.winner) || result.winner === 'draw') && isString(result.reason))) &&
    (drawOffer === undefined || isSide(drawOffer)) &&
    (flipped === undefined || typeof flipped === 'boolean') &&
    isTime(created) &&
    isTime(updated) &&
    // The analysis is checked against the game by `readGames` (withCheckedAnalysis), which drops
    // one that does not fit and keeps the game.
    (analysis === undefined || isObject(analysis))
  );
}

/**
 * The stored analysis of a game made current, or undefined when it does not fit the game: a
 * version 2 analysis checked by the rules core (`parseGameAnalysis`), or the list of attackers'
 * scores the app kept before (one a position), converted to version 2 (depth 0, no best lines,
 * a finished position's result instead of its score).
 */
export function storedAnalysis(game: Game, stored: unknown): GameAnalysis | undefined {
  const rules = rulesOf(game.rules);
  if (!rules.ok) return undefined;
  const analysed = { rules: rules.value, start: game.start, turn: game.turn, moves: game.moves };
  const value = Array.isArray(stored) ? fromScores(analysed, stored) : stored;
  if (value === undefined) return undefined;
  const parsed = parseGameAnalysis(value, analysed);
  return parsed.ok ? parsed.value : undefined;
}

/** An analysis of the first version (the attackers' score of every position) as version 2. */
function fromScores(game: AnalysedGame, scores: readonly unknown[]): GameAnalysis | undefined {
  if (scores.length !== game.moves.length + 1 || !scores.every((n) => Number.isInteger(n))) return undefined;
  const pos = positionFromOtn(game.rules, game.start, game.turn);
  if (!pos.ok) return undefined;
  for (const record of game.moves) if (!playMoveRecord(pos.value, record).ok) return undefined;
  const outcome = pos.value.outcome();
  const plies: PlyEval[] = scores.map((score) => ({ score: score as number }));
  if (outcome.status !== 'ongoing') plies[plies.length - 1] = finishedEval(outcome.status);
  return { version: 2, depth: 0, plies };
}

/**
 * Checking an analysis replays its game and its best lines (a few milliseconds), and the games
 * are read on every save: the verdict is kept by game id and last change, which a stored game
 * cannot keep while its analysis changes.
 */
const checked = new Map<string, GameAnalysis | undefined>();

function withCheckedAnalysis(game: Game): Game {
  if (game.analysis === undefined) return game;
  const key = `${game.id}\n${game.updated}\n${game.moves.length}`;
  if (!checked.has(key)) {
    if (checked.size >= 2 * ARCHIVE_LIMIT) checked.clear();
    checked.set(key, storedAnalysis(game, game.analysis));
  }
  const analysis = checked.get(key);
  if (analysis !== undefined) return { ...game, analysis };
  const copy: { -readonly [K in keyof Game]: Game[K] } = { ...game };
  delete copy.analysis;
  return copy;
}

function isOpponent(x: unknown): boolean {
  if (!isObject(x)) return false;
  if (x.kind === 'local') return true;
  return x.kind === 'computer' && (LEVELS as readonly unknown[]).includes(x.level) && isSide(x.human);
}

/**
 * A ruleset the core can play: its own fields, and parameters that read back unchanged from its
 * OTN rules string (`parseRules(makeRules(r))` checks every value and the start position).
 */
function isRuleset(x: unknown): x is Ruleset {
  if (!(isObject(x) && isString(x.id) && isString(x.name) && isString(x.source) && Array.isArray(x.notes)))
    return false;
  try {
    const back = parseRules(makeRules(x as unknown as Ruleset));
    if (!back.ok) return false;
    const parameters = back.value as unknown as Record<string, unknown>;
    return Object.keys(parameters).every((key) => OWN_FIELDS.has(key) || parameters[key] === x[key]);
  } catch {
    return false;
  }
}

/** The fields of a ruleset that are not rule parameters. */
const OWN_FIELDS = new Set(['id', 'name', 'game', 'source', 'notes']);

function pageStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

let page: GameStore | undefined;

/** The store of this page (its localStorage), made on first use. */
export const pageStore = (): GameStore => (page ??= createStore());
