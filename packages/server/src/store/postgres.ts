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
import { noticePayload, PgBatchWriter } from './pg-batch.js';
import type { Database } from './schema.js';
import type { ChangeNotice } from './types.js';

export const CHANNEL = 'tafl_games';
const INT8_OID = 20;
/** The first wait before connecting the LISTEN client again, doubled up to the second. */
const RECONNECT_MS = { first: 250, max: 15_000 } as const;

/** A notice as sent by some process; anything else on the channel is ignored. */
export function parseNotice(payload: string | undefined): ChangeNotice | undefined {
  if (payload === undefined || payload.length > 1000) return undefined;
  let x: unknown;
  try {
    x = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof x !== 'object' || x === null) return undefined;
  const { id, version, origin } = x as Record<string, unknown>;
  if (typeof id !== 'string' || typeof origin !== 'string') return undefined;
  if (typeof version !== 'number' || !Number.isSafeInteger(version)) return undefined;
  return { id, version, origin };
}

export function postgresBackend(databaseUrl: string, log: (message: string) => void): Backend {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, (value: string) => Number(value));
  const pool = new pg.Pool({ connectionString: databaseUrl, types });
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
    listen: (onNotice, onReconnect) => listener.add(onNotice, onReconnect),
    close: () => listener.close(),
  };
}

interface Subscriber {
  readonly onNotice: (notice: ChangeNotice) => void;
  readonly onReconnect: (() => void) | undefined;
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

  async add(onNotice: Subscriber['onNotice'], onReconnect?: () => void): Promise<void> {
    if (this.closed) throw new Error('the store is closed');
    const subscriber = { onNotice, onReconnect };
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
      if (client !== this.client || message.channel !== CHANNEL) return;
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
