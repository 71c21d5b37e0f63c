/**
 * Tournament pairings and standings (tournaments/pairing.ts): a four-player Swiss of three
 * rounds paired and scored by hand below, round robins of four and five players, and the
 * properties every pairing must keep.
 */

import { describe, expect, it } from 'vitest';
import {
  roundRobin,
  standings,
  swissRound,
  SWISS_SEARCH_STEPS,
  type Entrant,
  type History,
  type PlayedGame,
} from '../src/tournaments/pairing.js';

const A = { id: 'ailill', rating: 1800 };
const B = { id: 'bran', rating: 1700 };
const C = { id: 'cormac', rating: 1600 };
const D = { id: 'deirdre', rating: 1500 };
const FOUR: Entrant[] = [C, A, D, B];

describe('a Swiss of four players and three rounds, by hand', () => {
  it('pairs by points with no repeat, balances the sides, and ranks by points, Buchholz, Sonneborn-Berger', () => {
    const games: PlayedGame[] = [];
    const history = (): History => ({ games, byes: [] });

    // Round 1: everyone on 0, ranked by rating A B C D; each meets the next one down; equal
    // sides, so the higher ranked attacks.
    expect(swissRound(FOUR, history())).toEqual({
      games: [
        { attackers: 'ailill', defenders: 'bran' },
        { attackers: 'cormac', defenders: 'deirdre' },
      ],
      bye: null,
    });
    games.push({ attackers: 'ailill', defenders: 'bran', score: 1 }); // A wins
    games.push({ attackers: 'cormac', defenders: 'deirdre', score: 0.5 }); // drawn
    // A 1, C ½, D ½, B 0.

    // Round 2: A meets C or D (½ each); A and C both attacked, D defended: A meets D, who
    // attacks; C meets B, who attacks (B defended in round 1).
    expect(swissRound(FOUR, history())).toEqual({
      games: [
        { attackers: 'deirdre', defenders: 'ailill' },
        { attackers: 'bran', defenders: 'cormac' },
      ],
      bye: null,
    });
    games.push({ attackers: 'deirdre', defenders: 'ailill', score: 0 }); // A wins defending
    games.push({ attackers: 'bran', defenders: 'cormac', score: 0 }); // C wins defending
    // A 2, C 1½, D ½, B 0.

    // Round 3: the only pairing without a repeat is A-C and D-B. A and C have each attacked once
    // and defended last: the higher ranked, A, attacks. D and B have attacked last: D attacks.
    expect(swissRound(FOUR, history())).toEqual({
      games: [
        { attackers: 'ailill', defenders: 'cormac' },
        { attackers: 'deirdre', defenders: 'bran' },
      ],
      bye: null,
    });
    games.push({ attackers: 'ailill', defenders: 'cormac', score: 0.5 }); // drawn
    games.push({ attackers: 'deirdre', defenders: 'bran', score: 1 }); // D wins

    // Points: A 2½, C 2, D 1½, B 0.
    // Buchholz: A = B 0 + D 1½ + C 2 = 3½; C = D 1½ + B 0 + A 2½ = 4; D = C 2 + A 2½ + B 0 = 4½;
    // B = A 2½ + C 2 + D 1½ = 6.
    // Sonneborn-Berger: A = B 0 + D 1½ + ½·C 2 = 2½; C = ½·D 1½ + B 0 + ½·A 2½ = 2;
    // D = ½·C 2 + B 0 = 1; B = 0.
    expect(standings(FOUR, history())).toEqual([
      { id: 'ailill', points: 2.5, buchholz: 3.5, sonnebornBerger: 2.5, attacked: 2, defended: 1 },
      { id: 'cormac', points: 2, buchholz: 4, sonnebornBerger: 2, attacked: 1, defended: 2 },
      { id: 'deirdre', points: 1.5, buchholz: 4.5, sonnebornBerger: 1, attacked: 2, defended: 1 },
      { id: 'bran', points: 0, buchholz: 6, sonnebornBerger: 0, attacked: 1, defended: 2 },
    ]);
    // Everyone has met everyone: a fourth round cannot be paired without a repeat.
    expect(swissRound(FOUR, history())).toBeUndefined();
  });

  it('breaks a tie in points by Buchholz, then Sonneborn-Berger', () => {
    // A beats B, C beats D, then A beats C and B beats D: A 2, B 1, C 1, D 0. B and C are tied
    // on points; B's opponents have 2 (A) + 0 (D) = 2, C's have 0 (D) + 2 (A) = 2; B beat D (0),
    // C beat D (0): then rating, B above C.
    const games: PlayedGame[] = [
      { attackers: 'ailill', defenders: 'bran', score: 1 },
      { attackers: 'cormac', defenders: 'deirdre', score: 1 },
      { attackers: 'cormac', defenders: 'ailill', score: 0 },
      { attackers: 'deirdre', defenders: 'bran', score: 0 },
    ];
    expect(standings(FOUR, { games, byes: [] }).map((s) => [s.id, s.points, s.buchholz])).toEqual([
      ['ailill', 2, 2],
      ['bran', 1, 2],
      ['cormac', 1, 2],
      ['deirdre', 0, 2],
    ]);
  });
});

describe('a Swiss with an odd number of players', () => {
  it('gives the bye to the lowest ranked player without one, worth a win', () => {
    const five: Entrant[] = [...FOUR, { id: 'eithne', rating: 1400 }];
    const first = swissRound(five, { games: [], byes: [] })!;
    expect(first.bye).toBe('eithne');
    const played = first.games.map((g) => ({ ...g, score: 1 as const }));
    const second = swissRound(five, { games: played, byes: ['eithne'] })!;
    expect(second.bye).not.toBe('eithne');
    const table = standings(five, { games: played, byes: ['eithne'] });
    expect(table.find((s) => s.id === 'eithne')!.points).toBe(1);
  });
});

describe('a Swiss round that cannot be paired', () => {
  /** Twenty players, the lowest `lost` of whom have met everyone above them already. */
  function cornered(lost: number): { entrants: Entrant[]; history: History } {
    const entrants = Array.from({ length: 20 }, (_, i) => ({
      id: `p${String(i).padStart(2, '0')}`,
      rating: 2000 - i,
    }));
    const top = entrants.slice(0, 20 - lost);
    const games: PlayedGame[] = entrants
      .slice(20 - lost)
      .flatMap((low) => top.map((high) => ({ attackers: high.id, defenders: low.id, score: 1 as const })));
    return { entrants, history: { games, byes: [] } };
  }

  it('is found out at once when a player has met everyone', () => {
    // p19 has met p00 to p18: nobody is left for p19.
    const { entrants, history } = cornered(1);
    expect(swissRound(entrants, history)).toBeUndefined();
  });

  it('ends a hopeless search within its bound of steps', () => {
    // p17, p18 and p19 have met all seventeen players above them: only each other are left to
    // them, and three cannot pair among themselves; every way of pairing the seventeen above
    // leaves one of those over too. Without a bound, the search would try them all (more than
    // 10^9 ways): the test would never end.
    const { entrants, history } = cornered(3);
    expect(SWISS_SEARCH_STEPS).toBeLessThan(1e6);
    expect(swissRound(entrants, history)).toBeUndefined();
    // Two cornered players pair with each other: a round exists, and is found.
    const two = cornered(2);
    const round = swissRound(two.entrants, two.history)!;
    expect(round.games.some((g) => [g.attackers, g.defenders].sort().join() === 'p18,p19')).toBe(true);
  });
});

describe('round robins', () => {
  const pairsOf = (rounds: ReturnType<typeof roundRobin>): string[] =>
    rounds.flatMap((r) => r.games.map((g) => [g.attackers, g.defenders].sort().join(' '))).sort();

  it('four players: three rounds, every pair once, each player attacking and defending', () => {
    const rounds = roundRobin(FOUR);
    expect(rounds).toHaveLength(3);
    const pairs = pairsOf(rounds);
    expect(new Set(pairs).size).toBe(6);
    expect(pairs).toHaveLength(6);
    for (const e of FOUR) {
      const attacked = rounds.filter((r) => r.games.some((g) => g.attackers === e.id)).length;
      expect([1, 2]).toContain(attacked);
    }
  });

  it('five players: five rounds, each sits out once, every pair once, sides within one of even', () => {
    const five: Entrant[] = [...FOUR, { id: 'eithne', rating: 1400 }];
    const rounds = roundRobin(five);
    expect(rounds).toHaveLength(5);
    expect(rounds.map((r) => r.bye).sort()).toEqual(five.map((e) => e.id).sort());
    expect(new Set(pairsOf(rounds)).size).toBe(10);
    for (const e of five) {
      const attacked = rounds.filter((r) => r.games.some((g) => g.attackers === e.id)).length;
      const defended = rounds.filter((r) => r.games.some((g) => g.defenders === e.id)).length;
      expect(attacked + defended).toBe(4);
      expect(Math.abs(attacked - defended)).toBeLessThanOrEqual(2);
    }
  });
});
