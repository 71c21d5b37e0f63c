// `tafl bestmove` and `tafl analyze`: a line per finished depth, then the move alone on the last
// line; mistakes are one sentence and exit code 2; analyze runs until Ctrl-C (SIGINT), the end of
// standard input or a limit. The searches are bounded by nodes or depth, or stopped once the test
// has seen a depth: no test depends on how fast the engine is (the one with --time holds only that
// the search runs for the time it is given).
import { spawn } from 'node:child_process';
import { makeRules, playMoveRecord, positionFromOtn, presetById, type Side } from '@tafl/core';
import { drawScoreFor } from '@tafl/engine';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli.js';
import type { Io } from '../src/io.js';
import { BIN, collector, expectUsageError, lines, tafl } from './helpers.js';

const DEPTH_LINE =
  /^depth (\d+) score (-?\d+|win in \d+|loss in \d+) nodes \d+ nps \d+ time \d+ pv \S+( \S+)*$/;

interface Game {
  readonly rules: string;
  readonly moves?: readonly string[];
  readonly position?: string;
  readonly turn?: Side;
}

/** Is `record` a legal move after the game's moves? */
function legalAfter(game: Game, record: string): boolean {
  const pos = positionFromOtn(presetById(game.rules)!, game.position, game.turn);
  if (!pos.ok) throw new Error(pos.message);
  for (const m of game.moves ?? []) expect(playMoveRecord(pos.value, m).ok).toBe(true);
  return playMoveRecord(pos.value, record).ok;
}

/** The depth lines and the last line of an output, checking that only those are there. */
function parse(stdout: string): { depths: number[]; move: string } {
  const all = lines(stdout);
  const move = all.pop()!;
  for (const line of all) expect(line).toMatch(DEPTH_LINE);
  expect(move).toMatch(/^\S+$/);
  return { depths: all.map((line) => Number(DEPTH_LINE.exec(line)![1])), move };
}

/** Standard input that stays open until `close()`. */
function openStdin(): { stdin: AsyncIterable<string>; close: () => void } {
  let close = (): void => undefined;
  const closed = new Promise<void>((resolve) => (close = resolve));
  const end = async (): Promise<IteratorResult<string>> => {
    await closed;
    return { done: true, value: undefined };
  };
  return { stdin: { [Symbol.asyncIterator]: () => ({ next: end }) }, close };
}

/** `tafl ARGV` as a process, its standard input left open; resolves `depth` at its first depth line. */
function spawned(argv: readonly string[]) {
  const child = spawn(process.execPath, [BIN, ...argv]);
  let stdout = '';
  let stderr = '';
  let seen = (): void => undefined;
  const depth = new Promise<void>((resolve) => (seen = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (/^depth /m.test(stdout)) seen();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const closed = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, depth, closed };
}

describe('tafl bestmove', () => {
  it('prints every depth to a node limit, then a legal move alone on the last line', async () => {
    const game = { rules: 'brandub-fr', moves: ['d2-c2', 'd3-d2'] };
    const ran = await tafl(['bestmove', '--rules', game.rules, '--nodes', '20000', ...game.moves]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const { depths, move } = parse(ran.stdout);
    expect(depths.length).toBeGreaterThanOrEqual(2);
    expect(depths).toEqual(depths.map((_, i) => i + 1));
    expect(legalAfter(game, move)).toBe(true);
    // the move is the first of the last depth's principal variation
    expect(lines(ran.stdout).at(-2)).toContain(` pv ${move}`);
  });

  it('takes the moves from --moves as well, and stops at --depth', async () => {
    const game = { rules: 'ard-ri-fr', moves: ['c3-b3', 'c1-c2'] };
    const ran = await tafl([
      'bestmove',
      '--rules',
      game.rules,
      '--moves',
      game.moves.join(' '),
      '--depth',
      '3',
    ]);
    const { depths, move } = parse(ran.stdout);
    expect(depths).toEqual([1, 2, 3]);
    expect(legalAfter(game, move)).toBe(true);
  });

  it('takes the rules as an OTN rules string', async () => {
    const ran = await tafl([
      'bestmove',
      '--rules-string',
      makeRules(presetById('plazoleta')!),
      '--depth',
      '2',
    ]);
    expect(legalAfter({ rules: 'plazoleta' }, parse(ran.stdout).move)).toBe(true);
  });

  it('finds the same move for the same node limit every time', async () => {
    const argv = ['bestmove', '--rules', 'opentafl-brandub', '--nodes', '10000', '--seed', '3', 'd2-e2'];
    const first = await tafl(argv);
    const again = await tafl(argv);
    const untimed = (out: string) => out.replace(/ nps \d+ time \d+/g, '');
    expect(untimed(again.stdout)).toBe(untimed(first.stdout));
  });

  it('searches for the time it is given: the engine’s start is not taken from --time', async () => {
    // The engine's worker and its helper threads start before the search's time runs (in play
    // their start counts against the move's time). A one-shot search of 200 ms that started them
    // in its own time had 20 to 40 ms left for its search, and stopped at depth 2 just after its
    // first line. Now its first line comes after they have started, and the search goes on to
    // its time (or three quarters of it, once its move has held for four depths).
    let firstLine: number | undefined;
    let text = '';
    const stdout = {
      write(chunk: string) {
        firstLine ??= /^depth /m.test(chunk) ? Date.now() : undefined;
        text += chunk;
        return true;
      },
    };
    const argv = ['bestmove', '--rules', 'opentafl-brandub', '--time', '200', '--threads', '2'];
    const code = await run(argv, { stdout, stderr: collector(), stdin: (async function* () {})() });
    const searched = Date.now() - firstLine!;
    expect(code).toBe(0);
    expect(legalAfter({ rules: 'opentafl-brandub' }, parse(text).move)).toBe(true);
    expect(searched).toBeGreaterThanOrEqual(100);
  });

  it('plays as a level, the lower levels with one line for their choice', async () => {
    const ran = await tafl(['bestmove', '--rules', 'brandubh-en', '--level', '1', '--seed', '9']);
    const { depths, move } = parse(ran.stdout);
    expect(depths).toEqual([1]);
    expect(legalAfter({ rules: 'brandubh-en' }, move)).toBe(true);
  });

  it('scores a win by its distance: the king with an open way to a corner escapes', async () => {
    //   7  . . t t t . .
    //   4  t . . . . . t     (six pieces: more than the worker's endgame tables hold, so searched)
    //   ...  (empty)
    //   1  . . . K . . .     defenders to move: d1-a1 reaches the corner
    //      a b c d e f g
    const game = { rules: 'brandub-fr', position: '/3K3/7/7/t5t/7/7/2ttt2/', turn: 'defenders' as const };
    const ran = await tafl([
      'bestmove',
      '--rules',
      game.rules,
      '--position',
      game.position,
      '--turn',
      game.turn,
      '--depth',
      '3',
    ]);
    expect(lines(ran.stdout)[0]).toMatch(/^depth 1 score win in 1 /);
    expect(parse(ran.stdout).move).toBe('d1-a1--');
  });

  it('says so when a level plays from its opening book, instead of a depth and a score', async () => {
    const ran = await tafl(['bestmove', '--rules', 'plazoleta', '--level', '6', '--seed', '2']);
    const [first, move] = lines(ran.stdout);
    expect(first).toMatch(/^book pv \S+$/);
    expect(move).toBe(first!.split(' ')[2]);
  });

  /*
   * La Plazoleta's attackers win most games, so in play a draw is worth something to the
   * defenders (weights.ts, drawScoreFor); analysis scores it 0. The attackers and defenders shuffle
   * d1-e1 and d3-e3 to and fro: the defenders' e3-d3 now stands the start for the third time, a
   * draw. A one-ply analysis must neither take that draw for an advantage nor prefer it.
   */
  it('scores a draw as 0 in analysis, not as the worth a draw has to a side in play', async () => {
    const moves = 'd1-e1 d3-e3 e1-d1 e3-d3 d1-e1 d3-e3 e1-d1'.split(' ');
    const ran = await tafl(['bestmove', '--rules', 'plazoleta', ...moves, '--depth', '1']);
    expect(ran.code).toBe(0);
    const first = lines(ran.stdout)[0]!;
    expect(first).toMatch(/^depth 1 score -?\d+ /);
    expect(first).not.toMatch(/ pv e3-d3/);
    expect(Number(/score (-?\d+)/.exec(first)![1])).toBeLessThan(drawScoreFor(presetById('plazoleta')!));
  });

  it('says that a game which has ended has no move', async () => {
    const moves = 'd1-e1 c4-c3 e1-d1 c3-c4 d1-e1 c4-c3 e1-d1 c3-c4'.split(' ');
    expectUsageError(
      await tafl(['bestmove', '--rules', 'opentafl-brandub', ...moves]),
      /^tafl: the game has ended, a draw \(repetition\): there is no move to search\n$/,
    );
  });

  it('refuses mistakes with exit code 2 and one sentence', async () => {
    expectUsageError(await tafl(['bestmove', '--depth', '2']), /needs the rules/);
    expectUsageError(await tafl(['bestmove', '--rules', 'tablut']), /unknown ruleset "tablut"/);
    expectUsageError(
      await tafl(['bestmove', '--rules', 'brandub-fr', '--time', 'soon']),
      /--time must be a whole number from 1, not "soon"/,
    );
    expectUsageError(
      await tafl(['bestmove', '--rules', 'brandub-fr', '--depth', '0']),
      /--depth must be a whole number from 1 to 100/,
    );
    expectUsageError(
      await tafl(['bestmove', '--rules', 'brandub-fr', '--nodes', '1e6']),
      /--nodes must be a whole number/,
    );
    expectUsageError(
      await tafl(['bestmove', '--rules', 'brandub-fr', '--level', '7']),
      /--level must be a whole number from 1 to 6, not "7"/,
    );
    expectUsageError(
      await tafl(['bestmove', '--rules', 'brandub-fr', '--seed=-1']),
      /--seed must be a whole number from 0 to 4294967295/,
    );
    expectUsageError(
      await tafl(['bestmove', '--rules', 'brandub-fr', 'd2-c2', 'd2-d9']),
      /^tafl: at ply 2, /,
    );
    expectUsageError(await tafl(['bestmove', '--rules', 'brandub-fr', '--turn', 'kings']), /--turn must be/);
    expectUsageError(await tafl(['bestmove', '--rules', 'brandub-fr', '--bogus']), /unknown option --bogus/);
  });

  it('prints its usage', async () => {
    const ran = await tafl(['bestmove', '--help']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Usage: tafl bestmove /);
  });

  it('answers Ctrl-C at once with the best move so far (a real process)', async () => {
    const game = { rules: 'ard-ri-es' };
    const run = spawned(['bestmove', '--rules', game.rules, '--time', '600000']);
    await run.depth;
    run.child.kill('SIGINT');
    const { code, stdout, stderr } = await run.closed;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(legalAfter(game, parse(stdout).move)).toBe(true);
  });
});

describe('tafl analyze', () => {
  it('prints every depth until a limit ends it, with standard input still open', async () => {
    const input = openStdin();
    const ran = await tafl(['analyze', '--rules', 'brandub-fr', '--depth', '4'], { stdin: input.stdin });
    input.close();
    expect(ran.code).toBe(0);
    const { depths, move } = parse(ran.stdout);
    expect(depths).toEqual([1, 2, 3, 4]);
    expect(legalAfter({ rules: 'brandub-fr' }, move)).toBe(true);
  });

  it('stops when standard input closes, printing the best move of the last depth', async () => {
    const input = openStdin();
    const stdout = collector();
    const write = stdout.write.bind(stdout);
    stdout.write = (text: string) => {
      write(text);
      if (text.startsWith('depth ')) input.close(); // close it once a depth is printed
      return true;
    };
    const io: Io = { stdout, stderr: collector(), stdin: input.stdin };
    const code = await run(['analyze', '--rules', 'ard-ri-fr'], io);
    expect(code).toBe(0);
    const { depths, move } = parse(stdout.text);
    expect(depths.length).toBeGreaterThanOrEqual(1);
    expect(lines(stdout.text).at(-2)).toContain(` pv ${move}`);
    expect(legalAfter({ rules: 'ard-ri-fr' }, move)).toBe(true);
  });

  it('refuses the options of bestmove alone', async () => {
    expectUsageError(
      await tafl(['analyze', '--rules', 'brandub-fr', '--level', '2']),
      /unknown option --level/,
    );
  });

  it('stops on Ctrl-C and exits, standard input still open (a real process)', async () => {
    const game = { rules: 'brandub-fr', moves: ['d2-c2'] };
    const run = spawned(['analyze', '--rules', game.rules, ...game.moves]);
    await run.depth;
    run.child.kill('SIGINT');
    const { code, stdout, stderr } = await run.closed;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const { move } = parse(stdout);
    expect(lines(stdout).at(-2)).toContain(` pv ${move}`);
    expect(legalAfter(game, move)).toBe(true);
  });

  it('stops when a program driving it closes its standard input (a real process)', async () => {
    const run = spawned(['analyze', '--rules', 'ard-ri-es']);
    await run.depth;
    run.child.stdin.end();
    const { code, stdout } = await run.closed;
    expect(code).toBe(0);
    expect(legalAfter({ rules: 'ard-ri-es' }, parse(stdout).move)).toBe(true);
  });

  it('exits after --depth even though nobody closes its standard input (a real process)', async () => {
    const run = spawned(['analyze', '--rules', 'plazoleta', '--depth', '3']);
    const { code, stdout } = await run.closed;
    expect(code).toBe(0);
    expect(parse(stdout).depths).toEqual([1, 2, 3]);
  });
});
