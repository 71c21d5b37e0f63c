/**
 * The server's logs: one pino logger (Fastify's own, given to it as `loggerInstance`) for the
 * whole process, writing one JSON line per event to stderr: `time` (ISO 8601), `level` (its
 * name), `msg`, and `reqId` (an HTTP request) or `game` (a game's id) where there is one.
 * `LOG_FORMAT=pretty` (the default when NODE_ENV=development) prints the same events as plain
 * readable lines instead. `LOG_LEVEL` (default info) is pino's level.
 *
 * The hub and the stores log through a `(message: string) => void`: `lineLog` gives them one
 * that writes through the logger, at a level read from the sentence (`classify`), with the
 * game's id as a field. Every such line passes a `RateLimiter`: of the lines of one failure
 * class (the sentence with its numbers, ids and addresses taken out, or a class given
 * explicitly), one is written per interval (LOG_INTERVAL_MS, 10 s) and the rest are counted,
 * then summed up in one line ("…and 7,042 more like it in the last 10 s"), so that a database
 * outage writes a few lines, not one per message.
 *
 * No secret is written: a request's URL is logged without its query string, and its headers
 * never (and Cookie, Authorization and any `token` field are redacted should they be passed).
 */

import { pino, type Logger } from 'pino';

export type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export type LogFormat = 'json' | 'pretty';

export interface LogSettings {
  readonly level: string;
  readonly format: LogFormat;
}

/** How long one failure class is quiet after its line: one line (and a sum) per interval. */
export const LOG_INTERVAL_MS = 10_000;

/** LOG_LEVEL and LOG_FORMAT (NODE_ENV=development: pretty by default); a bad value throws a sentence. */
export function logSettings(env: Readonly<Record<string, string | undefined>>): LogSettings {
  const level = (env.LOG_LEVEL ?? '').trim().toLowerCase() || 'info';
  if (!LEVELS.includes(level))
    throw new Error(`LOG_LEVEL=${env.LOG_LEVEL}: one of ${LEVELS.join(', ')} (default info)`);
  const raw = (env.LOG_FORMAT ?? '').trim().toLowerCase();
  const format = raw || (env.NODE_ENV === 'development' ? 'pretty' : 'json');
  if (format !== 'json' && format !== 'pretty')
    throw new Error(`LOG_FORMAT=${env.LOG_FORMAT}: json (one JSON object a line, the default) or pretty`);
  return { level, format };
}

/** A request's path without its query string or fragment (which may hold a token), at most 200 characters. */
export function pathOnly(url: string | undefined): string | undefined {
  return url?.replace(/[?#].*$/s, '').slice(0, 200);
}

interface RequestLike {
  readonly method?: string;
  readonly url?: string;
  readonly ip?: string;
  readonly socket?: { readonly remoteAddress?: string };
}

/** The process's logger: JSON lines (or pretty ones) on `write` (default: stderr, synchronously). */
export function createLogger(settings: LogSettings, write?: (line: string) => void): Logger {
  const out = write ?? ((line: string) => void process.stderr.write(line));
  const destination =
    settings.format === 'pretty'
      ? { write: (line: string) => out(`${prettyLine(line)}\n`) }
      : write
        ? { write }
        : pino.destination({ dest: 2, sync: true });
  return pino(
    {
      level: settings.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: {
        req: (request: RequestLike) => ({
          method: request.method,
          url: pathOnly(request.url),
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        }),
        res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
        err: pino.stdSerializers.err,
      },
      redact: {
        paths: [
          'headers.cookie',
          'headers.authorization',
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'token',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

// ---------------------------------------------------------------------------------------------
// Pretty lines (development): a few lines of our own rather than pino-pretty

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** One JSON log line as a readable one: `12:03:04.567 WARN  [req-3] game Ab12Cd34Ef: msg key=value`. */
export function prettyLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const { time, level, msg, reqId, game, req, res, err, ...fields } = o;
  const rest = Object.entries(fields).filter(([key]) => key !== 'pid' && key !== 'hostname');
  const at =
    typeof time === 'string' ? time.slice(11, 23) : new Date(Number(time)).toISOString().slice(11, 23);
  const name = typeof level === 'number' ? (LEVEL_NAMES[level] ?? String(level)) : String(level);
  const parts = [at, name.toUpperCase().padEnd(5)];
  if (reqId !== undefined) parts.push(`[${String(reqId)}]`);
  if (game !== undefined) parts.push(`game ${String(game)}:`);
  parts.push(String(msg ?? ''));
  const r = req as { method?: string; url?: string } | undefined;
  if (r) parts.push(`${r.method ?? ''} ${r.url ?? ''}`.trim());
  const s = res as { statusCode?: number } | undefined;
  if (s?.statusCode !== undefined) parts.push(String(s.statusCode));
  for (const [key, value] of rest)
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const e = err as { stack?: string; message?: string } | undefined;
  return parts.join(' ') + (e ? `\n  ${e.stack ?? e.message ?? ''}` : '');
}

// ---------------------------------------------------------------------------------------------
// Lines of the hub and the stores

/**
 * A failure class: the first line of a message with what varies between two occurrences of
 * the same failure taken out (game ids, numbers, durations, addresses and ports, hex ids).
 */
export function failureClass(message: string): string {
  return (message.split('\n', 1)[0] ?? '')
    .replace(/\bgame [A-Za-z0-9]+/g, 'game #')
    .replace(/\[?[0-9a-f]*:[0-9a-f]*:[0-9a-f:.]*\]?(:\d+)?/gi, '#') // IPv6 addresses
    .replace(/[\w.:/-]*\d[\w.:/-]*/g, '#') // anything with a digit: numbers, ids, IPv4:port
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * The level of a sentence of the hub or a store: a failure is an error, or a warning when the
 * sentence says it recovers (tries again); a copy dropped or a notice missed is a warning;
 * the rest is information.
 */
export function classify(message: string): Level {
  const head = message.split('\n', 1)[0] ?? '';
  if (/\b(failed|failure|crashed|cannot|could not|error)\b/i.test(head))
    return /\b(again|retry|retrying|trying)\b/i.test(head) ? 'warn' : 'error';
  if (/\b(does not follow|dropping|missed|took more than)\b/i.test(head)) return 'warn';
  return 'info';
}

/** The game a sentence of the hub is about ("game Ab12Cd34Ef: …"), if any. */
export function gameOf(message: string): string | undefined {
  return /^game ([A-Za-z0-9]{10})\b/.exec(message)?.[1];
}

export type Fields = Readonly<Record<string, unknown>>;

export interface RateLimitOptions {
  /** One line per failure class per this many milliseconds (default LOG_INTERVAL_MS). */
  readonly intervalMs?: number;
  /** The time source (default Date.now). */
  readonly now?: () => number;
  /** Classes followed at once; past this, new classes share one (default 1000). */
  readonly maxClasses?: number;
}

interface Window {
  readonly start: number;
  readonly level: Level;
  suppressed: number;
}

const plural = (n: number): string => n.toLocaleString('en-US');

/**
 * Of the lines of one class, the first of each interval is written and the others counted;
 * when the interval has ended (at the next line of the class, or at `flush`), a line says how
 * many were left out: "…and 7,042 more like it in the last 10 s".
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly maxClasses: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly emit: (level: Level, message: string, fields: Fields) => void,
    options: RateLimitOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? LOG_INTERVAL_MS;
    this.now = options.now ?? Date.now;
    this.maxClasses = options.maxClasses ?? 1000;
  }

  /** Writes the line, or counts it if its class has had one this interval; true when written. */
  log(level: Level, message: string, fields: Fields = {}, cls?: string): boolean {
    let key = cls ?? failureClass(message);
    const now = this.now();
    let window = this.windows.get(key);
    if (window && now - window.start >= this.intervalMs) {
      this.summarise(key, window);
      this.windows.delete(key);
      window = undefined;
    }
    if (window) {
      window.suppressed++;
      return false;
    }
    if (this.windows.size >= this.maxClasses) {
      this.flush();
      if (this.windows.size >= this.maxClasses) {
        key = '(many other classes)';
        const shared = this.windows.get(key);
        if (shared) {
          shared.suppressed++;
          return false;
        }
      }
    }
    this.windows.set(key, { start: now, level, suppressed: 0 });
    this.emit(level, message, fields);
    return true;
  }

  /** Sums up every class whose interval has ended, and forgets it. */
  flush(): void {
    const now = this.now();
    for (const [key, window] of this.windows)
      if (now - window.start >= this.intervalMs) {
        this.summarise(key, window);
        this.windows.delete(key);
      }
  }

  /**
   * Flushes from now on, every tenth of the interval (at most a second), so that a sum comes at
   * most that late; a timer that keeps no process alive.
   */
  start(): this {
    this.timer ??= setInterval(() => this.flush(), Math.max(100, Math.min(1000, this.intervalMs / 10)));
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private summarise(key: string, window: Window): void {
    if (window.suppressed === 0) return;
    const seconds = Math.round(this.intervalMs / 100) / 10;
    this.emit(
      window.level,
      `…and ${plural(window.suppressed)} more like it in the last ${seconds} s: ${key}`,
      {
        class: key,
        suppressed: window.suppressed,
      },
    );
  }
}

/** What the hub, the stores and the sockets log through: a sentence, and maybe fields. */
export type LineLog = (message: string, fields?: LineFields) => void;

export interface LineFields {
  readonly level?: Level;
  /** The failure class, when the sentence alone would not make it (default: failureClass). */
  readonly class?: string;
  readonly game?: string;
  readonly [key: string]: unknown;
}

/**
 * A `(message) => void` for the hub and the stores that writes through `logger`: each line at
 * its level (classify, or `fields.level`), with its game's id, rate-limited by class.
 */
export function lineLog(logger: Logger, limiter?: RateLimiter): { log: LineLog; limiter: RateLimiter } {
  const limits =
    limiter ?? new RateLimiter((level, message, fields) => logger[level](fields, message)).start();
  const log: LineLog = (message, fields = {}) => {
    const { level = classify(message), class: cls, ...rest } = fields;
    const game = rest.game ?? gameOf(message);
    limits.log(level, message, game === undefined ? rest : { ...rest, game }, cls);
  };
  return { log, limiter: limits };
}

export type { Logger };
