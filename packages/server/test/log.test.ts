/**
 * The logs (log.ts) on a fake clock: one line per failure class per interval with the count of
 * those left out, failure classes that ignore ids, numbers and addresses, levels read from the
 * hub's sentences, the settings, the pretty format, and no secret in a request's log line.
 */

import { describe, expect, it } from 'vitest';
import {
  RateLimiter,
  classify,
  createLogger,
  failureClass,
  gameOf,
  lineLog,
  logSettings,
  pathOnly,
  prettyLine,
  type Fields,
  type Level,
} from '../src/log.js';
import { buildServer } from '../src/app.js';
import { tempDir } from './harness.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const T0 = 1_800_000_000_000;

function limited(intervalMs = 10_000) {
  let t = T0;
  const lines: { level: Level; message: string; fields: Fields }[] = [];
  const limiter = new RateLimiter((level, message, fields) => lines.push({ level, message, fields }), {
    intervalMs,
    now: () => t,
  });
  return { limiter, lines, advance: (ms: number) => void (t += ms) };
}

describe('RateLimiter', () => {
  it('writes one line per class per interval, then says how many were left out', () => {
    const { limiter, lines, advance } = limited();
    for (let i = 0; i < 7043; i++) {
      limiter.log(
        'error',
        `game Ab12Cd34E${i % 10}: refresh failed: connect ECONNREFUSED 10.0.0.${i % 250}:5432`,
      );
      advance(1); // 7.043 s in all: one interval
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toBe('game Ab12Cd34E0: refresh failed: connect ECONNREFUSED 10.0.0.0:5432');
    // Nothing more until the interval ends, then the sum, at flush...
    limiter.flush();
    expect(lines).toHaveLength(1);
    advance(10_000 - 7043);
    limiter.flush();
    expect(lines).toHaveLength(2);
    expect(lines[1]!.level).toBe('error');
    expect(lines[1]!.message).toBe(
      '…and 7,042 more like it in the last 10 s: game #: refresh failed: connect ECONNREFUSED #',
    );
    expect(lines[1]!.fields).toMatchObject({ suppressed: 7042 });
    // ...and the class starts again with a line of its own.
    expect(limiter.log('error', 'game Xy12Cd34Ef: refresh failed: connect ECONNREFUSED 10.0.0.9:5432')).toBe(
      true,
    );
    expect(lines).toHaveLength(3);
  });

  it('sums up at the next line of the class when no flush came in between', () => {
    const { limiter, lines, advance } = limited(10_000);
    limiter.log('warn', 'the heartbeat could not be written (timeout after 2000 ms)');
    advance(5000);
    limiter.log('warn', 'the heartbeat could not be written (timeout after 2001 ms)');
    limiter.log('warn', 'the heartbeat could not be written (timeout after 2002 ms)');
    advance(5000);
    limiter.log('warn', 'the heartbeat could not be written (timeout after 2003 ms)');
    expect(lines.map((l) => l.message)).toEqual([
      'the heartbeat could not be written (timeout after 2000 ms)',
      '…and 2 more like it in the last 10 s: the heartbeat could not be written (timeout after # ms)',
      'the heartbeat could not be written (timeout after 2003 ms)',
    ]);
  });

  it('keeps classes apart, and an explicit class groups different sentences', () => {
    const { limiter, lines, advance } = limited();
    limiter.log('error', 'a database connection failed: ECONNRESET');
    limiter.log('warn', 'the running clocks could not be read (ECONNRESET); trying again');
    limiter.log('error', 'a database connection failed: ECONNRESET');
    limiter.log('error', 'message move failed: boom', {}, 'db');
    limiter.log('error', 'message resign failed: bang', {}, 'db');
    expect(lines).toHaveLength(3);
    advance(10_000);
    limiter.flush();
    expect(lines.slice(3).map((l) => l.message)).toEqual([
      '…and 1 more like it in the last 10 s: a database connection failed: ECONNRESET',
      '…and 1 more like it in the last 10 s: db',
    ]);
    // A class with nothing left out writes no sum, and is forgotten.
    limiter.flush();
    expect(lines).toHaveLength(5);
  });

  it('holds a bounded number of classes', () => {
    const lines: string[] = [];
    const small = new RateLimiter((_level, message) => lines.push(message), {
      maxClasses: 3,
      now: () => T0,
    });
    for (const c of ['a', 'b', 'c', 'd', 'e', 'f']) small.log('error', `failure ${c}`, {}, c);
    // a, b, c; then one line for the others together.
    expect(lines).toEqual(['failure a', 'failure b', 'failure c', 'failure d']);
  });
});

describe('failure classes and levels', () => {
  it('take out game ids, numbers, addresses and ports', () => {
    expect(failureClass('game Ab12Cd34Ef: move 17 read back does not follow; dropping the copy')).toBe(
      'game #: move # read back does not follow; dropping the copy',
    );
    expect(failureClass('connect ECONNREFUSED 127.0.0.1:5432')).toBe(
      failureClass('connect ECONNREFUSED [::1]:5433'),
    );
    expect(failureClass('Error: boom\n    at x (file.js:1:2)')).toBe('Error: boom');
    expect(failureClass('the database answers again; every clock is checked')).toBe(
      'the database answers again; every clock is checked',
    );
  });

  it('read the level from the sentence, and the game from its head', () => {
    expect(classify('a database connection failed: ECONNRESET')).toBe('error');
    expect(classify('game Ab12Cd34Ef: its rules cannot be read')).toBe('error');
    expect(classify('the LISTEN connection failed (x); connecting again')).toBe('warn');
    expect(classify('the running clocks could not be read (x); trying again')).toBe('warn');
    expect(classify('game Ab12Cd34Ef: move 3 read back does not follow; dropping the copy')).toBe('warn');
    expect(classify('clocks of 3 games stopped for the 2100 ms no server was up')).toBe('info');
    expect(classify('the database answers again; every clock is checked')).toBe('info');
    expect(gameOf('game Ab12Cd34Ef: refresh failed: x')).toBe('Ab12Cd34Ef');
    expect(gameOf('the heartbeat could not be written')).toBeUndefined();
  });
});

describe('settings', () => {
  it('LOG_LEVEL defaults to info, LOG_FORMAT to json (pretty in development)', () => {
    expect(logSettings({})).toEqual({ level: 'info', format: 'json' });
    expect(logSettings({ NODE_ENV: 'development' })).toEqual({ level: 'info', format: 'pretty' });
    expect(logSettings({ NODE_ENV: 'development', LOG_FORMAT: 'json', LOG_LEVEL: 'DEBUG' })).toEqual({
      level: 'debug',
      format: 'json',
    });
    expect(() => logSettings({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL=loud: one of fatal, error/);
    expect(() => logSettings({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT=xml/);
  });
});

describe('lines', () => {
  it('are JSON with time, level, msg and the game of a hub sentence; pretty ones are plain', () => {
    const out: string[] = [];
    const logger = createLogger({ level: 'info', format: 'json' }, (line) => void out.push(line));
    const { log, limiter } = lineLog(logger);
    log('game Ab12Cd34Ef: refresh failed: ECONNRESET');
    log('clocks of 2 games stopped for the 900 ms no server was up');
    limiter.stop();
    const [first, second] = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(first).toMatchObject({
      level: 'error',
      game: 'Ab12Cd34Ef',
      msg: 'game Ab12Cd34Ef: refresh failed: ECONNRESET',
    });
    expect(Date.parse(String(first!.time))).toBeGreaterThan(T0 - 10 * 365 * 86_400_000);
    expect(second).toMatchObject({ level: 'info' });

    const pretty: string[] = [];
    const plain = createLogger({ level: 'info', format: 'pretty' }, (line) => void pretty.push(line));
    plain.child({ reqId: 'req-7' }).warn({ game: 'Ab12Cd34Ef', tries: 2 }, 'slow');
    expect(pretty).toHaveLength(1);
    expect(pretty[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}\[req-7\] game Ab12Cd34Ef: slow tries=2\n$/);
    expect(prettyLine('not json')).toBe('not json');
  });

  it('below LOG_LEVEL are not written', () => {
    const out: string[] = [];
    const logger = createLogger({ level: 'warn', format: 'json' }, (line) => void out.push(line));
    logger.info('hello');
    logger.warn('careful');
    expect(out.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['careful']);
  });

  it('never hold a query string, a cookie or an authorization header', async () => {
    expect(pathOnly('/api/games/Ab12Cd34Ef?token=s3cret#x')).toBe('/api/games/Ab12Cd34Ef');
    const out: string[] = [];
    const logger = createLogger({ level: 'debug', format: 'json' }, (line) => void out.push(line));
    logger.info({ headers: { cookie: 'sid=s3cret', authorization: 'Bearer s3cret' }, token: 's3cret' }, 'x');
    const web = tempDir();
    mkdirSync(join(web.dir, 'assets'));
    writeFileSync(join(web.dir, 'index.html'), '<!doctype html>');
    const app = await buildServer({ webRoot: web.dir, logger });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/index.html?token=s3cret&seat=s3cret',
        headers: { cookie: 'session=s3cret', authorization: 'Bearer s3cret' },
      });
      expect(response.statusCode).toBe(200);
      await app.inject({ method: 'GET', url: '/nothing?token=s3cret' });
    } finally {
      await app.close();
      web.remove();
    }
    const text = out.join('');
    expect(text).not.toContain('s3cret');
    const requests = out
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      req: { method: 'GET', url: '/index.html' },
      res: { statusCode: 200 },
    });
    expect(requests[1]).toMatchObject({ req: { url: '/nothing' }, res: { statusCode: 404 } });
    expect(requests[0]!.reqId).toBeTypeOf('string');
  });
});
