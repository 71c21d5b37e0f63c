/**
 * The fuzzer's messages: random bytes, broken JSON, JSON of the wrong shape, oversized and
 * deeply nested text, and real messages with one or more fields mutated (game ids, tokens of
 * other games, stale and future plies, illegal moves, moves for the side not to move), all
 * drawn from a seeded generator so that a failure can be replayed from its seed.
 */

import { makeMoveSquares, seededRandom, type Position, type Side } from '@tafl/core';
import { MAX_MESSAGE_BYTES, MAX_PLIES } from '../src/protocol.js';

/** The core's seeded generator, with the draws the fuzzer needs. */
export class Rng {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  /** 0 to n - 1. */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** One of the keys, drawn with the weights given. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let r = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) if ((r -= w) < 0) return key;
    return entries[entries.length - 1]![0];
  }

  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }

  string(n: number, alphabet: string): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_CHARS = ALNUM + '_-';
const FILES = 'abcdefghijk';

/** A game the fuzzer knows of: its id, the tokens it holds (if any) and its position (if seen). */
export interface FuzzGame {
  readonly id: string;
  readonly tokens: Partial<Record<Side, string>>;
  readonly pos: Position | undefined;
}

export interface FuzzContext {
  /** Games the fuzzer must not be able to change: it knows their ids, not their tokens. */
  readonly victims: readonly FuzzGame[];
  /** The fuzzer's own games, both tokens or one. */
  readonly owned: readonly FuzzGame[];
}

export interface Frame {
  readonly data: string | Buffer;
  readonly binary: boolean;
  /** What kind of mutation it is, for the summary. */
  readonly kind: string;
}

const text = (data: string, kind: string): Frame => ({ data, binary: false, kind });

/** One message to send. */
export function fuzzFrame(rng: Rng, ctx: FuzzContext): Frame {
  const kind = rng.weighted({
    mutated: 60,
    shape: 12,
    json: 6,
    notObject: 3,
    binary: 4,
    garbage: 5,
    nested: 3,
    huge: 3,
    badUtf8: 0.4,
    overPayload: 0.3,
    ping: 3.3,
  });
  switch (kind) {
    case 'mutated':
      return text(JSON.stringify(mutated(rng, ctx)), kind);
    case 'shape':
      return text(JSON.stringify(wrongShape(rng, ctx)), kind);
    case 'json': {
      const valid = JSON.stringify(mutated(rng, ctx));
      const broken = rng.weighted({ truncated: 3, tokens: 1, quotes: 1, trailing: 1 });
      if (broken === 'truncated') return text(valid.slice(0, rng.int(valid.length)), kind);
      if (broken === 'quotes') return text(valid.replace(/"/g, "'"), kind);
      if (broken === 'trailing') return text(valid + rng.pick([',', '}', ' x', '\u0000', '{}']), kind);
      return text(rng.string(rng.between(1, 80), '{}[]":,0123456789.eE+-tfnulr \\'), kind);
    }
    case 'notObject':
      return text(
        JSON.stringify(
          rng.pick<unknown>([null, true, 0, -1.5, 1e308, 'move', '', [], [{ t: 'ping' }], { length: 1 }]),
        ),
        kind,
      );
    case 'binary':
      return {
        data: rng.chance(0.3) ? Buffer.from(JSON.stringify({ t: 'ping' })) : rng.bytes(rng.between(0, 300)),
        binary: true,
        kind,
      };
    case 'garbage':
      return text(
        rng.chance(0.5)
          ? rng.bytes(rng.between(0, 200)).toString('latin1')
          : String.fromCodePoint(...Array.from({ length: rng.between(1, 60) }, () => rng.int(0x10ffff))),
        kind,
      );
    case 'nested': {
      const depth = rng.chance(0.8) ? rng.between(50, 1900) : rng.between(3000, 60_000);
      const [open, close] = rng.pick([
        ['[', ']'],
        ['{"a":', '}'],
        ['{"t":"ping","re":', '}'],
      ] as const);
      return text(open.repeat(depth) + (rng.chance(0.5) ? '1' : '') + close.repeat(depth), kind);
    }
    case 'huge': {
      const size = rng.chance(0.3) ? MAX_MESSAGE_BYTES - rng.between(0, 60) : rng.between(4097, 60_000);
      const base = mutated(rng, ctx) as Record<string, unknown>;
      const field = rng.pick(['move', 'game', 'token', 'pad', 't']);
      const message = JSON.stringify({ ...base, [field]: '' });
      return text(
        message.replace(`"${field}":""`, `"${field}":"${'x'.repeat(Math.max(0, size - message.length))}"`),
        kind,
      );
    }
    case 'badUtf8':
      return { data: Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0xfe, 0x7d]), binary: false, kind };
    case 'overPayload':
      return text(JSON.stringify({ t: 'ping', pad: 'y'.repeat(rng.between(70_000, 200_000)) }), kind);
    case 'ping':
      return text(JSON.stringify(rng.chance(0.5) ? { t: 'ping' } : { t: 'ping', re: rng.int(1000) }), kind);
  }
}

// ---------------------------------------------------------------------------------------------
// Real messages, mutated

const randomId = (rng: Rng): string => rng.string(10, ALNUM);
const randomToken = (rng: Rng): string => rng.string(22, TOKEN_CHARS);

/** A token with one character changed (still of the right form). */
function nearToken(rng: Rng, token: string): string {
  const i = rng.int(token.length);
  let c = token[i]!;
  while (c === token[i]) c = rng.pick([...TOKEN_CHARS]);
  return token.slice(0, i) + c + token.slice(i + 1);
}

const ownedTokens = (ctx: FuzzContext): string[] =>
  ctx.owned.flatMap((g) => [g.tokens.attackers, g.tokens.defenders].filter((t): t is string => !!t));

function randomSquareMove(rng: Rng): string {
  const square = (): string =>
    `${rng.pick([...FILES.slice(0, rng.chance(0.9) ? 7 : 11)])}${rng.between(0, 12)}`;
  return `${square()}-${square()}`;
}

/** A legal move of the side to move, or of the other side (from a position one move on). */
function legalMove(rng: Rng, pos: Position, otherSide: boolean): string | undefined {
  if (pos.isOver()) return undefined;
  if (!otherSide) return makeMoveSquares(pos.geo, rng.pick(pos.legalMoves()));
  const next = pos.clone();
  next.play(rng.pick(next.legalMoves()));
  return next.isOver() ? undefined : makeMoveSquares(next.geo, rng.pick(next.legalMoves()));
}

function moveText(rng: Rng, pos: Position | undefined): string {
  const kind = rng.weighted({
    legal: 40,
    other: 15,
    squares: 15,
    syntax: 8,
    captures: 6,
    pass: 4,
    symbols: 6,
    long: 6,
  });
  const legal = pos && legalMove(rng, pos, false);
  switch (kind) {
    case 'legal':
      return legal ?? randomSquareMove(rng);
    case 'other':
      return (pos && legalMove(rng, pos, true)) ?? randomSquareMove(rng);
    case 'squares':
      return randomSquareMove(rng);
    case 'syntax':
      return rng.pick([
        '',
        ' ',
        'hello',
        'd2d4',
        'd2--d4',
        '-',
        'x',
        'd2-',
        '-d4',
        'D2-D4',
        'd2-d4-d6',
        '💥-d4',
      ]);
    case 'captures':
      return `${legal ?? randomSquareMove(rng)}x${rng.pick(['a1', 'c3', 'd4/e4', 'z9', '', '/', 'c3/c3'])}`;
    case 'pass':
      return 'pass';
    case 'symbols':
      return `${legal ?? randomSquareMove(rng)}${rng.pick(['+', '#', '!', '?', '++', ' ', '\t'])}`;
    case 'long':
      return rng.string(rng.between(60, 70), 'abcdefg1234567-x/');
  }
}

/** A real message for a known game, with some fields mutated or taken from another game. */
function mutated(rng: Rng, ctx: FuzzContext): object {
  const target = rng.weighted({ victim: 45, owned: 45, unknown: 10 });
  const game: FuzzGame =
    target === 'victim' && ctx.victims.length > 0
      ? rng.pick(ctx.victims)
      : target === 'owned' && ctx.owned.length > 0
        ? rng.pick(ctx.owned)
        : { id: randomId(rng), tokens: {}, pos: undefined };
  const pos = game.pos;
  const foreign = ownedTokens(ctx).filter((t) => t !== game.tokens.attackers && t !== game.tokens.defenders);
  const own = [game.tokens.attackers, game.tokens.defenders].filter((t): t is string => !!t);
  const toMove = pos && !pos.isOver() ? game.tokens[pos.turn] : undefined;
  const token = (): string => {
    const choice = rng.weighted({ right: own.length > 0 ? 45 : 0, foreign: 30, near: 10, random: 15 });
    if (choice === 'right') return rng.chance(0.7) && toMove ? toMove : rng.pick(own);
    if (choice === 'foreign' && foreign.length > 0) return rng.pick(foreign);
    if (choice === 'near') return nearToken(rng, rng.pick([...own, ...foreign, randomToken(rng)]));
    return randomToken(rng);
  };
  const ply = (): number => {
    const now = pos?.ply ?? 0;
    const choice = rng.weighted({ now: 55, stale: 15, future: 10, zero: 10, any: 10 });
    if (choice === 'now') return now;
    if (choice === 'stale') return Math.max(0, now - rng.between(1, 3));
    if (choice === 'future') return Math.min(MAX_PLIES, now + rng.between(1, 5));
    if (choice === 'zero') return 0;
    return rng.int(MAX_PLIES + 1);
  };
  const re = rng.chance(0.5) ? { re: rng.int(2 ** 31) } : {};
  const t = rng.weighted({
    move: 50,
    watch: 14,
    unwatch: 5,
    resign: 5,
    draw: 9,
    rematch: 8,
    abort: 5,
    claim: 3,
    ping: 4,
  });
  const act = rng.pick(['offer', 'accept', 'decline'] as const);
  const id = rng.chance(0.95) ? game.id : rng.pick([randomId(rng), rng.pick(ctx.victims.map((v) => v.id))]);
  const message: Record<string, unknown> = (() => {
    switch (t) {
      case 'move':
        return { t, game: id, token: token(), ply: ply(), move: moveText(rng, pos), ...re };
      case 'watch':
        return {
          t,
          game: id,
          ...(rng.chance(0.5) ? { from: ply() } : {}),
          ...(rng.chance(0.6) ? { token: token() } : {}),
          ...re,
        };
      case 'unwatch':
        return { t, game: id, ...re };
      case 'resign':
      case 'abort':
        return { t, game: id, token: token(), ...re };
      case 'draw':
      case 'rematch':
        return { t, game: id, token: token(), act, ...re };
      case 'claim':
        return { t, game: id, token: token(), act: rng.pick(['win', 'draw', act]), ...re };
      case 'ping':
        return { t, ...re };
    }
  })();
  // Now and then one field more is broken: the kind of mistake a careless client makes.
  if (rng.chance(0.1)) breakField(rng, message);
  return message;
}

const WRONG_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  2 ** 31 + 1,
  2 ** 53,
  1e300,
  -1e300,
  '',
  ' ',
  '0',
  'NaN',
  'null',
  '<script>alert(1)</script>',
  "'; DROP TABLE games; --",
  '%00',
  '\u0000',
  '\ud800',
  '../../../../etc/passwd',
  [],
  [1, 2],
  {},
  { $gt: '' },
  { toString: 'x' },
];

function breakField(rng: Rng, message: Record<string, unknown>): void {
  const keys = Object.keys(message);
  const choice = rng.weighted({ value: 5, remove: 2, extra: 2, proto: 1 });
  const key = rng.pick(keys);
  if (choice === 'value') message[key] = rng.pick(WRONG_VALUES);
  else if (choice === 'remove') delete message[key];
  else if (choice === 'extra')
    message[rng.pick(['x', 'from', 'token', 'ply', 'act', 'move', 'game', 'you'])] = 1;
  else
    Object.defineProperty(message, rng.pick(['__proto__', 'constructor', 'prototype', 'hasOwnProperty']), {
      value: rng.chance(0.5) ? { polluted: true, t: 'move' } : 'x',
      enumerable: true,
      configurable: true,
      writable: true,
    });
}

/** Valid JSON objects of the wrong shape: unknown kinds, wrong types, missing and extra fields. */
function wrongShape(rng: Rng, ctx: FuzzContext): object {
  const kind = rng.weighted({ t: 3, types: 5, missing: 2, extra: 2, empty: 1 });
  const game = rng.pick([...ctx.victims, ...ctx.owned]);
  switch (kind) {
    case 't':
      return {
        t: rng.pick<unknown>([
          'Move',
          'move ',
          'MOVE',
          'teleport',
          'state',
          'hello',
          'error',
          '',
          0,
          null,
          ['move'],
        ]),
        game: game.id,
      };
    case 'types': {
      const message: Record<string, unknown> = {
        t: rng.pick(['move', 'watch', 'resign', 'draw', 'rematch', 'abort', 'claim', 'unwatch', 'ping']),
        game: game.id,
        token: rng.pick(ownedTokens(ctx)),
        ply: game.pos?.ply ?? 0,
        move: 'd2-c2',
        act: 'offer',
      };
      for (let i = rng.between(1, 3); i > 0; i--)
        message[rng.pick(Object.keys(message))] = rng.pick(WRONG_VALUES);
      return message;
    }
    case 'missing':
      return rng.pick<object>([
        { t: 'move' },
        { t: 'move', game: game.id },
        { t: 'move', game: game.id, token: rng.pick(ownedTokens(ctx)) },
        { t: 'watch' },
        { t: 'draw', game: game.id, token: rng.pick(ownedTokens(ctx)) },
        { game: game.id },
      ]);
    case 'extra':
      return { t: 'ping', [rng.string(rng.between(1, 100), ALNUM)]: rng.pick(WRONG_VALUES) };
    case 'empty':
      return {};
  }
}
