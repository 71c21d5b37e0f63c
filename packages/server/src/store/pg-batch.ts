/**
 * A group-commit batch on PostgreSQL in as few round trips as the batch allows: every change of
 * a batch goes into a few set-wise statements instead of one or two statements each.
 *
 * - The updates (with their moves) of a round are ONE statement: the rows come in as arrays,
 *   `unnest`ed into a table `v`; `update games ... from v where id and version match` applies
 *   those whose version matches and returns them; the same statement inserts their moves and
 *   sends their notices (pg_notify, delivered only on commit). A change whose version had moved
 *   on is simply not returned: nothing of it is written, and it gets no notice.
 * - The creates of a round are one statement too (`insert ... on conflict do nothing returning`).
 * - Rounds: two changes of one batch that touch the same game (a move, then the next move of the
 *   same game) must run one after the other, so that the second sees the first's version. Each
 *   change goes into the first round after every earlier change that touches one of its games;
 *   the changes of one round touch different games, so their order within it does not matter.
 *   A batch of moves of different games is one round.
 * - A rematch (rare) is its own few statements: insert the new game, update the old, both or
 *   neither.
 *
 * The statements' text does not depend on the number of rows (arrays, not VALUES lists), so each
 * is a named prepared statement: PostgreSQL parses and plans it once per connection.
 *
 * A batch of one statement runs as that statement's own transaction (one round trip, durable when
 * it returns); more are wrapped in BEGIN ... COMMIT on one connection. Any error rolls back the
 * whole batch, as before: every change of it is rejected.
 */

import type pg from 'pg';
import { gameChangesToDb, gameToDb, type GamesTable, type MovesTable } from './schema.js';
import { noticeOf, type ChangeNotice, type GameChange, type GameRow, type MoveRow } from './types.js';

/** The NOTIFY payload of a notice (parseNotice in postgres.ts reads it). */
export const noticePayload = (n: ChangeNotice): string =>
  JSON.stringify({ id: n.id, version: n.version, origin: n.origin, ...(n.moved ? { moved: n.moved } : {}) });

const UPDATE_COLUMNS = [
  ['status', 'text'],
  ['winner', 'text'],
  ['reason', 'text'],
  ['ply', 'int4'],
  ['version', 'int4'],
  ['attackers_name', 'text'],
  ['attackers_token', 'text'],
  ['defenders_name', 'text'],
  ['defenders_token', 'text'],
  ['clock_attackers_ms', 'int8'],
  ['clock_defenders_ms', 'int8'],
  ['turn_started_at', 'int8'],
  ['draw_offer', 'text'],
  ['takeback_offer', 'text'],
  ['takebacks', 'int4'],
  ['rematch_offer', 'text'],
  ['rematch_id', 'text'],
  ['updated_at', 'int8'],
  ['attackers_user', 'text'],
  ['defenders_user', 'text'],
] as const satisfies readonly (readonly [keyof ReturnType<typeof gameChangesToDb>, string])[];

const CREATE_COLUMNS = [
  ['id', 'text'],
  ['rules', 'text'],
  ['rules_id', 'text'],
  ['rules_name', 'text'],
  ['time_kind', 'text'],
  ['time_base_ms', 'int8'],
  ['time_increment_ms', 'int8'],
  ['created_at', 'int8'],
  ['rated', 'int4'],
  ['rating_min', 'int4'],
  ['rating_max', 'int4'],
  ['tournament_id', 'text'],
  ...UPDATE_COLUMNS,
] as const satisfies readonly (readonly [keyof ReturnType<typeof gameToDb>, string])[];

/** `$1::text[], $2::int8[], ...` for `types`, from parameter `first`. */
const arrays = (types: readonly string[], first: number): string =>
  types.map((t, i) => `$${first + i}::${t}[]`).join(', ');

const U = UPDATE_COLUMNS.length;
/**
 * Parameters: id, expected version, the columns, the move (text, at, clock), the payload, whether
 * it is a takeback (its moves after the row's ply deleted), channel.
 */
const UPDATE_SQL = (channel: string): string => `
with v as (
  select * from unnest(${arrays(['text', 'int4', ...UPDATE_COLUMNS.map(([, t]) => t), 'text', 'int8', 'int8', 'text', 'bool'], 1)})
    as v(id, expect, ${UPDATE_COLUMNS.map(([c]) => c).join(', ')}, move, move_at, move_clock_ms, payload, takeback)
), u as (
  update games as g set ${UPDATE_COLUMNS.map(([c]) => `${c} = v.${c}`).join(', ')}
  from v where g.id = v.id and g.version = v.expect
  returning v.id, v.ply, v.move, v.move_at, v.move_clock_ms, v.payload, v.takeback
), m as (
  insert into moves (game_id, ply, move, at, clock_ms)
  select id, ply, move, move_at, move_clock_ms from u where move is not null
), d as (
  delete from moves using u where u.takeback and moves.game_id = u.id and moves.ply > u.ply
)
select id, case when payload is not null then pg_notify('${channel}', payload) end as sent from u`;

const C = CREATE_COLUMNS.length;
/** Parameters: the columns, the payload. */
const CREATE_SQL = (channel: string): string => `
with v as (
  select * from unnest(${arrays([...CREATE_COLUMNS.map(([, t]) => t), 'text'], 1)})
    as v(${CREATE_COLUMNS.map(([c]) => c).join(', ')}, payload)
), i as (
  insert into games (${CREATE_COLUMNS.map(([c]) => c).join(', ')})
  select ${CREATE_COLUMNS.map(([c]) => c).join(', ')} from v
  on conflict (id) do nothing
  returning id
)
select i.id, case when v.payload is not null then pg_notify('${channel}', v.payload) end as sent
from i join v on v.id = i.id`;

interface Update {
  readonly expectVersion: number;
  readonly row: GameRow;
  readonly move: MoveRow | undefined;
  /** A takeback: the game's moves after the row's ply are deleted. */
  readonly takeback: boolean;
  /** Null: no notice (the first half of a rematch). */
  readonly payload: string | null;
}

/** The statements of one batch, on one connection. */
export class PgBatchWriter {
  private readonly updateSql: string;
  private readonly createSql: string;

  constructor(private readonly channel: string) {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`a bad channel name: ${channel}`);
    this.updateSql = UPDATE_SQL(channel);
    this.createSql = CREATE_SQL(channel);
  }

  /** Writes `changes` (one transaction) and says which applied; `origin` goes in the notices. */
  async write(pool: pg.Pool, changes: readonly GameChange[], origin: string): Promise<boolean[]> {
    const rounds = roundsOf(changes);
    // One statement's batch: its own transaction. Anything more: BEGIN ... COMMIT.
    const single =
      rounds.length === 1 &&
      !rounds[0]!.some((i) => changes[i]!.kind === 'rematch') &&
      (rounds[0]!.every((i) => changes[i]!.kind === 'create') ||
        rounds[0]!.every((i) => changes[i]!.kind === 'update'));
    const client = await pool.connect();
    try {
      if (!single) await client.query('begin');
      const applied = new Array<boolean>(changes.length).fill(false);
      for (const round of rounds) await this.round(client, changes, round, origin, applied);
      if (!single) await client.query('commit');
      client.release();
      return applied;
    } catch (e) {
      // Whatever failed (a statement, or the connection itself), this connection is dropped, and
      // its open transaction with it: nothing of the batch is written.
      client.release(e instanceof Error ? e : new Error(String(e)));
      throw e;
    }
  }

  private async round(
    client: pg.PoolClient,
    changes: readonly GameChange[],
    round: readonly number[],
    origin: string,
    applied: boolean[],
  ): Promise<void> {
    const payload = (row: GameRow): string => noticePayload({ id: row.id, version: row.version, origin });
    const creates: number[] = [];
    const updates: number[] = [];
    for (const i of round) {
      const kind = changes[i]!.kind;
      if (kind === 'create') creates.push(i);
      else if (kind === 'update') updates.push(i);
    }
    if (creates.length > 0) {
      const done = await this.create(
        client,
        creates.map((i) => (changes[i] as Extract<GameChange, { kind: 'create' }>).row),
        (row) => payload(row),
      );
      for (const i of creates) applied[i] = done.has((changes[i] as { row: GameRow }).row.id);
    }
    if (updates.length > 0) {
      const done = await this.update(
        client,
        updates.map((i) => {
          const change = changes[i] as Extract<GameChange, { kind: 'update' }>;
          return {
            expectVersion: change.expectVersion,
            row: change.row,
            move: change.move,
            takeback: change.takeback === true,
            payload: noticePayload(noticeOf(change, origin)[0]!),
          };
        }),
      );
      for (const i of updates) applied[i] = done.has((changes[i] as { row: GameRow }).row.id);
    }
    for (const i of round) {
      const change = changes[i]!;
      if (change.kind !== 'rematch') continue;
      // The new game first: a duplicate id is refused without touching `from`. If `from` has
      // moved on, the game just inserted (visible to no one else yet) is taken out again.
      if ((await this.create(client, [change.row], () => null)).size === 0) continue;
      const from = {
        expectVersion: change.expectVersion,
        row: change.from,
        move: undefined,
        takeback: false,
        payload: null,
      };
      if ((await this.update(client, [from])).size === 0) {
        await client.query('delete from games where id = $1', [change.row.id]);
        continue;
      }
      await client.query(`select pg_notify('${this.channel}', p) from unnest($1::text[]) as p`, [
        [payload(change.from), payload(change.row)],
      ]);
      applied[i] = true;
    }
  }

  /** Inserts the rows whose id is free; the ids inserted. */
  private async create(
    client: pg.PoolClient,
    rows: readonly GameRow[],
    payload: (row: GameRow) => string | null,
  ): Promise<Set<string>> {
    const values: unknown[][] = Array.from({ length: C + 1 }, () => []);
    for (const row of rows) {
      const db = gameToDb(row) as unknown as Record<string, unknown>;
      CREATE_COLUMNS.forEach(([c], k) => values[k]!.push(db[c]));
      values[C]!.push(payload(row));
    }
    const result = await client.query<{ id: string }>({
      name: 'tafl_create_v2',
      text: this.createSql,
      values,
    });
    return new Set(result.rows.map((r) => r.id));
  }

  /** Applies the updates whose version matches, with their moves and notices; their ids. */
  private async update(client: pg.PoolClient, updates: readonly Update[]): Promise<Set<string>> {
    const values: unknown[][] = Array.from({ length: U + 7 }, () => []);
    for (const { expectVersion, row, move, takeback, payload } of updates) {
      const db = gameChangesToDb(row) as unknown as Record<string, unknown>;
      values[0]!.push(row.id);
      values[1]!.push(expectVersion);
      UPDATE_COLUMNS.forEach(([c], k) => values[k + 2]!.push(db[c]));
      values[U + 2]!.push(move?.move ?? null);
      values[U + 3]!.push(move?.at ?? null);
      values[U + 4]!.push(move?.clockMs ?? null);
      values[U + 5]!.push(payload);
      values[U + 6]!.push(takeback);
    }
    const result = await client.query<{ id: string }>({
      name: 'tafl_update_v2',
      text: this.updateSql,
      values,
    });
    return new Set(result.rows.map((r) => r.id));
  }
}

/** The games a change touches. */
const gamesOf = (change: GameChange): string[] =>
  change.kind === 'rematch' ? [change.from.id, change.row.id] : [change.row.id];

/**
 * The changes' indexes in rounds: each change in the first round after every earlier change
 * that touches one of its games.
 */
export function roundsOf(changes: readonly GameChange[]): number[][] {
  const last = new Map<string, number>();
  const rounds: number[][] = [];
  changes.forEach((change, i) => {
    const ids = gamesOf(change);
    const r = Math.max(-1, ...ids.map((id) => last.get(id) ?? -1)) + 1;
    for (const id of ids) last.set(id, r);
    (rounds[r] ??= []).push(i);
  });
  return rounds;
}

// ---------------------------------------------------------------------------------------------
// The reads of a game that another process changed (every move of a game whose players are on two
// processes), as named prepared statements too. Their columns are named, not `*`: a column added by
// a later migration would otherwise make a prepared `select *` fail on connections that prepared it
// before.

const GAME_SELECT = `select ${CREATE_COLUMNS.map(([c]) => c).join(', ')} from games where id = $1`;
const MOVES_SELECT =
  'select game_id, ply, move, at, clock_ms from moves where game_id = $1 and ply > $2 order by ply';

export async function loadGameRow(pool: pg.Pool, id: string): Promise<GamesTable | undefined> {
  const result = await pool.query<GamesTable>({ name: 'tafl_load_game_v2', text: GAME_SELECT, values: [id] });
  return result.rows[0];
}

export async function loadMoveRows(pool: pg.Pool, id: string, afterPly: number): Promise<MovesTable[]> {
  const result = await pool.query<MovesTable>({
    name: 'tafl_load_moves_v1',
    text: MOVES_SELECT,
    values: [id, afterPly],
  });
  return result.rows;
}
