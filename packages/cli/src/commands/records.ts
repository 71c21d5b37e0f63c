/**
 * `tafl records FILE...`: every OTN game record of every file (a file may hold several, as
 * `tafl match --records` writes them and as players keep collections), opened with the core's
 * `parseRecords`, replayed under its own rules string, and checked against its result tag. A line
 * a record goes to standard output; a sentence for each record that does not open, replay or
 * agree goes to standard error, so one bad record in a collection hides none of the others.
 */

import { readFileSync } from 'node:fs';
import {
  parseRecords,
  quote,
  replayRecord,
  tagValue,
  type GameRecord,
  type RecordInFile,
  type ReplayedGame,
} from '@tafl/core';
import { EXIT_OK, EXIT_USAGE, CliError, guarded, parseOptions } from '../args.js';
import type { Command } from '../command.js';
import { columns } from '../format.js';
import type { Io } from '../io.js';
import { plural } from '../match/report.js';

const usage = `Usage: tafl records FILE...

  Reads every OTN game record in each FILE (a file may hold several, one after another, as
  tafl match --records writes them; OpenTafl's records, with starti: in their rules, too),
  replays each under its own rules string, and prints a line a record: where it starts
  (FILE:LINE), its length in plies (single moves: a turn of both sides is two plies, and a
  resignation --- is none), the result its result tag gives (1 attackers, -1 defenders,
  0 draw, ? or none: not said) and the result of the replay. A result given for a game the
  moves leave unfinished must come with a termination tag saying how it ended.

  Exit code 0 when every record opens, replays and agrees with its result tag; otherwise 2,
  with one sentence on standard error for each record that does not, naming its file and line.

  -h, --help  show this help
`;

const OPTIONS = { help: { type: 'boolean', short: 'h' } } as const;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { values, positionals } = parseOptions('records', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    if (positionals.length === 0)
      throw new CliError('records needs at least one FILE of OTN game records; see tafl records --help');
    const checked = positionals.flatMap(checkFile);
    const rows = checked.filter((c) => c.row !== undefined).map((c) => c.row!);
    if (rows.length > 0)
      io.stdout.write(columns([['record', 'plies', 'tag', 'replay'], ...rows], [false, true]));
    const failures = checked.filter((c) => c.failure !== undefined);
    for (const c of failures) io.stderr.write(`tafl: ${c.failure}\n`);
    const told =
      failures.length === 0
        ? 'every one agrees with its result tag'
        : `${plural(failures.length, 'problem')}, one sentence each on standard error`;
    io.stdout.write(`${plural(rows.length, 'record')} in ${plural(positionals.length, 'file')}; ${told}\n`);
    return failures.length === 0 ? EXIT_OK : EXIT_USAGE;
  });
}

/** A record's line (absent for a file that cannot be read), and why it fails, if it does. */
interface Checked {
  readonly row?: readonly string[];
  readonly failure?: string;
}

function checkFile(file: string): Checked[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const reason = (e as { code?: string }).code ?? String(e);
    return [{ failure: `${file}: the file cannot be read (${reason})` }];
  }
  const entries = parseRecords(text);
  if (entries.length === 0) return [{ failure: `${file}: the file holds no game record` }];
  return entries.map((entry) => checkRecord(`${file}:${entry.line}`, entry));
}

/** Opens, replays and compares one record; `where` is FILE:LINE. */
function checkRecord(where: string, entry: RecordInFile): Checked {
  if (!entry.ok)
    return {
      row: [where, '-', '-', 'cannot be read'],
      failure: `${where}: the record cannot be read: ${entry.message}`,
    };
  const record = entry.value;
  const tag = tagValue(record, 'result');
  const tagText = tag === undefined ? 'none' : (TAG_WORDS.get(tag) ?? quote(tag));
  const plies = String(record.moves.filter((m) => m.move !== '---').length);
  const replayed = replayRecord(record);
  if (!replayed.ok)
    return {
      row: [where, plies, tagText, 'cannot be replayed'],
      failure: `${where}: the record cannot be replayed: ${replayed.message}`,
    };
  const result = replayResult(replayed.value);
  const row = [where, plies, tagText, result.words];
  const disagreement = disagree(record, tag, result);
  return disagreement === undefined ? { row } : { row, failure: `${where}: ${disagreement}` };
}

/** What each result tag value says (a Map: a tag value is outside input, `constructor` too). */
const TAG_WORDS = new Map([
  ['1', 'attackers'],
  ['-1', 'defenders'],
  ['0', 'draw'],
  ['?', '?'],
]);

interface ReplayResult {
  /** The tag value that says the same: 1, -1, 0, or undefined for an unfinished game. */
  readonly tag?: string;
  /** For the table: `defenders (escape)`, `draw (repetition)`, `unfinished`. */
  readonly words: string;
  /** For a sentence: `the defenders winning (escape)`, `a draw (repetition)`. */
  readonly phrase: string;
}

function replayResult(game: ReplayedGame): ReplayResult {
  const outcome = game.position.outcome();
  const [winner, reason] =
    game.resigned !== undefined
      ? [game.resigned === 'attackers' ? 'defenders' : 'attackers', 'resignation']
      : [outcome.status, outcome.status === 'ongoing' ? '' : outcome.reason];
  if (winner === 'ongoing') return { words: 'unfinished', phrase: 'an unfinished game' };
  return {
    tag: winner === 'attackers' ? '1' : winner === 'defenders' ? '-1' : '0',
    words: `${winner} (${reason})`,
    phrase: winner === 'draw' ? `a draw (${reason})` : `the ${winner} winning (${reason})`,
  };
}

const said = (tag: string): string => (tag === '0' ? 'a draw (0)' : `the ${TAG_WORDS.get(tag)} won (${tag})`);

/** Why the result tag and the replay disagree, or undefined when they agree. */
function disagree(record: GameRecord, tag: string | undefined, result: ReplayResult): string | undefined {
  if (tag !== undefined && !TAG_WORDS.has(tag)) return `the result tag ${quote(tag)} is not 1, -1, 0 or ?`;
  if (result.tag === undefined) {
    if (tag === undefined || tag === '?' || tagValue(record, 'termination') !== undefined) return undefined;
    return `the result tag says ${said(tag)}, but the game is unfinished after its last move and no termination tag says how it ended`;
  }
  if (tag === undefined || tag === result.tag) return undefined;
  const tagSays = tag === '?' ? 'the game is not decided (?)' : said(tag);
  return `the result tag says ${tagSays}, but the replay ends with ${result.phrase}`;
}

export const recordsCommand: Command = {
  name: 'records',
  summary: 'open, replay and check every OTN game record of files',
  usage,
  run,
};
