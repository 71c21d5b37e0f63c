/**
 * The `tafl` command line: finds the command and hands it the rest of the arguments. It is kept
 * apart from main.ts, which only binds it to the process, so tests can run it in-process.
 */

import { CliError, EXIT_OK, guarded, parseOptions } from './args.js';
import type { Command } from './command.js';
import { columns } from './format.js';
import type { Io } from './io.js';

/**
 * The commands by name, in the order of the list, each module loaded only when its command runs
 * (or for the usage of them all): `tafl perft` then loads the rules core and no engine, which
 * took a tenth of a whole `tafl perft --depth 6` process's time (0.09 s of CPU before the count
 * began, against 0.04 s for Node alone), the time a process measured beside a C program counts.
 */
export const COMMAND_LOADERS: readonly { readonly name: string; readonly load: () => Promise<Command> }[] = [
  { name: 'rules', load: async () => (await import('./commands/rules.js')).rulesCommand },
  { name: 'show', load: async () => (await import('./commands/show.js')).showCommand },
  { name: 'moves', load: async () => (await import('./commands/moves.js')).movesCommand },
  { name: 'perft', load: async () => (await import('./commands/perft.js')).perftCommand },
  { name: 'trace', load: async () => (await import('./commands/trace.js')).traceCommand },
  { name: 'records', load: async () => (await import('./commands/records.js')).recordsCommand },
  { name: 'bestmove', load: async () => (await import('./commands/bestmove.js')).bestmoveCommand },
  { name: 'analyze', load: async () => (await import('./commands/analyze.js')).analyzeCommand },
  { name: 'match', load: async () => (await import('./commands/match.js')).matchCommand },
  { name: 'openings', load: async () => (await import('./commands/openings.js')).openingsCommand },
  { name: 'otep', load: async () => (await import('./commands/otep.js')).otepCommand },
  { name: 'book', load: async () => (await import('./commands/book.js')).bookCommand },
  { name: 'balance', load: async () => (await import('./commands/balance.js')).balanceCommand },
  { name: 'tb', load: async () => (await import('./commands/tb.js')).tbCommand },
  { name: 'solve', load: async () => (await import('./commands/solve.js')).solveCommand },
  { name: 'puzzles', load: async () => (await import('./commands/puzzles.js')).puzzlesCommand },
];

/** Every command, its module loaded (the usage of them all, and tests). */
export const loadCommands = (): Promise<Command[]> => Promise.all(COMMAND_LOADERS.map((c) => c.load()));

const commandNames = COMMAND_LOADERS.map((c) => c.name).join(', ');

/** The usage of every command, for `tafl`, `tafl help` and `tafl --help`. */
export async function usage(): Promise<string> {
  const commands = await loadCommands();
  const rows = [...commands, { name: 'help', summary: 'this text, or one command’s: tafl help COMMAND' }];
  const header =
    'tafl: Brandubh and Ard Ri, the 7x7 tafl games of Ireland and Scotland\n\n' +
    'Usage: tafl COMMAND [OPTIONS]   (tafl COMMAND --help for one command)\n\n' +
    `Commands:\n${columns(rows.map((c) => [`  ${c.name}`, c.summary]))}`;
  return [header, ...commands.map((c) => c.usage)].join('\n');
}

async function findCommand(name: string): Promise<Command> {
  const command = COMMAND_LOADERS.find((c) => c.name === name);
  if (!command)
    throw new CliError(`unknown command ${JSON.stringify(name)}; commands: ${commandNames}, help`);
  return command.load();
}

/** Runs `tafl` with the arguments after the program name; resolves to the exit code. */
export function run(argv: readonly string[], io: Io): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith('-')) return help(argv, io);
  if (first === 'help') return help(rest, io);
  const command = COMMAND_LOADERS.find((c) => c.name === first);
  if (command) return command.load().then((c) => c.run(rest, io));
  return guarded(io, async () => (await findCommand(first)).run(rest, io)); // fails, naming the commands
}

/** `tafl`, `tafl --help`, `tafl help [COMMAND]`. */
function help(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, async () => {
    const { positionals } = parseOptions('', argv, { help: { type: 'boolean', short: 'h' } });
    if (positionals.length > 1) throw new CliError('help takes at most one command name');
    const name = positionals[0];
    io.stdout.write(name === undefined ? await usage() : (await findCommand(name)).usage);
    return EXIT_OK;
  });
}
