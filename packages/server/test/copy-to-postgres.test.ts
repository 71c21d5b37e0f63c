/**
 * Growing from SQLite to PostgreSQL as docs/deploy.md gives it: a SQLite server's database,
 * filled by real play (guests' games, accounts, a rated game and its ratings, a game between
 * accounts going on, a tournament), stopped, is copied by `copy-to-postgres` into an empty
 * PostgreSQL database; a server started there shows the same games, accounts, ratings and
 * tournament, an account signs in with its password, takes its seat again with its seat token
 * and plays on. The copy refuses a folder a server is using, a target that is not empty, and a
 * game whose moves do not replay, leaving the target as it was. Runs when TAFL_TEST_PG is set.
 */

import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { presetById, startingPosition, type Side } from '@tafl/core';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameView, Lobby, PlayerView, SeatKey, TournamentView } from '../src/protocol.js';
import { apiAs, signIn, signUp, type Session } from './accounts-harness.js';
import {
  createGame,
  fetchGame,
  freshDatabase,
  joinGame,
  startServer,
  tempDir,
  api,
  type ServerProcess,
  type ServerSetup,
} from './harness.js';
import { play, playerPage, ratedGames, resign, table, until, type Table } from './players-harness.js';
import { TOURNAMENT_ENV, createTournament, joinTournament, tournament } from './tournament-harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'packages/server/dist/main.js');

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  for (const cleanup of cleanups) await cleanup();
});

/** Runs `main.js copy-to-postgres ARGS`: its exit code and what it wrote. */
function copy(
  args: readonly string[],
  databaseUrl = '',
): Promise<{ code: number | null; out: string; err: string }> {
  const scratch = tempDir();
  cleanups.push(scratch.remove);
  const child = spawn(process.execPath, [MAIN, 'copy-to-postgres', ...args], {
    cwd: ROOT,
    // No server's settings: were the command missing, a server would start here, on a free port.
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: scratch.dir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (clearTimeout(timer), resolve({ code, out, err })));
  });
}

/** Rows of `table` in the PostgreSQL database (0 when it has no such table yet). */
async function rowsIn(databaseUrl: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const exists = await client.query('select to_regclass($1) as t', [table]);
    if ((exists.rows[0] as { t: unknown }).t === null) return 0;
    return Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
  } finally {
    await client.end();
  }
}

/** What a server shows of everything the test made. */
interface Shown {
  readonly games: Record<string, GameView>;
  readonly players: Record<string, PlayerView>;
  readonly tournament: TournamentView;
  readonly lobby: Lobby;
}

async function shown(
  url: string,
  gameIds: readonly string[],
  names: readonly string[],
  tid: string,
): Promise<Shown> {
  const games: Record<string, GameView> = {};
  for (const id of gameIds) games[id] = await fetchGame(url, id);
  const players: Record<string, PlayerView> = {};
  for (const name of names) players[name] = await playerPage(url, name);
  return {
    games,
    players,
    tournament: await tournament(url, tid),
    lobby: (await api<Lobby>(url, '/api/lobby')).body,
  };
}

/** A guest game: created, joined, `plies` first legal moves played. */
async function guestGame(url: string, ws: string, plies: number): Promise<Table> {
  const a = await createGame(url, { name: 'Ailill' });
  const d = await joinGame(url, a.game.id, 'Medb');
  const game: Table = {
    id: a.game.id,
    tokens: { attackers: a.token, defenders: d.token },
    pos: startingPosition(presetById('brandub-fr')!),
  };
  await play(ws, game, plies);
  return game;
}

describe.runIf(process.env.TAFL_TEST_PG)('copy-to-postgres', () => {
  it('moves everything a SQLite server holds to PostgreSQL, where it goes on', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const target = await freshDatabase('postgres');
    cleanups.push(target.remove);
    // With a password (the test database lets anyone in): it is never written out.
    const withPassword = new URL(target.setup.databaseUrl!);
    withPassword.password = 'not-to-be-shown';
    const databaseUrl = withPassword.toString();
    const sqliteSetup: ServerSetup = { dataDir: dir.dir, env: TOURNAMENT_ENV };
    const before = await startServer(sqliteSetup);
    running.push(before);

    // Guests: a game going on, and one resigned.
    const going = await guestGame(before.url, before.ws, 3);
    const resigned = await guestGame(before.url, before.ws, 2);
    await resign(before.ws, resigned, 'attackers');
    // Accounts: a rated game played and resigned (rated at its end), and a casual one going on.
    const names = ['ailill_copy', 'medb_copy', 'fergus_copy'];
    const [ailill, medb, fergus] = (await Promise.all(names.map((n) => signUp(before.url, n)))) as [
      Session,
      Session,
      Session,
    ];
    const rated = await table(before.url, ailill, medb);
    await play(before.ws, rated, 4);
    await resign(before.ws, rated, 'defenders');
    await until(
      () => playerPage(before.url, 'medb_copy'),
      (v) => ratedGames(v) === 1,
      'the rating',
    );
    const casual = await table(before.url, ailill, fergus, { rated: false, time: { kind: 'none' } });
    await play(before.ws, casual, 3);
    // A tournament, open for a while yet, that two have joined.
    const cup = await createTournament(before.url, medb, {
      name: 'Tara cup',
      startsAt: Date.now() + 3_600_000,
    });
    await joinTournament(before.url, cup.id, fergus);
    const ids = [going.id, resigned.id, rated.id, casual.id];
    const then = await shown(before.url, ids, names, cup.id);

    // While the server runs, its folder is not copied (and the target stays untouched).
    const busy = await copy(['--from', dir.dir, '--to', databaseUrl]);
    expect(busy.code).toBe(1);
    expect(busy.err).toMatch(/another server process .*is using the data folder/);
    expect(await rowsIn(databaseUrl, 'games')).toBe(0);

    await before.stop();
    const done = await copy(['--from', dir.dir, '--to', databaseUrl]);
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    expect(done.out).not.toContain('not-to-be-shown');
    // The snapshot it read from, beside the database, is gone; the database is as it was.
    expect(readdirSync(dir.dir).filter((f) => f.startsWith('.tafl-copy-'))).toEqual([]);
    for (const rows of [
      'games 4',
      'moves 12',
      'users 3',
      'rated_games 1',
      'tournament_players 2',
      // The seat tokens' secret and the key of the addresses the limits keep.
      'secrets 2',
    ])
      expect(done.out).toMatch(new RegExp(`\\b${rows}\\b`));
    expect(done.out).toContain('4 games equal to the source');

    // A second copy into it is refused: it is not empty any more, and nothing is added.
    const again = await copy(['--from', dir.dir, '--to', databaseUrl]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/is not empty \(games: 4, .*moves: 12\b/);
    expect(await rowsIn(databaseUrl, 'games')).toBe(4);

    const after = await startServer({ databaseUrl, env: TOURNAMENT_ENV });
    running.push(after);
    expect(await shown(after.url, ids, names, cup.id)).toEqual(then);

    // An account signs in with its password, takes its seat with its seat token (derived from the
    // server's secret, copied with the rest) and plays on.
    const back = await signIn(after.url, 'fergus_copy');
    expect(back.user.id).toBe(fergus.user.id);
    const turn: Side = casual.pos.turn;
    const player = turn === 'attackers' ? ailill : back;
    const seat = await apiAs<SeatKey>(
      after.url,
      `/api/games/${casual.id}/seat`,
      await signIn(after.url, player.user.name),
    );
    expect(seat.status).toBe(200);
    expect(seat.body.token).toBe(casual.tokens[turn]);
    await play(after.ws, casual, 2);
    expect((await fetchGame(after.url, casual.id)).moves).toHaveLength(5);
    // The guests' game goes on too, with their tokens.
    await play(after.ws, going, 1);
    expect((await fetchGame(after.url, going.id)).moves).toHaveLength(4);
  });

  it('refuses a game whose moves do not replay, and leaves the target empty', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const target = await freshDatabase('postgres');
    cleanups.push(target.remove);
    const server = await startServer({ dataDir: dir.dir });
    running.push(server);
    const game = await guestGame(server.url, server.ws, 3);
    await server.stop();
    // The second move made illegal in the SQLite file (a defender's square given to the attackers).
    const db = new SQLite(join(dir.dir, 'tafl.sqlite'));
    db.prepare("update moves set move = 'a1-a2' where game_id = ? and ply = 2").run(game.id);
    db.close();
    const refused = await copy(['--from', dir.dir, '--to', target.setup.databaseUrl!]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`game ${game.id} does not replay: its move 2 (a1-a2) is not legal`);
    expect(await rowsIn(target.setup.databaseUrl!, 'games')).toBe(0);
    expect(await rowsIn(target.setup.databaseUrl!, 'moves')).toBe(0);
  });

  it('copies a backup file while the SQLite server goes on, to the DATABASE_URL', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const target = await freshDatabase('postgres');
    cleanups.push(target.remove);
    const server = await startServer({ dataDir: dir.dir });
    running.push(server);
    const game = await guestGame(server.url, server.ws, 5);
    const file = join(dir.dir, 'before-postgres.sqlite');
    const backup = spawn(process.execPath, [MAIN, 'backup', file], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir.dir },
      stdio: 'ignore',
    });
    expect(await new Promise((resolve) => backup.once('exit', resolve))).toBe(0);
    await play(server.ws, game, 1); // after the backup: stays behind
    const done = await copy(['--from', file], target.setup.databaseUrl!);
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/\bgames 1, .*\bmoves 5\b/);
    expect(await rowsIn(target.setup.databaseUrl!, 'moves')).toBe(5);
    await server.stop();
  });

  it('says how it is used when the arguments are not right', async () => {
    for (const args of [
      [],
      ['--from'],
      ['--to', 'postgres://x/y'],
      ['--from', 'x', '--to', 'mysql://x/y'],
      ['--frm', 'x'],
    ]) {
      const wrong = await copy(args);
      expect(wrong.code).toBe(2);
      expect(wrong.err).toContain('usage: copy-to-postgres --from DATA_DIR|BACKUP_FILE');
    }
  });
});
