/**
 * The analysis kept with a finished online game, through the real server and a real database
 * (SQLite; PostgreSQL too when TAFL_TEST_PG is set): anyone may store one for a finished game
 * and everyone reads it back; it is checked against the game's moves, a deeper one is never
 * replaced by a shallower one, and nothing sent to it can harm the game.
 */

import {
  finishedEval,
  makeMoveSquares,
  playMoveRecord,
  presetById,
  startingPosition,
  type GameAnalysis,
  type PlyEval,
  type Position,
  type Side,
} from '@tafl/core';
import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../core/test/random.js';
import { MAX_ANALYSIS_BYTES, type ErrorBody, type GameView } from '../src/protocol.js';
import {
  Client,
  api,
  createGame,
  fetchGame,
  joinGame,
  startServer,
  BACKENDS,
  freshDatabase,
  type ServerProcess,
  type ServerSetup,
} from './harness.js';

const clients: Client[] = [];
afterAll(() => clients.forEach((c) => c.close()));

async function put(
  base: string,
  id: string,
  body: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}/api/games/${id}/analysis`, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed };
}

const getAnalysis = (base: string, id: string) =>
  api<GameAnalysis | ErrorBody>(base, `/api/games/${id}/analysis`);

interface Played {
  readonly id: string;
  /** The position after the last move. */
  readonly pos: Position;
  readonly moves: readonly string[];
}

const pick = (pos: Position, rng: () => number): string => {
  const moves = pos.legalMoves();
  return makeMoveSquares(pos.geo, moves[Math.floor(rng() * moves.length)]!);
};

/**
 * A game created and joined, then played with random legal moves: to the rules' end, or for
 * `plies` moves (then resigned by the side to move when `resign`, else left playing).
 */
async function play(
  base: string,
  seed: number,
  options: { plies?: number; resign?: boolean } = {},
): Promise<Played> {
  const first = await createGame(base, { rules: 'brandub-fr', side: 'attackers' });
  const second = await joinGame(base, first.game.id);
  const id = first.game.id;
  const seats = {} as Record<Side, { client: Client; token: string }>;
  for (const grant of [first, second]) {
    const client = await Client.connect(`${base.replace(/^http/, 'ws')}/api/ws`);
    clients.push(client);
    await client.next('hello');
    client.send({ t: 'watch', game: id, token: grant.token });
    await client.next('state');
    seats[grant.side] = { client, token: grant.token };
  }
  const rng = prng(seed);
  const pos = startingPosition(presetById('brandub-fr')!);
  const moves: string[] = [];
  while (!pos.isOver() && (options.plies === undefined || pos.ply < options.plies)) {
    const mover = seats[pos.turn];
    const move = pick(pos, rng);
    mover.client.send({ t: 'move', game: id, token: mover.token, ply: pos.ply, move });
    const confirmed = await mover.client.next('move', (m) => m.game === id && m.ply === pos.ply + 1);
    expect(playMoveRecord(pos, move).ok).toBe(true);
    moves.push(confirmed.move);
  }
  if (options.resign && !pos.isOver()) {
    const mover = seats[pos.turn];
    mover.client.send({ t: 'resign', game: id, token: mover.token });
    await mover.client.next('update', (m) => m.game.id === id && m.game.status === 'ended');
  }
  return { id, pos, moves };
}

/**
 * An analysis of a game made by the rules alone (no search): a finished position carries its
 * result, every other one a score and a one- or two-move best line that is legal there.
 */
function analysisOf(game: Played, depth: number, score = (ply: number) => ply * 3 - 40): GameAnalysis {
  const pos = startingPosition(presetById('brandub-fr')!);
  const plies: PlyEval[] = [];
  for (let ply = 0; ply <= game.moves.length; ply++) {
    if (ply > 0) expect(playMoveRecord(pos, game.moves[ply - 1]!).ok).toBe(true);
    const outcome = pos.outcome();
    if (outcome.status !== 'ongoing') {
      plies.push(finishedEval(outcome.status));
      continue;
    }
    const first = pos.legalMoves()[ply % pos.legalMoves().length]!;
    const pv = [makeMoveSquares(pos.geo, first)];
    playMoveRecord(pos, pv[0]!);
    if (!pos.isOver()) pv.push(makeMoveSquares(pos.geo, pos.legalMoves()[0]!));
    pos.undo();
    plies.push({ score: score(ply), pv, depth });
  }
  return { version: 2, depth, plies };
}

/** What a client can see of a game: its view (clocks aside) and its record. */
async function snapshot(base: string, id: string): Promise<{ view: GameView; record: string }> {
  const view = await fetchGame(base, id);
  const record = await api<string>(base, `/api/games/${id}/record`);
  expect(record.status).toBe(200);
  return { view, record: record.body };
}

const errorOf = (body: unknown): ErrorBody['error'] => (body as ErrorBody).error;

describe.each(BACKENDS)('on %s', (backend) => {
  let server: ServerProcess;
  let setup: ServerSetup;
  let remove: () => Promise<void>;
  let finished: Played;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    setup = database.setup;
    server = await startServer(setup);
    finished = await play(server.url, 11);
    expect(finished.pos.isOver()).toBe(true);
  });
  afterAll(async () => {
    await server?.stop();
    await remove?.();
  });

  it('an analysis saved for a finished game is read back by anyone, as sent', async () => {
    const before = await getAnalysis(server.url, finished.id);
    expect(before.status).toBe(404);
    expect(errorOf(before.body).code).toBe('analysis/none');
    const analysis = analysisOf(finished, 5);
    const saved = await put(server.url, finished.id, analysis);
    expect(saved).toEqual({ status: 200, body: { depth: 5 } });
    const after = await getAnalysis(server.url, finished.id);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(analysis);
    // The final position is the rules' result, never a search score.
    const last = (after.body as GameAnalysis).plies.at(-1)!;
    expect(last.result).toBe(finished.pos.outcome().status);
  });

  it('a game ended by resignation keeps an analysis too', async () => {
    const resigned = await play(server.url, 12, { plies: 6, resign: true });
    expect((await fetchGame(server.url, resigned.id)).status).toBe('ended');
    expect((await put(server.url, resigned.id, analysisOf(resigned, 3))).status).toBe(200);
    expect((await getAnalysis(server.url, resigned.id)).body).toEqual(analysisOf(resigned, 3));
  });

  it('is refused for a game being played or waiting for an opponent, and for an unknown game', async () => {
    const playing = await play(server.url, 13, { plies: 4 });
    const refused = await put(server.url, playing.id, analysisOf(playing, 4));
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body)).toMatchObject({ code: 'analysis/not-over' });
    expect(errorOf(refused.body).message).toMatch(/not over/);
    expect((await getAnalysis(server.url, playing.id)).status).toBe(404);

    const waiting = await createGame(server.url);
    const empty: GameAnalysis = { version: 2, depth: 1, plies: [{ score: 0 }] };
    expect(errorOf((await put(server.url, waiting.game.id, empty)).body).code).toBe('analysis/not-over');

    const unknown = await put(server.url, 'Zz00000000', empty);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body).code).toBe('game/unknown');
    expect((await put(server.url, '../../etc', empty)).status).toBe(404);
    const unknownRead = await getAnalysis(server.url, 'Zz00000000');
    expect(errorOf(unknownRead.body).code).toBe('game/unknown');
  });

  it('refuses a body that is not an analysis of this game, saying what is wrong, and the game is unchanged', async () => {
    const game = await play(server.url, 14, { plies: 8, resign: true });
    const before = await snapshot(server.url, game.id);
    const good = analysisOf(game, 4);
    const invalid = async (body: unknown, pattern: RegExp, contentType?: string): Promise<void> => {
      const r = await put(server.url, game.id, body, contentType);
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(errorOf(r.body).code).toBe('analysis/invalid');
      expect(errorOf(r.body).message).toMatch(pattern);
    };
    // Too few and too many positions for the game's length.
    await invalid({ ...good, plies: good.plies.slice(1) }, /positions.*plies/);
    await invalid({ ...good, plies: [...good.plies, { score: 0 }] }, /positions.*plies/);
    // A best line with a move that cannot be played there.
    const plies = [...good.plies];
    plies[2] = { score: 10, pv: ['a1-a7'], depth: 4 };
    await invalid({ ...good, plies }, /position 2.*cannot be played/);
    plies[2] = { score: 10, pv: [...good.plies[2]!.pv!, 'pass', 'a1-a7'], depth: 4 };
    await invalid({ ...good, plies }, /position 2/);
    // Wrong shapes and values.
    await invalid({ ...good, version: 1 }, /version/);
    await invalid({ ...good, depth: -1 }, /depth/);
    await invalid({ ...good, depth: 'deep' }, /depth/);
    await invalid({ ...good, extra: true }, /unknown field/);
    await invalid({ ...good, plies: 'all of them' }, /plies/);
    await invalid([good.depth], /not an object/);
    // Nested deeper than any analysis is (MAX_BODY_DEPTH): refused before it is parsed.
    const wrapped = await put(server.url, game.id, [good]);
    expect(wrapped.status).toBe(400);
    expect(errorOf(wrapped.body).code).toBe('msg/depth');
    await invalid(null, /not an object/);
    await invalid(
      { ...good, plies: good.plies.map((p, i) => (i === 3 ? { ...p, score: 1.5 } : p)) },
      /score/,
    );
    await invalid(
      { ...good, plies: good.plies.map((p, i) => (i === 3 ? { score: 0, result: 'attackers' } : p)) },
      /not over/,
    );
    // Not JSON at all, or not sent as JSON.
    const notJson = await put(server.url, game.id, '{"version": 2, "depth": 3, "plies": [');
    expect(notJson.status).toBe(400);
    expect(errorOf(notJson.body).code).toBe('msg/json');
    const asText = await put(server.url, game.id, JSON.stringify(good), 'text/plain');
    expect(asText.status).toBe(400);
    expect(errorOf(asText.body).code).toBe('msg/json');
    const proto = await put(server.url, game.id, `{"__proto__": {"polluted": 1}, "version": 2}`);
    expect(proto.status).toBeGreaterThanOrEqual(400);
    expect(proto.status).toBeLessThan(500);

    // None of it was kept, and the game is as it was; the good one is still accepted.
    expect((await getAnalysis(server.url, game.id)).status).toBe(404);
    expect(await snapshot(server.url, game.id)).toEqual(before);
    expect((await put(server.url, game.id, good)).status).toBe(200);
    expect(await snapshot(server.url, game.id)).toEqual(before);
  });

  it('a final position must carry the result the rules decided, not a search score', async () => {
    const plies = [...analysisOf(finished, 9).plies];
    plies[plies.length - 1] = { score: 120, pv: [], depth: 9 };
    const r = await put(server.url, finished.id, { version: 2, depth: 9, plies });
    expect(r.status).toBe(422);
    const winner = finished.pos.outcome().status === 'attackers' ? 'defenders' : 'attackers';
    plies[plies.length - 1] = finishedEval(winner);
    const wrong = await put(server.url, finished.id, { version: 2, depth: 9, plies });
    expect(errorOf(wrong.body).message).toMatch(/rules decided/);
  });

  it('keeps the deeper analysis: a shallower or equal one is refused, a deeper one replaces it', async () => {
    const game = await play(server.url, 15, { plies: 10, resign: true });
    const six = analysisOf(game, 6, (ply) => ply);
    expect((await put(server.url, game.id, six)).status).toBe(200);
    for (const depth of [4, 6]) {
      const r = await put(
        server.url,
        game.id,
        analysisOf(game, depth, (ply) => -ply),
      );
      expect(r.status).toBe(409);
      expect(errorOf(r.body).code).toBe('analysis/shallower');
      expect(errorOf(r.body).message).toMatch(/depth 6/);
    }
    expect((await getAnalysis(server.url, game.id)).body).toEqual(six);
    const eight = analysisOf(game, 8, (ply) => 2 * ply);
    expect(await put(server.url, game.id, eight)).toEqual({ status: 200, body: { depth: 8 } });
    expect((await getAnalysis(server.url, game.id)).body).toEqual(eight);
  });

  it('of analyses sent at once, the deepest is the one kept', async () => {
    const game = await play(server.url, 16, { plies: 6, resign: true });
    const depths = [3, 9, 5, 7, 2, 9, 4];
    const results = await Promise.all(depths.map((d) => put(server.url, game.id, analysisOf(game, d))));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(((await getAnalysis(server.url, game.id)).body as GameAnalysis).depth).toBe(9);
  });

  it('refuses an oversized body with msg/size, and keeps nothing of it', async () => {
    const game = await play(server.url, 17, { plies: 4, resign: true });
    const huge = { ...analysisOf(game, 3), padding: 'x'.repeat(MAX_ANALYSIS_BYTES) };
    const r = await put(server.url, game.id, huge);
    expect(r.status).toBe(413);
    expect(errorOf(r.body).code).toBe('msg/size');
    expect((await getAnalysis(server.url, game.id)).status).toBe(404);
    // Bodies of other requests keep their own, smaller limit.
    const join = await api<ErrorBody>(server.url, `/api/games/${game.id}/join`, { name: 'x'.repeat(20_000) });
    expect(join.status).toBe(413);
  });

  it('survives a restart, and a database made before analyses existed is migrated with its games intact', async () => {
    const kept = await getAnalysis(server.url, finished.id);
    expect(kept.status).toBe(200);
    const before = await snapshot(server.url, finished.id);
    await server.stop();
    // Take the database back to the first schema: no analyses table, migration 0002 not run, nor
    // those that came after it (the accounts' 0003, its tables and the games' columns; 0005's seat
    // keys went with the users table), nor any later one (each runs again on what 0003 makes).
    const downgrade = [
      'drop table analyses',
      ...[
        'tournament_pairings',
        'tournament_players',
        'tournaments',
        'rated_games',
        'rating_history',
        'ratings',
        'sessions',
        // The limits' tables (0006; one refers to users).
        'known_addresses',
        'waiting_places',
        'limit_attempts',
        // The mail's tables (0007; both refer to users).
        'mail_queue',
        'mail_addresses',
        'users',
        'secrets',
      ].map((table) => `drop table ${table}`),
      'drop index games_attackers_user',
      'drop index games_defenders_user',
      ...['rated', 'rating_min', 'rating_max', 'tournament_id', 'attackers_user', 'defenders_user'].map(
        (column) => `alter table games drop column ${column}`,
      ),
      `delete from kysely_migration where name <> '0001-games-moves-heartbeats'`,
    ];
    if (setup.databaseUrl) {
      const client = new pg.Client({ connectionString: setup.databaseUrl });
      await client.connect();
      try {
        for (const statement of downgrade) await client.query(statement);
      } finally {
        await client.end();
      }
    } else {
      const db = new SQLite(join(setup.dataDir!, 'tafl.sqlite'));
      try {
        for (const statement of downgrade) db.exec(statement);
      } finally {
        db.close();
      }
    }
    server = await startServer(setup);
    expect(await snapshot(server.url, finished.id)).toEqual(before);
    expect((await getAnalysis(server.url, finished.id)).status).toBe(404);
    expect((await put(server.url, finished.id, kept.body)).status).toBe(200);
    await server.stop();
    server = await startServer(setup);
    expect((await getAnalysis(server.url, finished.id)).body).toEqual(kept.body);
    expect(await snapshot(server.url, finished.id)).toEqual(before);
  });
});

describe('the rate of analyses saved', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ env: { TAFL_HTTP_RATE: '0.01' } });
  });
  afterAll(() => server?.stop());

  it('is limited per address like the other writes (a burst of 30), while reading stays free', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await put(server.url, 'Zz00000000', { version: 2 })).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    const limited = await put(server.url, 'Zz00000000', { version: 2 });
    expect(limited.status).toBe(429);
    expect(errorOf(limited.body)).toMatchObject({ code: 'rate/limited' });
    expect(errorOf(limited.body).message).toMatch(/analyses/);
    expect((await getAnalysis(server.url, 'Zz00000000')).status).toBe(404);
  });
});
