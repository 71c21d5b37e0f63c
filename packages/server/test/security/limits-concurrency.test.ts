/**
 * Limits that hold under concurrency: "a limit is a database fact, not a read then a write".
 * Twelve requests sent together (each on a connection of its own, from a chosen 127.0.x.y
 * address) against the real limits of real server processes:
 *
 * - tournaments per creator (5 not yet started), waiting games per client address and per
 *   signed-in account (5, rated seeks included), accounts made per address (5 an hour), players
 *   per tournament (64): never more than the limit;
 * - on PostgreSQL the requests are split between TWO server processes on one database, which
 *   each counted their own before;
 * - a restart keeps the counts (they were in one process's memory).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOURNAMENT_PLAYERS_MAX, type ErrorBody, type SeatGrant } from '../../src/protocol.js';
import { OPEN_PER_CREATOR } from '../../src/tournaments/routes.js';
import { userName } from '../accounts-harness.js';
import { BACKENDS, freshDatabase, startServer, type ServerProcess, type ServerSetup } from '../harness.js';
import { querySql, runSql, tournamentRequest } from '../tournament-harness.js';
import { requestFrom, signUpFrom, statuses } from './limits-harness.js';

/** The server's own limits (the harness turns some off for the other tests). */
const ENV: Record<string, string> = {
  TAFL_MAX_WAITING_PER_CLIENT: '',
  TAFL_SIGNUPS_PER_HOUR: '',
  TAFL_TOURNAMENT_MIN_START_MS: '0',
};

const AT_ONCE = 12;
const LIMIT = 5;

const game = (over: Record<string, unknown> = {}) => ({
  rules: 'brandub-fr',
  side: 'attackers',
  time: { kind: 'live', baseMs: 300_000, incrementMs: 2_000 },
  name: 'Ailill',
  ...over,
});

describe.each(BACKENDS)('limits under concurrency (%s)', (backend) => {
  let setup: ServerSetup;
  let remove: () => Promise<void>;
  let servers: ServerProcess[] = [];
  // PostgreSQL: two processes on one database, each sent every other request.
  const processes = backend === 'postgres' ? 2 : 1;
  const start = async (): Promise<void> => {
    servers = [];
    for (let i = 0; i < processes; i++) servers.push(await startServer({ ...setup, env: ENV }));
  };
  const restart = async (): Promise<void> => {
    await Promise.all(servers.map((s) => s.stop()));
    await start();
  };
  /** The server the i-th request goes to. */
  const at = (i: number): string => servers[i % servers.length]!.url;

  beforeAll(async () => {
    const database = await freshDatabase(backend);
    setup = database.setup;
    remove = database.remove;
    await start();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await remove?.();
  });

  it(`twelve tournament creations at once by one account: ${OPEN_PER_CREATOR} are made, the others refused`, async () => {
    expect(OPEN_PER_CREATOR).toBe(LIMIT);
    const creator = await signUpFrom('127.0.10.1', at(0), userName('Creator'));
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        requestFrom<ErrorBody>(
          '127.0.10.1',
          at(i),
          '/api/tournaments',
          creator,
          tournamentRequest({ startsAt: Date.now() + 3_600_000 }),
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: LIMIT, 400: AT_ONCE - LIMIT });
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.body.error.code).toBe('tournament/invalid');
    const open = await querySql<{ n: number | string }>(
      setup,
      "select count(*) as n from tournaments where creator_id = ? and status = 'open'",
      [creator.user.id],
    );
    expect(Number(open[0]!.n)).toBe(LIMIT);
  });

  it(`twelve waiting games at once from one address: ${LIMIT} are made; a restart does not reset the count`, async () => {
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        requestFrom<SeatGrant | ErrorBody>('127.0.11.1', at(i), '/api/games', undefined, game()),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: LIMIT, 429: AT_ONCE - LIMIT });
    for (const refused of answers.filter((a) => a.status === 429))
      expect((refused.body as ErrorBody).error.code).toBe('create/limit');
    await restart();
    const after = await requestFrom<ErrorBody>('127.0.11.1', at(1), '/api/games', undefined, game());
    expect(after.status).toBe(429);
    expect(after.body.error.code).toBe('create/limit');
    // Another address is not held back by this one's games.
    expect((await requestFrom('127.0.11.2', at(0), '/api/games', undefined, game())).status).toBe(201);
    // A game joined leaves the count: one more may wait.
    const made = answers.find((a) => a.status === 201)!.body as SeatGrant;
    const joined = await requestFrom('127.0.11.3', at(0), `/api/games/${made.game.id}/join`, undefined, {
      name: 'Medb',
    });
    expect(joined.status).toBe(200);
    expect((await requestFrom('127.0.11.1', at(1), '/api/games', undefined, game())).status).toBe(201);
    expect((await requestFrom('127.0.11.1', at(0), '/api/games', undefined, game())).status).toBe(429);
  });

  it(`twelve rated seeks at once by one account from twelve addresses: ${LIMIT} are made`, async () => {
    const seeker = await signUpFrom('127.0.12.100', at(0), userName('Seeker'));
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        requestFrom<SeatGrant | ErrorBody>(
          `127.0.12.${i + 1}`,
          at(i),
          '/api/games',
          seeker,
          game({ rated: true, ratingRange: 200 }),
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: LIMIT, 429: AT_ONCE - LIMIT });
    for (const made of answers.filter((a) => a.status === 201))
      expect((made.body as SeatGrant).game.rated).toBe(true);
    const waiting = await querySql<{ n: number | string }>(
      setup,
      "select count(*) as n from games where status = 'waiting' and (attackers_user = ? or defenders_user = ?)",
      [seeker.user.id, seeker.user.id],
    );
    expect(Number(waiting[0]!.n)).toBe(LIMIT);
  });

  it(`twelve sign-ups at once from one address: ${LIMIT} accounts are made; a restart does not reset the count`, async () => {
    const names = Array.from({ length: AT_ONCE }, () => userName('Sock'));
    const answers = await Promise.all(
      names.map((name, i) =>
        requestFrom<ErrorBody>('127.0.13.1', at(i), '/api/account/signup', undefined, {
          name,
          password: 'correct horse',
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: LIMIT, 429: AT_ONCE - LIMIT });
    for (const refused of answers.filter((a) => a.status === 429))
      expect(refused.body.error.message).toMatch(/accounts made from this address; try again in \d+ minutes/);
    const made = await querySql<{ n: number | string }>(
      setup,
      `select count(*) as n from users where name in (${names.map(() => '?').join(', ')})`,
      names,
    );
    expect(Number(made[0]!.n)).toBe(LIMIT);
    await restart();
    const after = await requestFrom<ErrorBody>('127.0.13.1', at(1), '/api/account/signup', undefined, {
      name: userName('Sock'),
      password: 'correct horse',
    });
    expect(after.status).toBe(429);
    expect(after.body.error.code).toBe('auth/limited');
  });

  it('twelve accounts joining at once a tournament with two places left: two join', async () => {
    const creator = await signUpFrom('127.0.14.100', at(0), userName('Host'));
    const joiners = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => signUpFrom(`127.0.14.${i + 1}`, at(i), userName('Joiner'))),
    );
    const created = await requestFrom<{ id: string }>(
      '127.0.14.100',
      at(0),
      '/api/tournaments',
      creator,
      tournamentRequest({ startsAt: Date.now() + 3_600_000 }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    // Entries written straight into the table, up to two places short of the most.
    const fillers = TOURNAMENT_PLAYERS_MAX - 3;
    await runSql(
      setup,
      Array.from({ length: fillers }, (_, i) => ({
        sql: 'insert into tournament_players (tournament_id, user_id, name, rating, joined_at) values (?, ?, ?, ?, ?)',
        params: [id, `filler${i}`, `filler${i}`, 1500, Date.now()],
      })),
    );
    const answers = await Promise.all(
      joiners.map((s, i) =>
        requestFrom<ErrorBody>(`127.0.14.${i + 1}`, at(i), `/api/tournaments/${id}/join`, s, {}),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 2, 409: AT_ONCE - 2 });
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.error.code).toBe('tournament/full');
    const players = await querySql<{ n: number | string }>(
      setup,
      'select count(*) as n from tournament_players where tournament_id = ?',
      [id],
    );
    expect(Number(players[0]!.n)).toBe(TOURNAMENT_PLAYERS_MAX);
  });
});
