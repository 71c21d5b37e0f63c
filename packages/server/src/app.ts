/**
 * The HTTP server: the built web app (packages/web/dist), the JSON API of online play and its
 * WebSocket (protocol.ts). It is a function of its options so tests can start it on a free
 * port and stop it; main.ts opens the store and the hub and starts it.
 */

import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { BlockList, isIPv6, type Socket } from 'node:net';
import { relative, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { scanJson, type JsonBounds } from './bounded-json.js';
import { registerHealth } from './health.js';
import type { Hub } from './hub.js';
import { failureClass, type LineLog, type Logger } from './log.js';
import type { Metrics } from './metrics.js';
import {
  GAME_ID_RE,
  MAX_ANALYSIS_BYTES,
  MAX_BODY_DEPTH,
  MAX_BODY_MEMBERS,
  MAX_MESSAGE_BYTES,
  analysisBounds,
  checkCreateRequest,
  checkJoinRequest,
  MAX_WAITING_PER_CLIENT,
  type ErrorCode,
  type Refusal,
} from './protocol.js';
import { clientKey } from './client-key.js';
import { Connections, logSocketFailure } from './sockets.js';
import { registerAccounts, type Accounts } from './accounts/routes.js';
import { crossSiteRequest } from './accounts/sessions.js';
import { registerPlayers } from './ratings/routes.js';
import type { Store } from './store/types.js';
import { addressHasher } from './accounts/limits.js';
import type { Director } from './tournaments/director.js';
import { registerTournaments } from './tournaments/routes.js';
import { registerMail, registerMailOff } from './mail/routes.js';
import type { MailService } from './mail/service.js';

export interface ServerOptions {
  /** Where the built app is; defaults to packages/web/dist beside this package. */
  readonly webRoot?: string;
  /**
   * The process's logger (log.ts, main.ts): Fastify's own, with one line per request (its id,
   * method, path without the query string, status and time; /healthz and /readyz at debug).
   * Default: none.
   */
  readonly logger?: Logger;
  /** Online play: without a hub the server only serves the app. */
  readonly hub?: Hub;
  /**
   * The store (with a hub): accounts, players' pages and tournaments (docs/online.md). Without it,
   * online play is for guests only.
   */
  readonly store?: Store;
  /** The tournaments' director (with a store): without it, no tournament API. */
  readonly director?: Director;
  /**
   * Mail (with a store; main.ts when SMTP_URL is set): the API of an account's address and
   * the site's address its links lead to. Without it, the app does not offer mail.
   */
  readonly mail?: { readonly service: MailService; readonly publicUrl: string };
  /** Failures the server recovers from (log.ts lineLog: levelled and rate-limited). */
  readonly log?: LineLog;
  /** Counts refusals, WebSockets and moves (metrics.ts); served elsewhere, never here. */
  readonly metrics?: Metrics;
  /**
   * Games created and seats taken per second from one address (a bucket of HTTP_RATE.burst
   * refilled at this rate); 0 for no limit (benchmarks). Default HTTP_RATE.perSecond.
   */
  readonly httpRate?: number;
  /**
   * Serve the build's source maps (`*.map`, answered 404 otherwise) and name each script's map
   * in a `SourceMap` header. Default false (main.ts: SERVE_SOURCEMAPS=1).
   */
  readonly serveSourceMaps?: boolean;
  /**
   * Which proxies to believe about the client's address (`X-Forwarded-For`): a number of hops,
   * or addresses and CIDR ranges separated by commas (Fastify's `trustProxy`; main.ts:
   * TRUST_PROXY). Unset: the header is ignored and a client is the socket's address.
   */
  readonly trustProxy?: number | string;
  /** Accounts made from one client address per hour (default 5; 0: no limit). */
  readonly signUpsPerHour?: number;
  /**
   * Waiting games one client address, and one signed-in account, may hold at once (default
   * MAX_WAITING_PER_CLIENT; 0: no limit). Counted in the store: a limit needs one.
   */
  readonly maxWaitingPerClient?: number;
  /** The connections' limits and timeouts; see LIMITS for each default. */
  readonly limits?: Partial<Limits>;
  /** `/readyz`: resolves when the database answers (Store.ping), rejects with why not. */
  readonly ready?: () => Promise<void>;
}

/** What one client, or all of them together, may hold of the server. */
export interface Limits {
  /** Open TCP connections in all (HTTP and WebSocket); more are closed at once. */
  readonly maxConnections: number;
  /**
   * Open TCP connections from one address; more are answered 429 and closed. Not counted for
   * a trusted proxy's address (the proxy holds everybody's), and not at all when TRUST_PROXY is
   * a number of hops (every peer is then a proxy).
   */
  readonly maxConnectionsPerAddress: number;
  /** Open WebSockets of one client (`request.ip`, the real client behind a trusted proxy). */
  readonly maxSocketsPerClient: number;
  /** Time to send a request's headers (and the first byte of a new connection). */
  readonly headersTimeoutMs: number;
  /** Time to send a whole request, its body included. */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept between requests. */
  readonly keepAliveTimeoutMs: number;
  /** A connection on which nothing at all happens for this long is closed. */
  readonly connectionTimeoutMs: number;
  /** Each WebSocket is pinged this often; one that has not answered the last ping is dropped. */
  readonly pingMs: number;
}

export const LIMITS: Limits = {
  maxConnections: 10_000,
  maxConnectionsPerAddress: 128,
  maxSocketsPerClient: 32,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Longer than the usual proxies' idle upstream connections (nginx 60 s), so a proxy never
  // sends a request on a connection this server is closing.
  keepAliveTimeoutMs: 65_000,
  connectionTimeoutMs: 70_000,
  pingMs: 30_000,
};

/** The largest request body read (an analysis's bound is its own, analysisBounds): more is `msg/size`. */
export const MAX_BODY_BYTES = 16 * 1024;
/** The largest WebSocket frame read at all: a larger one closes the socket (1009). */
export const MAX_FRAME_BYTES = 16 * MAX_MESSAGE_BYTES;
/**
 * Writes (POST and PUT) per client address: a bucket of `burst` refilled at `perSecond`
 * (ServerOptions.httpRate, TAFL_HTTP_RATE, sets the rate; 0: no limit).
 */
export const HTTP_RATE = { perSecond: 2, burst: 30 } as const;

/**
 * Sent with every response. The app is scripts, styles, module workers, a service worker, a web
 * app manifest and a WebSocket of its own origin (connect-src 'self' covers ws: and wss: to it);
 * its CSS draws the throne and the corners as `data:` SVG images. No page of another site may frame it (a hidden Resign click).
 * No referrer: a game's address is its invitation, and it leaves with no link. The page is
 * cross-origin isolated (COOP and COEP), which lets the engine's workers share memory: a search
 * on every core (the engine's Lazy SMP); the app loads nothing from another origin.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "style-src 'self'",
    "font-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** The HTTP status of each refusal the API can give. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  'game/unknown': 404,
  'http/not-found': 404,
  'analysis/none': 404,
  'player/unknown': 404,
  'analysis/not-over': 409,
  'analysis/invalid': 422,
  'analysis/shallower': 409,
  'seat/taken': 409,
  'msg/size': 413,
  'rate/limited': 429,
  'create/limit': 429,
  'server/busy': 503,
  'server/error': 500,
  'auth/required': 401,
  'auth/wrong': 401,
  'auth/limited': 429,
  'auth/name-taken': 409,
  'auth/name': 400,
  'auth/password': 400,
  'csrf/refused': 403,
  'seat/rated': 403,
  'seat/own': 409,
  'seat/range': 409,
  'seat/none': 404,
  'create/rated': 400,
  'tournament/unknown': 404,
  'tournament/closed': 409,
  'tournament/full': 409,
  'tournament/invalid': 400,
  'game/tournament': 409,
  'mail/off': 404,
  'mail/address': 400,
  'mail/token': 404,
  'mail/none': 404,
};

const sendRefusal = (reply: FastifyReply, refused: Refusal): FastifyReply =>
  reply.code(STATUS[refused.code] ?? 400).send({ error: { code: refused.code, message: refused.message } });

const isRefusal = (x: object): x is Refusal => 'code' in x && 'message' in x;

/**
 * A client's input refused before its route runs (its body's size, depth or content type):
 * thrown from a parser or a hook, answered by the error handler as the refusal says.
 */
class InputRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** Fastify's schema compilers, for routes that have no schema (`schemaController` below). */
const noSchemas = (): never => {
  throw new Error('a route has a JSON schema: the server checks what it is sent itself (protocol.ts)');
};

/**
 * A body's bytes as they arrive, refused with `refused` past `limit` (an analysis: its game's
 * bound). The request itself is left open, so that the refusal can be answered on it.
 */
function capped(payload: Readable, limit: number, refused: Refusal): Readable {
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      received += chunk.length;
      if (received > limit) next(new InputRefused(refused));
      else next(null, chunk);
    },
  });
  // A request cut off halfway fails its body (as Fastify's own reading does).
  payload.once('error', (e) => counted.destroy(e));
  return payload.pipe(counted);
}

export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const limits: Limits = { ...LIMITS, ...options.limits };
  const metrics = options.metrics;
  const refuse = (reply: FastifyReply, refused: Refusal): FastifyReply => {
    metrics?.refused(refused.code, 'http');
    return sendRefusal(reply, refused);
  };
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : {}),
    // One line per request, written below, rather than Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_BODY_BYTES,
    // A number of hops: the nearest N peers are believed, whoever they are (so the port must be
    // reachable through the proxies only). Fastify 5 takes a number as "trust nothing".
    ...(options.trustProxy === undefined
      ? {}
      : {
          trustProxy:
            typeof options.trustProxy === 'number'
              ? (_address: string, hop: number) => hop < (options.trustProxy as number)
              : options.trustProxy,
        }),
    requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node looks for late headers and requests this often (30 s by default, which held a
      // half-sent request for up to 90 s).
      connectionsCheckingInterval: Math.min(5000, Math.max(100, limits.headersTimeoutMs / 4)),
    },
    // At shutdown, keep-alive connections are cut rather than waited for.
    forceCloseConnections: true,
    // No route has a JSON schema (protocol.ts checks every field itself), so Fastify's schema
    // compilers (Ajv, fast-json-stringify: some 230 modules) are never loaded; a route given a
    // schema would stop the start here, saying so.
    schemaController: { compilersFactory: { buildValidator: noSchemas, buildSerializer: noSchemas } },
    // A request Fastify cannot even route (a broken URL, a bad header) gets our error shape too,
    // and the headers every answer carries (no hook runs for it).
    frameworkErrors: (error, _request, reply) => {
      void reply.headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' });
      void refuse(reply, { code: 'msg/schema', message: error.message });
    },
  });
  const log = options.log ?? (() => {});
  if (options.logger)
    app.addHook('onResponse', async (request, reply) => {
      // Decided on the route that ran, not on the path as sent (`//healthz` runs no route).
      const route = request.routeOptions.url;
      const probe = route === '/healthz' || route === '/readyz';
      const id = (request.params as { id?: unknown } | undefined)?.id;
      request.log[probe ? 'debug' : 'info'](
        {
          // Serialized by log.ts: the method, the path without its query, the client's address.
          req: request,
          res: reply,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          ...(typeof id === 'string' && GAME_ID_RE.test(id) ? { game: id } : {}),
        },
        'request',
      );
    });
  capConnections(app, limits, options.trustProxy, () => metrics?.refused('rate/limited', 'http'));
  // Nothing of the API is kept by a browser or a proxy (an account, its CSRF token, a seat's
  // token), its refusals included: decided on the route that runs, whatever the spelling of the
  // path that reached it. Nor is an answer no route gave (a 404), nor any refusal.
  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) void reply.header(name, value);
    const route = request.routeOptions.url;
    if (route === undefined || route.startsWith('/api/') || reply.statusCode >= 400)
      void reply.header('cache-control', 'no-store');
  });
  const root = options.webRoot ?? DEFAULT_WEB_ROOT;
  if (!existsSync(root)) throw new Error(`the web app is not built: ${root} is missing (run npm run build)`);
  await app.register(fastifyStatic, staticOptions(root, options.serveSourceMaps ?? false));
  registerHealth(app, options.ready ? { ready: options.ready } : {});

  // Every JSON body is bounded in size (bodyLimit, or its route's), depth and members before it
  // is parsed (bounded-json.ts; an analysis by its game's length, set by its route), then read by
  // Fastify's own parser, which refuses `__proto__` and `constructor` keys. Other content types
  // are read as text (text/plain) or refused (415).
  const bodyBounds = new WeakMap<FastifyRequest, Partial<JsonBounds>>();
  const fastifyJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const refused = scanJson(text, {
      what: 'the request body',
      maxLength: request.routeOptions.bodyLimit,
      maxDepth: MAX_BODY_DEPTH,
      maxMembers: MAX_BODY_MEMBERS,
      ...bodyBounds.get(request),
    });
    if (refused) done(new InputRefused(refused), undefined);
    else fastifyJson(request, text, done);
  });

  app.setErrorHandler((error: { code?: string; statusCode?: number; message: string }, request, reply) => {
    if (error instanceof InputRefused) return refuse(reply, error.refusal);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return refuse(reply, { code: 'msg/size', message: 'the request body is too large' });
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return refuse(reply, { code: 'msg/json', message: 'the request body is not JSON' });
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return refuse(reply, { code: 'msg/schema', message: error.message });
    log(`request failed: ${error.message}`, {
      level: 'error',
      class: `request failed: ${failureClass(error.message)}`,
      reqId: request.id,
    });
    return refuse(reply, { code: 'server/error', message: 'the server could not do this; try again' });
  });
  app.setNotFoundHandler((request, reply) =>
    refuse(reply, { code: 'http/not-found', message: `there is nothing at ${request.url.slice(0, 100)}` }),
  );

  const hub = options.hub;
  if (!hub) return app;

  const connections = new Connections(hub, log, limits.pingMs, metrics);
  // Only a request the WebSocket route let through (its preValidation, below) is upgraded; one
  // to any other route is refused by ws (404), where @fastify/websocket would upgrade it, close
  // it and log a line each time.
  const upgradable = new WeakSet<object>();
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      verifyClient: (info, done) => done(upgradable.has(info.req), 404, 'Not Found'),
    },
    // A frame ws refuses (too large, not UTF-8, broken) is the client's failure: one line per
    // kind and interval, without a stack (sockets.ts), and the socket is dropped.
    errorHandler: (error, socket, request) => {
      logSocketFailure(log, error, request.ip);
      socket.terminate();
    },
    // Before the listening socket closes, every WebSocket is told why (1001, going away), so
    // that the app reconnects to another process or to this one when it is back.
    preClose: (done) => {
      connections.closeAll();
      done();
    },
  });
  // A client's WebSockets beyond its share are refused before the upgrade (429).
  const sockets = new Map<string, number>();
  app.get(
    '/api/ws',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        // A page of another site may not open one in a visitor's browser (sessions.ts).
        const why = crossSiteRequest(request);
        if (why) return refuse(reply, { code: 'csrf/refused', message: why });
        if ((sockets.get(clientKey(request.ip)) ?? 0) >= limits.maxSocketsPerClient)
          return refuse(reply, {
            code: 'rate/limited',
            message: `at most ${limits.maxSocketsPerClient} connections from one address`,
          });
        upgradable.add(request.raw);
        return undefined;
      },
    },
    (socket, request) => {
      const ip = clientKey(request.ip);
      sockets.set(ip, (sockets.get(ip) ?? 0) + 1);
      // An upgraded request has no response to log: a line when it opens (debug) and closes.
      const opened = performance.now();
      request.log.debug({ req: request }, 'websocket opened');
      socket.once('close', (code: number) => {
        request.log.info(
          { req: request, code, ms: Math.round(performance.now() - opened) },
          'websocket closed',
        );
        const left = (sockets.get(ip) ?? 1) - 1;
        if (left > 0) sockets.set(ip, left);
        else sockets.delete(ip);
      });
      connections.accept(socket);
    },
  );

  // Accounts first: their CSRF check (sessions.ts) runs before the limiter's hook below, so a
  // forged request takes nothing of its victim's address's bucket.
  const store = options.store;
  const accounts: Accounts | undefined = store
    ? await registerAccounts(app, {
        hub,
        store,
        log,
        refuse,
        ...(options.signUpsPerHour === undefined ? {} : { signUpsPerHour: options.signUpsPerHour }),
        mailOffered: options.mail !== undefined,
      })
    : undefined;
  const viewer = (request: FastifyRequest) => accounts?.viewer(request) ?? Promise.resolve(undefined);
  if (store && accounts) {
    registerPlayers(app, { hub, store, accounts, refuse });
    if (options.director) registerTournaments(app, { store, director: options.director, accounts, refuse });
  }

  // Every write (a game created or joined, an analysis kept, an account or tournament request)
  // takes a token of the address's bucket.
  const limiter = perAddress(options.httpRate ?? HTTP_RATE.perSecond, HTTP_RATE.burst);
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method === 'POST' || request.method === 'PUT') && !limiter(clientKey(request.ip)))
      return refuse(reply, {
        code: 'rate/limited',
        message:
          request.method === 'PUT'
            ? 'too many analyses saved from here; wait a little'
            : request.routeOptions.url?.startsWith('/api/games')
              ? 'too many games created or joined from here; wait a little'
              : 'too many requests from here; wait a little',
      });
    return undefined;
  });

  // Mail, after every hook that checks a request (the cross-site check, the limiter).
  if (store && accounts && options.mail)
    await registerMail(app, {
      mail: options.mail.service,
      store,
      accounts,
      publicUrl: options.mail.publicUrl,
      refuse,
    });
  else registerMailOff(app, refuse);

  // The waiting games (rated seeks included; MAX_WAITING_PER_CLIENT, 5) of each client address
  // and, signed in, of each account across addresses, counted by the database that every
  // process shares (store/limits.ts): a creation takes a place under each key in the
  // transaction that counts them, before the game is made, so creations sent at once cannot
  // all pass and a restart forgets nothing. The place is the game's while it waits: a join, an
  // abort or an expiry frees it.
  const maxWaiting = (options.maxWaitingPerClient ?? MAX_WAITING_PER_CLIENT) || Infinity; // 0: no limit
  if (maxWaiting !== Infinity && !store)
    throw new Error('the waiting games are counted in the store: give one, or maxWaitingPerClient 0');
  const addressOf = store && maxWaiting !== Infinity ? await addressHasher(store) : undefined;
  app.post('/api/games', async (request, reply) => {
    const checked = checkCreateRequest(request.body);
    if (!checked.ok) return refuse(reply, checked);
    const player = await viewer(request);
    if (!store || !addressOf) {
      const granted = await hub.create(checked.value, player);
      return isRefusal(granted) ? refuse(reply, granted) : reply.code(201).send(granted);
    }
    const place = randomUUID();
    const keys = [`address:${addressOf(clientKey(request.ip))}`, ...(player ? [`account:${player.id}`] : [])];
    if (!(await store.limits.claim(place, keys, maxWaiting, Date.now())))
      return refuse(reply, {
        code: 'create/limit',
        message: `you already have ${maxWaiting} games waiting for an opponent; wait until someone joins one or abort one`,
      });
    const settle = (gameId: string | null): Promise<void> =>
      store.limits
        .settle(place, gameId)
        .catch((e: unknown) =>
          log(`a waiting game's place was not settled: ${e instanceof Error ? e.message : String(e)}`),
        );
    const granted = await hub.create(checked.value, player).catch(async (e: unknown) => {
      await settle(null);
      throw e;
    });
    await settle(isRefusal(granted) ? null : granted.game.id);
    return isRefusal(granted) ? refuse(reply, granted) : reply.code(201).send(granted);
  });

  app.post<{ Params: { id: string } }>('/api/games/:id/join', async (request, reply) => {
    const id = request.params.id;
    if (!GAME_ID_RE.test(id))
      return refuse(reply, { code: 'game/unknown', message: 'that is not a game id' });
    const checked = checkJoinRequest(request.body);
    if (!checked.ok) return refuse(reply, checked);
    const granted = await hub.join(id, checked.value.name, await viewer(request));
    return isRefusal(granted) ? refuse(reply, granted) : reply.send(granted);
  });

  app.get<{ Params: { id: string } }>('/api/games/:id', async (request, reply) => {
    const view = GAME_ID_RE.test(request.params.id) ? await hub.gameView(request.params.id) : undefined;
    return (
      view ??
      refuse(reply, { code: 'game/unknown', message: `there is no game ${request.params.id.slice(0, 20)}` })
    );
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/record', async (request, reply) => {
    const record = GAME_ID_RE.test(request.params.id) ? await hub.record(request.params.id) : undefined;
    if (record === undefined)
      return refuse(reply, {
        code: 'game/unknown',
        message: `there is no game ${request.params.id.slice(0, 20)}`,
      });
    return reply.type('text/plain; charset=utf-8').send(record);
  });

  const gameUnknown = (id: string): Refusal => ({
    code: 'game/unknown',
    message: `there is no game ${id.slice(0, 20)}`,
  });

  // The analysis kept with a finished game: anyone who sees the game may read it, and keep one
  // that is deeper (checked against the game's moves; see Hub.saveAnalysis).
  app.get<{ Params: { id: string } }>('/api/games/:id/analysis', async (request, reply) => {
    const { id } = request.params;
    if (!GAME_ID_RE.test(id)) return refuse(reply, gameUnknown(id));
    const kept = await hub.analysis(id);
    return typeof kept === 'string'
      ? reply.type('application/json; charset=utf-8').send(kept)
      : refuse(reply, kept);
  });

  // An analysis's body is bounded by its game's length before it is read (protocol.ts
  // analysisBounds): for an unknown or unfinished game, or a body that is not JSON, not a byte of
  // it is read; one longer than its game's bound is refused as soon as its Content-Length says
  // so, or its bytes pass the bound; one of more keys than such an analysis has, before it is
  // parsed.
  app.put<{ Params: { id: string } }>(
    '/api/games/:id/analysis',
    {
      bodyLimit: MAX_ANALYSIS_BYTES,
      preParsing: async (request, _reply, payload) => {
        const { id } = request.params;
        if (!GAME_ID_RE.test(id)) throw new InputRefused(gameUnknown(id));
        if (!request.headers['content-type']?.startsWith('application/json'))
          throw new InputRefused({
            code: 'msg/json',
            message: 'the analysis must be sent as application/json',
          });
        const game = await hub.analysable(id);
        if (isRefusal(game)) throw new InputRefused(game);
        const { bytes, members } = analysisBounds(game.plies);
        const tooLarge: Refusal = {
          code: 'msg/size',
          message: `an analysis of this game of ${game.plies} plies has at most ${bytes} bytes`,
        };
        if (Number(request.headers['content-length']) > bytes) throw new InputRefused(tooLarge);
        bodyBounds.set(request, {
          maxMembers: members,
          what: `an analysis of this game of ${game.plies} plies`,
        });
        return capped(payload, bytes, tooLarge);
      },
    },
    async (request, reply) => {
      const saved = await hub.saveAnalysis(request.params.id, request.body);
      return isRefusal(saved) ? refuse(reply, saved) : reply.send(saved);
    },
  );

  app.get('/api/lobby', async () => hub.lobby());

  return app;
}

/**
 * A file Vite names by its content (`assets/main-CnLazkCN.js`): it never changes, so browsers
 * keep it for a year without asking again. Everything else (the page, the favicon, the icons) is
 * asked for again each time (`no-cache`, answered 304 when its ETag still matches), so a reload
 * after a deploy gets the new page, which names the new assets; so are the service worker
 * (`sw.js`) and the web app manifest, so that an installed app's update check sees a new build.
 */
export const HASHED_ASSET_RE = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The static files: precompressed copies (vite.config.ts writes them), cache headers, no maps. */
function staticOptions(root: string, serveSourceMaps: boolean) {
  const hasMap = new Map<string, boolean>();
  return {
    root,
    index: ['index.html'],
    // NAME.br / NAME.gz when the browser accepts them and they exist; else NAME itself.
    preCompressed: true,
    // Cache-Control is ours (setHeaders); send's would override it.
    cacheControl: false,
    etag: true,
    lastModified: true,
    allowedPath: (pathname: string) => serveSourceMaps || !pathname.endsWith('.map'),
    setHeaders: (res: SetHeadersResponse, path: string) => {
      // `path` is the file sent: NAME.br for NAME when compressed.
      const file = path.replace(/\.(br|gz)$/, '');
      const url = `/${relative(root, file).split(sep).join('/')}`;
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader('cache-control', HASHED_ASSET_RE.test(url) ? IMMUTABLE : 'no-cache');
      if (serveSourceMaps && file.endsWith('.js')) {
        let found = hasMap.get(file);
        if (found === undefined) hasMap.set(file, (found = existsSync(`${file}.map`)));
        if (found) res.setHeader('sourcemap', `${url.slice(url.lastIndexOf('/') + 1)}.map`);
      }
    },
  };
}

/**
 * The TCP connections' caps: Node closes those beyond the total; beyond an address's share, a
 * connection is answered 429 and closed before it is read. A trusted proxy's address is not
 * capped (it carries everybody's connections).
 */
function capConnections(
  app: FastifyInstance,
  limits: Limits,
  trustProxy: number | string | undefined,
  refused: () => void,
): void {
  app.server.maxConnections = limits.maxConnections;
  const trusted = proxies(trustProxy);
  const open = new Map<string, number>();
  const body = JSON.stringify({
    error: {
      code: 'rate/limited',
      message: `at most ${limits.maxConnectionsPerAddress} connections from one address`,
    },
  });
  const answer =
    'HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
  app.server.on('connection', (socket: Socket) => {
    const remote = socket.remoteAddress;
    if (remote === undefined || trusted(remote, socket.remoteFamily)) return;
    const address = clientKey(remote);
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    if (count > limits.maxConnectionsPerAddress) {
      refused();
      socket.end(answer);
    }
  });
}

const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether a peer is a proxy TRUST_PROXY names (a number of hops: every peer is one). */
function proxies(trustProxy: number | string | undefined): (address: string, family?: string) => boolean {
  if (trustProxy === undefined) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trustProxy.split(',').flatMap((e) => NAMED_RANGES[e.trim()] ?? [e.trim()])) {
    if (!entry) continue;
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address, family) => {
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (v4) return list.check(v4, 'ipv4') || list.check(address, 'ipv6');
    return list.check(address, family === 'IPv6' || isIPv6(address) ? 'ipv6' : 'ipv4');
  };
}

/** A token bucket per client address; `rate` 0 lets everything through. */
function perAddress(rate: number, burst: number): (address: string) => boolean {
  if (rate <= 0) return () => true;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (address) => {
    const now = Date.now();
    if (buckets.size > 10_000) for (const [key, b] of buckets) if (now - b.at > 60_000) buckets.delete(key);
    const bucket = buckets.get(address) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * rate) / 1000);
    bucket.at = now;
    buckets.set(address, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}
