// The seats this browser holds in online games, and the player's name (src/online/tokens.ts):
// versioned, checked entry by entry, corrupt data set aside, and a refusing storage survived.
import { describe, expect, it } from 'vitest';
import {
  NAME_KEY,
  SEATS_KEY,
  SEATS_LIMIT,
  SEATS_VERSION,
  createSeatStore,
  isSeat,
  type Seat,
  type SeatStorage,
} from '../src/online/tokens.js';

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
const seat = (id: string, at = 1, side: Seat['side'] = 'attackers'): Seat => ({ id, token: TOKEN, side, at });

describe('the seats', () => {
  it('keeps a seat and gives it back after a reload (a new store)', () => {
    const storage = new FakeStorage();
    expect(createSeatStore(storage).save(seat('AAAAAAAAAA'))).toBe(true);
    const again = createSeatStore(storage);
    expect(again.get('AAAAAAAAAA')).toEqual(seat('AAAAAAAAAA'));
    expect(again.get('BBBBBBBBBB')).toBeUndefined();
    expect(JSON.parse(storage.getItem(SEATS_KEY)!)).toEqual({
      version: SEATS_VERSION,
      seats: [seat('AAAAAAAAAA')],
    });
  });

  it('keeps one seat a game, the newest first, and forgets one', () => {
    const store = createSeatStore(new FakeStorage());
    store.save(seat('AAAAAAAAAA', 1));
    store.save(seat('BBBBBBBBBB', 2));
    store.save(seat('AAAAAAAAAA', 3, 'defenders'));
    expect(store.all().map((s) => [s.id, s.side])).toEqual([
      ['AAAAAAAAAA', 'defenders'],
      ['BBBBBBBBBB', 'attackers'],
    ]);
    store.forget('AAAAAAAAAA');
    expect(store.all().map((s) => s.id)).toEqual(['BBBBBBBBBB']);
  });

  it(`keeps at most ${SEATS_LIMIT} seats, dropping the oldest`, () => {
    const store = createSeatStore(new FakeStorage());
    for (let i = 0; i <= SEATS_LIMIT; i++) store.save(seat(`G${String(i).padStart(9, '0')}`, i));
    const ids = store.all().map((s) => s.id);
    expect(ids).toHaveLength(SEATS_LIMIT);
    expect(ids[0]).toBe(`G${String(SEATS_LIMIT).padStart(9, '0')}`);
    expect(ids).not.toContain('G000000000');
  });

  it('sets aside a document it cannot read, and starts afresh', () => {
    for (const raw of ['{not json', JSON.stringify({ version: 99, seats: [] }), '[1,2]']) {
      const storage = new FakeStorage();
      storage.items.set(SEATS_KEY, raw);
      const store = createSeatStore(storage);
      expect(store.all()).toEqual([]);
      expect(storage.getItem(`${SEATS_KEY}.corrupt`)).toBe(raw);
      store.save(seat('AAAAAAAAAA'));
      expect(createSeatStore(storage).all()).toEqual([seat('AAAAAAAAAA')]);
    }
  });

  it('drops entries of the wrong shape and keeps the good ones', () => {
    const storage = new FakeStorage();
    const good = seat('AAAAAAAAAA');
    storage.items.set(
      SEATS_KEY,
      JSON.stringify({
        version: SEATS_VERSION,
        seats: [
          good,
          { ...good, id: 'short' },
          { ...good, token: 'not a token' },
          { ...good, side: 'kings' },
          { ...good, at: 'yesterday' },
          null,
        ],
      }),
    );
    expect(createSeatStore(storage).all()).toEqual([good]);
    expect(storage.getItem(`${SEATS_KEY}.corrupt`)).toBeNull();
  });

  it('checks a seat’s id and token as the protocol spells them', () => {
    expect(isSeat(seat('AAAAAAAAAA'))).toBe(true);
    expect(isSeat({ ...seat('AAAAAAAAAA'), id: 'AAAA-AAAAA' })).toBe(false);
    expect(isSeat({ ...seat('AAAAAAAAAA'), token: `${TOKEN}x` })).toBe(false);
  });

  it('keeps a seat for the page when storage refuses it, and says so', () => {
    const storage = new FakeStorage();
    storage.refuse = true;
    const store = createSeatStore(storage);
    expect(store.save(seat('AAAAAAAAAA'))).toBe(false);
    expect(store.get('AAAAAAAAAA')).toEqual(seat('AAAAAAAAAA'));
    expect(createSeatStore(storage).get('AAAAAAAAAA')).toBeUndefined();
  });

  it('works without any storage (private mode), for the page', () => {
    const store = createSeatStore(undefined);
    store.save(seat('AAAAAAAAAA'));
    expect(store.get('AAAAAAAAAA')?.token).toBe(TOKEN);
  });
});

describe('the name', () => {
  it('is remembered, and read back only when it is a valid name', () => {
    const storage = new FakeStorage();
    const store = createSeatStore(storage);
    expect(store.name()).toBeUndefined();
    store.rememberName('Ann');
    expect(createSeatStore(storage).name()).toBe('Ann');
    storage.items.set(NAME_KEY, '   ');
    expect(createSeatStore(storage).name()).toBeUndefined();
    storage.items.set(NAME_KEY, 'x'.repeat(40));
    expect(createSeatStore(storage).name()).toBeUndefined();
  });
});
