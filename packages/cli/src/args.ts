/**
 * Option handling shared by the commands: `node:util` parseArgs with its errors rewritten as one
 * sentence, the ruleset from `--rules` or `--rules-string`, and the position from `--position`
 * and `--turn`. Every problem with the user's input is a `CliError`, which `guarded` turns into
 * exit code 2 and a line on stderr; anything else is a bug of ours (exit code 1).
 */

import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  PRESETS,
  SIDES,
  parseRules,
  positionFromOtn,
  presetById,
  type Position,
  type Ruleset,
  type Side,
} from '@tafl/core';
import type { Io } from './io.js';

export const EXIT_OK = 0;
export const EXIT_BUG = 1;
export const EXIT_USAGE = 2;

/** A mistake in the command line or its input: exit code 2 and one sentence. */
export class CliError extends Error {
  readonly exitCode = EXIT_USAGE;
}

/** Runs a command body, turning a `CliError` into its sentence and exit code 2. */
export async function guarded(io: Io, body: () => number | Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof CliError) {
      io.stderr.write(`tafl: ${e.message}\n`);
      return e.exitCode;
    }
    const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
    io.stderr.write(`tafl: internal error, please report it: ${detail}\n`);
    return EXIT_BUG;
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;
interface Config<O extends Options> {
  args: string[];
  options: O;
  allowPositionals: true;
  strict: true;
}
export type Parsed<O extends Options> = ReturnType<typeof parseArgs<Config<O>>>;

/** parseArgs in strict mode for `tafl <command>`, with positionals allowed and checked by the caller. */
export function parseOptions<O extends Options>(
  command: string,
  argv: readonly string[],
  options: O,
): Parsed<O> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError(optionErrorSentence(command, e));
  }
}

function optionErrorSentence(command: string, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const code = (e as { code?: unknown }).code;
  const where = `tafl ${command}`.trim();
  const see = `see ${where} --help`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = /'(-[^']*)'/.exec(message)?.[1] ?? '?';
    return `unknown option ${name} for ${where}; ${see}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = /--[\w-]+/.exec(message)?.[0] ?? 'an option';
    if (message.includes('does not take an argument')) return `option ${name} takes no value; ${see}`;
    return `option ${name} needs a value; ${see}`;
  }
  return `${message.replace(/\.$/, '')}; ${see}`;
}

/** Fails unless there are at most `max` positional arguments. */
export function checkPositionals(command: string, positionals: readonly string[], max: number): void {
  if (positionals.length <= max) return;
  const extra = positionals[max]!;
  throw new CliError(
    `${command} does not take the argument ${JSON.stringify(extra)}; see tafl ${command} --help`,
  );
}

export const knownRulesets = (): string => PRESETS.map((r) => r.id).join(', ');

export function presetOrFail(id: string): Ruleset {
  const rules = presetById(id);
  if (!rules) throw new CliError(`unknown ruleset ${JSON.stringify(id)}; known: ${knownRulesets()}`);
  return rules;
}

export interface RulesOptions {
  readonly rules?: string | undefined;
  readonly 'rules-string'?: string | undefined;
}

/** The ruleset named by `--rules ID` or written out by `--rules-string OTN`; exactly one is needed. */
export function resolveRules(command: string, values: RulesOptions): Ruleset {
  const { rules: id, 'rules-string': text } = values;
  if (id !== undefined && text !== undefined)
    throw new CliError(`${command} takes either --rules or --rules-string, not both`);
  if (id !== undefined) return presetOrFail(id);
  if (text !== undefined) {
    const parsed = parseRules(text);
    if (!parsed.ok) throw new CliError(`invalid rules string: ${parsed.message}`);
    return parsed.value;
  }
  throw new CliError(
    `${command} needs the rules: --rules ID (one of ${knownRulesets()}) or --rules-string OTN`,
  );
}

export function parseSide(text: string | undefined): Side | undefined {
  if (text === undefined) return undefined;
  const side = SIDES.find((s) => s === text);
  if (!side) throw new CliError(`--turn must be attackers or defenders, not ${JSON.stringify(text)}`);
  return side;
}

export interface PositionOptions {
  readonly position?: string | undefined;
  readonly turn?: string | undefined;
}

/** The position of `--position` (the ruleset's start by default) with `--turn` to move. */
export function resolvePosition(rules: Ruleset, values: PositionOptions): Position {
  const pos = positionFromOtn(
    rules,
    values.position ?? rules.start,
    parseSide(values.turn) ?? rules.firstToMove,
  );
  if (!pos.ok) throw new CliError(`invalid position: ${pos.message}`);
  return pos.value;
}

/** The options every command that plays a position takes. */
export const RULES_OPTIONS = {
  rules: { type: 'string' },
  'rules-string': { type: 'string' },
  position: { type: 'string' },
  turn: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
