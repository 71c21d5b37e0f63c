// Games that ended while the player was away (src/online/away.ts): what was last seen of each
// seat's game, kept beside the seats; which seats are looked up on the next visit; which games
// the notice lists, with the player's result in their language. A correspondence game cannot run
// out of its days in a browser test's time, so this logic is tested here.
import type { GameHeader, GameStatus } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import {
  SEEN_KEY,
  awayGames,
  awayLines,
  createSeenStore,
  outcomeFor,
  parseSeen,
  seatsToCheck,
  seenOf,
  withSeen,
} from '../src/online/away.js';
import { CATALOGUES } from '../src/i18n/index.js';
import { SEATS_KEY, createSeatStore, type Seat, type SeatStorage } from '../src/online/tokens.js';

class FakeStorage implements SeatStorage {
  readonly items = new Map<string, string>();
  refuse = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.refuse) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

const TOKEN = 'abcdefghijklmnopqrstuv';
const seat = (id: string, side: Seat['side'] = 'attackers'): Seat => ({ id, token: TOKEN, side, at: 1 });

function game(id: string, changes: Partial<GameHeader> = {}): GameHeader {
  return {
    id,
    rules: 'dim:7 name:x',
    rulesId: 'brandubh-2019',
    rulesName: 'Brandubh (2019 blog)',
    time: { kind: 'correspondence', days: 3 },
    rated: false,
    tournament: null,
    seats: { attackers: { name: 'Ann' }, defenders: { name: 'Bob' } },
    status: 'playing',
    result: null,
    ply: 4,
    clock: null,
    drawOffer: null,
    rematchOffer: null,
    rematch: null,
    createdAt: 1,
    updatedAt: 1,
    ...changes,
  };
}

const A = 'AAAAAAAAAA';
const B = 'BBBBBBBBBB';
const C = 'CCCCCCCCCC';
const D = 'DDDDDDDDDD';

describe('what was seen', () => {
  it('is kept per game beside the seats and read back after a reload, the seats untouched', () => {
    const storage = new FakeStorage();
    const seats = createSeatStore(storage);
    seats.save(seat(A));
    const before = storage.getItem(SEATS_KEY);
    createSeenStore(storage).mark({ [A]: 'playing' }, seats.all());
    expect(createSeenStore(storage).read()).toEqual({ [A]: 'playing' });
    expect(JSON.parse(storage.getItem(SEEN_KEY)!)).toEqual({ version: 1, games: { [A]: 'playing' } });
    expect(storage.getItem(SEATS_KEY)).toBe(before);
  });

  it('forgets the games whose seat is gone', () => {
    expect(withSeen({ [A]: 'playing', [B]: 'ended' }, { [C]: 'waiting' }, [seat(A), seat(C)])).toEqual({
      [A]: 'playing',
      [C]: 'waiting',
    });
  });

  it('reads anything that is not its document as nothing seen, and drops bad entries', () => {
    expect(parseSeen(null)).toEqual({});
    expect(parseSeen('not json')).toEqual({});
    expect(parseSeen('{"version":2,"games":{}}')).toEqual({});
    expect(parseSeen('[]')).toEqual({});
    expect(
      parseSeen(JSON.stringify({ version: 1, games: { [A]: 'ended', bad: 'ended', [B]: 'lost', [C]: 3 } })),
    ).toEqual({ [A]: 'ended' });
  });

  it('lasts for the page when storage refuses it', () => {
    const storage = new FakeStorage();
    storage.refuse = true;
    const store = createSeenStore(storage);
    store.mark({ [A]: 'ended' }, [seat(A)]);
    expect(store.read()).toEqual({ [A]: 'ended' });
    expect(storage.getItem(SEEN_KEY)).toBeNull();
  });
});

describe('the seats looked up on the next visit', () => {
  it('are those whose game was not over when last seen, or never seen, newest first, at most the limit', () => {
    const seats = [seat(A), seat(B), seat(C), seat(D)];
    const seen = { [A]: 'playing', [B]: 'ended', [C]: 'aborted' } as const;
    expect(seatsToCheck(seats, seen).map((s) => s.id)).toEqual([A, D]);
    expect(seatsToCheck(seats, { [A]: 'waiting' }, 2).map((s) => s.id)).toEqual([A, B]);
  });
});

describe('the notice', () => {
  const seen: Record<string, GameStatus> = { [A]: 'playing', [B]: 'waiting', [C]: 'playing' };

  it('lists the games last seen unfinished that are now over, newest first; a first sighting is only recorded', () => {
    const found = [
      {
        seat: seat(A, 'attackers'),
        game: game(A, { status: 'ended', result: { winner: 'defenders', reason: 'time' }, updatedAt: 5 }),
      },
      {
        seat: seat(B, 'defenders'),
        game: game(B, { status: 'aborted', result: { winner: 'none', reason: 'expired' }, updatedAt: 9 }),
      },
      { seat: seat(C), game: game(C, { status: 'playing' }) },
      {
        seat: seat(D),
        game: game(D, { status: 'ended', result: { winner: 'attackers', reason: 'time' } }),
      },
    ];
    const { notices, firstSeen } = awayGames(found, seen);
    expect(notices.map((n) => [n.game.id, n.outcome])).toEqual([
      [B, 'none'],
      [A, 'lost'],
    ]);
    expect(firstSeen).toEqual({ [D]: 'ended' });
    // Dismissed: what is recorded, so that the next visit looks up neither.
    const after = { ...seen, ...firstSeen, ...seenOf(notices) };
    expect(
      seatsToCheck(
        found.map((f) => f.seat),
        after,
      ).map((s) => s.id),
    ).toEqual([C]);
    expect(awayGames(found, after).notices).toEqual([]);
  });

  it('gives the player’s own result', () => {
    expect(outcomeFor('attackers', { winner: 'attackers', reason: 'time' })).toBe('won');
    expect(outcomeFor('defenders', { winner: 'attackers', reason: 'abandoned' })).toBe('lost');
    expect(outcomeFor('defenders', { winner: 'draw', reason: 'abandoned' })).toBe('drawn');
    expect(outcomeFor('defenders', { winner: 'none', reason: 'unstarted' })).toBe('none');
    expect(outcomeFor('defenders', null)).toBe('none');
  });

  it('says each game, the result and why, in the player’s language, with a link to the game', () => {
    const lost = {
      game: game(A, { status: 'ended', result: { winner: 'defenders', reason: 'time' } }),
      side: 'attackers' as const,
      outcome: 'lost' as const,
    };
    const won = {
      game: game(B, { status: 'ended', result: { winner: 'defenders', reason: 'abandoned' } }),
      side: 'defenders' as const,
      outcome: 'won' as const,
    };
    const [en1, en2] = awayLines(CATALOGUES.en, 'en', [lost, won]);
    expect(en1).toEqual({
      id: A,
      href: `#/online/${A}`,
      title: 'Brandubh (2019 blog) against Bob',
      outcome: 'You lost.',
      reason: 'The attackers ran out of time.',
    });
    expect(en2).toMatchObject({ title: expect.stringContaining('against Ann'), outcome: 'You won.' });
    expect(en2!.reason).toBe('The attackers left the game.');
    const [es1] = awayLines(CATALOGUES.es, 'es', [lost]);
    expect(es1).toMatchObject({ outcome: 'Has perdido.', reason: CATALOGUES.es.reasonTimeAttackers });
    expect(es1!.title).toContain('contra Bob');
    const [fr1] = awayLines(CATALOGUES.fr, 'fr', [won]);
    expect(fr1).toMatchObject({
      outcome: 'Vous avez gagné.',
      reason: 'Les assaillants ont quitté la partie.',
    });
  });
});
