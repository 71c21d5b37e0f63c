/**
 * PostgreSQL through pg, for several server processes on one database: a Pool for the queries
 * and one dedicated Client that LISTENs for the changes the others commit. A batch's notices are
 * sent with pg_notify inside its transaction, so they are delivered only if it commits.
 *
 * int8 (bigint: the times) comes back from pg as a string by default; these connections use their
 * own type parsers (not pg's global ones) that make it a number. Milliseconds since 1970 stay far
 * below 2^53.
 */

import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Backend } from './kysely-store.js';
import { loadGameRow, loadMoveRows, noticePayload, PgBatchWriter } from './pg-batch.js';
import type { Database } from './schema.js';
import type { ChangeNotice, GameRow, MoveRow, PresenceNotice } from './types.js';

export const CHANNEL = 'tafl_games';
/** Which seats each process's connections hold (presence.ts). */
export const PRESENCE_CHANNEL = 'tafl_presence';
/** A change notice's payload at most (one with its move and row is about 700 characters). */
const NOTICE_PAYLOAD_MAX = 4000;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const PRESENCE_PAYLOAD_MAX = 7900;
const INT8_OID = 20;
/** The first wait before connecting the LISTEN client again, doubled up to the second. */
const RECONNECT_MS = { first: 250, max: 15_000 } as const;

/** A NOTIFY payload's JSON object of at most `max` characters, or undefined. */
function payloadObject(payload: string | undefined, max: number): Record<string, unknown> | undefined {
  if (payload === undefined || payload.length > max) return undefined;
  try {
    const x: unknown = JSON.parse(payload);
    return typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A notice as sent by some process; anything else on the channel is ignored. */
export function parseNotice(payload: string | undefined): ChangeNotice | undefined {
  const x = payloadObject(payload, NOTICE_PAYLOAD_MAX);
  if (!x) return undefined;
  const { id, version, origin, moved } = x;
  if (typeof id !== 'string' || typeof origin !== 'string') return undefined;
  if (typeof version !== 'number' || !Number.isSafeInteger(version)) return undefined;
  // A move that does not read right is left out: the game is then read from the database.
  const move = movedOf(moved, id, version);
  return move ? { id, version, origin, moved: move } : { id, version, origin };
}

/** What a stored game's row holds (but its rules), field by field: the types a notice must have. */
const ROW_FIELDS: Record<
  keyof Omit<GameRow, 'rules'>,
  'string' | 'number' | 'boolean' | 'string?' | 'number?'
> = {
  id: 'string',
  rulesId: 'string?',
  rulesName: 'string',
  timeKind: 'string',
  timeBaseMs: 'number',
  timeIncrementMs: 'number',
  status: 'string',
  winner: 'string?',
  reason: 'string?',
  ply: 'number',
  version: 'number',
  attackersName: 'string?',
  attackersToken: 'string?',
  defendersName: 'string?',
  defendersToken: 'string?',
  clockAttackersMs: 'number?',
  clockDefendersMs: 'number?',
  turnStartedAt: 'number?',
  drawOffer: 'string?',
  takebackOffer: 'string?',
  takebacks: 'number',
  rematchOffer: 'string?',
  rematchId: 'string?',
  createdAt: 'number',
  updatedAt: 'number',
  rated: 'boolean',
  ratingMin: 'number?',
  ratingMax: 'number?',
  tournamentId: 'string?',
  attackersUser: 'string?',
  defendersUser: 'string?',
};

function movedOf(x: unknown, id: string, version: number): ChangeNotice['moved'] | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const { row, move } = x as Record<string, unknown>;
  if (typeof row !== 'object' || row === null || typeof move !== 'object' || move === null) return undefined;
  const r = row as Record<string, unknown>;
  for (const [key, kind] of Object.entries(ROW_FIELDS)) {
    const value = r[key];
    const type = kind.replace('?', '');
    if (!(typeof value === type || (kind.endsWith('?') && value === null))) return undefined;
  }
  if (r.id !== id || r.version !== version) return undefined;
  const m = move as Record<string, unknown>;
  if (m.gameId !== id || typeof m.move !== 'string' || typeof m.ply !== 'number' || typeof m.at !== 'number')
    return undefined;
  if (!(typeof m.clockMs === 'number' || m.clockMs === null) || m.ply !== r.ply) return undefined;
  return { row: row as Omit<GameRow, 'rules'>, move: move as unknown as MoveRow };
}

/** A presence notice as sent by some process (`{o, s}`); anything else is ignored. */
export function parsePresence(payload: string | undefined): PresenceNotice | undefined {
  const x = payloadObject(payload, PRESENCE_PAYLOAD_MAX);
  if (!x) return undefined;
  const { o, s } = x;
  if (typeof o !== 'string' || !Array.isArray(s)) return undefined;
  const seats: [string, 'attackers' | 'defenders', boolean][] = [];
  for (const seat of s as unknown[]) {
    if (!Array.isArray(seat) || seat.length !== 3) return undefined;
    const [id, side, held] = seat as unknown[];
    if (typeof id !== 'string' || (side !== 'a' && side !== 'd') || typeof held !== 'boolean')
      return undefined;
    seats.push([id, side === 'a' ? 'attackers' : 'defenders', held]);
  }
  return { origin: o, seats };
}

/** A presence notice as parsePresence reads it. */
export function presencePayload(notice: PresenceNotice): string {
  const s = notice.seats.map(([id, side, held]) => [id, side === 'attackers' ? 'a' : 'd', held]);
  return JSON.stringify({ o: notice.origin, s });
}

export function postgresBackend(databaseUrl: string, log: (message: string) => void): Backend {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, (value: string) => Number(value));
  // The writes take one connection at a time (a batch is one transaction, group commit), so the
  // pool bounds the reads running at once (a watch, a game another process changed): ten, pg's
  // default, keep a small server busy without making its processes fight for the cores.
  const pool = new pg.Pool({ connectionString: databaseUrl, types, max: 10 });
  // An idle connection that fails is dropped by the pool; without a listener it would crash us.
  pool.on('error', (e) => log(`a database connection failed: ${e.message}`));
  // A connection in use that fails (the database restarted, the network cut) emits 'error'
  // with no listener of the pool's: it would crash the process. Its query rejects, which is
  // how the caller learns it; the pool then drops it.
  pool.on('connect', (client) => void client.on('error', () => {}));
  const listener = new Listener(databaseUrl, types, log);
  const writer = new PgBatchWriter(CHANNEL);
  return {
    dialect: 'postgres',
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    async notify(trx: Transaction<Database>, notices: readonly ChangeNotice[]): Promise<void> {
      const payloads = notices.map(noticePayload);
      await sql`select pg_notify(${CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(trx);
    },
    writeBatch: (changes, origin) => writer.write(pool, changes, origin),
    loadGameRow: (id) => loadGameRow(pool, id),
    loadMoveRows: (id, afterPly) => loadMoveRows(pool, id, afterPly),
    listen: (onNotice, onReconnect, onPresence) => listener.add(onNotice, onReconnect, onPresence),
    async announce(notice: PresenceNotice): Promise<void> {
      await pool.query('select pg_notify($1, $2)', [PRESENCE_CHANNEL, presencePayload(notice)]);
    },
    close: () => listener.close(),
  };
}

interface Subscriber {
  readonly onNotice: (notice: ChangeNotice) => void;
  readonly onReconnect: (() => void) | undefined;
  readonly onPresence: ((notice: PresenceNotice) => void) | undefined;
}

/**
 * The LISTEN connection. When it fails it is connected again (after 250 ms, then longer waits),
 * and once it listens again every subscriber's `onReconnect` is called: the notices sent in
 * between are lost, so what the subscriber holds may be stale.
 */
class Listener {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly subscribers: Subscriber[] = [];

  constructor(
    private readonly url: string,
    private readonly types: pg.CustomTypesConfig,
    private readonly log: (message: string) => void,
  ) {}

  async add(
    onNotice: Subscriber['onNotice'],
    onReconnect?: () => void,
    onPresence?: (notice: PresenceNotice) => void,
  ): Promise<void> {
    if (this.closed) throw new Error('the store is closed');
    const subscriber = { onNotice, onReconnect, onPresence };
    this.subscribers.push(subscriber);
    // Listening already, or connecting again after a failure (this one will hear onReconnect).
    if (this.client || this.retry) return;
    // The first subscriber connects (later ones wait for the same connection); if that fails,
    // the caller learns it and nothing retries in the background.
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    try {
      await this.connecting;
    } catch (e) {
      this.subscribers.splice(this.subscribers.indexOf(subscriber), 1);
      throw e;
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, types: this.types });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('the connection ended')));
    client.on('notification', (message) => {
      if (client !== this.client) return;
      if (message.channel === PRESENCE_CHANNEL) return this.presence(message.payload);
      if (message.channel !== CHANNEL) return;
      const notice = parseNotice(message.payload);
      if (!notice) return;
      for (const s of this.subscribers) {
        try {
          s.onNotice(notice);
        } catch (e) {
          this.log(`a notice handler failed: ${String(e)}`);
        }
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      await client.query(`listen ${PRESENCE_CHANNEL}`);
    } catch (e) {
      void client.end().catch(() => {});
      throw e;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private presence(payload: string | undefined): void {
    const notice = parsePresence(payload);
    if (!notice) return;
    for (const s of this.subscribers) {
      try {
        s.onPresence?.(notice);
      } catch (e) {
        this.log(`a presence handler failed: ${String(e)}`);
      }
    }
  }

  private lost(client: pg.Client, error: Error): void {
    if (client !== this.client) return;
    this.client = undefined;
    void client.end().catch(() => {});
    if (this.closed) return;
    this.log(`the LISTEN connection failed (${error.message}); connecting again`);
    this.reconnect(RECONNECT_MS.first);
  }

  private reconnect(delay: number): void {
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connecting = this.connect().finally(() => (this.connecting = undefined));
      this.connecting.then(
        () => {
          if (this.closed) return;
          this.log('listening again; notices sent meanwhile were missed');
          for (const s of this.subscribers) {
            try {
              s.onReconnect?.();
            } catch (e) {
              this.log(`a reconnect handler failed: ${String(e)}`);
            }
          }
        },
        (e: unknown) => {
          if (this.closed) return;
          const next = Math.min(delay * 2, RECONNECT_MS.max);
          this.log(
            `could not listen again (${e instanceof Error ? e.message : String(e)}); next try in ${next} ms`,
          );
          this.reconnect(next);
        },
      );
    }, delay);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => {});
  }
}
