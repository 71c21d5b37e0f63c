/**
 * The tournament's course as pure functions (tournaments/schedule.ts): a round robin's rounds
 * and its second cycle with the sides swapped, a deleted account's forfeits, what an over game
 * scores, and the start's bounds of a creation request (tournaments/check.ts).
 */

import { describe, expect, it } from 'vitest';
import { TOURNAMENT_START } from '../src/protocol.js';
import type {
  EntrantRecord,
  PairingRecord,
  TournamentDetail,
  TournamentRecord,
} from '../src/store/tournaments.js';
import { START_LEEWAY_MS, checkCreateTournament } from '../src/tournaments/check.js';
import { pairRound, scoreOf, totalRounds, viewOf } from '../src/tournaments/schedule.js';

const record = (over: Partial<TournamentRecord> = {}): TournamentRecord => ({
  id: 'Tourn12345',
  name: 'Samhain',
  kind: 'round-robin',
  rulesId: 'brandub-fr',
  rulesName: 'Brandub (Le Globe Joueur)',
  timeKind: 'correspondence',
  timeBaseMs: 3 * 86_400_000,
  timeIncrementMs: 0,
  rounds: 2,
  rated: false,
  startsAt: 0,
  status: 'running',
  round: 0,
  creatorId: 'a',
  creatorName: 'ailill',
  version: 1,
  createdAt: 0,
  updatedAt: 0,
  players: 3,
  ...over,
});

const entrant = (userId: string, rating: number, active = true): EntrantRecord => ({
  userId,
  name: userId,
  rating,
  joinedAt: 0,
  active,
});

const THREE = [entrant('a', 1800), entrant('b', 1700), entrant('c', 1600)];

let ids = 0;
const newId = (): string => `G${String(++ids).padStart(9, '0')}`;

const pairs = (rows: ReturnType<typeof pairRound>): string[] =>
  rows!.map((p) =>
    p.defendersUser === null ? `${p.attackersUser} bye ${p.score}` : `${p.attackersUser}-${p.defendersUser}`,
  );

describe('round robin', () => {
  it('of three players twice: three rounds and three more with the sides swapped, then none', () => {
    const detail: TournamentDetail = { tournament: record(), players: THREE, pairings: [] };
    expect(totalRounds('round-robin', 2, 3)).toBe(6);
    expect(totalRounds('round-robin', 1, 4)).toBe(3);
    expect(totalRounds('swiss', 5, 4)).toBe(5);
    expect(totalRounds('swiss', 5, 1)).toBe(0);
    const rounds = [1, 2, 3, 4, 5, 6, 7].map((r) => pairRound(detail, r, newId));
    expect(rounds.slice(0, 6).map(pairs)).toEqual([
      ['b-c', 'a bye 0'],
      ['c-a', 'b bye 0'],
      ['a-b', 'c bye 0'],
      ['c-b', 'a bye 0'],
      ['a-c', 'b bye 0'],
      ['b-a', 'c bye 0'],
    ]);
    expect(rounds[6]).toBeUndefined();
    // A game gets an id of its own; a bye none.
    expect(rounds[0]!.map((p) => [p.board, p.gameId === null, p.score])).toEqual([
      [1, false, null],
      [2, true, 0],
    ]);
  });

  it('a player whose account was deleted loses the later games by forfeit, no game made', () => {
    const detail: TournamentDetail = {
      tournament: record({ rounds: 1 }),
      players: [entrant('a', 1800), entrant('b', 1700, false), entrant('c', 1600)],
      pairings: [],
    };
    const round1 = pairRound(detail, 1, newId)!;
    expect(round1[0]).toEqual({
      board: 1,
      attackersUser: 'b',
      defendersUser: 'c',
      gameId: null,
      score: 0,
      forfeit: true,
    });
  });
});

describe('a Swiss', () => {
  it('pairs no player whose account is gone, and a bye is worth a win', () => {
    const detail: TournamentDetail = {
      tournament: record({ kind: 'swiss', rounds: 3 }),
      players: [entrant('a', 1800), entrant('b', 1700), entrant('c', 1600), entrant('d', 1500, false)],
      pairings: [],
    };
    expect(pairs(pairRound(detail, 1, newId))).toEqual(['a-b', 'c bye 1']);
    expect(pairRound(detail, 4, newId)).toBeUndefined();
  });
});

describe('scores', () => {
  const game = (status: string, winner: string | null, ply = 10) => ({ status, winner, reason: 'x', ply });
  it('an ended game as it ended; an aborted one lost by the side to move', () => {
    expect(scoreOf(game('ended', 'attackers'), 'brandub-fr')).toEqual({ score: 1, forfeit: false });
    expect(scoreOf(game('ended', 'defenders'), 'brandub-fr')).toEqual({ score: 0, forfeit: false });
    expect(scoreOf(game('ended', 'draw'), 'brandub-fr')).toEqual({ score: 0.5, forfeit: false });
    expect(scoreOf(game('playing', null), 'brandub-fr')).toBeUndefined();
    // Brandub (Le Globe Joueur): the attackers move first; Ard-ri (Le Globe Joueur): the defenders.
    expect(scoreOf(game('aborted', 'none', 0), 'brandub-fr')).toEqual({ score: 0, forfeit: true });
    expect(scoreOf(game('aborted', 'none', 0), 'ard-ri-fr')).toEqual({ score: 1, forfeit: true });
  });

  it('standings count a Swiss bye as a point and a round robin bye as none', () => {
    const pairing = (over: Partial<PairingRecord>): PairingRecord => ({
      round: 1,
      board: 1,
      attackersUser: 'a',
      defendersUser: 'b',
      gameId: null,
      score: null,
      forfeit: false,
      game: null,
      ...over,
    });
    const pairings = [
      pairing({ score: 1 }),
      pairing({ board: 2, attackersUser: 'c', defendersUser: null, score: 0 }),
    ];
    const view = viewOf({ tournament: record({ round: 1 }), players: THREE, pairings });
    expect(view.standings.map((s) => [s.name, s.points])).toEqual([
      ['a', 1],
      ['b', 0],
      ['c', 0],
    ]);
    expect(view.pairings).toEqual([
      [
        { attackers: 'a', defenders: 'b', game: null, status: null, score: 1, result: null, forfeit: false },
        { attackers: 'c', defenders: null, game: null, status: null, score: 0, result: null, forfeit: false },
      ],
    ]);
  });
});

describe('the start of a new tournament', () => {
  const body = (startsAt: number) => ({
    name: 'Samhain',
    kind: 'swiss',
    rules: 'brandub-fr',
    time: { kind: 'live', baseMs: 300_000, incrementMs: 0 },
    rounds: 3,
    startsAt,
    rated: true,
  });
  const now = 1_800_000_000_000;
  it('is a minute ahead at least (a few seconds of leeway) and 60 days at most', () => {
    const min = TOURNAMENT_START.minMs;
    expect(checkCreateTournament(body(now + min), now).ok).toBe(true);
    expect(checkCreateTournament(body(now + min - START_LEEWAY_MS), now).ok).toBe(true);
    expect(checkCreateTournament(body(now + min - START_LEEWAY_MS - 1), now).ok).toBe(false);
    expect(checkCreateTournament(body(now + TOURNAMENT_START.maxMs), now).ok).toBe(true);
    expect(checkCreateTournament(body(now + TOURNAMENT_START.maxMs + 1), now).ok).toBe(false);
    // With no minimum (tests), still never in the past.
    expect(checkCreateTournament(body(now), now, 0).ok).toBe(true);
    expect(checkCreateTournament(body(now - 1), now, 0).ok).toBe(false);
  });
});
