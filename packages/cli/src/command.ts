/**
 * What main.ts dispatches to: a name, a usage text and a function from arguments and streams to
 * an exit code. Tests call `run` in-process with their own streams.
 */

import type { Io } from './io.js';

export interface Command {
  readonly name: string;
  /** One line for the list of commands. */
  readonly summary: string;
  /** The full usage text, ending with a newline. */
  readonly usage: string;
  readonly run: (argv: readonly string[], io: Io) => Promise<number>;
}
