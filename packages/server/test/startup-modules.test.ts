/**
 * A server loads what it uses and nothing else (main.ts, store/index.ts, app.ts): on SQLite, its
 * main thread loads neither PostgreSQL's driver nor Kysely (the database's thread has them), nor
 * Fastify's schema compilers (no route has a schema), and the metrics' and the mail's libraries
 * only when METRICS_PORT and SMTP_URL ask for them. Every module loaded costs every start: a start
 * on SQLite went from about 1.7 s of CPU to 1.1 s with these left out. The packages a process's
 * main thread loads are read through hooks preloaded with `--import` (load-log.mjs).
 */

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningAddress, tempDir } from './harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HOOK = fileURLToPath(new URL('./load-log.mjs', import.meta.url));
const dirs: { remove: () => void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));

/** Starts a server on SQLite with `env` until it listens: the packages its main thread loaded. */
async function packagesLoaded(env: Record<string, string>): Promise<Set<string>> {
  const made = tempDir();
  dirs.push(made);
  const log = join(made.dir, 'loaded.txt');
  const child = spawn(process.execPath, ['--import', HOOK, join(ROOT, 'packages/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      SOCKET: '',
      DATABASE_URL: '',
      DATA_DIR: join(made.dir, 'data'),
      LOAD_LOG: log,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start: ${text}`)), 30_000);
      const look = (chunk: Buffer): void => {
        text += chunk.toString();
        if (listeningAddress(text)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', look);
      child.stderr.on('data', look);
      void exited.then(() => reject(new Error(`the server exited: ${text}`)));
    });
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
  return new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
}

describe('the modules a server loads', () => {
  it('on SQLite, without metrics or mail: no pg, Kysely, prom-client, nodemailer or Ajv on its main thread', async () => {
    const loaded = await packagesLoaded({ METRICS_PORT: '', SMTP_URL: '' });
    // The hook sees what is loaded: the web server and SQLite's lock of the data folder.
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('better-sqlite3');
    for (const name of ['pg', 'kysely', 'prom-client', 'nodemailer']) expect(loaded).not.toContain(name);
    // No route has a JSON schema: Fastify's schema compilers stay out too (app.ts).
    for (const name of ['@fastify/ajv-compiler', 'ajv', '@fastify/fast-json-stringify-compiler'])
      expect(loaded).not.toContain(name);
  });

  it('with METRICS_PORT and SMTP_URL: the metrics’ and the mail’s libraries too, still no pg', async () => {
    const loaded = await packagesLoaded({
      METRICS_PORT: '0',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'Tafl <tafl@example.org>',
      PUBLIC_URL: 'https://tafl.example.org/',
    });
    expect(loaded).toContain('prom-client');
    expect(loaded).toContain('nodemailer');
    expect(loaded).not.toContain('pg');
  });
});
