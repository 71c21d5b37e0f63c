/**
 * Abandonment's rules (presence.ts) on their own: the grace of each time control, who holds a
 * seat and since when it has been empty (in this process and in others), and which games the
 * expiry sweep ends.
 */

import { describe, expect, it } from 'vitest';
import { claimIn, expiryOf, graceOf, Presences, PRESENCE_TTL_MS, shortestExpiry } from '../src/presence.js';
import {
  claimGraceMs,
  parseClientMessage,
  UNSTARTED_ABORT_MS,
  WAITING_EXPIRY_CORRESPONDENCE_MS,
  WAITING_EXPIRY_MS,
} from '../src/protocol.js';
import { parseNotice, parsePresence, presencePayload } from '../src/store/postgres.js';
import { noticePayload } from '../src/store/pg-batch.js';
import { noticeOf, withoutRules } from '../src/store/types.js';
import { gameRow } from './rows.js';
import type { GameRow } from '../src/store/types.js';
import type { TimeControl } from '../src/protocol.js';

const T0 = 1_800_000_000_000;

function row(time: TimeControl, over: Partial<GameRow> = {}): GameRow {
  return gameRow(time, { ply: 3, version: 4, createdAt: T0, updatedAt: T0, ...over });
}

const LIVE_5_0: TimeControl = { kind: 'live', baseMs: 300_000, incrementMs: 0 };

describe('the grace before a claim', () => {
  it('is 30 s plus a twentieth of the base time plus the increment, 60 s untimed, none in correspondence', () => {
    expect(claimGraceMs(LIVE_5_0)).toBe(45_000);
    expect(claimGraceMs({ kind: 'live', baseMs: 1_800_000, incrementMs: 0 })).toBe(120_000);
    expect(claimGraceMs({ kind: 'live', baseMs: 180_000, incrementMs: 2_000 })).toBe(41_000);
    expect(claimGraceMs({ kind: 'none' })).toBe(60_000);
    expect(claimGraceMs({ kind: 'correspondence', days: 2 })).toBeNull();
  });

  it('can be overridden for every time control but correspondence', () => {
    expect(graceOf(row(LIVE_5_0), { graceMs: 1000 })).toBe(1000);
    expect(graceOf(row({ kind: 'correspondence', days: 1 }), { graceMs: 1000 })).toBeNull();
  });

  it('counts from when the seat was left, and only once a move is made, while the game is played', () => {
    const game = row(LIVE_5_0);
    expect(claimIn(game, T0, T0 + 10_000)).toBe(35_000);
    expect(claimIn(game, T0, T0 + 60_000)).toBe(0);
    expect(claimIn(game, undefined, T0 + 60_000)).toBeNull();
    expect(claimIn(row(LIVE_5_0, { ply: 0 }), T0, T0 + 60_000)).toBeNull();
    expect(claimIn(row(LIVE_5_0, { status: 'ended' }), T0, T0 + 60_000)).toBeNull();
  });
});

describe('who holds a seat', () => {
  it('a seat is away from when the game is followed until a connection holds it, and from when the last one leaves', () => {
    const book = new Presences();
    book.follow('g', T0);
    expect(book.awaySince('g', 'attackers')).toBe(T0);
    const tab1 = {};
    const tab2 = {};
    expect(book.join('g', 'attackers', tab1, T0 + 5)).toBe(true);
    expect(book.join('g', 'attackers', tab2, T0 + 6)).toBe(false);
    expect(book.awaySince('g', 'attackers')).toBeUndefined();
    // One tab of two closes: the seat is still held.
    expect(book.leave('g', tab1, T0 + 10)).toBeUndefined();
    expect(book.awaySince('g', 'attackers')).toBeUndefined();
    expect(book.leave('g', tab2, T0 + 20)).toBe('attackers');
    expect(book.awaySince('g', 'attackers')).toBe(T0 + 20);
    // The defenders never came.
    expect(book.awaySince('g', 'defenders')).toBe(T0);
  });

  it('a seat held through another process is not away, until that process lets it go', () => {
    const book = new Presences();
    book.follow('g', T0);
    expect(book.remote('g', 'defenders', 'other', true, T0 + 1)).toBe(true);
    expect(book.awaySince('g', 'defenders')).toBeUndefined();
    expect(book.view(row(LIVE_5_0, { id: 'g' }), T0 + 100_000).defenders).toEqual({
      connected: true,
      claimInMs: null,
    });
    expect(book.remote('g', 'defenders', 'other', false, T0 + 50)).toBe(true);
    expect(book.view(row(LIVE_5_0, { id: 'g' }), T0 + 60).defenders).toEqual({
      connected: false,
      claimInMs: 45_000 - 10,
    });
  });

  it('a process that stops repeating that it holds a seat is taken to hold nothing, from its last word', () => {
    const book = new Presences();
    book.follow('g', T0);
    book.remote('g', 'defenders', 'other', true, T0 + 1000);
    expect(book.expire(T0 + 1000 + PRESENCE_TTL_MS - 1)).toEqual([]);
    expect(book.awaySince('g', 'defenders')).toBeUndefined();
    // Repeated: it lasts.
    book.remote('g', 'defenders', 'other', true, T0 + 6000);
    expect(book.expire(T0 + 1000 + PRESENCE_TTL_MS)).toEqual([]);
    // Silent since T0 + 6000: gone, away since then.
    expect(book.expire(T0 + 6000 + PRESENCE_TTL_MS)).toEqual(['g']);
    expect(book.awaySince('g', 'defenders')).toBe(T0 + 6000);
    // What this process holds is what it tells the others.
    book.join('g', 'attackers', {}, T0 + 7000);
    expect(book.heldSeats()).toEqual([['g', 'attackers', true]]);
  });

  it('claims against the opponent of the claimant', () => {
    const book = new Presences();
    book.follow('g', T0);
    book.join('g', 'attackers', {}, T0);
    const game = row(LIVE_5_0, { id: 'g' });
    expect(book.claimAgainst(game, 'attackers', T0 + 50_000)).toBe(0);
    expect(book.claimAgainst(game, 'defenders', T0 + 50_000)).toBeNull();
  });
});

describe('the expiry sweep', () => {
  it('a waiting game expires after a day, a correspondence one after a week', () => {
    const waiting = row(LIVE_5_0, { status: 'waiting', ply: 0 });
    expect(expiryOf(waiting, T0 + WAITING_EXPIRY_MS - 1)).toBeUndefined();
    expect(expiryOf(waiting, T0 + WAITING_EXPIRY_MS)).toBe('expired');
    const slow = row({ kind: 'correspondence', days: 3 }, { status: 'waiting', ply: 0 });
    expect(expiryOf(slow, T0 + WAITING_EXPIRY_MS)).toBeUndefined();
    expect(expiryOf(slow, T0 + WAITING_EXPIRY_CORRESPONDENCE_MS)).toBe('expired');
  });

  it('a live or untimed game with no move is aborted after ten minutes; a correspondence one is left to its clock', () => {
    const joined = row(LIVE_5_0, { ply: 0 });
    expect(expiryOf(joined, T0 + UNSTARTED_ABORT_MS - 1)).toBeUndefined();
    expect(expiryOf(joined, T0 + UNSTARTED_ABORT_MS)).toBe('unstarted');
    expect(expiryOf(row({ kind: 'none' }, { ply: 0 }), T0 + UNSTARTED_ABORT_MS)).toBe('unstarted');
    const slow = row({ kind: 'correspondence', days: 1 }, { ply: 0, turnStartedAt: T0 });
    expect(expiryOf(slow, T0 + 10 * UNSTARTED_ABORT_MS)).toBeUndefined();
    // Begun games and finished ones are never touched.
    expect(expiryOf(row(LIVE_5_0, { ply: 1 }), T0 + WAITING_EXPIRY_CORRESPONDENCE_MS)).toBeUndefined();
    expect(
      expiryOf(row(LIVE_5_0, { status: 'ended' }), T0 + WAITING_EXPIRY_CORRESPONDENCE_MS),
    ).toBeUndefined();
  });

  it('reads the games older than the shortest of the times', () => {
    expect(shortestExpiry()).toEqual({ waiting: WAITING_EXPIRY_MS, unstarted: UNSTARTED_ABORT_MS });
    expect(shortestExpiry({ waitingMs: 500, unstartedMs: 700 })).toEqual({ waiting: 500, unstarted: 700 });
  });
});

describe('the claim message', () => {
  const game = 'AbCdEfGhIj';
  const token = 't'.repeat(22);
  it('is read with its act, win or draw', () => {
    expect(parseClientMessage(JSON.stringify({ t: 'claim', game, token, act: 'win', re: 3 }))).toEqual({
      ok: true,
      value: { t: 'claim', game, token, act: 'win', re: 3 },
    });
    expect(parseClientMessage(JSON.stringify({ t: 'claim', game, token, act: 'draw' })).ok).toBe(true);
  });

  it('is refused with a sentence for another act, a missing token or a field too many', () => {
    const refused = (message: object): string => {
      const parsed = parseClientMessage(JSON.stringify(message));
      return parsed.ok ? 'accepted' : `${parsed.code}: ${parsed.message}`;
    };
    expect(refused({ t: 'claim', game, token, act: 'offer' })).toBe('msg/schema: act is win or draw');
    expect(refused({ t: 'claim', game, act: 'win' })).toMatch(/^msg\/schema: token is/);
    expect(refused({ t: 'claim', game, token, act: 'win', side: 'attackers' })).toMatch(
      /^msg\/schema: .*side/,
    );
  });
});

describe("the presence notice between processes (PostgreSQL's NOTIFY payload)", () => {
  it('reads back what was sent', () => {
    const notice = {
      origin: 'host-1-abc',
      seats: [
        ['AbCdEfGhIj', 'attackers', true],
        ['KlMnOpQrSt', 'defenders', false],
      ] as const,
    };
    const payload = presencePayload(notice);
    expect(payload.length).toBeLessThan(100);
    expect(parsePresence(payload)).toEqual(notice);
  });

  it('ignores anything else on the channel', () => {
    for (const payload of [
      undefined,
      '',
      'not json',
      'null',
      '[]',
      '{"o":"x"}',
      '{"o":1,"s":[]}',
      '{"o":"x","s":[["AbCdEfGhIj","k",true]]}',
      '{"o":"x","s":[["AbCdEfGhIj","a","yes"]]}',
      '{"o":"x","s":[["AbCdEfGhIj","a"]]}',
      `{"o":"x","s":[${'["AbCdEfGhIj","a",true],'.repeat(400)}["AbCdEfGhIj","a",true]]}`,
    ])
      expect(parsePresence(payload)).toBeUndefined();
  });
});

describe('the change notice of a move (PostgreSQL NOTIFY payload)', () => {
  const row = gameRow({ kind: 'none' }, { id: 'AbCdEfGhIj', ply: 1, version: 2 });
  const move = { gameId: row.id, ply: 1, move: 'd2-b2', at: 5, clockMs: null };
  const [notice] = noticeOf({ kind: 'update', expectVersion: 1, row, move }, 'host-1');

  it('carries the move and the game after it, but not its rules, and reads back', () => {
    expect(notice).toEqual({
      id: row.id,
      version: 2,
      origin: 'host-1',
      moved: { row: withoutRules(row), move },
    });
    expect(notice!.moved!.row).not.toHaveProperty('rules');
    const payload = noticePayload(notice!);
    expect(payload).not.toContain('start:');
    expect(parseNotice(payload)).toEqual(notice);
  });

  it('a move that does not read right is left out, and the notice kept (the game is read again)', () => {
    const plain = { id: row.id, version: 2, origin: 'host-1' };
    const broken = (moved: unknown) => parseNotice(JSON.stringify({ ...plain, moved }));
    expect(broken({ row: { ...notice!.moved!.row, ply: 'one' }, move })).toEqual(plain);
    expect(broken({ row: { ...notice!.moved!.row, version: 9 }, move })).toEqual(plain);
    expect(broken({ row: notice!.moved!.row, move: { ...move, ply: 2 } })).toEqual(plain);
    expect(broken({ row: notice!.moved!.row, move: { ...move, gameId: 'other' } })).toEqual(plain);
    expect(broken('moved')).toEqual(plain);
  });
});
