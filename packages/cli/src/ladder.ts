/**
 * `npm run bench:ladder`: the level ladder, the measure of the claim that each level beats the
 * one below it. Under each ruleset asked for (by default La Plazoleta's Brandubh and the French
 * Ard Ri, LADDER_RULESETS), level L plays level L-1 for L from 2 to 6, and level 6 plays level 1,
 * each a match of game pairs (50 by default) at 250 ms a move, two games at a time, through the
 * same match code as `tafl match`. It prints the scores with their 95% intervals and Elo
 * differences, whether each level scores 70% against the one below, and each level's longest
 * move against its budget. It takes a while (about 5 minutes a ruleset on two cores) and never
 * fails on a figure: it is a benchmark.
 *
 * With `--against COMMIT`, it measures instead what the engine gained since COMMIT
 * (reference.ts builds that commit's engine): today's level 6 against the old one, at 200 ms a
 * move by default, 200 game pairs (400 games) a ruleset, with the Elo difference and its 95%
 * interval: by default under the fairest rulesets of each family at that speed (GAIN_RULESETS).
 * `--threads N` gives today's engine N threads; then one game is played at a time, so that each
 * engine has the cores it is meant to have.
 */

import { parseArgs } from 'node:util';
import { PRESETS, ardRiFr, brandubh2019, opentaflBrandub, plazoleta, type Ruleset } from '@tafl/core';
import { LEVELS } from '@tafl/engine';
import { MAX_THREADS } from '@tafl/engine/node';
import { CliError } from './args.js';
import { rulesOption, wholeNumber } from './commands/match.js';
import { columns } from './format.js';
import { moveBudget, type EngineSpec } from './match/engines.js';
import { DEFAULT_MAX_PLIES } from './match/game.js';
import { runMatch, type PlayedGame } from './match/match.js';
import { eloRange, percent, percentInterval, plural, signedElo, wdl } from './match/report.js';
import {
  addWdl,
  attackersGap,
  matchFigures,
  pointsOfA,
  tally,
  type MatchFigures,
  type WinDrawLoss,
} from './match/stats.js';
import { matchTasks } from './match/tasks.js';
import { REFERENCE_COMMIT, resolveCommit } from './reference.js';

const usage = `Usage: npm run bench:ladder -- [--rules ID]... [--all] [--pairs N] [--time MS] [--jobs N]
                                 [--openings PLIES] [--seed N] [--against COMMIT [--threads N]]

  Level L against level L-1 for L from 2 to 6, and level 6 against level 1, under each ruleset;
  or, with --against, today's level 6 against the level 6 of an earlier commit.

  --rules ID         a ruleset; may be given more than once (default plazoleta and
                     ard-ri-fr; with --against, brandubh-2019, opentafl-brandub and ard-ri-fr,
                     the fairest of each family at 200 ms a move, so a stronger engine
                     can show)
  --all              every ruleset, all eight
  --pairs N          game pairs a match (default 50; with --against, 200)
  --time MS          milliseconds a move (default 250; with --against, 200)
  --jobs N           games at a time (default 2; with --threads above 1, 1)
  --openings PLIES   random plies of every opening (default 4)
  --seed N           the seed of the openings and the levels' choices (default 1)
  --against COMMIT   play today's engine against the engine of COMMIT (${REFERENCE_COMMIT}: the
                     engine before the work on threads and time), built from git into
                     node_modules/.cache
  --threads N        threads of today's engine against the old one (default 1)
  -h, --help         show this help
`;

/** The level ladder's rulesets: those the levels' spacing was first set under (levels.ts). */
const LADDER_RULESETS = [plazoleta.id, ardRiFr.id];

/**
 * The gain's rulesets: the fairest of each family where the gain is measured, level 6 at 200 ms a
 * move (the attackers' score, their wins and half the draws, closest to 50%). Where one side wins
 * nearly every game, both games of a pair go to it and the score stays near 50% whichever engine
 * is stronger. In 20 pairs of level 6 against itself (seed 3) the attackers scored 31% under
 * brandubh-2019 and 25% under opentafl-brandub, 7.5% under brandubh-en and federation-brandubh;
 * in 30 pairs of today's level 6 against da95858's, 10% under brandub-fr (the fairest in the
 * balance lab's games at 12000 nodes a move, 44% there) and 92.5% under plazoleta. Of the Ard Ri
 * rulesets ard-ri-fr: in the balance lab's games at 2a459de its attackers won 85% and all of
 * ard-ri-es'; at f010ce5, from the new book's openings, all of both.
 */
const GAIN_RULESETS = [brandubh2019.id, opentaflBrandub.id, ardRiFr.id];

interface LadderOptions {
  readonly rulesets: readonly Ruleset[];
  /** The commit to measure today's engine against, if any. */
  readonly against: string | undefined;
  readonly threads: number;
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
  const games = await play(rules, { a: level(high), b: level(low) }, `level ${high} vs ${low}`, options);
  return { high, low, games, figures: matchFigures(games) };
}

/** A match of `engines` under `rules` as the options say, with its progress on stderr. */
async function play(
  rules: Ruleset,
  engines: { readonly a: EngineSpec; readonly b: EngineSpec },
  name: string,
  options: LadderOptions,
): Promise<readonly PlayedGame[]> {
  const tasks = matchTasks(rules, options.pairs, options.plies, options.seed);
  if (tasks === undefined)
    throw new CliError(`no opening of ${options.plies} plies lets a game of ${rules.id} go on`);
  return runMatch(
    { rules, engines, tasks, timeMs: options.timeMs, maxPlies: DEFAULT_MAX_PLIES, jobs: options.jobs },
    progress(`${rules.id} ${name}`, tasks.length),
  );
}

/** Today's level 6 against the level 6 of `options.against`, under `rules`. */
async function gain(rules: Ruleset, options: LadderOptions): Promise<string> {
  const commit = options.against!;
  const today: EngineSpec =
    options.threads > 1
      ? { kind: 'level', level: 6, threads: options.threads, label: `level:6,threads=${options.threads}` }
      : level(6);
  const old: EngineSpec = { kind: 'reference', commit, level: 6, label: `ref:${commit}:6` };
  const games = await play(rules, { a: today, b: old }, `${today.label} vs ${old.label}`, options);
  const f = matchFigures(games);
  const both = tally(games);
  const t = both.a;
  const rows = [['match', 'W-D-L', 'score', '95% interval', 'Elo', '95% interval']];
  rows.push([
    `${today.label} vs ${old.label}`,
    wdl(addWdl(t.attackers, t.defenders)),
    percent(f.score),
    percentInterval(f.interval),
    signedElo(f.elo),
    eloRange(f.eloInterval),
  ]);
  const byTime = moveTimes([{ high: 6, low: 6, games, figures: f }]).get(6)!;
  return (
    `\n${rules.id}: today's engine against the engine of ${commit}, ${plural(games.length, 'game')} ` +
    `(${plural(options.pairs, 'pair')} of openings of ${options.plies} random plies, each side both ways), ` +
    `${options.timeMs} ms a move, ${options.jobs} at a time, seed ${options.seed}\n` +
    columns(rows, [false, true, true, true, true, true]) +
    `today's engine is stronger: ${f.interval.low > 0.5 ? 'yes' : f.score > 0.5 ? 'likely' : 'NO'}; ` +
    `gain of 100 Elo or more: ${f.eloInterval.low >= 100 ? 'yes, the whole interval' : f.elo >= 100 ? 'yes (the interval reaches below)' : 'NO'}\n` +
    `as the attackers (W-D-L, their score): today's ${wdl(t.attackers)} ${percent(sideScore(t.attackers))}, ` +
    `the old engine's ${wdl(both.b.attackers)} ${percent(sideScore(both.b.attackers))}; ` +
    `the difference ${attackersDifference(f)}\n` +
    `moves of both engines: ${byTime.length}, median ${Math.round(median(byTime))} ms\n`
  );
}

/** `attackersGap` in points of percent, with its interval. */
function attackersDifference(f: MatchFigures): string {
  const gap = attackersGap(f);
  const points = (x: number): string => `${x > 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
  return `${points(gap.value)} points, 95% interval ${points(gap.interval.low)} to ${points(gap.interval.high)}`;
}

/** A side's score: its wins and half its draws, over its games. */
const sideScore = (r: WinDrawLoss): number =>
  r.wins + r.draws + r.losses === 0 ? 0 : (r.wins + r.draws / 2) / (r.wins + r.draws + r.losses);

const median = (xs: readonly number[]): number =>
  xs.length === 0 ? 0 : [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** A line on stderr every tenth game, with the running score of the first engine. */
function progress(name: string, total: number): (game: PlayedGame) => void {
  let done = 0;
  let points = 0;
  return (game) => {
    done++;
    points += pointsOfA(game);
    if (done % 10 === 0 || done === total)
      process.stderr.write(`${name}: ${done}/${total} games, ${percent(points / done)} for the first\n`);
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
      budget === undefined ? 'fixed depth' : `${budget} ms`,
      String(times.length),
      ms(sorted[sorted.length >> 1]),
      ms(sorted[sorted.length - 1]),
      budget === undefined ? '-' : String(times.filter((t) => t > budget).length),
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
  const distinct = climbs.every((r) => r.figures.score >= 0.7);
  return (
    `\n${rules.id}: the level ladder, ${plural(options.pairs, 'game pair')} a match, ${options.timeMs} ms a move, ` +
    `${options.jobs} games at a time, openings of ${options.plies} random plies, seed ${options.seed}\n` +
    rungTable(rungs) +
    '(beats: yes when the whole 95% interval is above 50%, likely when only the score is)\n\n' +
    `each level beats the one below: ${beats ? 'yes' : 'NO'}; ` +
    `each level scores at least 70% against the one below: ${distinct ? 'yes' : 'NO'} ` +
    `(${climbs.map((r) => `${r.high}: ${percent(r.figures.score)}`).join(', ')}); ` +
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
      against: { type: 'string' },
      threads: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return undefined;
  if (positionals.length > 0)
    throw new CliError(`the ladder takes no argument ${JSON.stringify(positionals[0])}`);
  if (values.all && values.rules !== undefined) throw new CliError('give either --all or --rules, not both');
  const against = values.against;
  if (against === undefined && values.threads !== undefined)
    throw new CliError("--threads is for today's engine against an earlier one: give --against too");
  const rulesets = values.all
    ? PRESETS
    : (values.rules ?? (against !== undefined ? GAIN_RULESETS : LADDER_RULESETS)).map((id) =>
        rulesOption(id),
      );
  const threads = wholeNumber('threads', values.threads, 1, MAX_THREADS) ?? 1;
  return {
    rulesets,
    against: against === undefined ? undefined : resolveCommit(against).slice(0, 12),
    threads,
    pairs: wholeNumber('pairs', values.pairs, 1, 100_000) ?? (against !== undefined ? 200 : 50),
    timeMs: wholeNumber('time', values.time, 1, 3_600_000) ?? (against !== undefined ? 200 : 250),
    jobs: wholeNumber('jobs', values.jobs, 1, 256) ?? (threads > 1 ? 1 : 2),
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
  for (const rules of options.rulesets)
    process.stdout.write(
      options.against !== undefined ? await gain(rules, options) : await ladder(rules, options),
    );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
