/**
 * `tafl match`: two engines play each other in pairs of games, each pair from one random opening
 * with the sides swapped, several games at a time in worker threads. A line for each game goes to
 * standard error as it ends, so a long match shows how it stands; the summary goes to standard
 * output. Everything but the engines' own timing is reproducible from `--seed`.
 */

import { closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { BANK_MOVES } from '@tafl/engine';
import { presetById, type Move, type Ruleset } from '@tafl/core';
import {
  CliError,
  EXIT_OK,
  checkPositionals,
  guarded,
  knownRulesets,
  parseOptions,
  type Parsed,
} from '../args.js';
import type { Command } from '../command.js';
import type { Io } from '../io.js';
import { OTEP_DEFAULT_TIME_MS, boundByNodes, parseEngineSpec, type EngineSpec } from '../match/engines.js';
import { DEFAULT_MAX_PLIES } from '../match/game.js';
import { MatchGameError, runMatch, type PlayedGame } from '../match/match.js';
import { MAX_START_FAILURES } from '../match/player.js';
import { engineTime, plural, progressLine, summary, type MatchReport } from '../match/report.js';
import { matchTasks } from '../match/tasks.js';
import { hasBook } from '../balance/openings.js';
import { EVEN_NODES } from '../match/openings.js';
import { parseSuite } from '../match/suite.js';

const DEFAULT_OPENING_PLIES = 4;
const DEFAULT_JOBS = 2;
const MAX_OPENING_PLIES = 40;

const usage = `Usage: tafl match --rules ID --a ENGINE --b ENGINE --games N [--time MS]
                  [--openings PLIES|book|FILE]
                  [--even MARGIN [--even-nodes N]] [--a-time MS] [--b-time MS] [--jobs N]
                  [--nodes N] [--seed N] [--max-plies N] [--records FILE] [--a-dir DIR]
                  [--b-dir DIR] [--send-delay MS]

  Plays N games between engines A and B: N/2 pairs of games, the two games of a pair from the
  same random opening with the sides swapped, several at a time in worker threads. A line for
  each game goes to standard error as it ends (the game, how it ended, A's running score); at
  the end standard output gets each engine's wins, draws and losses as attackers and as
  defenders, A's score with its 95% interval (Wilson's score interval over the game pairs,
  which does not shrink to a point when one engine wins every pair), the Elo difference (of
  the interval's centre, finite even then) with its interval, how the games ended, how many
  games each engine lost by failing, and each engine's longest move.

  An OTEP engine that fails (it exits, says nothing in time, gives up, plays a move that cannot
  be played) loses that game by forfeit; its failure and its last lines on stdout and stderr
  follow the game's line, it is started again for its next game, and the match goes on. One
  that cannot be started (its first start fails, or ${MAX_START_FAILURES} in a row later) ends the match.

  --rules ID         a ruleset of tafl rules
  --a ENGINE         engine A: level:N for our level N (1 to 6), level:N,threads=T for it on T
                     threads (1 to 8), ref:COMMIT:N for level N of this repository's engine
                     at an earlier commit (built once into node_modules/.cache), and
                     ref:COMMIT:N,threads=T for it on T threads (a commit with helper threads),
                     or otep:'command line' for a program that speaks the OpenTafl engine protocol
  --b ENGINE         engine B, in the same way
  --games N          the number of games, an even number
  --time MS          MS milliseconds a move (default: each level's own budget, 250 to 1000
                     ms, and ${OTEP_DEFAULT_TIME_MS} ms for an OTEP engine); a level keeps to its own
                     budget when that is shorter, and levels 1 to 4 search to a fixed depth
                     whatever the time. The game keeps a clock as a real one runs: each side
                     starts with ${BANK_MOVES} moves' time, each move is taken off its side's time and
                     MS added back, and a move longer than the time left loses on time. An
                     OTEP engine is sent this clock as main time (clock A D 0 0 0), the increment
                     kept by the host, as OTEP's clock has none. OpenTafl's engine plans an
                     eighth of its first bank a move: a settings.ini with thinktime=1 in its
                     folder (--b-dir) holds it to a second
  --a-time MS        engine A's own time a move, in place of --time (its clock as above, with
                     its own bank): to give one engine a quarter of the other's time
  --b-time MS        the same for engine B
  --openings PLIES   the random moves every opening has (default ${DEFAULT_OPENING_PLIES}; 0 for the
                     start), or book: a line of the ruleset's opening book, drawn for each pair,
                     or a file of openings, one a line (tafl openings writes one): pair k
                     plays the file's opening k, from the first again after the last
  --even MARGIN      only random openings that leave the game about even: the engine's search
                     bounded by --even-nodes scores their position within MARGIN centi-soldiers
                     of its score of the start (the same on any machine)
  --even-nodes N     the positions of that search (default ${EVEN_NODES})
  --nodes N          level 6 (level:6, ref:COMMIT:6) searches N positions a move and nothing
                     else bounds it: no time, no clock, no book, one thread. The same position
                     gets the same move on any machine under any load, so a change to the
                     engine is screened this way; an OTEP engine keeps its time
  --jobs N           games played at a time, each in a worker thread (default ${DEFAULT_JOBS})
  --seed N           the seed of the openings and the levels' choices, 0 to 4294967295
                     (default a random one, which the first line of the output gives)
  --max-plies N      a game that reaches N plies is adjudicated a draw (default ${DEFAULT_MAX_PLIES})
  --records FILE     write every game to FILE as an OTN game record, one after another, as the
                     games end
  --a-dir DIR        the working folder engine A's program runs in (an OTEP engine only; the
                     command runs without a shell, so cd cannot be part of it, and OpenTafl reads
                     its settings.ini from its working folder)
  --b-dir DIR        the same for engine B
  --send-delay MS    send no line to an OTEP engine within MS milliseconds of its last line
                     (default 0), for engines that fail when a line arrives within a moment of
                     their own move (OpenTafl's engine; 100 is ample); a wait counts in the
                     engine's time
  -h, --help         show this help
`;

const OPTIONS = {
  rules: { type: 'string' },
  a: { type: 'string' },
  b: { type: 'string' },
  games: { type: 'string' },
  time: { type: 'string' },
  'a-time': { type: 'string' },
  'b-time': { type: 'string' },
  openings: { type: 'string' },
  jobs: { type: 'string' },
  seed: { type: 'string' },
  'max-plies': { type: 'string' },
  even: { type: 'string' },
  'even-nodes': { type: 'string' },
  nodes: { type: 'string' },
  records: { type: 'string' },
  'a-dir': { type: 'string' },
  'b-dir': { type: 'string' },
  'send-delay': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The whole number from `min` to `max` given as `--name`, or undefined when it is not given. */
export function wholeNumber(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new CliError(`--${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}`);
  return n;
}

/** The engine of `--a` or `--b`: a level, or an OTEP program. */
export function engineOption(name: 'a' | 'b', text: string | undefined): EngineSpec {
  if (text === undefined) throw new CliError(`match needs --${name} ENGINE, such as level:6`);
  const spec = parseEngineSpec(text);
  if (!spec.ok) throw new CliError(`--${name}: ${spec.message}`);
  return spec.value;
}

/** The engine of `--a` or `--b` bounded by `--nodes` positions a move, when that is given. */
function nodesOption(name: 'a' | 'b', spec: EngineSpec, nodes: number | undefined): EngineSpec {
  if (nodes === undefined) return spec;
  const bound = boundByNodes(spec, nodes);
  if (!bound.ok) throw new CliError(`--${name}: ${bound.message}`);
  return bound.value;
}

/** An OTEP engine's spec with its working folder (`--a-dir`, checked) and delay before each line. */
function withProcessOptions(
  name: 'a' | 'b',
  spec: EngineSpec,
  dir: string | undefined,
  sendDelayMs: number | undefined,
): EngineSpec {
  if (spec.kind !== 'otep') {
    if (dir !== undefined) throw new CliError(`--${name}-dir is for an OTEP engine, not ${spec.label}`);
    return spec;
  }
  let folder: string | undefined;
  if (dir !== undefined) {
    folder = resolve(dir);
    if (statSync(folder, { throwIfNoEntry: false })?.isDirectory() !== true)
      throw new CliError(`--${name}-dir: ${JSON.stringify(dir)} is not a folder`);
  }
  return {
    ...spec,
    ...(folder !== undefined && { dir: folder }),
    ...(sendDelayMs !== undefined && sendDelayMs > 0 && { sendDelayMs }),
  };
}

/** The openings of a suite file (`--openings FILE`), and the file's name as given. */
interface Suite {
  readonly file: string;
  readonly openings: readonly (readonly Move[])[];
}

/** The size a suite file may have (suite.ts's 10,000 openings of a few moves each, and room to spare). */
const MAX_SUITE_BYTES = 4_000_000;

/** `--openings FILE`: the file's openings, read and checked against `rules`. */
function suiteOption(rules: Ruleset, file: string): Suite {
  const size = statSync(file, { throwIfNoEntry: false });
  if (size === undefined || !size.isFile())
    throw new CliError(
      `--openings must be a number of plies, book, or a file of openings; ${JSON.stringify(file)} is none`,
    );
  if (size.size > MAX_SUITE_BYTES)
    throw new CliError(`--openings: ${JSON.stringify(file)} is larger than ${MAX_SUITE_BYTES} bytes`);
  const suite = parseSuite(rules, readFileSync(file, 'utf8'));
  if (!suite.ok) throw new CliError(`--openings: ${JSON.stringify(file)}, ${suite.message}`);
  return { file, openings: suite.value };
}

export function rulesOption(id: string | undefined): Ruleset {
  if (id === undefined) throw new CliError(`match needs --rules ID, one of ${knownRulesets()}`);
  const rules = presetById(id);
  if (!rules) throw new CliError(`unknown ruleset ${JSON.stringify(id)}; known: ${knownRulesets()}`);
  return rules;
}

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, async () => {
    const { values, positionals } = parseOptions('match', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    checkPositionals('match', positionals, 0);
    await play(settings(values), values.records, io);
    return EXIT_OK;
  });
}

interface Settings extends MatchReport {
  readonly rules: Ruleset;
  readonly plies: number | 'book' | Suite;
  readonly evenMargin: number | undefined;
  readonly evenNodes: number | undefined;
  readonly jobs: number;
  readonly seed: number;
}

/** The match the options ask for, every value checked. */
function settings(values: Parsed<typeof OPTIONS>['values']): Settings {
  const rules = rulesOption(values.rules);
  const sendDelayMs = wholeNumber('send-delay', values['send-delay'], 0, 10_000);
  const nodes = wholeNumber('nodes', values.nodes, 1, 1_000_000_000);
  const engines = {
    a: withProcessOptions(
      'a',
      nodesOption('a', engineOption('a', values.a), nodes),
      values['a-dir'],
      sendDelayMs,
    ),
    b: withProcessOptions(
      'b',
      nodesOption('b', engineOption('b', values.b), nodes),
      values['b-dir'],
      sendDelayMs,
    ),
  };
  const games = wholeNumber('games', values.games, 2, 100_000);
  if (games === undefined) throw new CliError('match needs --games N, an even number');
  if (games % 2 !== 0)
    throw new CliError(
      `--games must be even, as games are played in pairs with the sides swapped, not ${games}`,
    );
  const plies =
    values.openings === 'book'
      ? 'book'
      : values.openings !== undefined && !/^\d+$/.test(values.openings)
        ? suiteOption(rules, values.openings)
        : (wholeNumber('openings', values.openings, 0, MAX_OPENING_PLIES) ?? DEFAULT_OPENING_PLIES);
  const maxPlies = wholeNumber('max-plies', values['max-plies'], 1, 100_000) ?? DEFAULT_MAX_PLIES;
  const longest =
    typeof plies === 'number'
      ? plies
      : plies === 'book'
        ? 0
        : Math.max(...plies.openings.map((o) => o.length));
  if (maxPlies <= longest)
    throw new CliError(`--max-plies must be more than the ${longest} plies of the openings, not ${maxPlies}`);
  const evenMargin = wholeNumber('even', values.even, 0, 100_000);
  const evenNodes = wholeNumber('even-nodes', values['even-nodes'], 1, 100_000_000);
  if (evenNodes !== undefined && evenMargin === undefined)
    throw new CliError('--even-nodes goes with --even MARGIN');
  if (evenMargin !== undefined && (typeof plies !== 'number' || plies === 0))
    throw new CliError('--even picks among random openings: give --openings PLIES, 1 or more');
  if (plies === 'book' && !hasBook(rules))
    throw new CliError(`--openings book: ${rules.id} has no opening book; give a number of random plies`);
  const aTime = wholeNumber('a-time', values['a-time'], 1, 3_600_000);
  const bTime = wholeNumber('b-time', values['b-time'], 1, 3_600_000);
  return {
    rules,
    rulesId: rules.id,
    engines,
    games,
    timeMs: wholeNumber('time', values.time, 1, 3_600_000),
    ...((aTime !== undefined || bTime !== undefined) && {
      engineTimeMs: { ...(aTime !== undefined && { a: aTime }), ...(bTime !== undefined && { b: bTime }) },
    }),
    plies,
    evenMargin,
    evenNodes,
    jobs: wholeNumber('jobs', values.jobs, 1, 256) ?? DEFAULT_JOBS,
    seed: wholeNumber('seed', values.seed, 0, 2 ** 32 - 1) ?? randomSeed(),
    maxPlies,
  };
}

/** Plays the match: the header, a progress line a game on stderr, the records, the summary. */
async function play(match: Settings, recordsPath: string | undefined, io: Io): Promise<void> {
  const tasks = matchTasks(
    match.rules,
    match.games / 2,
    typeof match.plies === 'object' ? match.plies.openings : match.plies,
    match.seed,
    match.evenMargin,
    match.evenNodes,
  );
  if (tasks === undefined)
    throw new CliError(
      `no opening of ${match.plies} random plies lets a game of ${match.rulesId} go on` +
        (match.evenMargin === undefined
          ? '; give fewer'
          : ` within ${match.evenMargin} of even; give a wider margin`),
    );
  const records = recordsPath === undefined ? undefined : openRecords(recordsPath);
  io.stdout.write(header(match));
  const done: PlayedGame[] = [];
  try {
    const played = await runMatch({ ...match, tasks }, (game) => {
      done.push(game);
      io.stderr.write(progressLine(match, game, done));
      if (records !== undefined) writeSync(records, `${done.length > 1 ? '\n' : ''}${game.result.record}`);
    });
    io.stdout.write(`\n${summary(match, played)}`);
  } catch (e) {
    if (e instanceof MatchGameError && e.engineFailure) throw new CliError(e.message);
    throw e;
  } finally {
    if (records !== undefined) closeSync(records);
  }
}

const randomSeed = (): number => Math.floor(Math.random() * 2 ** 32);

/** Opens the records file at once, so a path that cannot be written fails before the games. */
function openRecords(path: string): number {
  try {
    return openSync(path, 'w');
  } catch (e) {
    const reason = (e as { code?: string }).code ?? String(e);
    throw new CliError(`--records: cannot write ${JSON.stringify(path)} (${reason})`);
  }
}

function header(match: Settings): string {
  const { a, b } = match.engines;
  const time = timePhrase(match);
  const openings =
    typeof match.plies === 'object'
      ? `openings from ${match.plies.file} (${plural(match.plies.openings.length, 'opening')})`
      : match.plies === 'book'
        ? 'openings from the book'
        : match.plies === 0
          ? 'from the start'
          : `openings of ${match.plies} random plies` +
            (match.evenMargin === undefined ? '' : ` within ${match.evenMargin} of even`);
  return (
    `match: ${a.label} (A) against ${b.label} (B) under ${match.rulesId}, seed ${match.seed}\n` +
    `${match.games} games in ${plural(match.games / 2, 'pair')}, ${openings}, ${time}, ` +
    `${match.jobs} at a time, a draw at ${match.maxPlies} plies\n`
  );
}

/**
 * `200 ms a move`, or each engine's when they differ: `A 250 ms, B 1000 ms a move`; an engine
 * bounded by `--nodes` has its nodes: `40000 nodes a move`.
 */
function timePhrase(match: Settings): string {
  const budget = (which: 'a' | 'b'): string | undefined => {
    const spec = match.engines[which];
    const nodes = spec.kind === 'nodes' || spec.kind === 'reference' ? spec.nodes : undefined;
    if (nodes !== undefined) return `${nodes} nodes`;
    const ms = engineTime(match, which);
    return ms === undefined ? undefined : `${ms} ms`;
  };
  const a = budget('a');
  const b = budget('b');
  if (a === b) return a === undefined ? "each engine's own time a move" : `${a} a move`;
  return `A ${a ?? 'its own time'}, B ${b ?? 'its own time'} a move`;
}

export const matchCommand: Command = {
  name: 'match',
  summary: 'play two engines against each other: score, 95% interval, Elo',
  usage,
  run,
};
