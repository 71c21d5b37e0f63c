/**
 * Test helpers: `tafl` run in-process with collecting streams, `tafl` run as a real process
 * through bin/tafl.js (which needs `npm run build` first), and the trace vectors kept as test
 * fixtures (packages/core/test/fixtures/vectors).
 */

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { run } from '../src/cli.js';
import type { Io, Output } from '../src/io.js';
import { readFixture } from '../../core/test/fixtures.js';

export const BIN = fileURLToPath(new URL('../bin/tafl.js', import.meta.url));

export interface Collector extends Output {
  text: string;
}

export const collector = (isTTY = false): Collector => ({
  text: '',
  isTTY,
  write(chunk: string) {
    this.text += chunk;
    return true;
  },
});

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function* chunks(input: readonly string[]): AsyncGenerator<string> {
  yield* input;
}

export interface RunOptions {
  readonly stdin?: AsyncIterable<string | Uint8Array> | readonly string[];
  readonly tty?: boolean;
  readonly env?: Record<string, string>;
}

/** Runs `tafl ARGV` in-process. */
export async function tafl(argv: readonly string[], options: RunOptions = {}): Promise<Ran> {
  const stdout = collector(options.tty);
  const stderr = collector();
  const input = options.stdin ?? [];
  const io: Io = {
    stdout,
    stderr,
    stdin: Array.isArray(input) ? chunks(input) : (input as AsyncIterable<string>),
    env: options.env ?? {},
  };
  const code = await run(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** Runs `node bin/tafl.js ARGV` with `input` on its standard input. */
export function spawnTafl(argv: readonly string[], input = ''): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.on('error', () => undefined); // the process may exit before reading everything
    child.stdin.end(input);
  });
}

/** A usage error: exit code 2, nothing on stdout, one line on stderr, and no stack trace. */
export function expectUsageError(ran: Ran, pattern: RegExp): void {
  expect(ran.code).toBe(2);
  expect(ran.stdout).toBe('');
  expect(ran.stderr).toMatch(/^tafl: [^\n]+\n$/);
  expect(ran.stderr).not.toMatch(/^ {4}at /m);
  expect(ran.stderr).toMatch(pattern);
}

export interface Vector {
  readonly rules: string;
  readonly moves: string[];
  readonly trace: Record<string, unknown>[];
}

/** The games of one vector file, `plazoleta.jsonl` for fixtures/vectors/plazoleta.jsonl.gz. */
export const vectors = (file: string): Vector[] =>
  readFixture(`vectors/${file}.gz`)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Vector);

/** The lines a trace of `game` must print, first `count` of them by default all. */
export const traceLines = (game: Vector, count = game.trace.length): string[] =>
  game.trace.slice(0, count).map((r) => JSON.stringify(r));

export const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');
