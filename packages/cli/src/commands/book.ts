/**
 * `tafl book`: the engine's opening books. `build` makes a ruleset's book again from the engine's
 * self-play (book-build.ts) and writes it into the engine's book-data.ts, keeping the other
 * rulesets' entries (book-file.ts); `show` prints the book's moves in a position. The engine
 * ships the books it was built with; after `build`, `npm run build` makes the engine use the new
 * one.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PRESETS, makeMoveSquares, seededRandom, startingPosition, type Ruleset } from '@tafl/core';
import { LEVELS, bookEntries, bookWeights, makeBook, shippedBook } from '@tafl/engine';
import { CliError, EXIT_OK, guarded, parseOptions, presetOrFail, resolveRules } from '../args.js';
import { BOOK_MARGIN, buildBook, type BuildOptions, type BuiltBook } from '../book-build.js';
import { makeBookFile, parseBookFile, type BookFileEntry } from '../book-file.js';
import type { Command } from '../command.js';
import { columns } from '../format.js';
import type { Io } from '../io.js';
import { playMoves, splitMoves } from './moves.js';

/** The engine's book-data.ts in this repository, where `build` writes by default. */
const DEFAULT_OUT = fileURLToPath(new URL('../../../engine/src/book-data.ts', import.meta.url));

const DEFAULTS = { games: 400, plies: 10, nodes: 8000, min: 3, seed: 1, maxPlies: 300 } as const;

const usage = `Usage: tafl book build (--rules ID ... | --all) [--games N] [--plies N] [--nodes N] [--time MS]
                       [--min N] [--seed N] [--max-plies N] [--out FILE]
       tafl book show (--rules ID | --rules-string OTN) [--moves "M M ..."]... [M ...]

  build: the engine plays itself --games times from the ruleset's start, choosing at random
  among its best lines (within ${BOOK_MARGIN / 100} soldiers of the best) in the first --plies plies, then at
  its best to the end; the positions of those plies seen in at least --min games are the book,
  each with the moves played there, how often and how those games went for the mover. Each
  ruleset's entry is written into the file as soon as it is made (the engine's
  src/book-data.ts by default), the other entries kept; then \`npm run build\`. With --nodes
  alone the same options give the same book on any machine.

  show: the book's moves in the position after the moves given (from the ruleset's start), with
  how often each was played, the mover's score, and the chance that levels 5 and 6 play it.

  --rules ID           a ruleset with a book (repeatable with build)
  --all                build: every preset
  --games N            self-play games a ruleset (default ${DEFAULTS.games})
  --plies N            the book's depth in plies (default ${DEFAULTS.plies})
  --nodes N            the search's nodes a move (default ${DEFAULTS.nodes}, unless --time alone)
  --time MS            the search's milliseconds a move
  --min N              the fewest games through a position that keep it (default ${DEFAULTS.min})
  --seed N             the seed of the random choices (default ${DEFAULTS.seed})
  --max-plies N        a game still going at N plies is a draw (default ${DEFAULTS.maxPlies})
  --out FILE           the file to write (default: the engine's src/book-data.ts)
  --rules-string OTN   show: an OTN rules string (the book of a preset that plays alike)
  --moves M            show: moves from the start, space-separated; may be repeated
  -h, --help           show this help
`;

const OPTIONS = {
  rules: { type: 'string', multiple: true },
  'rules-string': { type: 'string' },
  all: { type: 'boolean' },
  games: { type: 'string' },
  plies: { type: 'string' },
  nodes: { type: 'string' },
  time: { type: 'string' },
  min: { type: 'string' },
  seed: { type: 'string' },
  'max-plies': { type: 'string' },
  out: { type: 'string' },
  moves: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseOptions<typeof OPTIONS>>['values'];

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { values, positionals } = parseOptions('book', argv, OPTIONS);
    const [action, ...rest] = positionals;
    if (values.help || action === undefined) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    if (action === 'build') {
      if (rest.length > 0)
        throw new CliError(`book build does not take the argument ${JSON.stringify(rest[0])}`);
      build(values, io);
    } else if (action === 'show') show(values, rest, io);
    else throw new CliError(`book takes build or show, not ${JSON.stringify(action)}; see tafl book --help`);
    return EXIT_OK;
  });
}

/** A whole number option from `min`, or `fallback` when absent. */
function whole(option: string, text: string | undefined, min: number, fallback?: number): number | undefined {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new CliError(`--${option} must be a whole number from ${min}, not ${JSON.stringify(text)}`);
  return Number(text);
}

function build(values: Values, io: Io): void {
  if (values.all && values.rules !== undefined)
    throw new CliError('book build takes --rules or --all, not both');
  if (values['rules-string'] !== undefined)
    throw new CliError('book build makes books of presets: use --rules ID');
  const rulesets = values.all ? PRESETS : (values.rules ?? []).map(presetOrFail);
  if (rulesets.length === 0) throw new CliError('book build needs --rules ID or --all');
  const timeMs = whole('time', values.time, 1);
  const nodes = whole('nodes', values.nodes, 1, timeMs === undefined ? DEFAULTS.nodes : undefined);
  const settings = {
    games: whole('games', values.games, 1, DEFAULTS.games)!,
    plies: whole('plies', values.plies, 1, DEFAULTS.plies)!,
    minGames: whole('min', values.min, 1, DEFAULTS.min)!,
    maxPlies: whole('max-plies', values['max-plies'], 1, DEFAULTS.maxPlies)!,
    ...(nodes !== undefined && { nodes }),
    ...(timeMs !== undefined && { timeMs }),
  };
  const seed = whole('seed', values.seed, 0, DEFAULTS.seed)!;
  const out = values.out ?? DEFAULT_OUT;
  if (values.out === undefined && !existsSync(out))
    throw new CliError(`there is no engine source here to write the book into (${out}): give --out FILE`);
  for (const rules of rulesets) {
    const started = Date.now();
    const step = Math.max(1, Math.round(settings.games / 10));
    const options: BuildOptions = {
      ...settings,
      random: seededRandom(seed),
      onGame: (done) => {
        if (done % step === 0 && done < settings.games)
          io.stderr.write(`${rules.id}: ${done} of ${settings.games} games\n`);
      },
    };
    const built = buildBook(rules, options);
    const command = commandLine(rules, options, seed, values.out);
    writeEntry(out, {
      rulesId: rules.id,
      note: note(rules, built, options, command),
      plies: options.plies,
      positions: makeBook(built.book),
    });
    io.stdout.write(
      `${summaryLine(rules, built, options)}; in ${Math.round((Date.now() - started) / 1000)} s, written to ${out}\n`,
    );
  }
}

/** The command that makes the same book (the output file named only when it was given). */
function commandLine(rules: Ruleset, o: BuildOptions, seed: number, out: string | undefined): string {
  const parts = [`tafl book build --rules ${rules.id} --games ${o.games} --plies ${o.plies}`];
  if (o.nodes !== undefined) parts.push(`--nodes ${o.nodes}`);
  if (o.timeMs !== undefined) parts.push(`--time ${o.timeMs}`);
  parts.push(`--min ${o.minGames} --seed ${seed} --max-plies ${o.maxPlies}`);
  if (out !== undefined) parts.push(`--out ${out}`);
  return parts.join(' ');
}

function summaryLine(rules: Ruleset, built: BuiltBook, o: BuildOptions): string {
  const { summary: s, book } = built;
  const moves = [...book.positions.values()].reduce((n, e) => n + e.length, 0);
  return (
    `${rules.id}: ${s.games} games (attackers won ${s.attackers}, defenders ${s.defenders}, ` +
    `drawn ${s.draws}; ${Math.round(s.plies / Math.max(1, s.games))} plies on average); ` +
    `${built.seen} positions in the first ${o.plies} plies, ${book.positions.size} in the book ` +
    `(seen in ${o.minGames} games or more) with ${moves} moves`
  );
}

const note = (rules: Ruleset, built: BuiltBook, o: BuildOptions, command: string): string =>
  `${rules.id}, ${new Date().toISOString().slice(0, 10)}: ${command}. ${summaryLine(rules, built, o).slice(rules.id.length + 2)}.`;

/** Writes `entry` into the book file `out`, replacing the ruleset's entry or adding it in presets' order. */
function writeEntry(out: string, entry: BookFileEntry): void {
  let entries: BookFileEntry[] = [];
  if (existsSync(out)) {
    const parsed = parseBookFile(readFileSync(out, 'utf8'));
    if (!parsed.ok)
      throw new CliError(`${out} is not a book file that tafl book build wrote: ${parsed.message}`);
    entries = parsed.value.filter((e) => e.rulesId !== entry.rulesId);
  }
  const order = (id: string): number => {
    const i = PRESETS.findIndex((p) => p.id === id);
    return i < 0 ? PRESETS.length : i;
  };
  entries.push(entry);
  entries.sort((a, b) => order(a.rulesId) - order(b.rulesId));
  writeFileSync(out, makeBookFile(entries));
}

function show(values: Values, positionals: readonly string[], io: Io): void {
  if ((values.rules?.length ?? 0) > 1) throw new CliError('book show takes one --rules');
  const rules = resolveRules('book show', {
    rules: values.rules?.[0],
    'rules-string': values['rules-string'],
  });
  const pos = startingPosition(rules);
  playMoves(pos, [...(values.moves ?? []), ...positionals].flatMap(splitMoves));
  const entries = bookEntries(pos);
  const shipped = PRESETS.find((p) => p.id === rules.id) && shippedBook(rules.id);
  if (shipped !== undefined)
    io.stdout.write(
      `${rules.id}: the book has ${shipped.positions.size} positions to ply ${shipped.plies}\n`,
    );
  if (entries.length === 0) {
    io.stdout.write(`ply ${pos.ply}: out of book\n`);
    return;
  }
  const levels = LEVELS.filter((l) => l.book !== undefined);
  const chances = levels.map((l) => {
    const weights = bookWeights(entries, l.book!);
    const total = weights.reduce((a, b) => a + b, 0);
    return weights.map((w) => `${Math.round((100 * w) / total)}%`);
  });
  const header = ['move', 'games', 'score', ...levels.map((l) => `level ${l.level}`)];
  const rows = entries.map((e, i) => [
    makeMoveSquares(pos.geo, e.move),
    String(e.count),
    `${Math.round(e.score * 100)}%`,
    ...chances.map((c) => c[i]!),
  ]);
  io.stdout.write(`ply ${pos.ply}, ${pos.turn} to move:\n`);
  io.stdout.write(columns([header, ...rows], [false, true, true, ...levels.map(() => true)]));
}

export const bookCommand: Command = {
  name: 'book',
  summary: 'make the engine’s opening book from self-play, or show its moves',
  usage,
  run,
};
