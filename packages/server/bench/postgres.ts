/**
 * The benchmark's PostgreSQL: the server at TAFL_BENCH_PG or DATABASE_URL, or else a throwaway
 * one started with scripts/pg-temp.sh when PostgreSQL's binaries are installed; or a sentence
 * saying why PostgreSQL is not measured. Each run gets a database of its own, created empty
 * and dropped after it, so the figures of one run never include the rows of another and the
 * given server is left as it was found.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** scripts/pg-temp.sh of the repository (this file runs from packages/server/dist/bench). */
const PG_TEMP = fileURLToPath(new URL('../../../../scripts/pg-temp.sh', import.meta.url));
const PG_BINARIES = '/usr/lib/postgresql';

export type Found =
  { readonly url: string; readonly from: string; readonly stop?: () => void } | { readonly skipped: string };

/** Where the benchmark's PostgreSQL is, or why there is none. */
export function findPostgres(): Found {
  const given = process.env.TAFL_BENCH_PG
    ? 'TAFL_BENCH_PG'
    : process.env.DATABASE_URL
      ? 'DATABASE_URL'
      : undefined;
  if (given) return { url: process.env[given]!, from: given };
  const versions = existsSync(PG_BINARIES)
    ? readdirSync(PG_BINARIES).filter((v) => existsSync(`${PG_BINARIES}/${v}/bin/initdb`))
    : [];
  if (versions.length === 0)
    return {
      skipped:
        `neither TAFL_BENCH_PG nor DATABASE_URL is set, and PostgreSQL is not installed ` +
        `(no ${PG_BINARIES}/*/bin/initdb) to start a throwaway one`,
    };
  if (!existsSync(PG_TEMP)) return { skipped: `${PG_TEMP} is missing, to start a throwaway PostgreSQL` };
  let out: string;
  try {
    out = execFileSync(PG_TEMP, ['start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const stderr = (e as { stderr?: unknown }).stderr;
    return { skipped: `a throwaway PostgreSQL did not start: ${String(stderr ?? e).trim()}` };
  }
  const url = /TAFL_TEST_PG='([^']+)'/.exec(out)?.[1];
  const dir = /TAFL_PG_TEMP='([^']+)'/.exec(out)?.[1];
  if (!url || !dir) return { skipped: `scripts/pg-temp.sh start said: ${out.trim()}` };
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      execFileSync(PG_TEMP, ['stop', dir], { stdio: 'ignore' });
    } catch {
      process.stderr.write(`bench: could not stop the throwaway PostgreSQL in ${dir}\n`);
    }
  };
  process.once('exit', stop);
  return { url, from: `a throwaway server (scripts/pg-temp.sh, ${dir})`, stop };
}

/** `url` with another database name. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh, empty database on the server of `url`; `drop` removes it. */
export async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tafl_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The size of the database at `url`, in bytes. */
export async function databaseSize(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ size: string }>(
      'select pg_database_size(current_database()) as size',
    );
    return Number(rows[0]?.size ?? NaN);
  } finally {
    await client.end();
  }
}
