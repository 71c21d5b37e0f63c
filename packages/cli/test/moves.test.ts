// `tafl moves`: the side to move and its legal moves, sorted as the trace vectors sort them,
// after moves played from the start or from a given position.
import { describe, expect, it } from 'vitest';
import { expectUsageError, lines, tafl, vectors } from './helpers.js';

const brandub = vectors('opentafl-brandub.jsonl');
const legalOf = (record: Record<string, unknown>): string[] => record['legal'] as string[];
const listed = (stdout: string): string[] => lines(stdout).slice(1).join(' ').split(' ');

describe('tafl moves', () => {
  it('gives the 40 moves of the attackers at the start of opentafl-brandub', async () => {
    const { code, stdout } = await tafl(['moves', '--rules', 'opentafl-brandub']);
    expect(code).toBe(0);
    expect(lines(stdout)[0]).toBe('attackers to move; 40 legal moves');
    expect(listed(stdout)).toEqual(legalOf(brandub[0]!.trace[0]!));
    expect(lines(stdout)[1]).toBe('a4-a2 a4-a3 a4-a5 a4-a6 b4-b1 b4-b2 b4-b3 b4-b5 b4-b6 b4-b7');
  });

  it('plays the moves given as a list, repeated --moves, or arguments', async () => {
    const game = brandub[0]!;
    const expected = legalOf(game.trace[3]!);
    const [m1, m2, m3] = game.moves as [string, string, string];
    for (const argv of [
      ['--moves', `${m1} ${m2} ${m3}`],
      ['--moves', m1, '--moves', `${m2} ${m3}`],
      [m1, m2, m3],
    ]) {
      const { code, stdout } = await tafl(['moves', '--rules', 'opentafl-brandub', ...argv]);
      expect(code).toBe(0);
      expect(lines(stdout)[0]).toMatch(/^defenders to move; \d+ legal moves$/);
      expect(listed(stdout)).toEqual(expected);
    }
  });

  it('says how the game ended, and lists no moves', async () => {
    const game = brandub[0]!;
    const last = game.trace.at(-1)!;
    const { code, stdout } = await tafl([
      'moves',
      '--rules',
      'opentafl-brandub',
      '--moves',
      game.moves.join(' '),
    ]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      `${String(last['turn'])} to move; the game has ended: the attackers win (king captured)\n`,
    );
  });

  it('says when the side to move must pass (brandub-fr, a blocked side passes)', async () => {
    const game = vectors('brandub-fr.jsonl').find((g) => g.moves.includes('pass'))!;
    const before = game.moves.slice(0, game.moves.indexOf('pass'));
    const { stdout } = await tafl(['moves', '--rules', 'brandub-fr', ...before]);
    expect(stdout).toMatch(/^(attackers|defenders) to move; they have no legal move and must pass\n$/);
  });

  it('starts from --position with --turn', async () => {
    const record = brandub[1]!.trace[10]!;
    const { stdout } = await tafl([
      'moves',
      '--rules',
      'opentafl-brandub',
      '--position',
      String(record['position']),
      '--turn',
      String(record['turn']),
    ]);
    expect(lines(stdout)[0]).toMatch(new RegExp(`^${String(record['turn'])} to move;`));
    expect(listed(stdout)).toEqual(legalOf(record));
  });

  it('rejects an illegal move, naming its ply and the move', async () => {
    expectUsageError(
      await tafl(['moves', '--rules', 'opentafl-brandub', 'd7-c7', 'd4-d5']),
      /^tafl: at ply 2, d4-d5 is not a legal move for the defenders\n$/,
    );
  });

  it('rejects a malformed move, naming its ply and the move', async () => {
    expectUsageError(
      await tafl(['moves', '--rules', 'opentafl-brandub', 'd7c7']),
      /at ply 1, "d7c7" is not a move/,
    );
  });

  it('rejects --turn other than attackers or defenders', async () => {
    expectUsageError(
      await tafl(['moves', '--rules', 'plazoleta', '--turn', 'white']),
      /--turn must be attackers or defenders/,
    );
  });
});
