/**
 * `tafl tb`: the endgame tablebases. `build` makes a ruleset's tables up to so many pieces
 * (tb/build.ts: worker threads, a progress bar, a resume after an interruption) and prints
 * each material's size and time; `probe` answers a position from them with its value, the
 * distance to the end, the best move and the line.
 */

import { availableParallelism } from 'node:os';
import { makeMoveSquares, type Position, type Ruleset } from '@tafl/core';
import { TB_MAX_PIECES, tbMaterialName, tbMaterials, type TbAnswer, type TbMaterial } from '@tafl/engine';
import { CliError, EXIT_OK, guarded, parseOptions, presetOrFail, resolvePosition } from '../args.js';
import type { Command } from '../command.js';
import { columns } from '../format.js';
import type { Io } from '../io.js';
import { buildTablebases, type MaterialReport } from '../tb/build.js';
import { DEFAULT_TB_DIR, hasTable, loadTables } from '../tb/files.js';
import { verifyTable } from '../tb/verify.js';

const usage = `Usage: tafl tb build --rules ID [--pieces N] [--dir DIR] [--threads N]
       tafl tb probe --rules ID --position P [--turn SIDE] [--dir DIR]
       tafl tb verify --rules ID [--pieces N] [--dir DIR]

  Endgame tablebases: every position of the king and a few other pieces, won, lost or drawn
  for the side to move and the distance to the end in plies, with best play on both sides,
  under the ruleset's rules with its counters (repetition, quiet plies) set aside.

  build: builds the tables of every material with at most N pieces on the board, the king
  included (--pieces 5, the default, is the king and up to four others: K+1D+3A and the
  like), one compressed file a material in DIR/ID/. Materials already built are kept, so an
  interrupted build goes on where it stopped. Prints each material's entries, longest
  distance, time and size.

  probe: the value of a position from the tables, the distance to the end, the best move and
  the line to the end.

  verify: checks every entry of the tables built (up to --pieces) against its moves as the
  core plays them, one ply down; a table that passes is right, draws included. Slow: minutes
  a ruleset up to four pieces.

  --rules ID           a named ruleset
  --pieces N           build: pieces on the board, king included, 1 to ${TB_MAX_PIECES} (default ${TB_MAX_PIECES})
  --dir DIR            where the tables are (default ./${DEFAULT_TB_DIR})
  --threads N          build: worker threads (default one a core, at most 2); 0 builds without
  --position P         probe: an OTN position record
  --turn SIDE          probe: attackers or defenders to move (the ruleset's first side by default)
  -h, --help           show this help
`;

const OPTIONS = {
  rules: { type: 'string' },
  pieces: { type: 'string' },
  dir: { type: 'string' },
  threads: { type: 'string' },
  position: { type: 'string' },
  turn: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseOptions<typeof OPTIONS>>['values'];

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, async () => {
    const { values, positionals } = parseOptions('tb', argv, OPTIONS);
    const [action, ...rest] = positionals;
    if (values.help || action === undefined) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    if (rest.length > 0)
      throw new CliError(`tb ${action} does not take the argument ${JSON.stringify(rest[0])}`);
    if (action === 'build') await build(values, io);
    else if (action === 'probe') probe(values, io);
    else if (action === 'verify') verify(values, io);
    else
      throw new CliError(
        `tb takes build, probe or verify, not ${JSON.stringify(action)}; see tafl tb --help`,
      );
    return EXIT_OK;
  });
}

function whole(option: string, text: string | undefined, min: number, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new CliError(
      `--${option} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}`,
    );
  return Number(text);
}

function rulesOf(values: Values, action: string): Ruleset {
  if (values.rules === undefined) throw new CliError(`tb ${action} needs --rules ID`);
  return presetOrFail(values.rules);
}

async function build(values: Values, io: Io): Promise<void> {
  if (values.position !== undefined || values.turn !== undefined)
    throw new CliError('tb build takes no position: --position and --turn are for tb probe');
  const rules = rulesOf(values, 'build');
  const pieces = whole('pieces', values.pieces, 1, TB_MAX_PIECES, TB_MAX_PIECES);
  const threads = whole('threads', values.threads, 0, 8, Math.min(2, availableParallelism()));
  const dir = values.dir ?? DEFAULT_TB_DIR;
  const start = performance.now();
  const reports = await buildTablebases({ rules, pieces, dir, threads, progress: io.stderr });
  const ms = performance.now() - start;
  io.stdout.write(buildTable(rules, reports, ms, dir));
}

/** The build's report: one row a material, then the totals. */
export function buildTable(
  rules: Ruleset,
  reports: readonly MaterialReport[],
  ms: number,
  dir: string,
): string {
  const rows = [['material', 'entries', 'longest', 'seconds', 'bytes']];
  for (const r of reports)
    rows.push([
      tbMaterialName(r.material),
      String(r.entries),
      r.kept ? 'kept' : String(r.maxDistance),
      r.kept ? '-' : (r.ms / 1000).toFixed(1),
      r.kept ? '-' : String(r.bytes),
    ]);
  const built = reports.filter((r) => !r.kept);
  const bytes = built.reduce((a, r) => a + r.bytes, 0);
  return (
    `${rules.id}: tablebases in ${dir}/${rules.id}/ (longest: the longest distance in plies)\n` +
    columns(rows, [false, true, true, true, true]) +
    `${built.length} built, ${reports.length - built.length} kept, ${(ms / 1000).toFixed(1)} s, ${bytes} bytes written\n`
  );
}

function probe(values: Values, io: Io): void {
  const rules = rulesOf(values, 'probe');
  if (values.position === undefined) throw new CliError('tb probe needs --position P');
  if (values.pieces !== undefined || values.threads !== undefined)
    throw new CliError('tb probe takes no --pieces or --threads');
  const pos = resolvePosition(rules, values);
  if (pos.isOver()) throw new CliError('the game is over in that position: there is nothing to probe');
  const dir = values.dir ?? DEFAULT_TB_DIR;
  const m: TbMaterial = {
    defenders: pos.pieceCount('defenders') - 1,
    attackers: pos.pieceCount('attackers'),
  };
  const pieces = 1 + m.defenders + m.attackers;
  if (pieces > TB_MAX_PIECES)
    throw new CliError(
      `the tables go up to ${TB_MAX_PIECES} pieces (the king included), and this position has ${pieces}`,
    );
  const wanted = tbMaterials(rules, pieces).filter(
    (x) => x.defenders <= m.defenders && x.attackers <= m.attackers,
  );
  if (!hasTable(dir, rules, m))
    throw new CliError(
      `there is no table of ${tbMaterialName(m)} for ${rules.id} in ${dir}: build it with tafl tb build --rules ${rules.id} --pieces ${pieces}${values.dir === undefined ? '' : ` --dir ${dir}`}`,
    );
  const start = performance.now();
  const tb = loadTables(dir, rules, wanted);
  const loadMs = performance.now() - start;
  const answer = tb.probe(pos)!;
  // A won or lost line runs to the end; a drawn one would never end, so it is cut short.
  const line = tb.line(pos, answer.value === 'draw' ? DRAWN_LINE : answer.distance);
  io.stdout.write(
    `${tbMaterialName(m)}, ${pos.turn} to move: ${describe(answer)} (tablebase, counters set aside)\n` +
      (tb.isExact(pos, answer) ? '' : `under the ruleset's counters the answer may be a draw\n`) +
      (line.length > 0
        ? `best move: ${makeMoveSquares(pos.geo, line[0]!)}\nline: ${lineText(pos, line)}${answer.value === 'draw' ? ' ...' : ''}\n`
        : '') +
      `tables loaded in ${(loadMs / 1000).toFixed(2)} s\n`,
  );
}

function verify(values: Values, io: Io): void {
  if (values.position !== undefined || values.turn !== undefined || values.threads !== undefined)
    throw new CliError('tb verify takes --rules, --pieces and --dir');
  const rules = rulesOf(values, 'verify');
  const pieces = whole('pieces', values.pieces, 1, TB_MAX_PIECES, TB_MAX_PIECES);
  const dir = values.dir ?? DEFAULT_TB_DIR;
  const wanted = tbMaterials(rules, pieces);
  const tb = loadTables(dir, rules, wanted);
  if (tb.loaded.length === 0) throw new CliError(`there are no tables of ${rules.id} in ${dir}`);
  let wrong = 0;
  for (const table of tb.loaded) {
    const start = performance.now();
    const r = verifyTable(rules, tb, table);
    wrong += r.wrong.length;
    const s = ((performance.now() - start) / 1000).toFixed(1);
    io.stdout.write(
      `${r.material}: ${r.checked} positions, ${r.wrong.length === 0 ? 'all right' : 'WRONG'} (${s} s)\n`,
    );
    for (const w of r.wrong) io.stdout.write(`  ${w}\n`);
  }
  if (wrong > 0) throw new CliError(`entries of the tables disagree with their moves (${wrong} shown)`);
}

/** The plies of a drawn line that `probe` shows. */
const DRAWN_LINE = 12;

function describe(a: TbAnswer): string {
  if (a.value === 'draw') return 'draw';
  return `${a.value} in ${a.distance} ${a.distance === 1 ? 'ply' : 'plies'}`;
}

function lineText(pos: Position, line: readonly number[]): string {
  return line.map((move) => makeMoveSquares(pos.geo, move)).join(' ');
}

export const tbCommand: Command = {
  name: 'tb',
  summary: 'endgame tablebases: build them, probe a position',
  usage,
  run,
};
