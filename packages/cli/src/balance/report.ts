/**
 * The words of `tafl balance`: for each ruleset, who won how often with the 95% interval, the
 * average length and how the games ended; with several rulesets, a table of them all; and the
 * shares of people's games for comparison.
 */

import { columns } from '../format.js';
import { percent, percentInterval, plural } from '../match/report.js';
import type { HumanFigures } from './human.js';
import type { BalanceFigures, Share, Winner } from './stats.js';

const WINNER_WORDS: Readonly<Record<Winner, string>> = {
  attackers: 'attackers win',
  defenders: 'defenders win',
  draw: 'draws',
};

function shareRows(f: { attackers: Share; defenders: Share; draws: Share }): string[][] {
  const rows = [['', 'games', 'share', '95% interval (Wilson)']];
  for (const [winner, s] of [
    ['attackers', f.attackers],
    ['defenders', f.defenders],
    ['draw', f.draws],
  ] as const)
    rows.push([WINNER_WORDS[winner], String(s.games), percent(s.share), percentInterval(s.interval)]);
  return rows;
}

/** `escape (defenders) 40, king captured (attackers) 12, repetition (draw) 3`. */
export const endingsLine = (endings: readonly { ending: string; winner: Winner; games: number }[]): string =>
  endings.map((e) => `${e.ending} (${e.winner === 'draw' ? 'a draw' : e.winner}) ${e.games}`).join(', ');

/** One ruleset's figures. */
export function rulesetReport(id: string, f: BalanceFigures, distinctOpenings: number): string {
  return (
    `\n${id}: ${plural(f.games, 'game')} from ${plural(distinctOpenings, 'distinct opening')}\n` +
    columns(shareRows(f), [false, true, true, true]) +
    `average length: ${(f.averagePlies / 2).toFixed(1)} moves, ${f.averagePlies.toFixed(1)} plies ` +
    `(a move is both sides' turns; the opening's included; shortest ${f.shortest} plies, longest ${f.longest})\n` +
    `endings: ${endingsLine(f.endings)}\n`
  );
}

/** The table of every ruleset run: one row each. */
export function summaryTable(runs: readonly { id: string; figures: BalanceFigures }[]): string {
  const rows = [['ruleset', 'games', 'attackers win', 'defenders win', 'draws', 'plies']];
  const cell = (s: Share): string => `${percent(s.share)} (${percentInterval(s.interval)})`;
  for (const { id, figures: f } of runs)
    rows.push([
      id,
      String(f.games),
      cell(f.attackers),
      cell(f.defenders),
      cell(f.draws),
      f.averagePlies.toFixed(1),
    ]);
  return `\nevery ruleset (share of games, 95% Wilson interval; average length in plies)\n${columns(rows, [false, true, true, true, true, true])}`;
}

/** People's games, for comparison. */
export function humanReport(rulesId: string, f: HumanFigures): string {
  return (
    `\npeople's games: ${f.records} Brandubh records played under ${rulesId} without its repetition rule, ` +
    `${f.games} finished (${f.unfinished} ongoing or without a result left out)\n` +
    columns(shareRows(f), [false, true, true, true]) +
    `average length: ${(f.averagePlies / 2).toFixed(1)} moves, ${f.averagePlies.toFixed(1)} plies\n` +
    `endings: ${endingsLine(f.endings)} (time: a loss on time; not by rule: resigned or agreed)\n`
  );
}
