// Games kept in localStorage (src/game/storage.ts): in progress and finished, versioned, and
// robust to whatever another version, another tab or a full quota left there.
import { WIN, finishedEval, plazoleta, type GameAnalysis } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { createGame, resign, setAnalysis, type Game } from '../src/game/model.js';
import {
  ARCHIVE_KEY,
  CURRENT_KEY,
  STORAGE_VERSION,
  createStore,
  isGame,
  readGames,
  storedAnalysis,
  type GameStorage,
} from '../src/game/storage.js';

/** A Storage in memory; `quota` characters at most, like a browser's (which throws when full). */
class FakeStorage implements GameStorage {
  readonly items = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    const used = [...this.items].reduce((n, [k, v]) => n + (k === key ? 0 : v.length), 0);
    if (used + value.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** A game in progress on this device: one move played (an empty one is not "in progress"). */
const game = (id: string, moves: string[] = ['a4-a2']): Game => {
  const made = createGame({ rules: 'brandubh-2019', moves }, 1000, id);
  if (!made.ok) throw new Error(made.message);
  return made.value;
};

describe('the store', () => {
  it('keeps a game in progress and gives it back after a reload (a new store)', () => {
    const storage = new FakeStorage();
    const g = game('a', ['a4-a2']);
    expect(createStore(storage).save(g)).toBe(true);
    const again = createStore(storage);
    expect(again.current()).toEqual([g]);
    expect(again.get('a')).toEqual(g);
    expect(again.archive()).toEqual([]);
    expect(JSON.parse(storage.getItem(CURRENT_KEY)!)).toEqual({ version: STORAGE_VERSION, games: [g] });
  });

  it('moves a game to the archive when it ends', () => {
    const storage = new FakeStorage();
    const store = createStore(storage);
    const g = game('a');
    store.save(g);
    const ended = resign(g, 'attackers');
    store.save(ended);
    expect(store.current()).toEqual([]);
    expect(store.archive()).toEqual([ended]);
    expect(store.get('a')).toEqual(ended);
  });

  it('lists the most recently saved first, once each', () => {
    const store = createStore(new FakeStorage());
    store.save(game('a'));
    store.save(game('b'));
    store.save(game('a', ['a4-a2']));
    expect(store.current().map((g) => g.id)).toEqual(['a', 'b']);
  });

  it('removes a game', () => {
    const store = createStore(new FakeStorage());
    store.save(game('a'));
    store.save(resign(game('b'), 'defenders'));
    store.remove('a');
    store.remove('b');
    expect([...store.current(), ...store.archive()]).toEqual([]);
  });

  it('works without storage (private mode), for the page only', () => {
    const store = createStore(undefined);
    store.save(game('a'));
    expect(store.get('a')?.id).toBe('a');
  });
});

describe('corrupt or foreign data', () => {
  it('reads a document that is not JSON as empty, and keeps a copy of it', () => {
    const storage = new FakeStorage();
    storage.setItem(CURRENT_KEY, '{"version":1,"games":[');
    expect(readGames(storage, CURRENT_KEY)).toEqual([]);
    expect(storage.getItem(`${CURRENT_KEY}.corrupt`)).toBe('{"version":1,"games":[');
    // Saving replaces it with a good document.
    const store = createStore(storage);
    store.save(game('a'));
    expect(store.current().map((g) => g.id)).toEqual(['a']);
  });

  it('ignores another version’s document', () => {
    const storage = new FakeStorage();
    storage.setItem(ARCHIVE_KEY, JSON.stringify({ version: 99, games: [game('a')] }));
    expect(createStore(storage).archive()).toEqual([]);
  });

  it('drops entries of the wrong shape and keeps the good ones', () => {
    const storage = new FakeStorage();
    const good = game('good');
    const bad = [
      null,
      42,
      { ...good, id: '' },
      { ...good, moves: 'a4-a2' },
      { ...good, turn: 'nobody' },
      { ...good, opponent: { kind: 'computer', level: 9, human: 'attackers' } },
      { ...good, result: { winner: 'somebody', reason: 'escape' } },
      { ...good, rules: { id: 'custom-x', name: 'broken', source: '', notes: [], size: 'seven' } },
      { ...good, created: 'yesterday' },
    ];
    storage.setItem(CURRENT_KEY, JSON.stringify({ version: STORAGE_VERSION, games: [...bad, good] }));
    expect(createStore(storage).current()).toEqual([good]);
  });

  it('accepts a whole custom ruleset the core can play, and refuses a broken one', () => {
    const own = { ...plazoleta, id: 'custom-1', name: 'Mine' };
    const made = createGame({ rules: own }, 1, 'c');
    if (!made.ok) throw new Error(made.message);
    const stored: unknown = JSON.parse(JSON.stringify(made.value));
    expect(isGame(stored)).toBe(true);
    expect(isGame({ ...made.value, rules: { ...own, kingCapture: 3 } })).toBe(false);
    expect(isGame({ ...made.value, rules: { ...own, start: '/7/' } })).toBe(false);
  });

  it('drops the oldest finished games when the quota is full', () => {
    const storage = new FakeStorage(6000);
    const store = createStore(storage);
    let saved = 0;
    for (let i = 0; i < 40; i++) if (store.save(resign(game(`g${i}`), 'attackers'))) saved++;
    expect(saved).toBe(40);
    const kept = store.archive();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(40);
    expect(kept[0]!.id).toBe('g39');
  });

  it('says so when nothing fits', () => {
    const store = createStore(new FakeStorage(10));
    expect(store.save(game('a'))).toBe(false);
  });
});

describe('an empty game on this device', () => {
  it('is not listed in progress, yet its page finds it, until another game is saved', () => {
    const store = createStore(new FakeStorage());
    const empty = game('empty', []);
    store.save(empty);
    expect(store.current()).toEqual([]);
    expect(store.get('empty')).toEqual(empty);
    store.save(game('played'));
    expect(store.current().map((g) => g.id)).toEqual(['played']);
    expect(store.get('empty')).toBeUndefined();
  });

  it('is listed once a move is played, and a computer game is listed before its first move', () => {
    const store = createStore(new FakeStorage());
    store.save(game('local', ['a4-a2']));
    const computer = createGame(
      { rules: 'brandubh-2019', opponent: { kind: 'computer', level: 2, human: 'attackers' } },
      1000,
      'computer',
    );
    if (!computer.ok) throw new Error(computer.message);
    store.save(computer.value);
    expect(store.current().map((g) => g.id)).toEqual(['computer', 'local']);
  });
});

describe('a game’s analysis', () => {
  // brandubh-2019, the attackers capture the king on the fifth ply (game-model.test.ts).
  const KING_CAPTURE = ['a4-a2', 'd3-b3', 'd2-e2', 'd4-d2', 'a2-c2'];
  const finished = (): Game => {
    const made = createGame({ rules: 'brandubh-2019', moves: KING_CAPTURE }, 1000, 'won');
    if (!made.ok) throw new Error(made.message);
    return made.value;
  };
  /** A document of finished games as storage holds it, analyses as given. */
  const stored = (games: readonly unknown[]): FakeStorage => {
    const storage = new FakeStorage();
    storage.setItem(ARCHIVE_KEY, JSON.stringify({ version: STORAGE_VERSION, games }));
    return storage;
  };
  const valid: GameAnalysis = {
    version: 2,
    depth: 8,
    plies: [
      { score: 20, pv: ['a4-a2', 'd3-b3'], depth: 8 },
      { score: 40, pv: ['d3-b3'], depth: 8 },
      { score: 300, depth: 8 },
      { score: WIN - 3, pv: ['d4-d2', 'a2-c2'], depth: 8 },
      { score: WIN - 1, pv: ['a2-c2'], depth: 8 },
      finishedEval('attackers'),
    ],
  };

  it('keeps a valid analysis with its game, through a reload', () => {
    const storage = new FakeStorage();
    const g = setAnalysis(finished(), valid, 2000);
    expect(createStore(storage).save(g)).toBe(true);
    expect(createStore(storage).get('won')?.analysis).toEqual(valid);
  });

  it('reads the list of scores older versions kept as an analysis, the last position taking its result', () => {
    const old = { ...finished(), analysis: [20, 40, 300, WIN - 3, WIN - 1, WIN] };
    const read = createStore(stored([old])).get('won');
    expect(read?.moves).toEqual(finished().moves);
    expect(read?.analysis).toEqual({
      version: 2,
      depth: 0,
      plies: [
        { score: 20 },
        { score: 40 },
        { score: 300 },
        { score: WIN - 3 },
        { score: WIN - 1 },
        finishedEval('attackers'),
      ],
    });
  });

  it('drops an analysis that does not fit its game, and keeps the game', () => {
    const short = { ...finished(), id: 'short', analysis: { ...valid, plies: valid.plies.slice(1) } };
    const illegal = {
      ...finished(),
      id: 'illegal',
      analysis: { ...valid, plies: valid.plies.map((p, i) => (i === 0 ? { ...p, pv: ['a1-a2'] } : p)) },
    };
    const oldShort = { ...finished(), id: 'old', analysis: [1, 2, 3] };
    const nonsense = { ...finished(), id: 'nonsense', analysis: { hello: 'world' } };
    const store = createStore(stored([short, illegal, oldShort, nonsense]));
    const games = store.archive();
    expect(games.map((g) => g.id)).toEqual(['short', 'illegal', 'old', 'nonsense']);
    for (const g of games) {
      expect(g.analysis).toBeUndefined();
      expect(g.moves).toEqual(finished().moves);
    }
  });

  it('checks an analysis against its game, not only its shape (storedAnalysis)', () => {
    const g = finished();
    expect(storedAnalysis(g, valid)).toEqual(valid);
    const wrongResult = { ...valid, plies: [...valid.plies.slice(0, 5), finishedEval('defenders')] };
    expect(storedAnalysis(g, wrongResult)).toBeUndefined();
    expect(storedAnalysis({ ...g, moves: KING_CAPTURE.slice(0, 4) }, valid)).toBeUndefined();
  });
});
