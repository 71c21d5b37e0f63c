// A tournament game ready for its player (src/online/ready.ts): which game of "my games" the app
// announces on any screen (a tournament's, being played, hardly begun, not yet announced), when
// "my games" is read often (a tournament of the player's under way or about to start), and the
// stored list of games announced (bounded, its latest last, a foreign document read as none).
import type { MyGames, PlayerGame, TournamentSummary } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCED_KEY,
  ANNOUNCED_LIMIT,
  createAnnouncedStore,
  parseAnnounced,
  readyGame,
  tournamentUnderWay,
  withAnnounced,
} from '../src/online/ready.js';

const NOW = Date.UTC(2026, 10, 1, 12);

function tournament(id: string, changes: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id,
    name: `Cup ${id}`,
    kind: 'swiss',
    rulesId: 'brandubh-2019',
    rulesName: 'Brandubh (2019 blog)',
    time: { kind: 'live', baseMs: 300_000, incrementMs: 3000 },
    rounds: 2,
    rated: false,
    startsAt: NOW - 60_000,
    status: 'running',
    round: 1,
    players: 2,
    creator: 'Ann',
    ...changes,
  };
}

function game(id: string, changes: Partial<PlayerGame> = {}): PlayerGame {
  const base = {
    id,
    rulesId: 'brandubh-2019',
    status: 'playing',
    ply: 0,
    side: 'attackers',
    rated: false,
    myTurn: true,
    deadline: null,
    ratingDiff: null,
    tournament: 'T1',
  };
  return { ...base, ...changes } as unknown as PlayerGame;
}

const mine = (games: PlayerGame[], tournaments: TournamentSummary[] = [tournament('T1')]): MyGames => ({
  games,
  myTurn: 0,
  finished: [],
  tournaments,
});

describe('the tournament game ready for its player', () => {
  it('is a tournament game being played with no move of the player’s yet, not announced', () => {
    const ready = readyGame(mine([game('AAAAAAAAAA')]), new Set());
    expect(ready?.game.id).toBe('AAAAAAAAAA');
    expect(ready?.tournament.id).toBe('T1');
    // The opponent's first move made: still ready (the player has not moved).
    expect(readyGame(mine([game('AAAAAAAAAA', { ply: 1 })]), new Set())?.game.id).toBe('AAAAAAAAAA');
  });

  it('is not a game announced, under way, over, casual or of a tournament not listed', () => {
    expect(readyGame(mine([game('AAAAAAAAAA')]), new Set(['AAAAAAAAAA']))).toBeUndefined();
    expect(readyGame(mine([game('AAAAAAAAAA', { ply: 2 })]), new Set())).toBeUndefined();
    expect(
      readyGame(mine([game('AAAAAAAAAA', { status: 'ended' } as Partial<PlayerGame>)]), new Set()),
    ).toBeUndefined();
    expect(readyGame(mine([game('AAAAAAAAAA', { tournament: null })]), new Set())).toBeUndefined();
    expect(readyGame(mine([game('AAAAAAAAAA')], []), new Set())).toBeUndefined();
    // The next one is found past those.
    const games = [game('AAAAAAAAAA', { ply: 4 }), game('BBBBBBBBBB')];
    expect(readyGame(mine(games), new Set())?.game.id).toBe('BBBBBBBBBB');
  });
});

describe('a tournament under way', () => {
  it('is one running, or starting within the time given', () => {
    expect(tournamentUnderWay(mine([]), NOW, 60_000)).toBe(true);
    const soon = tournament('T2', { status: 'open', startsAt: NOW + 30_000 });
    const later = tournament('T3', { status: 'open', startsAt: NOW + 3_600_000 });
    expect(tournamentUnderWay(mine([], [soon]), NOW, 60_000)).toBe(true);
    expect(tournamentUnderWay(mine([], [later]), NOW, 60_000)).toBe(false);
    expect(tournamentUnderWay(mine([], []), NOW, 60_000)).toBe(false);
    expect(tournamentUnderWay(undefined, NOW, 60_000)).toBe(false);
  });
});

describe('the games announced, as stored', () => {
  it('keeps the latest last, each once, at most the limit', () => {
    expect(withAnnounced(['AAAAAAAAAA', 'BBBBBBBBBB'], 'AAAAAAAAAA')).toEqual(['BBBBBBBBBB', 'AAAAAAAAAA']);
    const many = Array.from({ length: ANNOUNCED_LIMIT }, (_, i) => `G${String(i).padStart(9, '0')}`);
    const next = withAnnounced(many, 'ZZZZZZZZZZ');
    expect(next).toHaveLength(ANNOUNCED_LIMIT);
    expect(next[0]).toBe(many[1]);
    expect(next.at(-1)).toBe('ZZZZZZZZZZ');
  });

  it('reads a document that is not ours, or ids that are not games’, as none', () => {
    expect(parseAnnounced(null)).toEqual([]);
    expect(parseAnnounced('not json')).toEqual([]);
    expect(parseAnnounced('{"version":2,"games":["AAAAAAAAAA"]}')).toEqual([]);
    expect(parseAnnounced('{"version":1,"games":["AAAAAAAAAA","../x",7]}')).toEqual(['AAAAAAAAAA']);
  });

  it('is kept in the storage given, and for the page when the storage refuses', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
    createAnnouncedStore(storage).add('AAAAAAAAAA');
    expect(JSON.parse(items.get(ANNOUNCED_KEY)!)).toEqual({ version: 1, games: ['AAAAAAAAAA'] });
    expect([...createAnnouncedStore(storage).all()]).toEqual(['AAAAAAAAAA']);

    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const store = createAnnouncedStore(full);
    store.add('BBBBBBBBBB');
    expect([...store.all()]).toEqual(['BBBBBBBBBB']);
  });
});
