/**
 * Tournament pairings and standings (docs/online.md), as pure functions on plain data: the server
 * stores the players and the games, and asks here who plays whom next and who leads.
 *
 * - Round robin: the circle method (Berger tables): every player meets every other once; with an
 *   odd number, one sits out each round.
 * - Swiss, Monrad style: players are ranked by points, then by rating; the first unpaired player
 *   meets the nearest one below not met before (a search that backs up when a round cannot be
 *   completed, so no pairing repeats while one without repeats exists). Among opponents with
 *   equal points, one who wants the other side comes first. With an odd number, the lowest
 *   ranked player who has not had one gets a bye, worth a win.
 * - Sides, in both: the player who has attacked less often (attacks minus defences) attacks; on
 *   a tie, the one who defended last; then the higher ranked. Each player so attacks and defends
 *   as evenly as the rounds allow.
 * - Standings: points (a win 1, a draw ½, a bye 1), then Buchholz (the sum of the opponents'
 *   points), then Sonneborn-Berger (the points of the opponents beaten, plus half of those
 *   drawn with), then rating, then the id.
 */

export type Side = 'attackers' | 'defenders';

export interface Entrant {
  readonly id: string;
  /** For ordering the first round and breaking the last ties. */
  readonly rating: number;
}

/** A game of an earlier round: who attacked, who defended, and the attackers' score. */
export interface PlayedGame {
  readonly attackers: string;
  readonly defenders: string;
  /** 1 the attackers won, 0 the defenders won, 0.5 a draw. */
  readonly score: 0 | 0.5 | 1;
}

export interface Round {
  readonly games: readonly { readonly attackers: string; readonly defenders: string }[];
  /** The player who sits out (a bye, worth a win in a Swiss), if any. */
  readonly bye: string | null;
}

export interface History {
  readonly games: readonly PlayedGame[];
  /** The players given a bye so far, once per bye. */
  readonly byes: readonly string[];
}

export interface Standing {
  readonly id: string;
  readonly points: number;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
  /** Games as attackers and as defenders. */
  readonly attacked: number;
  readonly defended: number;
}

/** Every round of a round robin among `entrants` (ranked by rating for the table's seats). */
export function roundRobin(entrants: readonly Entrant[]): Round[] {
  const seats: (string | null)[] = ranked(entrants).map((e) => e.id);
  if (seats.length % 2 === 1) seats.push(null);
  const n = seats.length;
  const rounds: Round[] = [];
  const sides = new SideBook();
  for (let r = 0; r < n - 1; r++) {
    const games: { attackers: string; defenders: string }[] = [];
    let bye: string | null = null;
    for (let i = 0; i < n / 2; i++) {
      const a = seats[i]!;
      const b = seats[n - 1 - i]!;
      if (a === null || b === null) bye = a ?? b;
      else games.push(sides.assign(a, b));
    }
    rounds.push({ games, bye });
    // Rotate every seat but the first.
    seats.splice(1, 0, seats.pop()!);
  }
  return rounds;
}

/**
 * The sides each player has played, and the rule that gives the sides of a new pair: the one
 * who has attacked less often (attacks minus defences) attacks; on a tie, the one who defended
 * last; then the first named (the higher ranked).
 */
class SideBook {
  private readonly balance = new Map<string, number>();
  private readonly last = new Map<string, Side>();

  played(attackers: string, defenders: string): void {
    this.balance.set(attackers, this.of(attackers) + 1);
    this.balance.set(defenders, this.of(defenders) - 1);
    this.last.set(attackers, 'attackers');
    this.last.set(defenders, 'defenders');
  }

  of(id: string): number {
    return this.balance.get(id) ?? 0;
  }

  /** The side `id` would rather play next, if it has a preference. */
  wants(id: string): Side | undefined {
    const c = this.of(id);
    if (c !== 0) return c < 0 ? 'attackers' : 'defenders';
    const l = this.last.get(id);
    return l === undefined ? undefined : l === 'attackers' ? 'defenders' : 'attackers';
  }

  /** The sides of `first` (higher ranked) and `second`, recorded as played. */
  assign(first: string, second: string): { attackers: string; defenders: string } {
    const cf = this.of(first);
    const cs = this.of(second);
    let firstAttacks: boolean;
    if (cf !== cs) firstAttacks = cf < cs;
    else if (this.last.get(first) !== this.last.get(second))
      firstAttacks = this.last.get(first) === 'defenders' || this.last.get(second) === 'attackers';
    else firstAttacks = true;
    const game = firstAttacks
      ? { attackers: first, defenders: second }
      : { attackers: second, defenders: first };
    this.played(game.attackers, game.defenders);
    return game;
  }
}

/** The standings after `history`, best first. */
export function standings(entrants: readonly Entrant[], history: History): Standing[] {
  const points = new Map<string, number>(entrants.map((e) => [e.id, 0]));
  const add = (id: string, p: number): void => void points.set(id, (points.get(id) ?? 0) + p);
  for (const g of history.games) {
    add(g.attackers, g.score);
    add(g.defenders, 1 - g.score);
  }
  for (const id of history.byes) add(id, 1);
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  const rows = entrants.map((e): Standing => {
    let buchholz = 0;
    let sonnebornBerger = 0;
    let attacked = 0;
    let defended = 0;
    for (const g of history.games) {
      const side: Side | undefined =
        g.attackers === e.id ? 'attackers' : g.defenders === e.id ? 'defenders' : undefined;
      if (!side) continue;
      const opponent = side === 'attackers' ? g.defenders : g.attackers;
      const score = side === 'attackers' ? g.score : 1 - g.score;
      const theirs = points.get(opponent) ?? 0;
      buchholz += theirs;
      sonnebornBerger += score * theirs;
      if (side === 'attackers') attacked++;
      else defended++;
    }
    return { id: e.id, points: points.get(e.id)!, buchholz, sonnebornBerger, attacked, defended };
  });
  return rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.buchholz - a.buchholz ||
      b.sonnebornBerger - a.sonnebornBerger ||
      rating.get(b.id)! - rating.get(a.id)! ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The search for a Swiss round tries at most this many partial pairings: a late round of a large
 * tournament in which no pairing without a repeat exists could otherwise take longer than the age
 * of the universe (the search backs up through every way of pairing the players above the one who
 * cannot be paired). A round found takes a few hundred steps at most (64 players: well under a
 * thousand), so the bound only ever ends a hopeless search.
 */
export const SWISS_SEARCH_STEPS = 200_000;

/**
 * The next Swiss round after `history`; undefined when no pairing without a repeat exists (the
 * tournament has more rounds than it can pair), or none was found within SWISS_SEARCH_STEPS.
 */
export function swissRound(entrants: readonly Entrant[], history: History): Round | undefined {
  const table = standings(entrants, history);
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  // Ranked by points, then rating (tie-breaks are for the final standings, not for pairing).
  const order = table
    .slice()
    .sort((a, b) => b.points - a.points || rating.get(b.id)! - rating.get(a.id)! || (a.id < b.id ? -1 : 1));
  const met = new Set(
    history.games.flatMap((g) => [`${g.attackers} ${g.defenders}`, `${g.defenders} ${g.attackers}`]),
  );
  const sides = new SideBook();
  for (const g of history.games) sides.played(g.attackers, g.defenders);
  const points = new Map(order.map((s) => [s.id, s.points]));

  let bye: string | null = null;
  let players = order.map((s) => s.id);
  if (players.length % 2 === 1) {
    const hadBye = new Set(history.byes);
    const candidate = [...players].reverse().find((id) => !hadBye.has(id)) ?? players[players.length - 1]!;
    bye = candidate;
    players = players.filter((id) => id !== candidate);
  }

  // A player who has met every other one cannot be paired at all: no search needed.
  if (players.some((p) => players.every((o) => o === p || met.has(`${p} ${o}`)))) return undefined;

  const pairs: [string, string][] = [];
  let steps = 0;
  const pair = (rest: readonly string[]): boolean => {
    if (rest.length === 0) return true;
    if (++steps > SWISS_SEARCH_STEPS) return false;
    const [first, ...others] = rest as [string, ...string[]];
    const candidates = others
      .filter((o) => !met.has(`${first} ${o}`))
      .map((o, index) => ({ o, index }))
      .sort(
        (a, b) =>
          Math.abs(points.get(first)! - points.get(a.o)!) - Math.abs(points.get(first)! - points.get(b.o)!) ||
          Number(clash(first, a.o)) - Number(clash(first, b.o)) ||
          a.index - b.index,
      );
    for (const { o } of candidates) {
      pairs.push([first, o]);
      if (pair(others.filter((x) => x !== o))) return true;
      pairs.pop();
    }
    return false;
  };
  const clash = (a: string, b: string): boolean => {
    const wa = sides.wants(a);
    return wa !== undefined && wa === sides.wants(b);
  };
  if (!pair(players)) return undefined;

  const games = pairs.map(([higher, lower]) => sides.assign(higher, lower));
  return { games, bye };
}

function ranked(entrants: readonly Entrant[]): Entrant[] {
  return [...entrants].sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
