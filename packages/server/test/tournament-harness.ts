/**
 * Tournaments for the server's tests: a tournament made and joined through the API
 * by signed-in accounts, its view read until the director has moved it on, and its games played
 * to a chosen result over the WebSocket with each player's own seat token (GET /api/games/:id/seat).
 */

import { join } from 'node:path';
import { makeMoveSquares, presetById, startingPosition } from '@tafl/core';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { expect } from 'vitest';
import type {
  CreateTournamentRequest,
  ErrorBody,
  GameView,
  SeatKey,
  TournamentPairing,
  TournamentView,
} from '../src/protocol.js';
import { apiAs, type Session } from './accounts-harness.js';
import { Client, type ServerSetup } from './harness.js';

/** The server's environment for tournament tests: a quick director, starts a moment ahead. */
export const TOURNAMENT_ENV: Record<string, string> = {
  TAFL_TOURNAMENT_TICK_MS: '100',
  TAFL_TOURNAMENT_MIN_START_MS: '0',
  TAFL_SIGNUPS_PER_HOUR: '0',
};

/**
 * Runs SQL statements on the servers' database from the test (`?` placeholders, numbered for
 * PostgreSQL): the ratings a player has before a tournament, players entered by the dozen.
 */
export async function runSql(
  setup: ServerSetup,
  statements: readonly { readonly sql: string; readonly params: readonly unknown[] }[],
): Promise<void> {
  if (setup.databaseUrl) {
    const client = new pg.Client({ connectionString: setup.databaseUrl });
    await client.connect();
    try {
      for (const s of statements) {
        let n = 0;
        await client.query(
          s.sql.replace(/\?/g, () => `$${++n}`),
          [...s.params],
        );
      }
    } finally {
      await client.end();
    }
    return;
  }
  const db = new SQLite(join(setup.dataDir!, 'tafl.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    for (const s of statements) db.prepare(s.sql).run(...s.params);
  } finally {
    db.close();
  }
}

/** Whole-table query on the servers' database (counting rows). */
export async function querySql<T>(setup: ServerSetup, sql: string, params: readonly unknown[]): Promise<T[]> {
  if (setup.databaseUrl) {
    const client = new pg.Client({ connectionString: setup.databaseUrl });
    await client.connect();
    try {
      let n = 0;
      const result = await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        [...params],
      );
      return result.rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(join(setup.dataDir!, 'tafl.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Gives each account a rating in a family, as if it had played rated games before. */
export function setRatings(
  setup: ServerSetup,
  family: string,
  ratings: readonly (readonly [Session, number])[],
): Promise<void> {
  return runSql(
    setup,
    ratings.map(([s, rating]) => ({
      sql: 'insert into ratings (user_id, family, rating, deviation, volatility, games, last_played_at) values (?, ?, ?, ?, ?, ?, ?)',
      params: [s.user.id, family, rating, 80, 0.06, 20, Date.now()],
    })),
  );
}

export function tournamentRequest(over: Partial<CreateTournamentRequest> = {}): CreateTournamentRequest {
  return {
    name: 'Samhain open',
    kind: 'swiss',
    rules: 'brandub-fr',
    time: { kind: 'live', baseMs: 300_000, incrementMs: 2_000 },
    rounds: 3,
    startsAt: Date.now() + 2_000,
    rated: false,
    ...over,
  };
}

export async function createTournament(
  base: string,
  session: Session,
  over: Partial<CreateTournamentRequest> = {},
): Promise<TournamentView> {
  const { status, body } = await apiAs<TournamentView | ErrorBody>(base, '/api/tournaments', session, {
    body: tournamentRequest(over),
  });
  if (status !== 201) throw new Error(`create tournament: ${status} ${JSON.stringify(body)}`);
  return body as TournamentView;
}

export async function joinTournament(base: string, id: string, session: Session): Promise<TournamentView> {
  const { status, body } = await apiAs<TournamentView | ErrorBody>(
    base,
    `/api/tournaments/${id}/join`,
    session,
    {
      method: 'POST',
    },
  );
  if (status !== 200) throw new Error(`join tournament: ${status} ${JSON.stringify(body)}`);
  return body as TournamentView;
}

export async function tournament(base: string, id: string): Promise<TournamentView> {
  const { status, body } = await apiAs<TournamentView>(base, `/api/tournaments/${id}`, undefined);
  if (status !== 200) throw new Error(`tournament ${id}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Reads the tournament until `ready` says so (the director works on its own time). */
export async function until(
  base: string,
  id: string,
  ready: (view: TournamentView) => boolean,
  ms = 20_000,
): Promise<TournamentView> {
  const end = Date.now() + ms;
  for (;;) {
    const view = await tournament(base, id);
    if (ready(view)) return view;
    if (Date.now() > end) throw new Error(`the tournament did not get there: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Round `round` is being played and its games are made (the pairings are stored first, the
 * games a moment after).
 */
export const playing =
  (round: number) =>
  (view: TournamentView): boolean =>
    view.status === 'running' &&
    view.round === round &&
    view.pairings[round - 1]!.every((p) => p.defenders === null || p.score !== null || p.status !== null);

/** A round's pairings as "attackers-defenders" (a bye: "name bye"). */
export const pairsOf = (round: readonly TournamentPairing[]): string[] =>
  round.map((p) => (p.defenders === null ? `${p.attackers} bye` : `${p.attackers}-${p.defenders}`));

/** How a test game ends: the attackers or the defenders win (the other resigns), or a draw by agreement. */
export type Outcome = 'attackers' | 'defenders' | 'draw';

/**
 * Plays a tournament game through the WebSocket as its two accounts: each fetches its own seat's
 * token, the side to move makes the first legal move and the other answers (an ordinary game),
 * then the loser resigns, or the attackers offer a draw and the defenders accept.
 */
export async function playGame(
  url: string,
  ws: string,
  gameId: string,
  players: Record<'attackers' | 'defenders', Session>,
  outcome: Outcome,
): Promise<GameView> {
  const seats = {} as Record<'attackers' | 'defenders', { client: Client; token: string }>;
  try {
    for (const side of ['attackers', 'defenders'] as const) {
      const seat = await apiAs<SeatKey>(url, `/api/games/${gameId}/seat`, players[side]);
      expect(seat.status).toBe(200);
      expect(seat.body.side).toBe(side);
      const client = await Client.connect(ws);
      seats[side] = { client, token: seat.body.token };
      client.send({ t: 'watch', game: gameId, token: seat.body.token });
      const state = await client.next('state');
      expect(state.you).toBe(side);
      expect(state.game.status).toBe('playing');
    }
    const pos = startingPosition(presetById('brandub-fr')!);
    for (let i = 0; i < 2; i++) {
      const side = pos.turn;
      const move = makeMoveSquares(pos.geo, pos.legalMoves()[0]!);
      seats[side].client.send({ t: 'move', game: gameId, token: seats[side].token, ply: pos.ply, move });
      const confirmed = await seats[side].client.next(
        'move',
        (m) => m.game === gameId && m.ply === pos.ply + 1,
      );
      pos.play(pos.legalMoves()[0]!);
      expect(confirmed.ply).toBe(i + 1);
    }
    const a = seats.attackers;
    const d = seats.defenders;
    if (outcome === 'draw') {
      a.client.send({ t: 'draw', game: gameId, token: a.token, act: 'offer' });
      await d.client.next('update', (m) => m.game.id === gameId && m.game.drawOffer === 'attackers');
      d.client.send({ t: 'draw', game: gameId, token: d.token, act: 'accept' });
    } else {
      const loser = outcome === 'attackers' ? d : a;
      loser.client.send({ t: 'resign', game: gameId, token: loser.token });
    }
    const over = await a.client.next('update', (m) => m.game.id === gameId && m.game.status === 'ended');
    expect(over.game.result?.winner).toBe(outcome);
    const view = await apiAs<GameView>(url, `/api/games/${gameId}`, undefined);
    return view.body;
  } finally {
    for (const seat of Object.values(seats)) seat.client.close();
  }
}

/**
 * Starts a tournament now (its players entered): made to start a minute ahead, so that a slow
 * machine enters them in time (a start a second or two ahead came first under load), it is moved
 * to now for the director's next look.
 */
export function startNow(setup: ServerSetup, tournamentId: string): Promise<void> {
  return runSql(setup, [
    { sql: 'update tournaments set starts_at = ? where id = ?', params: [Date.now(), tournamentId] },
  ]);
}
