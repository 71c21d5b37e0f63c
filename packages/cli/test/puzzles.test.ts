// The proved puzzles: every puzzle the web app ships (packages/web/src/puzzles/puzzle-data.json,
// written by `tafl puzzles build`) proved again by the solver's bounded search from its record
// alone — its first move wins within its distance, every other first move does not, it wins no
// faster, and its line is legal under its ruleset and ends in the win — and the generator itself:
// the same seed gives the same puzzles, each of which is proved the same way; a position without
// a short win, or a win in one, is no puzzle; bad command lines are refused.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PRESETS, positionFromOtn, presetById, startingPosition } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import type { PuzzleFile } from '../src/puzzles/file.js';
import { generatePuzzles } from '../src/puzzles/generate.js';
import { provePuzzle } from '../src/puzzles/prove.js';
import { checkLine, verifyPuzzle } from '../src/puzzles/verify.js';
import { expectUsageError, tafl } from './helpers.js';

const DATA = fileURLToPath(new URL('../../web/src/puzzles/puzzle-data.json', import.meta.url));
const file = JSON.parse(readFileSync(DATA, 'utf8')) as PuzzleFile;

/**
 * A budget for each puzzle's proof: the positions it took the generator, with room to spare. The
 * bounded search's positions depend on the order the moves are generated in (the piece lists'),
 * which undo now keeps as it was: the 240 proofs take 3.7 million positions where they took 4.8,
 * but one (ard-ri-fr-29) takes 411152 where the generator's took 43949, so the room is ten times.
 */
const budget = (checkNodes: number): number => 10 * checkNodes + 50_000;

describe('the shipped puzzles', () => {
  it('say what made them: the command with its seed, and a note', () => {
    expect(file.command).toMatch(/^tafl puzzles build .*--seed \d+/);
    expect(file.command).toContain(`--seed ${file.seed}`);
    expect(file.note).toMatch(/never edited by hand/);
  });

  it('are 200 or more across every named ruleset, with unique ids and ratings of 1 to 5', () => {
    expect(file.puzzles.length).toBeGreaterThanOrEqual(200);
    expect(new Set(file.puzzles.map((p) => p.rules))).toEqual(new Set(PRESETS.map((r) => r.id)));
    expect(new Set(file.puzzles.map((p) => p.id)).size).toBe(file.puzzles.length);
    for (const p of file.puzzles) expect([1, 2, 3, 4, 5]).toContain(p.difficulty);
  });

  /*
   * Every puzzle is proved again, within a budget of positions ten times what its proof took the
   * generator (plus 50 000): about 3.7 million positions spent in all, some 20 s of one core. (The
   * solver's code is loaded by Node itself, not through the test runner's transform, which made
   * it three to four times slower: vitest.config.ts.)
   */
  it('each have a first move that wins in the stated moves and is the only one that wins as fast, proved again', () => {
    const failures: string[] = [];
    for (const p of file.puzzles) {
      const { problems } = verifyPuzzle(p, budget(p.checkNodes));
      for (const problem of problems) failures.push(`${p.id}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('each have a line legal under its ruleset that ends in the win after its plies', () => {
    const failures = file.puzzles.flatMap((p) => checkLine(p).map((problem) => `${p.id}: ${problem}`));
    expect(failures).toEqual([]);
  });

  it('store, at each of the winner’s later moves, only other moves the position allows', () => {
    for (const p of file.puzzles) {
      expect(p.alternatives).toHaveLength(p.moves - 1);
      const names = p.alternatives.flat();
      expect(names.every((n) => /^[a-g][1-7]-[a-g][1-7]$/.test(n))).toBe(true);
    }
  });
});

describe('the generator', () => {
  const options = {
    count: 1,
    seed: 7,
    nodes: 1500,
    maxMoves: 3,
    proofNodes: 200_000,
    maxGames: 40,
  } as const;
  const rules = presetById('brandubh-2019')!;

  it('gives the same puzzles from the same seed, each proved again from its record', () => {
    const first = generatePuzzles(rules, options);
    const second = generatePuzzles(rules, options);
    expect(second).toEqual(first);
    expect(first.puzzles.length).toBeGreaterThan(0);
    for (const [i, p] of first.puzzles.entries()) {
      const id = `brandubh-2019-${i + 1}`;
      expect(verifyPuzzle({ id, ...p }, budget(p.checkNodes)).problems).toEqual([]);
      expect(p.moves).toBeGreaterThanOrEqual(2);
      expect(p.moves).toBeLessThanOrEqual(3);
    }
  });

  it('finds no puzzle where there is no short win: the start of a game', () => {
    const start = startingPosition(rules);
    expect(provePuzzle(start, 3, 1_000_000)).toEqual({ kind: 'rejected', why: 'no-win' });
  });

  /*
   * Brandubh (2019): "The king wins by reaching a corner square." The king on b7 beside the
   * corner a7 escapes in one ply: a win in one move is not a puzzle (2 to 8 moves).
   *
   *   7  . K . . . . .
   *   6  . . . . . . .
   *   5  . . . t . . .
   *   4  . . . . . . .
   *   3  . . . t . . .
   *   2  . . . . . . .
   *   1  . . . . . . .
   *      a b c d e f g
   */
  it('finds no puzzle in a win in one move', () => {
    const made = positionFromOtn(rules, '/1K5/7/3t3/7/3t3/7/7/', 'defenders');
    if (!made.ok) throw new Error(made.message);
    const pos = made.value;
    expect(provePuzzle(pos, 15, 100_000)).toEqual({ kind: 'rejected', why: 'too-short' });
  });

  it('refuses a line that does not end in the win', () => {
    const p = file.puzzles[0]!;
    expect(checkLine({ ...p, line: p.line.slice(0, -1) })[0]).toMatch(/a line of/);
  });
});

describe('tafl puzzles', () => {
  it('needs its subcommand and a ruleset', async () => {
    expectUsageError(await tafl(['puzzles']), /needs a subcommand: build/);
    expectUsageError(await tafl(['puzzles', 'build']), /needs --rules ID or --all/);
    expectUsageError(await tafl(['puzzles', 'build', '--rules', 'nope']), /unknown ruleset "nope"/);
    expectUsageError(
      await tafl(['puzzles', 'build', '--all', '--max-moves', '9']),
      /--max-moves must be a whole number from 2 to 8/,
    );
  });
});
