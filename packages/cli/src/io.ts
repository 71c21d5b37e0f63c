/**
 * The three streams a command talks to, passed in rather than taken from `process`, so that
 * tests run every command in-process and read what it wrote; only main.ts touches `process`.
 */

/** Where a command writes: process.stdout or process.stderr, or a test's collector. */
export interface Output {
  write(text: string): unknown;
  /** Set on a terminal; the board is drawn in color only there. */
  readonly isTTY?: boolean;
}

export interface Io {
  readonly stdout: Output;
  readonly stderr: Output;
  /** Chunks of standard input as they arrive (`trace` reads moves from it). */
  readonly stdin: AsyncIterable<string | Uint8Array>;
  /** The environment, for NO_COLOR; absent means an empty one. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Color only on a terminal, and never when NO_COLOR is set to anything (no-color.org). */
export const useColor = (io: Io): boolean => io.stdout.isTTY === true && (io.env?.['NO_COLOR'] ?? '') === '';
