/**
 * The tournament's course as pure functions of what the store holds (docs/online.md): how many rounds
 * it has, who plays whom in the next one (pairing.ts), what an ended game scores, and the views
 * the API sends. The director (director.ts) stores what these decide.
 *
 * - A round robin of n players has n − 1 rounds (n with an odd number: each player sits out
 *   once), played once or twice ("rounds" 1 or 2: the second cycle with the sides swapped). A
 *   player who sits out a round robin's round scores nothing; a Swiss bye is worth a win.
 * - A Swiss has the rounds asked for, unless a round can no longer be paired without a repeat:
 *   it then ends after the rounds played.
 * - An ended game scores as it ended (a win 1, a draw ½). A game aborted unplayed (nobody
 *   moved in time: the server aborts such a game, and no tournament game can be aborted by a
 *   player) is lost by forfeit by the side that had to move. A player whose account was deleted
 *   before the start takes no part (the director removes the entry); after it, loses the games
 *   of later rounds by forfeit (no game is made), and is paired no more in a Swiss.
 * - Standings: points, then Buchholz, then Sonneborn-Berger, then rating (pairing.ts).
 */

import { opposite, presetById, type Side } from '@tafl/core';
import type {
  GameStatus,
  OnlineEndReason,
  OnlineResult,
  TimeControl,
  TournamentEnding,
  TournamentKind,
  TournamentPairing,
  TournamentStanding,
  TournamentStatus,
  TournamentSummary,
  TournamentView,
} from '../protocol.js';
import type {
  EntrantRecord,
  NewPairing,
  PairedGameState,
  PairingRecord,
  TournamentDetail,
  TournamentRecord,
} from '../store/tournaments.js';
import { roundRobin, standings, swissRound, type Entrant, type History, type Round } from './pairing.js';

const DAY_MS = 86_400_000;

export function timeOf(
  t: Pick<TournamentRecord, 'timeKind' | 'timeBaseMs' | 'timeIncrementMs'>,
): TimeControl {
  if (t.timeKind === 'live') return { kind: 'live', baseMs: t.timeBaseMs, incrementMs: t.timeIncrementMs };
  if (t.timeKind === 'correspondence')
    return { kind: 'correspondence', days: Math.round(t.timeBaseMs / DAY_MS) };
  return { kind: 'none' };
}

const entrantsOf = (players: readonly EntrantRecord[]): Entrant[] =>
  players.map((p) => ({ id: p.userId, rating: p.rating }));

/** The rounds a tournament has with `players` entered (0 with fewer than 2). */
export function totalRounds(kind: string, rounds: number, players: number): number {
  if (players < 2) return 0;
  if (kind === 'swiss') return rounds;
  return (players % 2 === 0 ? players - 1 : players) * rounds;
}

/** The games scored and the byes worth a point, for pairing.ts. */
export function historyOf(pairings: readonly PairingRecord[]): History {
  const games = [];
  const byes = [];
  for (const p of pairings) {
    if (p.score === null) continue;
    if (p.defendersUser === null) {
      if (p.score === 1) byes.push(p.attackersUser);
    } else
      games.push({ attackers: p.attackersUser, defenders: p.defendersUser, score: p.score as 0 | 0.5 | 1 });
  }
  return { games, byes };
}

/**
 * Round `round` (1 for the first) of the tournament: its pairings as the store keeps them, game
 * ids made by `newId`; undefined when there is no such round (a round robin's last is past, or a
 * Swiss cannot pair one more without a repeat).
 */
export function pairRound(
  detail: TournamentDetail,
  round: number,
  newId: () => string,
): NewPairing[] | undefined {
  const { tournament: t, players } = detail;
  const everyone = entrantsOf(players);
  let next: Round | undefined;
  if (t.kind === 'swiss') {
    if (round > t.rounds) return undefined;
    const active = new Set(players.filter((p) => p.active).map((p) => p.userId));
    const history = historyOf(detail.pairings);
    // Players whose account is gone are paired no more; their games count still.
    next = swissRound(
      everyone.filter((e) => active.has(e.id)),
      history,
    );
  } else {
    const table = roundRobin(everyone);
    const cycle = Math.floor((round - 1) / table.length);
    if (table.length === 0 || cycle >= t.rounds) return undefined;
    const base = table[(round - 1) % table.length]!;
    next =
      cycle % 2 === 0
        ? base
        : {
            games: base.games.map((g) => ({ attackers: g.defenders, defenders: g.attackers })),
            bye: base.bye,
          };
  }
  if (!next) return undefined;
  const active = new Set(players.filter((p) => p.active).map((p) => p.userId));
  const rows: NewPairing[] = next.games.map((g, i) => {
    const a = active.has(g.attackers);
    const d = active.has(g.defenders);
    // An account deleted: its game is lost by forfeit at once (both gone: the attackers' loss).
    const forfeit = !a || !d;
    return {
      board: i + 1,
      attackersUser: g.attackers,
      defendersUser: g.defenders,
      gameId: forfeit ? null : newId(),
      score: forfeit ? (a ? 1 : 0) : null,
      forfeit,
    };
  });
  if (next.bye !== null)
    rows.push({
      board: rows.length + 1,
      attackersUser: next.bye,
      defendersUser: null,
      gameId: null,
      score: t.kind === 'swiss' ? 1 : 0,
      forfeit: false,
    });
  return rows;
}

/**
 * What an over game scores for the attackers, or undefined while it is not over: an ended game
 * as it ended; an aborted one (only ever unplayed, see above) is lost by the side to move.
 */
export function scoreOf(
  game: PairedGameState,
  rulesId: string,
): { score: 0 | 0.5 | 1; forfeit: boolean } | undefined {
  if (game.status === 'ended') {
    if (game.winner === 'attackers') return { score: 1, forfeit: false };
    if (game.winner === 'defenders') return { score: 0, forfeit: false };
    return { score: 0.5, forfeit: false };
  }
  if (game.status === 'aborted') {
    const first: Side = presetById(rulesId)?.firstToMove ?? 'attackers';
    const toMove = game.ply % 2 === 0 ? first : opposite(first);
    return { score: toMove === 'attackers' ? 0 : 1, forfeit: true };
  }
  return undefined;
}

export function summaryOf(t: TournamentRecord): TournamentSummary {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind as TournamentKind,
    rulesId: t.rulesId,
    rulesName: t.rulesName,
    time: timeOf(t),
    rounds: t.rounds,
    rated: t.rated,
    startsAt: t.startsAt,
    status: t.status as TournamentStatus,
    round: t.round,
    players: t.players,
    creator: t.creatorName,
  };
}

const resultOf = (g: PairedGameState | null): OnlineResult | null => {
  if (!g || g.reason === null || g.winner === null) return null;
  const winner =
    g.winner === 'attackers' || g.winner === 'defenders' || g.winner === 'draw' ? g.winner : 'none';
  return { winner, reason: g.reason as OnlineEndReason };
};

export function viewOf(detail: TournamentDetail): TournamentView {
  const { tournament: t, players } = detail;
  const names = new Map(players.map((p) => [p.userId, p.name]));
  const name = (id: string): string => names.get(id) ?? '?';
  const pairings: TournamentPairing[][] = [];
  for (const p of detail.pairings) {
    const round = (pairings[p.round - 1] ??= []);
    round.push({
      attackers: name(p.attackersUser),
      defenders: p.defendersUser === null ? null : name(p.defendersUser),
      game: p.gameId,
      status: p.game ? (p.game.status as GameStatus) : null,
      score: p.score as 0 | 0.5 | 1 | null,
      result: resultOf(p.game),
      forfeit: p.forfeit,
    });
  }
  const rating = new Map(players.map((p) => [p.userId, p.rating]));
  const table: TournamentStanding[] = standings(entrantsOf(players), historyOf(detail.pairings)).map(
    (s, i) => ({
      rank: i + 1,
      name: name(s.id),
      points: s.points,
      buchholz: s.buchholz,
      sonnebornBerger: s.sonnebornBerger,
      attacked: s.attacked,
      defended: s.defended,
      rating: rating.has(s.id) ? Math.round(rating.get(s.id)!) : null,
    }),
  );
  const total = totalRounds(t.kind, t.rounds, players.length);
  return {
    ...summaryOf(t),
    totalRounds: total,
    entrants: players.map((p) => p.name),
    pairings: Array.from(pairings, (r) => r ?? []),
    standings: table,
    ending: endingOf(t.status, t.round, total),
  };
}

/**
 * Why a tournament is over, from what the director leaves: cancelled only at the start with too
 * few players; finished after its last round, or before it when the next could not be paired.
 */
export function endingOf(status: string, round: number, total: number): TournamentEnding | null {
  if (status === 'cancelled') return 'too-few';
  if (status !== 'finished') return null;
  return round >= total ? 'rounds' : 'no-pairing';
}
