/**
 * `npm start`: serves the app and online play on 127.0.0.1:8080 (HOST and PORT change it) and
 * says where. Games are stored in SQLite under ./data (DATA_DIR changes it), or in PostgreSQL
 * when DATABASE_URL is set; several processes may then serve the same games.
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { buildServer } from './app.js';
import { Hub } from './hub.js';
import { openStore } from './store/index.js';
import { lockDataDir } from './store/lock.js';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);
const log = (message: string): void => void process.stderr.write(`tafl server: ${message}\n`);

try {
  const origin = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const databaseUrl = process.env.DATABASE_URL;
  // SQLite: one process per data folder; a second one stops here, saying why.
  if (!databaseUrl) lockDataDir(process.env.DATA_DIR ?? 'data');
  const store = await openStore({
    ...(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? 'data' }),
    origin,
    // The database thread died: nothing more can be stored, so this process stops (a process
    // manager starts it again; every confirmed move is in the database).
    onFailure: (e) => {
      log(`the database failed: ${e.message}`);
      process.exit(1);
    },
  });
  await store.migrate();
  const hub = new Hub(store, { origin, log });
  await hub.start();
  const httpRate = process.env.TAFL_HTTP_RATE === undefined ? undefined : Number(process.env.TAFL_HTTP_RATE);
  const app = await buildServer({
    hub,
    log,
    ...(httpRate === undefined || !Number.isFinite(httpRate) ? {} : { httpRate }),
    serveSourceMaps: process.env.SERVE_SOURCEMAPS === '1',
    ready: () => store.ping(),
  });
  await app.listen({ host, port });
  const address = app.server.address();
  const actual = typeof address === 'object' && address !== null ? address.port : port;
  const shown = host.includes(':') ? `[${host}]` : host;
  process.stdout.write(`Brandubh & Ard Ri: http://${shown}:${actual}/\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // Whatever holds the close up (a client that never lets go), the process does not hang.
    setTimeout(() => {
      log('stopping took more than 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    void app
      .close()
      .then(() => hub.stop())
      .then(() => store.close())
      .then(
        () => process.exit(0),
        (e: unknown) => {
          log(`stopping: ${String(e)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  log(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
