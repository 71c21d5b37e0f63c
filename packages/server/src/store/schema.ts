/**
 * The tables as Kysely sees them (snake_case columns), and the mapping between a `games` row and
 * the hub's `GameRow`. Times are milliseconds since 1970 in `bigint` columns: SQLite returns them
 * as numbers, and the PostgreSQL connections parse int8 as numbers (see postgres.ts).
 */

import type { GameStatus, OnlineEndReason } from '../protocol.js';
import type { AnalysisRow, GameRow, MoveRow } from './rows.js';

export interface GamesTable {
  id: string;
  rules: string;
  rules_id: string | null;
  rules_name: string;
  time_kind: string;
  time_base_ms: number;
  time_increment_ms: number;
  status: string;
  winner: string | null;
  reason: string | null;
  ply: number;
  version: number;
  attackers_name: string | null;
  attackers_token: string | null;
  defenders_name: string | null;
  defenders_token: string | null;
  clock_attackers_ms: number | null;
  clock_defenders_ms: number | null;
  turn_started_at: number | null;
  draw_offer: string | null;
  /** The side asking for a takeback, or null (0008-takeback). */
  takeback_offer: string | null;
  /** Takebacks the game has had (0008-takeback). */
  takebacks: number;
  rematch_offer: string | null;
  rematch_id: string | null;
  created_at: number;
  updated_at: number;
  /** 0 or 1. */
  rated: number;
  rating_min: number | null;
  rating_max: number | null;
  tournament_id: string | null;
  attackers_user: string | null;
  defenders_user: string | null;
}

export interface MovesTable {
  game_id: string;
  ply: number;
  move: string;
  at: number;
  clock_ms: number | null;
}

export interface AnalysesTable {
  game_id: string;
  depth: number;
  analysis: string;
  updated_at: number;
}

export interface HeartbeatsTable {
  server_id: string;
  at: number;
}

export interface UsersTable {
  id: string;
  name: string;
  name_key: string;
  password: string;
  created_at: number;
  updated_at: number;
  /** The key of the account's seat tokens (game.ts playToken); null only before 0005 ran. */
  seat_key: string | null;
  /** Since when a new seat key waits for every game of the account to hold its hashes, or null. */
  seat_rekey_at: number | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  csrf: string;
  created_at: number;
  last_seen_at: number;
}

export interface RatingsTable {
  user_id: string;
  family: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  last_played_at: number | null;
}

export interface RatingHistoryTable {
  user_id: string;
  family: string;
  game_id: string;
  at: number;
  rating: number;
  deviation: number;
  diff: number;
}

export interface RatedGamesTable {
  game_id: string;
  at: number;
}

export interface TournamentsTable {
  id: string;
  name: string;
  kind: string;
  rules_id: string;
  rules_name: string;
  time_kind: string;
  time_base_ms: number;
  time_increment_ms: number;
  rounds: number;
  rated: number;
  starts_at: number;
  status: string;
  round: number;
  creator_id: string | null;
  creator_name: string;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface TournamentPlayersTable {
  tournament_id: string;
  user_id: string;
  name: string;
  rating: number;
  joined_at: number;
}

export interface TournamentPairingsTable {
  tournament_id: string;
  round: number;
  board: number;
  attackers_user: string;
  defenders_user: string | null;
  game_id: string | null;
  score: number | null;
  forfeit: number;
}

export interface SecretsTable {
  name: string;
  value: string;
}

export interface Database {
  games: GamesTable;
  moves: MovesTable;
  heartbeats: HeartbeatsTable;
  analyses: AnalysesTable;
  users: UsersTable;
  sessions: SessionsTable;
  ratings: RatingsTable;
  rating_history: RatingHistoryTable;
  rated_games: RatedGamesTable;
  tournaments: TournamentsTable;
  tournament_players: TournamentPlayersTable;
  tournament_pairings: TournamentPairingsTable;
  secrets: SecretsTable;
}

/** A stored integer: a JS number whatever the driver gave (a bigint or a digit string). */
export function int(x: unknown): number {
  if (typeof x === 'number') return x;
  if (typeof x === 'bigint' || typeof x === 'string') return Number(x);
  throw new TypeError(`an integer column holds ${typeof x}`);
}

export const intOrNull = (x: unknown): number | null => (x === null || x === undefined ? null : int(x));

export function gameFromDb(r: GamesTable): GameRow {
  return {
    id: r.id,
    rules: r.rules,
    rulesId: r.rules_id,
    rulesName: r.rules_name,
    timeKind: r.time_kind,
    timeBaseMs: int(r.time_base_ms),
    timeIncrementMs: int(r.time_increment_ms),
    status: r.status as GameStatus,
    winner: r.winner,
    reason: r.reason as OnlineEndReason | null,
    ply: int(r.ply),
    version: int(r.version),
    attackersName: r.attackers_name,
    attackersToken: r.attackers_token,
    defendersName: r.defenders_name,
    defendersToken: r.defenders_token,
    clockAttackersMs: intOrNull(r.clock_attackers_ms),
    clockDefendersMs: intOrNull(r.clock_defenders_ms),
    turnStartedAt: intOrNull(r.turn_started_at),
    drawOffer: r.draw_offer,
    takebackOffer: r.takeback_offer,
    takebacks: int(r.takebacks),
    rematchOffer: r.rematch_offer,
    rematchId: r.rematch_id,
    createdAt: int(r.created_at),
    updatedAt: int(r.updated_at),
    rated: int(r.rated) === 1,
    ratingMin: intOrNull(r.rating_min),
    ratingMax: intOrNull(r.rating_max),
    tournamentId: r.tournament_id,
    attackersUser: r.attackers_user,
    defendersUser: r.defenders_user,
  };
}

export function gameToDb(g: GameRow): GamesTable {
  return {
    id: g.id,
    rules: g.rules,
    rules_id: g.rulesId,
    rules_name: g.rulesName,
    time_kind: g.timeKind,
    time_base_ms: g.timeBaseMs,
    time_increment_ms: g.timeIncrementMs,
    created_at: g.createdAt,
    rated: g.rated ? 1 : 0,
    rating_min: g.ratingMin,
    rating_max: g.ratingMax,
    tournament_id: g.tournamentId,
    ...gameChangesToDb(g),
  };
}

/** The columns a game's life changes: what it is made with (rules, time control) is not rewritten. */
export function gameChangesToDb(
  g: GameRow,
): Omit<
  GamesTable,
  | 'id'
  | 'rules'
  | 'rules_id'
  | 'rules_name'
  | 'time_kind'
  | 'time_base_ms'
  | 'time_increment_ms'
  | 'created_at'
  | 'rated'
  | 'rating_min'
  | 'rating_max'
  | 'tournament_id'
> {
  return {
    status: g.status,
    winner: g.winner,
    reason: g.reason,
    ply: g.ply,
    version: g.version,
    attackers_name: g.attackersName,
    attackers_token: g.attackersToken,
    defenders_name: g.defendersName,
    defenders_token: g.defendersToken,
    clock_attackers_ms: g.clockAttackersMs,
    clock_defenders_ms: g.clockDefendersMs,
    turn_started_at: g.turnStartedAt,
    draw_offer: g.drawOffer,
    takeback_offer: g.takebackOffer,
    takebacks: g.takebacks,
    rematch_offer: g.rematchOffer,
    rematch_id: g.rematchId,
    updated_at: g.updatedAt,
    attackers_user: g.attackersUser,
    defenders_user: g.defendersUser,
  };
}

export function moveFromDb(r: MovesTable): MoveRow {
  return { gameId: r.game_id, ply: int(r.ply), move: r.move, at: int(r.at), clockMs: intOrNull(r.clock_ms) };
}

export function moveToDb(m: MoveRow): MovesTable {
  return { game_id: m.gameId, ply: m.ply, move: m.move, at: m.at, clock_ms: m.clockMs };
}

export function analysisFromDb(r: AnalysesTable): AnalysisRow {
  return { gameId: r.game_id, depth: int(r.depth), analysis: r.analysis, updatedAt: int(r.updated_at) };
}

export function analysisToDb(a: AnalysisRow): AnalysesTable {
  return { game_id: a.gameId, depth: a.depth, analysis: a.analysis, updated_at: a.updatedAt };
}

/** The first thing wrong with an analysis row, or undefined. */
export function analysisProblem(a: AnalysisRow): string | undefined {
  if (typeof a.gameId !== 'string') return 'gameId must be a string';
  if (!isInt(a.depth)) return 'depth must be an integer';
  if (typeof a.analysis !== 'string') return 'analysis must be a string';
  if (!isInt(a.updatedAt)) return 'updatedAt must be an integer';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// What `commit` accepts: a change with a field of the wrong kind would fail inside the batch's
// transaction and take every other change of the batch down with it, so it is refused up front.

const TEXT: readonly (keyof GameRow)[] = ['id', 'rules', 'rulesName', 'timeKind', 'status'];
const TEXT_OR_NULL: readonly (keyof GameRow)[] = [
  'rulesId',
  'winner',
  'reason',
  'attackersName',
  'attackersToken',
  'defendersName',
  'defendersToken',
  'drawOffer',
  'takebackOffer',
  'rematchOffer',
  'rematchId',
  'tournamentId',
  'attackersUser',
  'defendersUser',
];
const INT: readonly (keyof GameRow)[] = [
  'timeBaseMs',
  'timeIncrementMs',
  'ply',
  'version',
  'takebacks',
  'createdAt',
  'updatedAt',
];
const INT_OR_NULL: readonly (keyof GameRow)[] = [
  'clockAttackersMs',
  'clockDefendersMs',
  'turnStartedAt',
  'ratingMin',
  'ratingMax',
];

const isInt = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x);

/** The first thing wrong with a row, or undefined. */
export function rowProblem(row: GameRow): string | undefined {
  const r = row as unknown as Record<string, unknown>;
  for (const k of TEXT) if (typeof r[k] !== 'string') return `${k} must be a string`;
  for (const k of TEXT_OR_NULL)
    if (r[k] !== null && typeof r[k] !== 'string') return `${k} must be a string or null`;
  for (const k of INT) if (!isInt(r[k])) return `${k} must be an integer`;
  for (const k of INT_OR_NULL) if (r[k] !== null && !isInt(r[k])) return `${k} must be an integer or null`;
  if (typeof r.rated !== 'boolean') return 'rated must be true or false';
  return undefined;
}

export function moveProblem(move: MoveRow, row: GameRow): string | undefined {
  if (move.gameId !== row.id) return `the move is of game ${move.gameId}, not ${row.id}`;
  if (move.ply !== row.ply) return `the move's ply ${move.ply} is not the row's ${row.ply}`;
  if (typeof move.move !== 'string') return 'move must be a string';
  if (!isInt(move.at)) return 'at must be an integer';
  if (move.clockMs !== null && !isInt(move.clockMs)) return 'clockMs must be an integer or null';
  return undefined;
}
