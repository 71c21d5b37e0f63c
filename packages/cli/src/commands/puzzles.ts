/**
 * `tafl puzzles build`: proved puzzles from the engine's self-play (packages/cli/src/puzzles):
 * positions where the side to move wins in 2 to 8 moves with one first move only, each proved by
 * the solver, rated and written as the web app's puzzle data with the command that makes it
 * again. The self-play search is bounded by nodes alone, so the same command gives the same file.
 */

import { writeFileSync } from 'node:fs';
import { PRESETS, type Ruleset } from '@tafl/core';
import { CliError, EXIT_OK, checkPositionals, guarded, parseOptions, presetOrFail } from '../args.js';
import type { Command } from '../command.js';
import type { Io } from '../io.js';
import { makePuzzleFile, NOTE, type PuzzleFile } from '../puzzles/file.js';
import { generatePuzzles, type GenerateOptions, type GeneratedPuzzle } from '../puzzles/generate.js';
import { wholeNumber } from './match.js';

export const PUZZLE_DEFAULTS = {
  count: 30,
  seed: 1,
  nodes: 3000,
  maxMoves: 8,
  proofNodes: 400_000,
  maxGames: 400,
} as const;

const usage = `Usage: tafl puzzles build (--rules ID ... | --all) [--count N] [--seed N] [--nodes N]
                          [--max-moves N] [--proof-nodes N] [--max-games N] [--out FILE]

  Proved puzzles from the engine's self-play: positions where the side to move wins in 2 to
  --max-moves moves (a move is one side's move: a win in N moves is 2N - 1 plies) with a unique
  first move. Each is proved by the solver's bounded search (the win, its distance, and that
  every other first move does not win within it; the line against the longest defence) and again
  by df-pn (the proof's size), then rated 1 to 5 (the distance, the depth the engine needs to find
  the first move, the legal moves, the proof's size). The self-play search is bounded by nodes,
  so the same command always writes the same file. Prints each ruleset's figures.

  --rules ID          a ruleset (may be repeated)
  --all               every named ruleset
  --count N           puzzles a ruleset (default ${PUZZLE_DEFAULTS.count})
  --seed N            the seed of the games (default ${PUZZLE_DEFAULTS.seed})
  --nodes N           the self-play search's nodes a move (default ${PUZZLE_DEFAULTS.nodes})
  --max-moves N       the longest puzzle in moves, 2 to 8 (default ${PUZZLE_DEFAULTS.maxMoves})
  --proof-nodes N     the budget of a puzzle's proofs in positions, for the bounded search and for
                      df-pn each (default ${PUZZLE_DEFAULTS.proofNodes}); a puzzle not proved within it is dropped
  --max-games N       games a ruleset at most (default ${PUZZLE_DEFAULTS.maxGames})
  --out FILE          write the puzzles as JSON (the web app's packages/web/src/puzzles/puzzle-data.json)
  -h, --help          show this help
`;

const OPTIONS = {
  rules: { type: 'string', multiple: true },
  all: { type: 'boolean' },
  count: { type: 'string' },
  seed: { type: 'string' },
  nodes: { type: 'string' },
  'max-moves': { type: 'string' },
  'proof-nodes': { type: 'string' },
  'max-games': { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { values, positionals } = parseOptions('puzzles', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    if (positionals[0] !== 'build')
      throw new CliError(
        positionals.length === 0
          ? 'tafl puzzles needs a subcommand: build; see tafl puzzles --help'
          : `unknown subcommand ${JSON.stringify(positionals[0])} for tafl puzzles; see tafl puzzles --help`,
      );
    checkPositionals('puzzles', positionals, 1);
    const rulesets = chosenRules(values.rules, values.all === true);
    const options: GenerateOptions = {
      count: wholeNumber('count', values.count, 1, 10000) ?? PUZZLE_DEFAULTS.count,
      seed: wholeNumber('seed', values.seed, 0, 0xffffffff) ?? PUZZLE_DEFAULTS.seed,
      nodes: wholeNumber('nodes', values.nodes, 100, 10_000_000) ?? PUZZLE_DEFAULTS.nodes,
      maxMoves: wholeNumber('max-moves', values['max-moves'], 2, 8) ?? PUZZLE_DEFAULTS.maxMoves,
      proofNodes:
        wholeNumber('proof-nodes', values['proof-nodes'], 1000, 1_000_000_000) ?? PUZZLE_DEFAULTS.proofNodes,
      maxGames: wholeNumber('max-games', values['max-games'], 1, 1_000_000) ?? PUZZLE_DEFAULTS.maxGames,
    };
    const runs: PuzzleFile['runs'][number][] = [];
    const puzzles: (GeneratedPuzzle & { id: string })[] = [];
    const started = Date.now();
    for (const rules of rulesets) {
      const r = generatePuzzles(rules, options, (e) => {
        if (e.game % 20 === 0)
          io.stderr.write(
            `${rules.id}: ${e.game} games, ${e.candidates} candidates, ${e.found} puzzles, ${Math.round((Date.now() - started) / 1000)} s\n`,
          );
      });
      runs.push({ rules: rules.id, games: r.games, candidates: r.candidates, puzzles: r.puzzles.length });
      r.puzzles.forEach((p, i) => puzzles.push({ id: `${rules.id}-${i + 1}`, ...p }));
      io.stdout.write(summary(rules.id, r.games, r.candidates, r.puzzles));
    }
    io.stdout.write(`${puzzles.length} puzzles in ${Math.round((Date.now() - started) / 1000)} s\n`);
    if (values.out !== undefined) {
      const file: PuzzleFile = {
        note: NOTE,
        command: commandLine(values.all === true ? undefined : rulesets, options, values.out),
        seed: options.seed,
        settings: {
          nodes: options.nodes,
          maxMoves: options.maxMoves,
          proofNodes: options.proofNodes,
          count: options.count,
          maxGames: options.maxGames,
        },
        runs,
        puzzles,
      };
      writeFileSync(values.out, makePuzzleFile(file));
      io.stdout.write(`written to ${values.out}\n`);
    }
    return EXIT_OK;
  });
}

function chosenRules(ids: readonly string[] | undefined, all: boolean): readonly Ruleset[] {
  if (all && ids !== undefined) throw new CliError('tafl puzzles build takes --rules or --all, not both');
  if (all) return PRESETS;
  if (ids === undefined || ids.length === 0)
    throw new CliError('tafl puzzles build needs --rules ID or --all; see tafl puzzles --help');
  return ids.map(presetOrFail);
}

function commandLine(rules: readonly Ruleset[] | undefined, o: GenerateOptions, out: string): string {
  const which = rules === undefined ? '--all' : rules.map((r) => `--rules ${r.id}`).join(' ');
  return (
    `tafl puzzles build ${which} --count ${o.count} --seed ${o.seed} --nodes ${o.nodes} ` +
    `--max-moves ${o.maxMoves} --proof-nodes ${o.proofNodes} --max-games ${o.maxGames} --out ${out}`
  );
}

function summary(id: string, games: number, candidates: number, puzzles: readonly GeneratedPuzzle[]): string {
  const by = (f: (p: GeneratedPuzzle) => number, values: readonly number[]): string =>
    values.map((v) => `${v}: ${puzzles.filter((p) => f(p) === v).length}`).join(', ');
  return (
    `${id}: ${puzzles.length} puzzles from ${games} games (${candidates} candidates)\n` +
    `  by moves      ${by((p) => p.moves, [2, 3, 4, 5, 6, 7, 8])}\n` +
    `  by difficulty ${by((p) => p.difficulty, [1, 2, 3, 4, 5])}\n`
  );
}

export const puzzlesCommand: Command = {
  name: 'puzzles',
  summary: 'build proved puzzles from self-play (the web app’s puzzle data)',
  usage,
  run,
};
