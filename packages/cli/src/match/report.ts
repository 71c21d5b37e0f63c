/**
 * The words and figures of a match, for `tafl match` and the ladder bench: a line for each game
 * as it ends, and the summary (the table of wins, draws and losses by side, the score with its
 * interval, the Elo difference, the endings, the games each engine lost by failing and the
 * longest moves against their budgets). A game lost by an engine's failure has its failure and
 * the engine's last lines under its line, for the log.
 */

import { SIDES, type Side } from '@tafl/core';
import { columns } from '../format.js';
import { budgetPhrase, type EngineSpec } from './engines.js';
import type { Ending } from './game.js';
import type { PlayedGame } from './match.js';
import type { EngineTimes } from './tasks.js';
import { addWdl, matchFigures, pointsOfA, tally, type Interval, type WinDrawLoss } from './stats.js';

export interface MatchReport {
  readonly rulesId: string;
  readonly engines: { readonly a: EngineSpec; readonly b: EngineSpec };
  readonly timeMs: number | undefined;
  /** An engine's own time a move, in place of `timeMs`. */
  readonly engineTimeMs?: EngineTimes;
  readonly maxPlies: number;
  /** The number of games in the match. */
  readonly games: number;
}

/** The time a move engine `which` is given: its own, else the match's (undefined: its own budget). */
export const engineTime = (report: MatchReport, which: 'a' | 'b'): number | undefined =>
  report.engineTimeMs?.[which] ?? report.timeMs;

/** `1 game pair`, `2 game pairs`. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const percent = (score: number): string => `${(100 * score).toFixed(1)}%`;

/** An Elo difference with its sign, `+inf`/`-inf` for a score of 1 or 0. */
export const signedElo = (elo: number): string =>
  elo === Infinity ? '+inf' : elo === -Infinity ? '-inf' : `${elo >= 0 ? '+' : ''}${Math.round(elo)}`;

export const percentInterval = (i: Interval): string => `${percent(i.low)} to ${percent(i.high)}`;
export const eloRange = (i: Interval): string => `${signedElo(i.low)} to ${signedElo(i.high)}`;

export const wdl = (r: WinDrawLoss): string => `${r.wins}-${r.draws}-${r.losses}`;

const sideOfB = (aSide: Side): Side => (aSide === 'attackers' ? 'defenders' : 'attackers');

/** How a game ended, as a phrase: `the attackers win (king captured)`, `a draw (ply limit)`. */
export function describeGame(game: PlayedGame): string {
  const { winner, ending } = game.result;
  return winner === 'draw' ? `a draw (${ending})` : `the ${winner} win (${ending})`;
}

/** The progress line of a game that has just ended, with A's running score over the games done. */
export function progressLine(report: MatchReport, game: PlayedGame, done: readonly PlayedGame[]): string {
  const { a, b } = report.engines;
  const [attackers, defenders] = game.aSide === 'attackers' ? [a, b] : [b, a];
  const points = done.reduce((sum, g) => sum + pointsOfA(g), 0);
  return (
    `[${done.length}/${report.games}] game ${game.task.index + 1}: ` +
    `${attackers.label} attacking, ${defenders.label} defending: ${describeGame(game)}, ` +
    `${game.result.plies} plies; ${a.label} has ${points} of ${done.length} (${percent(points / done.length)})\n` +
    failureLines(report, game)
  );
}

/** The failure of a game lost by one, and the engine's last lines, indented; '' for other games. */
export function failureLines(report: MatchReport, game: PlayedGame): string {
  const failure = game.result.failure;
  if (failure === undefined) return '';
  const spec = failure.side === game.aSide ? report.engines.a : report.engines.b;
  const said = failure.lastLines.length === 0 ? ['(nothing)'] : failure.lastLines;
  return (
    `  ${spec.label} (the ${failure.side}) failed and forfeits: ${oneLine(failure.message)}\n` +
    `  its last lines:\n${said.map((l) => `    ${oneLine(l)}\n`).join('')}`
  );
}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' / ');

/** How many games each engine lost by failing (a crash, no move in time, an unplayable move). */
export function failures(games: readonly PlayedGame[]): { a: number; b: number } {
  let a = 0;
  let b = 0;
  for (const g of games)
    if (g.result.failure !== undefined) {
      if (g.result.failure.side === g.aSide) a++;
      else b++;
    }
  return { a, b };
}

/** An engine's longest move: its milliseconds, and its game (from 1) and ply (0 when it made none). */
export interface LongestMove {
  readonly ms: number;
  readonly game: number;
  readonly ply: number;
}

/** The longest move of each engine, and where it was. */
export function longestMoves(games: readonly PlayedGame[]): { a: LongestMove; b: LongestMove } {
  let a: LongestMove = { ms: 0, game: 0, ply: 0 };
  let b: LongestMove = a;
  const longer = (than: LongestMove, g: PlayedGame, side: Side): LongestMove => {
    const times = g.result.moveTimes[side];
    let found = than;
    for (let i = 0; i < times.length; i++)
      if (times[i]! > found.ms)
        found = { ms: times[i]!, game: g.task.index + 1, ply: g.result.movePlies[side][i] ?? 0 };
    return found;
  };
  for (const g of games) {
    a = longer(a, g, g.aSide);
    b = longer(b, g, sideOfB(g.aSide));
  }
  return { a, b };
}

/** How many games ended each way, most first: `escape 5, king captured 3, ply limit 1`. */
export function endings(games: readonly PlayedGame[]): string {
  const counts = new Map<Ending, number>();
  for (const g of games) counts.set(g.result.ending, (counts.get(g.result.ending) ?? 0) + 1);
  return [...counts]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .map(([ending, n]) => `${ending} ${n}`)
    .join(', ');
}

/** The summary of a finished match (every pair complete). */
export function summary(report: MatchReport, games: readonly PlayedGame[]): string {
  const { a, b } = report.engines;
  const counts = tally(games);
  const rows = [['', 'engine', 'attackers', 'defenders', 'total', 'points']];
  for (const [name, spec, t] of [
    ['A', a, counts.a],
    ['B', b, counts.b],
  ] as const) {
    const total = addWdl(t.attackers, t.defenders);
    const points = total.wins + total.draws / 2;
    rows.push([name, spec.label, ...SIDES.map((s) => wdl(t[s])), wdl(total), `${points}/${games.length}`]);
  }
  const f = matchFigures(games);
  const longest = longestMoves(games);
  const failed = failures(games);
  // Where it was, so that a move over its budget can be looked into: game 37, ply 22.
  const budget = (which: 'a' | 'b', move: LongestMove): string =>
    `${report.engines[which].label} ${Math.round(move.ms)} ms (${budgetPhrase(report.engines[which], engineTime(report, which))}` +
    `${move.game > 0 ? `; game ${move.game}, ply ${move.ply}` : ''})`;
  return (
    columns(rows) +
    '(wins-draws-losses as attackers, as defenders and in all)\n\n' +
    `score of ${a.label}: ${percent(f.score)}, 95% interval ${percentInterval(f.interval)} ` +
    `(Wilson's score interval over ${plural(f.samples, 'game pair')})\n` +
    `Elo difference, ${a.label} minus ${b.label}: ${signedElo(f.elo)}, 95% interval ${eloRange(f.eloInterval)}\n` +
    `endings: ${endings(games)}\n` +
    `games lost by failure: ${a.label} ${failed.a}, ${b.label} ${failed.b}\n` +
    `longest move: ${budget('a', longest.a)}, ${budget('b', longest.b)}\n`
  );
}
