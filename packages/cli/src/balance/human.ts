/**
 * What people's own games show: the 525 Brandubh games of the core's test fixtures
 * (packages/core/test/fixtures/games/brandubh-525.csv, played under the World Tafl Federation's
 * rules without a repetition rule; its README says where they come from). Each game is replayed
 * under those rules, so that its ending is the rules' own where they ended it (escape, king
 * captured, no legal move); the others were won on time (a last `timeout`), or by resignation or
 * agreement, which a record does not tell apart ("not by rule"). Games recorded as ongoing or with
 * no result are left out of the shares.
 */

import {
  federationBrandubh,
  parseMoveLists,
  playMoveRecord,
  startingPosition,
  withParameters,
  type Ruleset,
} from '@tafl/core';
import { WINNERS, share, type Share, type Winner } from './stats.js';

/** The rules the records were played under: federation-brandubh with no repetition rule (OTN `tfr:i`). */
export const HUMAN_RULES: Ruleset = withParameters(federationBrandubh, { repetitionDraws: false });

/** How a finished human game ended. */
export const HUMAN_ENDINGS = ['escape', 'king captured', 'no legal move', 'time', 'not by rule'] as const;
export type HumanEnding = (typeof HUMAN_ENDINGS)[number];

export interface HumanEndingCount {
  readonly ending: HumanEnding;
  readonly winner: Winner;
  readonly games: number;
}

export interface HumanFigures {
  /** Games in the file. */
  readonly records: number;
  /** Games with a result (won or drawn); the shares are of these. */
  readonly games: number;
  /** Games recorded as ongoing or with no result, left out. */
  readonly unfinished: number;
  readonly attackers: Share;
  readonly defenders: Share;
  readonly draws: Share;
  /** Plies a finished game on average. */
  readonly averagePlies: number;
  /** How the finished games ended, most first; the counts add up to `games`. */
  readonly endings: readonly HumanEndingCount[];
}

/** The figures of a file of move lists (`parseMoveLists`); throws on a record that does not replay. */
export function humanFigures(csv: string): HumanFigures {
  const parsed = parseMoveLists(csv);
  if (!parsed.ok) throw new Error(`the human games do not read: ${parsed.message}`);
  const finished: { winner: Winner; ending: HumanEnding; plies: number }[] = [];
  for (const [i, game] of parsed.value.entries()) {
    const pos = startingPosition(HUMAN_RULES);
    for (const move of game.moves) {
      const played = playMoveRecord(pos, move);
      if (!played.ok) throw new Error(`human game ${i + 1}: ${move}: ${played.message}`);
    }
    const outcome = pos.outcome();
    if (outcome.status !== 'ongoing') {
      if (!(HUMAN_ENDINGS as readonly string[]).includes(outcome.reason))
        throw new Error(`human game ${i + 1} ended by ${outcome.reason}`);
      finished.push({ winner: outcome.status, ending: outcome.reason as HumanEnding, plies: pos.ply });
    } else if (game.result !== undefined && game.result !== 'ongoing')
      finished.push({ winner: game.result, ending: game.timeout ? 'time' : 'not by rule', plies: pos.ply });
  }
  const n = finished.length;
  const won = (w: Winner): Share => share(finished.filter((g) => g.winner === w).length, n);
  const endings: HumanEndingCount[] = [];
  for (const ending of HUMAN_ENDINGS)
    for (const winner of WINNERS) {
      const games = finished.filter((g) => g.ending === ending && g.winner === winner).length;
      if (games > 0) endings.push({ ending, winner, games });
    }
  endings.sort((x, y) => y.games - x.games);
  return {
    records: parsed.value.length,
    games: n,
    unfinished: parsed.value.length - n,
    attackers: won('attackers'),
    defenders: won('defenders'),
    draws: won('draw'),
    averagePlies: n === 0 ? 0 : finished.reduce((a, g) => a + g.plies, 0) / n,
    endings,
  };
}
