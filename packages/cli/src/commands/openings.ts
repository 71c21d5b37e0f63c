/**
 * `tafl openings`: an opening suite for `tafl match --openings FILE`: random openings judged by
 * two searches bounded by positions (the same on any machine), kept when both score them about
 * even (match/suite.ts). The suite goes to standard output, or to `--out`; a line for each
 * candidate to standard error.
 */

import { writeFileSync } from 'node:fs';
import { CliError, EXIT_OK, checkPositionals, guarded, parseOptions } from '../args.js';
import type { Command } from '../command.js';
import type { Io } from '../io.js';
import { judgeBounds, judgeOpenings, openingRecords, suiteLine, type JudgeOptions } from '../match/suite.js';
import { rulesOption, wholeNumber } from './match.js';

const DEFAULTS = { plies: 4, nodes: 8_000_000, margin: 50, seed: 1 } as const;

const usage = `Usage: tafl openings --rules ID --count N [--plies N] [--nodes N] [--margin CS] [--seed N]
                     [--out FILE]

  An opening suite for tafl match --openings FILE: random openings of --plies plies, each scored
  for the attackers by two searches, one of an eighth of --nodes positions and one of --nodes,
  and kept when both scores lie within --margin centi-soldiers of the start's score by the same
  search (the deeper search only for an opening the shallower one passed). A shallow judge alone passes openings that are lost for whoever attacks, as an
  opening's score moves by as much as the margin from one depth to the next. The same options
  give the same suite on any machine. Each opening is a line of OTN moves with its two scores
  after a #; a line for each candidate goes to standard error.

  --rules ID         a ruleset of tafl rules
  --count N          openings to keep (a match of 2N games plays each once from each side)
  --plies N          random plies of each opening (default ${DEFAULTS.plies})
  --nodes N          the deeper search's positions (default ${DEFAULTS.nodes}; about 7 s on one core)
  --margin CS        how far from the start's score an opening may be (default ${DEFAULTS.margin})
  --seed N           the seed of the random openings (default ${DEFAULTS.seed})
  --out FILE         write the suite to FILE, not to standard output
  -h, --help         show this help
`;

const OPTIONS = {
  rules: { type: 'string' },
  count: { type: 'string' },
  plies: { type: 'string' },
  nodes: { type: 'string' },
  margin: { type: 'string' },
  seed: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { values, positionals } = parseOptions('openings', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    checkPositionals('openings', positionals, 0);
    const rules = rulesOption(values.rules);
    const count = wholeNumber('count', values.count, 1, 10_000);
    if (count === undefined) throw new CliError('openings needs --count N, the openings to keep');
    const options: JudgeOptions = {
      count,
      plies: wholeNumber('plies', values.plies, 1, 40) ?? DEFAULTS.plies,
      nodes: wholeNumber('nodes', values.nodes, 8, 1_000_000_000) ?? DEFAULTS.nodes,
      margin: wholeNumber('margin', values.margin, 0, 100_000) ?? DEFAULTS.margin,
      seed: wholeNumber('seed', values.seed, 0, 2 ** 32 - 1) ?? DEFAULTS.seed,
    };
    const bounds = judgeBounds(options.nodes);
    let n = 0;
    const suite = judgeOpenings(rules, options, (moves, scores, kept) => {
      n++;
      io.stderr.write(
        `[${n}] ${openingRecords(rules, moves).join(' ')}: ${scores[0]} at ${bounds[0]}` +
          (scores[1] === undefined ? '' : `, ${scores[1]} at ${bounds[1]}`) +
          `${kept ? ', kept' : ''}\n`,
      );
    });
    const text =
      `# ${rules.id}: ${suite.kept.length} openings of ${options.plies} random plies (seed ${options.seed}), ` +
      `${suite.judged} judged\n` +
      `# kept within ${options.margin} of the start's score for the attackers at both bounds: ` +
      `${suite.start[0]} at ${bounds[0]} positions, ${suite.start[1]} at ${bounds[1]}\n` +
      `# tafl openings --rules ${rules.id} --count ${count} --plies ${options.plies} --nodes ${options.nodes} ` +
      `--margin ${options.margin} --seed ${options.seed}\n` +
      suite.kept.map((o) => `${suiteLine(rules, o, bounds)}\n`).join('');
    if (values.out !== undefined) writeFileSync(values.out, text);
    else io.stdout.write(text);
    if (suite.kept.length < count)
      throw new CliError(
        `only ${suite.kept.length} of ${count} openings within ${options.margin} of even among ` +
          `${suite.judged} judged; give a wider --margin`,
      );
    return EXIT_OK;
  });
}

export const openingsCommand: Command = {
  name: 'openings',
  summary: 'an opening suite for tafl match: random openings a deep search judges even',
  usage,
  run,
};
