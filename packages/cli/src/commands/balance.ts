/**
 * `tafl balance`: the balance lab. The engine plays itself under a ruleset from varied openings
 * (balance/openings.ts) and the command prints how often each side won and how often the game was
 * drawn, with 95% intervals (Wilson's, balance/stats.ts), the average length and how the games
 * ended; beside them, what people's own Brandubh games show (balance/human.ts). With `--out FILE`
 * it writes all of it, with the command that makes it again, as the data of the web app's page
 * "Which rules are fair?" (balance/data.ts).
 *
 * Both sides are the search bounded by nodes alone, no time, so the same command gives the same
 * games on any machine and under any load; the games run in worker threads (match/match.ts), and
 * `--jobs` changes only how long they take.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRESETS, type Ruleset } from '@tafl/core';
import {
  CliError,
  EXIT_OK,
  checkPositionals,
  guarded,
  parseOptions,
  presetOrFail,
  type Parsed,
} from '../args.js';
import {
  humanData,
  makeBalanceFile,
  rulesetData,
  NOTE,
  type BalanceData,
  type RulesetData,
} from '../balance/data.js';
import { HUMAN_RULES, humanFigures, type HumanFigures } from '../balance/human.js';
import {
  balanceTasks,
  distinctOpenings,
  hasBook,
  nodesEngine,
  type OpeningSource,
} from '../balance/openings.js';
import { humanReport, rulesetReport, summaryTable } from '../balance/report.js';
import { balanceFigures, type BalanceFigures } from '../balance/stats.js';
import type { Command } from '../command.js';
import type { Io } from '../io.js';
import { DEFAULT_MAX_PLIES } from '../match/game.js';
import { runMatch } from '../match/match.js';
import { wholeNumber } from './match.js';

export const BALANCE_DEFAULTS = {
  games: 100,
  nodes: 4000,
  seed: 1,
  jobs: 1,
  maxPlies: DEFAULT_MAX_PLIES,
} as const;
const MAX_RANDOM_PLIES = 40;

/** People's games: the core's fixture, where this program runs from the repository. */
const HUMAN_FILE = fileURLToPath(
  new URL('../../../core/test/fixtures/games/brandubh-525.csv', import.meta.url),
);
const HUMAN_SOURCE =
  '525 Brandubh games played by people, from the test data of hnefatafl-rs (packages/core/test/fixtures/games)';

const usage = `Usage: tafl balance (--rules ID ... | --all) [--games N] [--nodes N] [--openings book|PLIES]
                    [--seed N] [--max-plies N] [--jobs N] [--out FILE]

  The balance lab: the engine plays itself under each ruleset, and the command prints the share
  of games the attackers won, the defenders won and drawn, each with its 95% interval (Wilson's
  score interval), the average length in moves (plies) and how the games ended (escape, king
  captured, no legal move, repetition, quiet moves, the ply limit), each with its winner; then,
  for comparison, the same shares of 525 Brandubh games played by people (under
  federation-brandubh without its repetition rule).

  Both sides are the engine's full search (level 6's, without its book) bounded by --nodes a
  move and by nothing else, so the same command always gives the same games. Each game starts
  from its own opening, drawn from the seed: a line of the engine's opening book, each move as
  often as the book's self-play played it, to where the book ends (--openings book, the
  default), or PLIES random legal moves. The games are not paired: one engine plays both sides,
  so an opening with the sides swapped would be the same game again.

  --rules ID          a ruleset; may be given more than once
  --all               every named ruleset
  --games N           games a ruleset (default ${BALANCE_DEFAULTS.games})
  --nodes N           the search's nodes a move (default ${BALANCE_DEFAULTS.nodes})
  --openings SOURCE   book, or a number of random plies from 0 to ${MAX_RANDOM_PLIES} (default book)
  --seed N            the seed of the openings (default ${BALANCE_DEFAULTS.seed})
  --max-plies N       a game reaching N plies is a draw, "ply limit" (default ${BALANCE_DEFAULTS.maxPlies})
  --jobs N            games played at a time, each in a worker thread (default ${BALANCE_DEFAULTS.jobs});
                      the results do not depend on it
  --out FILE          also write the figures, people's games and the command as JSON: the
                      web app's data (packages/web/src/balance/balance-data.json)
  -h, --help          show this help
`;

const OPTIONS = {
  rules: { type: 'string', multiple: true },
  all: { type: 'boolean' },
  games: { type: 'string' },
  nodes: { type: 'string' },
  openings: { type: 'string' },
  seed: { type: 'string' },
  'max-plies': { type: 'string' },
  jobs: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface BalanceSettings {
  readonly rulesets: readonly Ruleset[];
  readonly all: boolean;
  readonly games: number;
  readonly nodes: number;
  readonly openings: OpeningSource;
  readonly seed: number;
  readonly maxPlies: number;
  readonly jobs: number;
  readonly out: string | undefined;
}

function openingsOption(text: string | undefined): OpeningSource {
  if (text === undefined || text === 'book') return { kind: 'book' };
  if (!/^\d+$/.test(text) || Number(text) > MAX_RANDOM_PLIES)
    throw new CliError(
      `--openings must be book or a number of random plies from 0 to ${MAX_RANDOM_PLIES}, not ${JSON.stringify(text)}`,
    );
  return { kind: 'random', plies: Number(text) };
}

/** The run the options ask for, every value checked. */
export function balanceSettings(values: Parsed<typeof OPTIONS>['values']): BalanceSettings {
  if (values.all && values.rules !== undefined)
    throw new CliError('balance takes --rules or --all, not both');
  const rulesets = values.all ? PRESETS : (values.rules ?? []).map(presetOrFail);
  if (rulesets.length === 0) throw new CliError('balance needs --rules ID or --all');
  const openings = openingsOption(values.openings);
  if (openings.kind === 'book')
    for (const rules of rulesets)
      if (!hasBook(rules))
        throw new CliError(`${rules.id} has no opening book: give --openings PLIES (random plies)`);
  const maxPlies = wholeNumber('max-plies', values['max-plies'], 1, 100_000) ?? BALANCE_DEFAULTS.maxPlies;
  if (openings.kind === 'random' && maxPlies <= openings.plies)
    throw new CliError(`--max-plies must be more than the ${openings.plies} plies of the openings`);
  return {
    rulesets,
    all: values.all === true,
    games: wholeNumber('games', values.games, 1, 1_000_000) ?? BALANCE_DEFAULTS.games,
    nodes: wholeNumber('nodes', values.nodes, 1, 1_000_000_000) ?? BALANCE_DEFAULTS.nodes,
    openings,
    seed: wholeNumber('seed', values.seed, 0, 2 ** 32 - 1) ?? BALANCE_DEFAULTS.seed,
    maxPlies,
    jobs: wholeNumber('jobs', values.jobs, 1, 256) ?? BALANCE_DEFAULTS.jobs,
    out: values.out,
  };
}

/** The command that gives the same data (without --jobs, which changes nothing in it). */
export function balanceCommandLine(s: BalanceSettings): string {
  const rules = s.all ? '--all' : s.rulesets.map((r) => `--rules ${r.id}`).join(' ');
  const openings = s.openings.kind === 'book' ? 'book' : String(s.openings.plies);
  return (
    `tafl balance ${rules} --games ${s.games} --nodes ${s.nodes} --openings ${openings} ` +
    `--seed ${s.seed} --max-plies ${s.maxPlies}${s.out === undefined ? '' : ` --out ${s.out}`}`
  );
}

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, async () => {
    const { values, positionals } = parseOptions('balance', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    checkPositionals('balance', positionals, 0);
    const settings = balanceSettings(values);
    if (settings.out !== undefined && !existsSync(dirname(settings.out)))
      throw new CliError(`--out: there is no folder ${JSON.stringify(dirname(settings.out))}`);
    await balance(settings, io);
    return EXIT_OK;
  });
}

async function balance(s: BalanceSettings, io: Io): Promise<void> {
  const openings = s.openings.kind === 'book' ? 'the book' : `${s.openings.plies} random plies`;
  io.stdout.write(
    `balance: the engine's search at ${s.nodes} nodes a move against itself, ${s.games} games a ruleset, ` +
      `openings from ${openings}, seed ${s.seed}, a draw at ${s.maxPlies} plies\n`,
  );
  const runs: { id: string; figures: BalanceFigures; data: RulesetData }[] = [];
  for (const rules of s.rulesets) {
    const tasks = balanceTasks(rules, s.games, s.openings, s.seed);
    if (tasks === undefined)
      throw new CliError(`no opening of ${openings} lets a game of ${rules.id} go on; give fewer`);
    const started = Date.now();
    let done = 0;
    const step = Math.max(1, Math.round(s.games / 10));
    const played = await runMatch(
      {
        rules,
        engines: { a: nodesEngine(s.nodes), b: nodesEngine(s.nodes) },
        tasks,
        timeMs: undefined,
        maxPlies: s.maxPlies,
        jobs: s.jobs,
      },
      () => {
        if (++done % step === 0 || done === s.games)
          io.stderr.write(
            `${rules.id}: ${done}/${s.games} games, ${Math.round((Date.now() - started) / 1000)} s\n`,
          );
      },
    );
    const figures = balanceFigures(played.map((g) => g.result));
    const distinct = distinctOpenings(tasks);
    runs.push({ id: rules.id, figures, data: rulesetData(rules.id, figures, distinct) });
    io.stdout.write(rulesetReport(rules.id, figures, distinct));
  }
  if (runs.length > 1) io.stdout.write(summaryTable(runs));
  const human = readHuman();
  if (human !== undefined) io.stdout.write(humanReport(HUMAN_RULES.id, human));
  if (s.out !== undefined) {
    const data: BalanceData = {
      note: NOTE,
      command: balanceCommandLine(s),
      date: new Date().toISOString().slice(0, 10),
      commit: gitCommit(),
      engine: {
        nodes: s.nodes,
        openings: s.openings.kind === 'book' ? 'book' : s.openings.plies,
        seed: s.seed,
        maxPlies: s.maxPlies,
      },
      rulesets: runs.map((r) => r.data),
      ...(human !== undefined && { human: humanData(HUMAN_RULES.id, HUMAN_SOURCE, human) }),
    };
    writeFileSync(s.out, makeBalanceFile(data));
    io.stdout.write(`\nwritten to ${s.out}\n`);
  }
}

/** People's games, when the fixture is here (a checkout of the repository). */
function readHuman(): HumanFigures | undefined {
  return existsSync(HUMAN_FILE) ? humanFigures(readFileSync(HUMAN_FILE, 'utf8')) : undefined;
}

/** The commit of the checkout this program runs from, `unknown` outside one. */
function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

export const balanceCommand: Command = {
  name: 'balance',
  summary: 'the balance lab: the engine against itself, who wins how often under each ruleset',
  usage,
  run,
};
