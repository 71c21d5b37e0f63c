/**
 * `npm start`: serves the app and online play on 127.0.0.1:8080 (HOST and PORT change it) and
 * says where. Games are stored in SQLite under ./data (DATA_DIR changes it), or in PostgreSQL
 * when DATABASE_URL is set; several processes may then serve the same games.
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isIP } from 'node:net';
import { backupCommand } from './backup.js';
import { buildServer, type Limits } from './app.js';
import { Hub } from './hub.js';
import { openStore } from './store/index.js';
import { lockDataDir } from './store/lock.js';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);
const log = (message: string): void => void process.stderr.write(`tafl server: ${message}\n`);

/**
 * TRUST_PROXY: unset, X-Forwarded-For is ignored; a number of proxies in front of this one, or
 * their addresses and CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas.
 */
function trustProxy(value: string | undefined): { trustProxy?: number | string } {
  if (value === undefined || value.trim() === '') return {};
  if (/^\d+$/.test(value.trim())) return { trustProxy: Number(value) };
  for (const entry of value.split(',').map((e) => e.trim())) {
    const [address = '', bits, extra] = entry.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    const max = isIP(address) === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
    if (!named && (isIP(address) === 0 || !okBits || extra !== undefined))
      throw new Error(
        `TRUST_PROXY=${value}: "${entry}" is neither a number of proxies nor an address or range (10.0.0.0/8)`,
      );
  }
  return { trustProxy: value };
}

/** TAFL_MAX_WAITING_PER_CLIENT: waiting games one client may hold at once (0: no limit). */
function waitingSetting(value: string | undefined): { maxWaitingPerClient?: number } {
  if (value === undefined || value.trim() === '') return {};
  if (!/^\d+$/.test(value.trim()))
    throw new Error(`TAFL_MAX_WAITING_PER_CLIENT=${value}: it is a whole number of games (0: no limit)`);
  return { maxWaitingPerClient: Number(value) };
}

/** The connections' limits from the environment (README: the settings table). */
function limitSettings(): Partial<Limits> {
  const read = (name: string, key: keyof Limits, min: number): Partial<Limits> => {
    const raw = process.env[name];
    if (raw === undefined || raw.trim() === '') return {};
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name}=${raw}: a whole number of at least ${min}`);
    return { [key]: n };
  };
  return {
    ...read('TAFL_MAX_CONNECTIONS', 'maxConnections', 1),
    ...read('TAFL_MAX_CONNECTIONS_PER_ADDRESS', 'maxConnectionsPerAddress', 1),
    ...read('TAFL_MAX_SOCKETS_PER_CLIENT', 'maxSocketsPerClient', 1),
    ...read('TAFL_HEADERS_TIMEOUT_MS', 'headersTimeoutMs', 100),
    ...read('TAFL_PING_MS', 'pingMs', 100),
  };
}

// `backup FILE`: a copy of the SQLite database while the server runs (backup.ts); no server.
if (process.argv[2] === 'backup') process.exit(await backupCommand(process.argv.slice(3), process.env));

try {
  // The network settings are checked before anything opens: a mistake stops the start at once.
  const network = { ...trustProxy(process.env.TRUST_PROXY), limits: limitSettings() };
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
    ...waitingSetting(process.env.TAFL_MAX_WAITING_PER_CLIENT),
    serveSourceMaps: process.env.SERVE_SOURCEMAPS === '1',
    ...network,
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
