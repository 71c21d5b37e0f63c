/**
 * `tafl analyze`: `tafl bestmove` without an end of its own. It prints every finished depth until
 * it is stopped, by Ctrl-C, by standard input closing (a program driving it closes the pipe), or
 * by a limit given, and then the best move of the last finished depth alone on the last line.
 */

import { EXIT_OK, guarded, parseOptions } from '../args.js';
import type { Command } from '../command.js';
import type { Io } from '../io.js';
import { SEARCH_OPTIONS, onSigint, searchAndPrint, searchRequest, type Stopper } from './bestmove.js';

const usage = `Usage: tafl analyze (--rules ID | --rules-string OTN) [--position P] [--turn SIDE]
                    [--moves "M M ..."]... [M ...] [--time MS] [--depth N] [--nodes N]
                    [--threads N]

  Searches the position after the given moves, printing a line for every finished depth as
  tafl bestmove does, until Ctrl-C, the end of standard input or a limit stops it; then it
  prints the best move of the last finished depth alone on the last line.

  --rules ID           a ruleset of tafl rules
  --rules-string OTN   an OTN rules string
  --position P         an OTN position record to start from instead of the ruleset's start
  --turn SIDE          attackers or defenders to move at P (the ruleset's first side by default)
  --moves M            moves to play first, space-separated; may be repeated, and moves may
                       also follow the options
  --time MS            stop after MS milliseconds
  --depth N            stop after depth N
  --nodes N            stop after about N nodes
  --threads N          search on N threads, 1 to 8 (default: one per core); a search bounded
                       by --nodes or --depth alone keeps to one, to answer the same every time
  -h, --help           show this help
`;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, async () => {
    const { values, positionals } = parseOptions('analyze', argv, SEARCH_OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    const { pos, request } = searchRequest('analyze', values, positionals);
    await searchAndPrint(io, pos, request, [onSigint, stdinEnds(io)]);
    return EXIT_OK;
  });
}

/** The end of standard input stops the search; what comes before is read and ignored. */
const stdinEnds =
  (io: Io): Stopper =>
  (stop) => {
    let armed = true;
    void (async () => {
      try {
        const input = io.stdin[Symbol.asyncIterator]();
        while (!(await input.next()).done);
      } catch {
        // a broken pipe ends the input too
      }
      if (armed) stop();
    })();
    return () => {
      armed = false;
      releaseStdin();
    };
  };

/**
 * A read waiting on the process's standard input keeps the process alive, and an async iterator
 * cannot be ended while its read waits; so once the analysis is over, the process's stdin is
 * closed if a reader is still waiting on it (main.ts's io, not a test's, reads from it).
 */
function releaseStdin(): void {
  if (process.stdin.listenerCount('readable') > 0) process.stdin.destroy();
}

export const analyzeCommand: Command = {
  name: 'analyze',
  summary: 'search a position until stopped, with a line per depth',
  usage,
  run,
};
