/**
 * `tafl otep`: the engine as an OpenTafl Engine Protocol program. The protocol is the engine
 * package's OtepEngine (otep.ts); this binds it to the streams, a line in, its answers out. A
 * search runs synchronously, so lines that arrive during it are read when the move has been
 * written; the clock and `--time` bound how long that is.
 */

import { OtepEngine, levelConfig, levelSearch } from '@tafl/engine';
import { MAX_THREADS, nodeCores, nodeHelperPool, sharedBy } from '@tafl/engine/node';
import { EXIT_OK, CliError, checkPositionals, guarded, parseOptions } from '../args.js';
import type { Command } from '../command.js';
import type { Io } from '../io.js';

const usage = `Usage: tafl otep [--level L] [--time MS] [--nodes N] [--threads N]

  Plays as an engine of the OpenTafl Engine Protocol (OTEP): reads the host's messages (rules,
  position, side, clock, play, opponent-move, analyze, finish, goodbye) one a line on standard
  input and writes its own (hello, move, analysis, status, error) on standard output, until
  goodbye or the end of the input. OpenTafl runs it as the command of an engine .ini file.

  --level L     strength from 1 to 6 (default 6)
  --time MS     the most a move may take, in milliseconds, and a move's time when the host
                sends no clock (default: the level's time, 1000 at level 6)
  --nodes N     stop every search after about N nodes, for games that replay exactly
  --threads N   search on N threads, 1 to 8 (default: one per core; with --nodes, one)
  -h, --help    show this help
`;

const OPTIONS = {
  level: { type: 'string' },
  time: { type: 'string' },
  nodes: { type: 'string' },
  threads: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function positive(name: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < 1 || value > max)
    throw new CliError(`--${name} must be a whole number from 1 to ${max}, not ${JSON.stringify(text)}`);
  return value;
}

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, async () => {
    const { values, positionals } = parseOptions('otep', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    checkPositionals('otep', positionals, 0);
    const level = levelConfig(positive('level', values.level, 6) ?? 6);
    const timeMs = positive('time', values.time, 3_600_000);
    const nodes = positive('nodes', values.nodes, 1e12);
    const threads =
      nodes === undefined ? (positive('threads', values.threads, MAX_THREADS) ?? nodeCores()) : 1;
    const pool = threads > 1 ? nodeHelperPool(threads) : undefined;
    const { search, newGame } = levelSearch(level, 1, pool && sharedBy(pool));
    const engine = new OtepEngine({
      search,
      maxTimeMs: timeMs ?? level.timeMs,
      onNewGame: newGame,
      ...(nodes === undefined ? {} : { limits: { nodes } }),
    });
    try {
      await serve(engine, io);
    } finally {
      pool?.close();
    }
    return EXIT_OK;
  });
}

async function serve(engine: OtepEngine, io: Io): Promise<void> {
  const send = (lines: readonly string[]): void => {
    if (lines.length > 0) io.stdout.write(lines.map((line) => `${line}\n`).join(''));
  };
  send(engine.hello());
  for await (const line of readLines(io.stdin)) {
    send(engine.receive(line));
    if (engine.finished) return;
  }
}

/** A line longer than this is given out as it stands (and answered as the nonsense it is). */
const MAX_LINE = 1 << 20;

/** Lines of a stream, each given out as soon as its newline arrives; the last at the end. */
export async function* readLines(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    const parts = pending.split(/\r?\n/);
    pending = parts.pop()!;
    yield* parts;
    if (pending.length > MAX_LINE) {
      yield pending;
      pending = '';
    }
  }
  pending += decoder.decode();
  if (pending !== '') yield pending;
}

export const otepCommand: Command = {
  name: 'otep',
  summary: 'play as an OpenTafl Engine Protocol engine on standard input and output',
  usage,
  run,
};
