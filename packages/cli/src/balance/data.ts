/**
 * The balance data the web app ships (packages/web/src/balance/balance-data.json): written by
 * `tafl balance --out FILE`, never by hand. Plain JSON, every object on lines of its own as
 * JSON.stringify writes it and the repository's prettier keeps it, with what made it (the
 * command, the date, the commit, the engine's budget, the openings) beside the figures of every
 * ruleset run and of people's games.
 */

import type { BalanceEnding, BalanceFigures, Share, Winner } from './stats.js';
import type { HumanEnding, HumanFigures } from './human.js';

/** A share in the file: the games, and the 95% interval rounded to four places. */
export interface ShareData {
  readonly games: number;
  readonly low: number;
  readonly high: number;
}

export interface RulesetData {
  readonly id: string;
  readonly games: number;
  readonly distinctOpenings: number;
  readonly attackers: ShareData;
  readonly defenders: ShareData;
  readonly draws: ShareData;
  readonly averagePlies: number;
  readonly shortest: number;
  readonly longest: number;
  readonly endings: readonly {
    readonly ending: BalanceEnding;
    readonly winner: Winner;
    readonly games: number;
  }[];
}

export interface HumanData {
  /** The ruleset the records were played under, less its repetition rule. */
  readonly rulesId: string;
  readonly source: string;
  readonly records: number;
  readonly games: number;
  readonly unfinished: number;
  readonly attackers: ShareData;
  readonly defenders: ShareData;
  readonly draws: ShareData;
  readonly averagePlies: number;
  readonly endings: readonly {
    readonly ending: HumanEnding;
    readonly winner: Winner;
    readonly games: number;
  }[];
}

export interface BalanceData {
  readonly note: string;
  /** The command that makes this file again. */
  readonly command: string;
  /** The day it was made, YYYY-MM-DD. */
  readonly date: string;
  /** The commit of the code that made it (abbreviated), `unknown` outside a git checkout. */
  readonly commit: string;
  readonly engine: {
    /** The search's nodes a move (level 6's search without its book, bounded by nothing else). */
    readonly nodes: number;
    /** `book`, or the number of random plies. */
    readonly openings: 'book' | number;
    readonly seed: number;
    /** A game reaching this ply is a draw (the move cap). */
    readonly maxPlies: number;
  };
  readonly rulesets: readonly RulesetData[];
  readonly human?: HumanData;
}

export const NOTE =
  'Written by tafl balance (packages/cli/src/commands/balance.ts): do not edit by hand, run the command again.';

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
const round1 = (x: number): number => Math.round(x * 10) / 10;

export const shareData = (s: Share): ShareData => ({
  games: s.games,
  low: round4(s.interval.low),
  high: round4(s.interval.high),
});

export const rulesetData = (id: string, f: BalanceFigures, distinctOpenings: number): RulesetData => ({
  id,
  games: f.games,
  distinctOpenings,
  attackers: shareData(f.attackers),
  defenders: shareData(f.defenders),
  draws: shareData(f.draws),
  averagePlies: round1(f.averagePlies),
  shortest: f.shortest,
  longest: f.longest,
  endings: f.endings,
});

export const humanData = (rulesId: string, source: string, f: HumanFigures): HumanData => ({
  rulesId,
  source,
  records: f.records,
  games: f.games,
  unfinished: f.unfinished,
  attackers: shareData(f.attackers),
  defenders: shareData(f.defenders),
  draws: shareData(f.draws),
  averagePlies: round1(f.averagePlies),
  endings: f.endings,
});

/** The file's text: JSON with two spaces, as prettier keeps it (the file holds no array of numbers). */
export const makeBalanceFile = (data: BalanceData): string => `${JSON.stringify(data, null, 2)}\n`;
