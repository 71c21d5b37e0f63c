/**
 * `npm start`: serves the app and online play on 127.0.0.1:8080 (HOST and PORT change it, or
 * SOCKET for a Unix socket: listen.ts) and says where. Games are stored in SQLite under ./data
 * (DATA_DIR changes it), or in PostgreSQL when DATABASE_URL is set; several processes may then
 * serve the same games. Logs are JSON lines on stderr (log.ts: LOG_LEVEL, LOG_FORMAT), the line
 * saying where it listens among them; metrics are served on METRICS_PORT only when it is set
 * (metrics.ts).
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isIP } from 'node:net';
import { buildServer, type Limits } from './app.js';
import { Hub } from './hub.js';
import {
  clearStaleSocket,
  listenFailure,
  listenSettings,
  listeningText,
  restrictSocket,
  type ListenAt,
} from './listen.js';
import { createLogger, lineLog, logSettings, type Logger } from './log.js';
import type { AbandonTimes } from './presence.js';
import { signUpSetting } from './accounts/limits.js';
import { openStore } from './store/index.js';
import { Ratings } from './ratings/service.js';
import { Director } from './tournaments/director.js';
import { lockDataDir } from './store/lock.js';
import { mailSettings } from './mail/settings.js';

// The process's logger (log.ts); a bad LOG_LEVEL or LOG_FORMAT is said plainly, and stops it.
let logger: Logger;
try {
  logger = createLogger(logSettings(process.env));
} catch (e) {
  process.stderr.write(`tafl server: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
/** What the hub, the store and the sockets log through: levelled, rate-limited lines. */
const { log } = lineLog(logger);
// A crash is a log line too (JSON, with its stack), then the exit Node would make.
const crash = (e: unknown): void => {
  logger.fatal({ err: e }, `crashed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

/** METRICS_PORT (unset: no metrics at all) and METRICS_HOST (default 127.0.0.1). */
function metricsSettings(at: ListenAt): { port: number; host: string } | undefined {
  const raw = process.env.METRICS_PORT;
  if (raw === undefined || raw.trim() === '') return undefined;
  const metricsPort = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || metricsPort > 65_535)
    throw new Error(`METRICS_PORT=${raw}: a port number (0 picks a free one), or unset for no metrics`);
  if (metricsPort !== 0 && at.kind === 'tcp' && metricsPort === at.port)
    throw new Error(
      `METRICS_PORT=${raw} is PORT: metrics are served on a port of their own, never the public one`,
    );
  return { port: metricsPort, host: process.env.METRICS_HOST?.trim() || '127.0.0.1' };
}

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

/** The connections' limits from the environment (docs/deploy.md: the settings table). */
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
    ...read('TAFL_REQUEST_TIMEOUT_MS', 'requestTimeoutMs', 100),
    ...read('TAFL_PING_MS', 'pingMs', 100),
  };
}

/**
 * Abandonment's times (docs/online.md, "Games nobody plays"), each in milliseconds when set: the grace
 * before a claim, the expiry of a waiting game, the abort of an unstarted one, and how often the
 * expiry sweep runs.
 */
function abandonSettings(): { abandon: AbandonTimes; expirySweepMs?: number } {
  const read = (name: string): number | undefined => {
    const raw = process.env[name];
    if (raw === undefined || raw.trim() === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 100)
      throw new Error(`${name}=${raw}: a whole number of milliseconds, at least 100`);
    return n;
  };
  const graceMs = read('TAFL_CLAIM_GRACE_MS');
  const waitingMs = read('TAFL_WAITING_EXPIRY_MS');
  const unstartedMs = read('TAFL_UNSTARTED_ABORT_MS');
  const sweep = read('TAFL_EXPIRY_SWEEP_MS');
  return {
    abandon: {
      ...(graceMs === undefined ? {} : { graceMs }),
      ...(waitingMs === undefined ? {} : { waitingMs }),
      ...(unstartedMs === undefined ? {} : { unstartedMs }),
    },
    ...(sweep === undefined ? {} : { expirySweepMs: sweep }),
  };
}

/**
 * TAFL_TEST_START_DELAY_MS, for tests only: waits that long before listening, as a slow start on
 * a busy machine would (test/clock-restart.test.ts: no clock is charged for it).
 */
async function startUpDelay(raw: string | undefined): Promise<void> {
  const ms = Number(raw ?? 0);
  if (Number.isInteger(ms) && ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

// What a process does not use it does not load: the commands' modules, the metrics' and the
// mail's (prom-client, nodemailer) only when asked for, and each database's (store/index.ts).
// `backup FILE`: a copy of the SQLite database while the server runs (backup.ts); no server.
if (process.argv[2] === 'backup') {
  const { backupCommand } = await import('./backup.js');
  process.exit(await backupCommand(process.argv.slice(3), process.env));
}
// `copy-to-postgres --from DATA_DIR`: SQLite's games, accounts... into PostgreSQL; no server.
if (process.argv[2] === 'copy-to-postgres') {
  const { copyCommand } = await import('./copy-to-postgres.js');
  process.exit(await copyCommand(process.argv.slice(3), process.env));
}

try {
  // The network settings are checked before anything opens: a mistake stops the start at once.
  const listenAt = listenSettings(process.env);
  const network = { ...trustProxy(process.env.TRUST_PROXY), limits: limitSettings() };
  const metricsAt = metricsSettings(listenAt);
  const measure = metricsAt ? await import('./metrics.js') : undefined;
  const metrics = measure ? new measure.Metrics() : undefined;
  const abandon = abandonSettings();
  // SMTP_URL, MAIL_FROM, PUBLIC_URL... (mail/settings.ts): undefined when no mail is sent.
  const mailConfig = mailSettings(process.env);
  const origin = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const databaseUrl = process.env.DATABASE_URL;
  // SQLite: one process per data folder; a second one stops here, saying why.
  if (!databaseUrl) lockDataDir(process.env.DATA_DIR ?? 'data');
  const opened = await openStore({
    ...(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? 'data' }),
    origin,
    log,
    // The database thread died: nothing more can be stored, so this process stops (a process
    // manager starts it again; every confirmed move is in the database).
    onFailure: (e) => {
      logger.fatal({ err: e }, `the database failed: ${e.message}`);
      process.exit(1);
    },
  });
  // Every call of the store is timed into tafl_db_seconds{method} when there are metrics.
  const store = measure && metrics ? measure.instrumentStore(opened, metrics) : opened;
  await store.migrate();
  // Accounts' seat tokens are derived from a secret the database keeps (the same in every process).
  const seatSecret = await store.secret('seat');
  const ratings = new Ratings(store, log);
  const hub = new Hub(store, {
    origin,
    log,
    ...abandon,
    seatSecret,
    ratingOf: (userId, family) => ratings.of(userId, family),
    onEnd: (row) => {
      ratings.ended(row);
      // Called only once the hub runs, after `director` is made below.
      director.ended(row);
    },
    ...(mailConfig ? { onChange: (prev, next, turn) => mail?.changed(prev, next, turn) } : {}),
  });
  const mail = mailConfig
    ? new (await import('./mail/service.js')).MailService({
        store,
        log,
        config: mailConfig,
        secret: await store.secret('mail'),
        atTable: (id, side) => hub.connected(id, side),
      })
    : undefined;
  const director = new Director(store, hub, log, mail && ((game) => mail.paired(game)));
  // Counted by the database at each scrape (one indexed query).
  metrics?.countGames(async () => {
    return store.countGames();
  });
  const rawRate = process.env.TAFL_HTTP_RATE;
  const httpRate = rawRate === undefined || rawRate.trim() === '' ? undefined : Number(rawRate);
  if (httpRate !== undefined && !(Number.isFinite(httpRate) && httpRate >= 0))
    throw new Error(`TAFL_HTTP_RATE=${rawRate}: a number of requests a second, at least 0 (0: no limit)`);
  const app = await buildServer({
    hub,
    store,
    director,
    log,
    logger,
    ...(metrics ? { metrics } : {}),
    ...(mail && mailConfig ? { mail: { service: mail, publicUrl: mailConfig.publicUrl } } : {}),
    ...(httpRate === undefined ? {} : { httpRate }),
    ...waitingSetting(process.env.TAFL_MAX_WAITING_PER_CLIENT),
    ...signUpSetting(process.env.TAFL_SIGNUPS_PER_HOUR),
    serveSourceMaps: process.env.SERVE_SOURCEMAPS === '1',
    ...network,
    // Not ready until the clocks are credited (the hub serves no game before).
    ready: () => (hub.started ? store.ping() : Promise.reject(new Error('starting up'))),
  });
  await startUpDelay(process.env.TAFL_TEST_START_DELAY_MS);
  // Where it listens is a log line (JSON in production), written once the games are served; a
  // person at a terminal sees it on stdout too (listen.ts).
  if (listenAt.kind === 'socket') await clearStaleSocket(listenAt.path);
  const where =
    listenAt.kind === 'socket' ? { path: listenAt.path } : { host: listenAt.host, port: listenAt.port };
  const address = await app
    .listen({ ...where, listenTextResolver: (at) => `listening on ${at}, starting the games` })
    .catch((e: unknown) => {
      throw listenFailure(listenAt, e);
    });
  if (listenAt.kind === 'socket') restrictSocket(listenAt.path);
  // Only now, listening, are the clocks credited with the time no server could take a move: the
  // start-up until here (on a busy machine, seconds) is charged to no one. Requests that came
  // meanwhile wait for it (Hub.start).
  await hub.start();
  ratings.start();
  director.start();
  mail?.start();
  // The line that says where the server is comes once it takes moves: tests and scripts wait for it.
  logger.info(listeningText(address));
  if (process.stdout.isTTY) process.stdout.write(`${listeningText(address)}\n`);
  const served =
    measure && metricsAt && metrics
      ? await measure.serveMetrics(metrics, metricsAt.host, metricsAt.port)
      : undefined;
  if (served) logger.info({ url: served.url }, `metrics on ${served.url}`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // Whatever holds the close up (a client that never lets go), the process does not hang.
    setTimeout(() => {
      logger.error('stopping took more than 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    void Promise.all([app.close(), served?.close()])
      .then(() => {
        director.stop();
        ratings.stop();
        return Promise.all([hub.stop(), mail?.stop()]);
      })
      .then(() => store.close())
      .then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (e: unknown) => {
          logger.error({ err: e }, `stopping failed: ${String(e)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  // A setting refused, the data folder held, the database unreachable: one line, and exit.
  logger.fatal(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
