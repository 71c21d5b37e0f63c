// `tafl show`: an OTN position drawn like docs/rules.md's diagrams, rank 7 on top, with the empty
// throne and corners marked `+` so they stand apart from the `.` of ordinary empty squares.
import { describe, expect, it } from 'vitest';
import { drawBoard } from '../src/board.js';
import { expectUsageError, tafl } from './helpers.js';

const BRANDUBH = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';

describe('tafl show', () => {
  it('draws the Brandubh start with the corners marked and the king on the throne', async () => {
    const { code, stdout } = await tafl(['show', BRANDUBH]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '7 + . . A . . +',
        '6 . . . A . . .',
        '5 . . . D . . .',
        '4 A A D K D A A',
        '3 . . . D . . .',
        '2 . . . A . . .',
        '1 + . . A . . +',
        '  a b c d e f g',
        '',
        'A attacker, D defender, K king, + empty throne or corner, . empty square',
        '',
      ].join('\n'),
    );
  });

  it('marks the empty throne once the king has left it (first row of the record is rank 1)', async () => {
    const { stdout } = await tafl(['show', '/K6/7/7/7/7/7/t6/']);
    expect(stdout).toContain('7 A . . . . . +\n');
    expect(stdout).toContain('4 . . . + . . .\n');
    expect(stdout).toContain('1 K . . . . . +\n');
  });

  it('with rules, checks the position and tells who is to move', async () => {
    const { code, stdout } = await tafl(['show', '--rules', 'ard-ri-fr']);
    expect(code).toBe(0);
    expect(stdout).toContain('7 + . A A A . +\n6 . . . A . . .\n5 A . D D D . A\n');
    expect(stdout).toContain('ard-ri-fr: defenders to move; 8 legal moves\n');
  });

  it('with rules and --turn, draws the given side to move', async () => {
    const { stdout } = await tafl(['show', BRANDUBH, '--rules', 'plazoleta', '--turn', 'defenders']);
    expect(stdout).toContain('plazoleta: defenders to move;');
  });

  it('draws in color on a terminal, and not when NO_COLOR is set', async () => {
    const colored = await tafl(['show', BRANDUBH], { tty: true });
    expect(colored.stdout).toContain('\u001b[');
    const plain = await tafl(['show', BRANDUBH], { tty: true, env: { NO_COLOR: '1' } });
    expect(plain.stdout).not.toContain('\u001b[');
    expect((await tafl(['show', BRANDUBH])).stdout).not.toContain('\u001b[');
  });

  it('numbers two-digit ranks in a column (an 11x11 board)', () => {
    const board = drawBoard(11, new Array<number>(121).fill(0));
    expect(board.split('\n')[0]).toBe('11 + . . . . . . . . . +');
    expect(board.split('\n')[10]).toBe(' 1 + . . . . . . . . . +');
    expect(board.split('\n')[11]).toBe('   a b c d e f g h i j k');
  });

  it('rejects a malformed position', async () => {
    expectUsageError(await tafl(['show', '/3t3/3t3/']), /^tafl: invalid position: /);
    expectUsageError(await tafl(['show', '/3t3/3t3/3T3/ttTKTtx/3T3/3t3/3t3/']), /"x"/);
  });

  it('rejects a position the rules forbid', async () => {
    expectUsageError(
      await tafl(['show', '/3t3/3t3/3T3/ttT1Ttt/3T3/3t3/3t3/', '--rules', 'plazoleta']),
      /invalid position: the position has no king/,
    );
  });
});
