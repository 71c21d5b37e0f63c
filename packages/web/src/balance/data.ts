/**
 * The data of the page "Which rules are fair?": balance-data.json, written by
 * `tafl balance --all ... --out packages/web/src/balance/balance-data.json` (packages/cli, its
 * balance/data.ts), never by hand, and bundled with the app. Its shape is restated here, as the
 * app does not depend on the command line's package; test/balance-data.test.ts checks that the
 * shipped file has it, covers every named ruleset and that its counts add up. The rest are pure
 * helpers of the page: the attackers' score, the order of fairness, percentages in a language.
 */

import raw from './balance-data.json';

export const WINNERS = ['attackers', 'draw', 'defenders'] as const;
export type Winner = (typeof WINNERS)[number];

export const ENDINGS = [
  'escape',
  'king captured',
  'all attackers captured',
  'no legal move',
  'no legal move for either side',
  'repetition',
  'quiet moves',
  'ply limit',
  'time',
  'not by rule',
] as const;
export type Ending = (typeof ENDINGS)[number];

/** A share: the games, and its 95% interval (Wilson's) as fractions. */
export interface ShareData {
  readonly games: number;
  readonly low: number;
  readonly high: number;
}

export interface EndingCount {
  readonly ending: Ending;
  readonly winner: Winner;
  readonly games: number;
}

interface Shares {
  readonly games: number;
  readonly attackers: ShareData;
  readonly defenders: ShareData;
  readonly draws: ShareData;
  readonly averagePlies: number;
  readonly endings: readonly EndingCount[];
}

export interface RulesetData extends Shares {
  readonly id: string;
  readonly distinctOpenings: number;
  readonly shortest: number;
  readonly longest: number;
}

export interface HumanData extends Shares {
  readonly rulesId: string;
  readonly source: string;
  readonly records: number;
  readonly unfinished: number;
}

export interface BalanceData {
  readonly note: string;
  readonly command: string;
  readonly date: string;
  readonly commit: string;
  readonly engine: {
    readonly nodes: number;
    readonly openings: 'book' | number;
    readonly seed: number;
    readonly maxPlies: number;
  };
  readonly rulesets: readonly RulesetData[];
  readonly human?: HumanData;
}

export const BALANCE_DATA = raw as BalanceData;

/** The share of a winner in a set of games. */
export const shareOf = (
  s: { readonly attackers: ShareData; readonly defenders: ShareData; readonly draws: ShareData },
  winner: Winner,
): ShareData => (winner === 'attackers' ? s.attackers : winner === 'defenders' ? s.defenders : s.draws);

/** The attackers' score: their wins and half the draws, as a fraction of the games. */
export const attackersScore = (s: Shares): number =>
  s.games === 0 ? 0.5 : (s.attackers.games + s.draws.games / 2) / s.games;

/** The rulesets, the fairest first (the attackers' score closest to one half), ties in file order. */
export const byFairness = (rulesets: readonly RulesetData[]): RulesetData[] =>
  rulesets
    .map((r, i) => ({ r, i, off: Math.abs(attackersScore(r) - 0.5) }))
    .sort((x, y) => x.off - y.off || x.i - y.i)
    .map((x) => x.r);

/**
 * Moves as players count them (the attackers' move and the defenders' reply make one, as
 * everywhere in the app) from plies: a game of 15 plies lasted 8 moves, its last one half made.
 */
export const movesOfPlies = (plies: number): number => Math.ceil(plies / 2);

/** The average length in moves, from the average in plies. */
export const averageMoves = (averagePlies: number): number => averagePlies / 2;

/** `28.5%`, `28,5 %` in Spanish and French: one decimal, the language's own way. */
export const percentText = (fraction: number, lang: string): string =>
  new Intl.NumberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(fraction);

/** A number of moves with one decimal in the language's way. */
export const decimalText = (n: number, lang: string): string =>
  new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

/** What is wrong with the data (counts that do not add up, a ruleset missing), or nothing. */
export function dataProblems(data: BalanceData, presetIds: readonly string[]): string[] {
  const problems: string[] = [];
  const ids = data.rulesets.map((r) => r.id);
  for (const id of presetIds) if (!ids.includes(id)) problems.push(`no figures for ${id}`);
  const check = (name: string, s: Shares): void => {
    const won = s.attackers.games + s.defenders.games + s.draws.games;
    if (s.games <= 0) problems.push(`${name}: no games`);
    if (won !== s.games) problems.push(`${name}: the results add up to ${won}, not ${s.games}`);
    const ended = s.endings.reduce((n, e) => n + e.games, 0);
    if (ended !== s.games) problems.push(`${name}: the endings add up to ${ended}, not ${s.games}`);
    for (const w of WINNERS) {
      const share = shareOf(s, w);
      const byEnding = s.endings.filter((e) => e.winner === w).reduce((n, e) => n + e.games, 0);
      if (byEnding !== share.games)
        problems.push(`${name}: the endings give ${w} ${byEnding} games, the results ${share.games}`);
      const p = s.games === 0 ? 0 : share.games / s.games;
      if (!(share.low >= 0 && share.low <= p && p <= share.high && share.high <= 1))
        problems.push(`${name}: ${w}'s interval ${share.low} to ${share.high} does not hold ${p}`);
    }
    for (const e of s.endings)
      if (!(ENDINGS as readonly string[]).includes(e.ending)) problems.push(`${name}: no ending ${e.ending}`);
  };
  for (const r of data.rulesets) check(r.id, r);
  if (data.human !== undefined) check('people’s games', data.human);
  return problems;
}
