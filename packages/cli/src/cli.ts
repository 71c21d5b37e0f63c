/**
 * The `tafl` command line: finds the command and hands it the rest of the arguments. It is kept
 * apart from main.ts, which only binds it to the process, so tests can run it in-process.
 */

import { CliError, EXIT_OK, guarded, parseOptions } from './args.js';
import type { Command } from './command.js';
import { analyzeCommand } from './commands/analyze.js';
import { balanceCommand } from './commands/balance.js';
import { bestmoveCommand } from './commands/bestmove.js';
import { bookCommand } from './commands/book.js';
import { matchCommand } from './commands/match.js';
import { movesCommand } from './commands/moves.js';
import { otepCommand } from './commands/otep.js';
import { perftCommand } from './commands/perft.js';
import { puzzlesCommand } from './commands/puzzles.js';
import { recordsCommand } from './commands/records.js';
import { rulesCommand } from './commands/rules.js';
import { showCommand } from './commands/show.js';
import { solveCommand } from './commands/solve.js';
import { tbCommand } from './commands/tb.js';
import { traceCommand } from './commands/trace.js';
import { columns } from './format.js';
import type { Io } from './io.js';

export const COMMANDS: readonly Command[] = [
  rulesCommand,
  showCommand,
  movesCommand,
  perftCommand,
  traceCommand,
  recordsCommand,
  bestmoveCommand,
  analyzeCommand,
  matchCommand,
  otepCommand,
  bookCommand,
  balanceCommand,
  tbCommand,
  solveCommand,
  puzzlesCommand,
];

const commandNames = COMMANDS.map((c) => c.name).join(', ');

/** The usage of every command, for `tafl`, `tafl help` and `tafl --help`. */
export function usage(): string {
  const rows = [...COMMANDS, { name: 'help', summary: 'this text, or one command’s: tafl help COMMAND' }];
  const header =
    'tafl: Brandubh and Ard Ri, the 7x7 tafl games of Ireland and Scotland\n\n' +
    'Usage: tafl COMMAND [OPTIONS]   (tafl COMMAND --help for one command)\n\n' +
    `Commands:\n${columns(rows.map((c) => [`  ${c.name}`, c.summary]))}`;
  return [header, ...COMMANDS.map((c) => c.usage)].join('\n');
}

function findCommand(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command)
    throw new CliError(`unknown command ${JSON.stringify(name)}; commands: ${commandNames}, help`);
  return command;
}

/** Runs `tafl` with the arguments after the program name; resolves to the exit code. */
export function run(argv: readonly string[], io: Io): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith('-')) return help(argv, io);
  if (first === 'help') return help(rest, io);
  const command = COMMANDS.find((c) => c.name === first);
  if (command) return command.run(rest, io);
  return guarded(io, () => findCommand(first).run(rest, io)); // fails, naming the commands
}

/** `tafl`, `tafl --help`, `tafl help [COMMAND]`. */
function help(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { positionals } = parseOptions('', argv, { help: { type: 'boolean', short: 'h' } });
    if (positionals.length > 1) throw new CliError('help takes at most one command name');
    const name = positionals[0];
    io.stdout.write(name === undefined ? usage() : findCommand(name).usage);
    return EXIT_OK;
  });
}
