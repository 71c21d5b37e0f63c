/**
 * `tafl rules [ID] [--otn]`: the list of rulesets, or one ruleset's parameters in words with the
 * marks of docs/rules.md (what is a reading or a house rule rather than the source's letter), what
 * its source calls things and says beyond the parameters, and its OTN rules string, which
 * `--rules-string` reads back.
 */

import {
  PRESETS,
  makeRules,
  sourceOf,
  type RuleSource,
  type Ruleset,
  type SourceStatement,
} from '@tafl/core';
import { EXIT_OK, CliError, checkPositionals, guarded, parseOptions, presetOrFail } from '../args.js';
import type { Command } from '../command.js';
import { columns, wrap } from '../format.js';
import type { Io } from '../io.js';
import { PARAMETER_KEYS, PARAMETER_WORDS, noteMarks, parameterLabel } from '../parameters.js';

const usage = `Usage: tafl rules [ID] [--otn]

  Without ID, lists the rulesets. With ID, shows its parameters, its source, the readings and
  house rules it adds to the source, and its OTN rules string.

  --otn       print only the OTN rules string, on one line (for --rules-string)
  -h, --help  show this help
`;

const OPTIONS = { otn: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { values, positionals } = parseOptions('rules', argv, OPTIONS);
    if (values.help) return help(io);
    checkPositionals('rules', positionals, 1);
    const id = positionals[0];
    if (id === undefined) {
      if (values.otn) throw new CliError('rules --otn needs a ruleset ID, as in tafl rules plazoleta --otn');
      io.stdout.write(listRulesets());
      return EXIT_OK;
    }
    const rules = presetOrFail(id);
    io.stdout.write(values.otn ? `${makeRules(rules)}\n` : describeRuleset(rules));
    return EXIT_OK;
  });
}

function help(io: Io): number {
  io.stdout.write(usage);
  return EXIT_OK;
}

/** One line a ruleset: id, name, source. */
export const listRulesets = (): string => columns(PRESETS.map((r) => [r.id, r.name, r.source]));

/** The rules page of one ruleset, as text. */
export function describeRuleset(rules: Ruleset): string {
  const rows = PARAMETER_KEYS.map((key) => [
    `  ${parameterLabel(key)}`,
    PARAMETER_WORDS[key][1](rules) + noteMarks(rules.notes, key),
  ]);
  return [
    `${rules.id}: ${rules.name}\n`,
    `game: ${rules.game === 'brandubh' ? 'Brandubh' : 'Ard Ri'}\n`,
    `source: ${rules.source}\n`,
    ...sourceLines(sourceOf(rules.id)),
    '\nParameters\n',
    columns(rows),
    '\nReadings and house rules\n',
    describeNotes(rules),
    '\nOTN rules string\n',
    `  ${makeRules(rules)}\n`,
  ].join('');
}

const STATEMENTS: { readonly [s in SourceStatement]: string } = {
  captureOptional: 'capturing is never compulsory',
  edgeNeutral: 'pinning a piece against the edge of the board captures nothing',
  escapeAnnouncement:
    'when the king could escape on his next move, the defenders must announce “une ou deux sorties”; if they do not, the escape does not count and the attackers may play their last piece again',
};

/** What the source calls things, and what it says that no parameter holds. */
function sourceLines(source: RuleSource | undefined): string[] {
  if (source === undefined) return [];
  const words = source.terms.map(([term, word]) => `“${word}” for the ${term}`);
  return [
    ...(words.length > 0 ? [wrap(`its words: ${words.join(', ')}`, 96, '  ') + '\n'] : []),
    ...source.states.map((s) => wrap(`it also says: ${STATEMENTS[s]}`, 96, '  ') + '\n'),
  ];
}

function describeNotes(rules: Ruleset): string {
  if (rules.notes.length === 0) return '  none: every parameter is as the source has it\n';
  return rules.notes
    .map((n) => `  ${wrap(`(${n.kind}) ${parameterLabel(n.parameter)}: ${n.text}`, 94, '    ')}\n`)
    .join('');
}

export const rulesCommand: Command = {
  name: 'rules',
  summary: 'list the rulesets, or show one with its readings, house rules and OTN string',
  usage,
  run,
};
