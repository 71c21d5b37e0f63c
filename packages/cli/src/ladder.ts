/**
 * `npm run bench:ladder`: the level ladder, the measure of the claim that each level beats the
 * one below it. Under each ruleset asked for, level L plays level L-1 for L from 2 to 6, and level
 * 6 plays level 1, each a match of game pairs (50 by default) at 100 ms a move, two games at a
 * time, through the same match code as `tafl match`. It prints the scores with their 95%
 * intervals and Elo differences, and each level's longest move against its budget. It takes long
 * (about half an hour a ruleset on two cores) and never fails on a figure: it is a benchmark.
 */

import { parseArgs } from 'node:util';
import { PRESETS, federationBrandubh, type Ruleset } from '@tafl/core';
import { LEVELS } from '@tafl/engine';
import { CliError } from './args.js';
import { rulesOption, wholeNumber } from './commands/match.js';
import { columns } from './format.js';
import { moveBudget, type EngineSpec } from './match/engines.js';
import { DEFAULT_MAX_PLIES } from './match/game.js';
import { runMatch, type PlayedGame } from './match/match.js';
import { eloRange, percent, percentInterval, plural, signedElo, wdl } from './match/report.js';
import { addWdl, matchFigures, pointsOfA, tally, type MatchFigures } from './match/stats.js';
import { matchTasks } from './match/tasks.js';

const usage = `Usage: npm run bench:ladder -- [--rules ID]... [--all] [--pairs N] [--time MS] [--jobs N]
                                 [--openings PLIES] [--seed N]

  Level L against level L-1 for L from 2 to 6, and level 6 against level 1, under each ruleset.

  --rules ID         a ruleset; may be given more than once (default federation-brandubh)
  --all              every ruleset, all eight
  --pairs N          game pairs a match (default 50)
  --time MS          milliseconds a move (default 100)
  --jobs N           games at a time (default 2)
  --openings PLIES   random plies of every opening (default 4)
  --seed N           the seed of the openings and the levels' choices (default 1)
  -h, --help         show this help
`;

interface LadderOptions {
  readonly rulesets: readonly Ruleset[];
  readonly pairs: number;
  readonly timeMs: number;
  readonly jobs: number;
  readonly plies: number;
  readonly seed: number;
}

/** The matches of the ladder: [stronger, weaker]. */
const RUNGS: readonly (readonly [number, number])[] = [
  [2, 1],
  [3, 2],
  [4, 3],
  [5, 4],
  [6, 5],
  [6, 1],
];

const level = (n: number): EngineSpec => ({ kind: 'level', level: n, label: `level:${n}` });

interface Rung {
  readonly high: number;
  readonly low: number;
  readonly games: readonly PlayedGame[];
  readonly figures: MatchFigures;
}

async function playRung(rules: Ruleset, high: number, low: number, options: LadderOptions): Promise<Rung> {
  const engines = { a: level(high), b: level(low) };
  const tasks = matchTasks(rules, options.pairs, options.plies, options.seed);
  if (tasks === undefined)
    throw new CliError(`no opening of ${options.plies} plies lets a game of ${rules.id} go on`);
  const name = `${rules.id} level ${high} vs ${low}`;
  const games = await runMatch(
    { rules, engines, tasks, timeMs: options.timeMs, maxPlies: DEFAULT_MAX_PLIES, jobs: options.jobs },
    progress(name, tasks.length),
  );
  return { high, low, games, figures: matchFigures(games) };
}

/** A line on stderr every tenth game, with the stronger level's running score. */
function progress(name: string, total: number): (game: PlayedGame) => void {
  let done = 0;
  let points = 0;
  return (game) => {
    done++;
    points += pointsOfA(game);
    if (done % 10 === 0 || done === total)
      process.stderr.write(
        `${name}: ${done}/${total} games, ${percent(points / done)} for the higher level\n`,
      );
  };
}

function verdict(f: MatchFigures): string {
  if (f.interval.low > 0.5) return 'yes';
  if (f.score > 0.5) return 'likely';
  return 'NO';
}

function rungTable(rungs: readonly Rung[]): string {
  const rows = [['match', 'W-D-L', 'score', '95% interval', 'Elo', '95% interval', 'beats']];
  for (const { high, low, games, figures: f } of rungs) {
    const t = tally(games).a;
    rows.push([
      `level ${high} vs ${low}`,
      wdl(addWdl(t.attackers, t.defenders)),
      percent(f.score),
      percentInterval(f.interval),
      signedElo(f.elo),
      eloRange(f.eloInterval),
      verdict(f),
    ]);
  }
  return columns(rows, [false, true, true, true, true, true]);
}

/** Each level's move times in milliseconds, over all its matches. */
function moveTimes(rungs: readonly Rung[]): Map<number, number[]> {
  const byLevel = new Map<number, number[]>(LEVELS.map((l) => [l.level, []]));
  for (const { high, low, games } of rungs)
    for (const game of games) {
      byLevel.get(high)!.push(...game.result.moveTimes[game.aSide]);
      byLevel
        .get(low)!
        .push(...game.result.moveTimes[game.aSide === 'attackers' ? 'defenders' : 'attackers']);
    }
  return byLevel;
}

/** Each level's moves against its budget: how many, the median, the longest, how many overran. */
function moveTable(rungs: readonly Rung[], timeMs: number): string {
  const rows = [['level', 'budget', 'moves', 'median', 'longest', 'over budget']];
  for (const [n, times] of moveTimes(rungs)) {
    const budget = moveBudget(level(n), timeMs);
    const sorted = [...times].sort((x, y) => x - y);
    const ms = (t: number | undefined): string => (t === undefined ? '-' : `${Math.round(t)} ms`);
    rows.push([
      String(n),
      `${budget} ms`,
      String(times.length),
      ms(sorted[sorted.length >> 1]),
      ms(sorted[sorted.length - 1]),
      String(times.filter((t) => t > budget).length),
    ]);
  }
  return columns(rows, [false, true, true, true, true, true]);
}

async function ladder(rules: Ruleset, options: LadderOptions): Promise<string> {
  const rungs: Rung[] = [];
  for (const [high, low] of RUNGS) rungs.push(await playRung(rules, high, low, options));
  const climbs = rungs.filter((r) => r.high === r.low + 1);
  const top = rungs.find((r) => r.high === 6 && r.low === 1)!;
  const beats = climbs.every((r) => r.figures.score > 0.5);
  return (
    `\n${rules.id}: the level ladder, ${plural(options.pairs, 'game pair')} a match, ${options.timeMs} ms a move, ` +
    `${options.jobs} games at a time, openings of ${options.plies} random plies, seed ${options.seed}\n` +
    rungTable(rungs) +
    '(beats: yes when the whole 95% interval is above 50%, likely when only the score is)\n\n' +
    `each level beats the one below: ${beats ? 'yes' : 'NO'}; ` +
    `level 6 scores at least 95% against level 1: ${top.figures.score >= 0.95 ? 'yes' : 'NO'} (${percent(top.figures.score)})\n\n` +
    `each level's moves against its budget\n${moveTable(rungs, options.timeMs)}`
  );
}

function parseLadderOptions(argv: readonly string[]): LadderOptions | undefined {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      rules: { type: 'string', multiple: true },
      all: { type: 'boolean' },
      pairs: { type: 'string' },
      time: { type: 'string' },
      jobs: { type: 'string' },
      openings: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return undefined;
  if (positionals.length > 0)
    throw new CliError(`the ladder takes no argument ${JSON.stringify(positionals[0])}`);
  if (values.all && values.rules !== undefined) throw new CliError('give either --all or --rules, not both');
  const rulesets = values.all
    ? PRESETS
    : (values.rules ?? [federationBrandubh.id]).map((id) => rulesOption(id));
  return {
    rulesets,
    pairs: wholeNumber('pairs', values.pairs, 1, 100_000) ?? 50,
    timeMs: wholeNumber('time', values.time, 1, 3_600_000) ?? 100,
    jobs: wholeNumber('jobs', values.jobs, 1, 256) ?? 2,
    plies: wholeNumber('openings', values.openings, 0, 40) ?? 4,
    seed: wholeNumber('seed', values.seed, 0, 2 ** 32 - 1) ?? 1,
  };
}

async function main(argv: readonly string[]): Promise<number> {
  let options: LadderOptions | undefined;
  try {
    options = parseLadderOptions(argv);
  } catch (e) {
    process.stderr.write(`ladder: ${e instanceof Error ? e.message : String(e)}\n${usage}`);
    return 2;
  }
  if (options === undefined) {
    process.stdout.write(usage);
    return 0;
  }
  for (const rules of options.rulesets) process.stdout.write(await ladder(rules, options));
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
