/**
 * `tafl solve`: proves the value of a position with the engine's solver (df-pn, see
 * packages/engine/src/solve): a win, loss or draw for the side to move, or "unknown" when the
 * budget runs out, with the proof's size, the nodes and their rate, and the winner's line.
 * `--reach` measures how far the proof gets from a position it cannot settle, such as a
 * ruleset's start: the df-pn searches' root numbers, then the depth a plain bounded search
 * settles, depth by depth.
 */

import { makeMoveSquares, makePosition, opposite, type Move, type Position } from '@tafl/core';
import {
  reach,
  solve,
  tablebaseOracle,
  tbMaterials,
  type LeafOracle,
  type QuestionReport,
  type ReachReport,
  type SolveReport,
} from '@tafl/engine';
import {
  EXIT_OK,
  CliError,
  RULES_OPTIONS,
  checkPositionals,
  guarded,
  parseOptions,
  resolvePosition,
  resolveRules,
} from '../args.js';
import type { Command } from '../command.js';
import { columns, rate, seconds } from '../format.js';
import type { Io } from '../io.js';
import { loadTables } from '../tb/files.js';

const usage = `Usage: tafl solve (--rules ID | --rules-string OTN) [--position P] [--turn SIDE]
                  [--nodes N] [--time S] [--line-depth N] [--tb DIR] [--reach]

  Proves the value of the position for the side to move: "win", "loss", "draw", or "unknown"
  when the budget runs out first (never a guess). Two proof-number searches ask "does the side
  to move win?" and "does the opponent win?"; a draw is both answered no. Printed: the result,
  each question's verdict and root numbers, the proof's size, the nodes searched and nodes/s,
  and for a win or a loss the winner's line (the shortest win when a bounded search finds it).
  The position starts a game: no repetition or quiet plies behind it.

  --rules ID           a ruleset of tafl rules
  --rules-string OTN   an OTN rules string
  --position P         an OTN position record (the ruleset's start by default)
  --turn SIDE          attackers or defenders to move at P (the ruleset's first side by default)
  --nodes N            the proof searches' budget in positions (default 2000000)
  --time S             a budget in seconds (with --nodes, the first one reached stops)
  --line-depth N       the most plies the shortest win's line is looked for within (default 15)
  --tb DIR             probe the endgame tablebases in DIR at every new position (tafl tb
                       build writes them; the ones of this ruleset that are there are used)
  --reach              measure how far the proof reaches in --time seconds (default 60): half
                       on the proof searches, half on a bounded search depth by depth
  -h, --help           show this help
`;

const OPTIONS = {
  ...RULES_OPTIONS,
  nodes: { type: 'string' },
  time: { type: 'string' },
  'line-depth': { type: 'string' },
  reach: { type: 'boolean' },
  tb: { type: 'string' },
} as const;

function run(argv: readonly string[], io: Io): Promise<number> {
  return guarded(io, () => {
    const { values, positionals } = parseOptions('solve', argv, OPTIONS);
    if (values.help) {
      io.stdout.write(usage);
      return EXIT_OK;
    }
    checkPositionals('solve', positionals, 0);
    const pos = resolvePosition(resolveRules('solve', values), values);
    const nodes = whole('--nodes', values.nodes, 1);
    const seconds = values.time === undefined ? undefined : positive('--time', values.time);
    const lineDepth = whole('--line-depth', values['line-depth'], 1);
    if (pos.isOver()) throw new CliError('the game has already ended at this position; nothing to solve');
    if (values.reach && nodes !== undefined) throw new CliError('--reach is bounded by --time, not --nodes');
    const oracle = values.tb === undefined ? undefined : tablebases(values.tb, pos);
    io.stdout.write(header(pos));
    if (oracle !== undefined) io.stdout.write(`tablebases: ${oracle.count} tables from ${values.tb}\n`);
    const options = { lineDepth, oracle: oracle?.probe };
    if (values.reach) {
      io.stdout.write(describeReach(pos, reach(pos, (seconds ?? 60) * 1000, options)));
    } else {
      const ms = seconds === undefined ? undefined : seconds * 1000;
      io.stdout.write(describeSolve(pos, solve(pos, { ...options, nodes, ms })));
    }
    return EXIT_OK;
  });
}

/** The tables of the position's rules found in `dir`, as the solver's leaf oracle. */
function tablebases(dir: string, pos: Position): { probe: LeafOracle; count: number } {
  const tb = loadTables(dir, pos.rules, tbMaterials(pos.rules));
  const count = tb.loaded.length;
  if (count === 0)
    throw new CliError(
      `no tablebases of ${pos.rules.id} in ${dir}: build them with tafl tb build --rules ${pos.rules.id} --dir ${dir}`,
    );
  return { probe: tablebaseOracle(tb), count };
}

function whole(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new CliError(`${name} must be a whole number from ${min}, not ${JSON.stringify(text)}`);
  return Number(text);
}

function positive(name: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0)
    throw new CliError(`${name} must be a number of seconds above 0, not ${JSON.stringify(text)}`);
  return value;
}

function header(pos: Position): string {
  return `position: ${makePosition(pos.geo.size, pos.board.cells)} ${pos.turn} to move (${pos.rules.id})\n`;
}

const RESULT_WORDS = {
  win: (r: SolveReport) => `win for the side to move (the ${r.turn})`,
  loss: (r: SolveReport) => `loss for the side to move (the ${opposite(r.turn)} win)`,
  draw: () => 'draw (neither side can force a win)',
  unknown: (r: SolveReport) => {
    const open = r.questions.filter((q) => q.verdict === 'unknown').map((q) => `do the ${q.winner} win?`);
    return `unknown (budget spent; open: ${open.join(' and ')})`;
  },
} as const;

const number = (n: number): string => (n >= 0xffffffff ? 'inf' : String(n));

function questionRow(q: QuestionReport): string[] {
  return [
    `do the ${q.winner} win?`,
    q.verdict === 'proved' ? 'yes (proved)' : q.verdict === 'disproved' ? 'no (disproved)' : 'open',
    `pn ${number(q.pn)}`,
    `dn ${number(q.dn)}`,
    `${q.nodes} nodes`,
    ...(q.oracleHits > 0 ? [`${q.oracleHits} tablebase answers`] : []),
    `first moves ${q.movesProved} proved, ${q.movesDisproved} disproved of ${q.moves}`,
  ];
}

function line(pos: Position, moves: readonly Move[]): string {
  const names: string[] = [];
  for (const m of moves) {
    names.push(makeMoveSquares(pos.geo, m));
    pos.play(m);
  }
  for (let i = 0; i < moves.length; i++) pos.undo();
  return names.join(' ');
}

function describeSolve(pos: Position, r: SolveReport): string {
  const out = [`result: ${RESULT_WORDS[r.result](r)}`];
  out.push(columns(r.questions.map(questionRow)).trimEnd());
  if (r.proofSize !== undefined) {
    const what = r.result === 'draw' ? 'disproved by the two searches' : 'proved';
    out.push(`proof size: ${r.proofSize} positions (stored as ${what}; finished games not counted)`);
  }
  out.push(`nodes: ${r.nodes} in ${seconds(r.ms)} s, ${rate(r.nodes, r.ms)} nodes/s`);
  if (r.line.length > 0) {
    const kind = r.shortest
      ? `shortest win, ${r.line.length} plies`
      : 'a winning line from the proof, not the shortest';
    out.push(`main line (${kind}): ${line(pos, r.line)}`);
  }
  return out.join('\n') + '\n';
}

function describeReach(pos: Position, r: ReachReport): string {
  const out = [`proof searches (${seconds(r.solve.ms)} s): result ${RESULT_WORDS[r.solve.result](r.solve)}`];
  out.push(columns(r.solve.questions.map(questionRow)).trimEnd());
  out.push(`nodes: ${r.solve.nodes}, ${rate(r.solve.nodes, r.solve.ms)} nodes/s`);
  if (r.solve.line.length > 0) out.push(`main line: ${line(pos, r.solve.line)}`);
  out.push('bounded search, depth by depth (a forced win within that many plies?):');
  const rows = [['depth', `${pos.turn}`, `${opposite(pos.turn)}`, 'nodes', 'seconds']];
  for (const d of r.depths)
    rows.push([String(d.depth), yes(d.sideToMoveWins), yes(d.opponentWins), String(d.nodes), seconds(d.ms)]);
  out.push(columns(rows, [true, false, false, true, true]).trimEnd());
  out.push(
    `settled: neither side forces a win within ${r.settledDepth} plies` +
      (r.openDepth === undefined ? '' : `; depth ${r.openDepth} was open when the time ran out`),
  );
  return out.join('\n') + '\n';
}

const yes = (b: boolean): string => (b ? 'yes' : 'no');

export const solveCommand: Command = {
  name: 'solve',
  summary: 'prove a position won, lost or drawn (df-pn), or how far the proof reaches',
  usage,
  run,
};
