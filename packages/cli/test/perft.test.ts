// `tafl perft`: counts per depth as OpenTafl's perft gives them for its Brandub
// (40, 960, 39512, 1007392; the rules core's perft test), and --divide by first move.
import { describe, expect, it } from 'vitest';
import { expectUsageError, lines, tafl } from './helpers.js';

const columnsOf = (line: string): string[] => line.trim().split(/\s+/);

describe('tafl perft', () => {
  it('counts 40, 960, 39512 to depth 3 from the start of opentafl-brandub, with nodes/s', async () => {
    const { code, stdout } = await tafl(['perft', '--rules', 'opentafl-brandub', '--depth', '3']);
    expect(code).toBe(0);
    const rows = lines(stdout).map(columnsOf);
    expect(rows[0]).toEqual(['depth', 'nodes', 'seconds', 'nodes/s']);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['1', '40'],
      ['2', '960'],
      ['3', '39512'],
    ]);
    for (const row of rows.slice(1)) {
      expect(row[2]).toMatch(/^\d+\.\d{3}$/);
      expect(row[3]).toMatch(/^(\d+|-)$/);
    }
  });

  it('divides depth 2 by the 40 first moves, 960 in all', async () => {
    const { code, stdout } = await tafl(['perft', '--rules', 'opentafl-brandub', '--depth', '2', '--divide']);
    expect(code).toBe(0);
    const rows = lines(stdout).map(columnsOf);
    expect(rows[0]![0]).toBe('a4-a2');
    expect(rows.slice(0, 40).every((r) => /^[a-g][1-7]-[a-g][1-7]$/.test(r[0]!))).toBe(true);
    expect(rows.slice(0, 40).reduce((sum, r) => sum + Number(r[1]), 0)).toBe(960);
    expect(rows[40]).toEqual(['total', '960']);
    expect(lines(stdout)[41]).toMatch(/^40 moves, \d+\.\d{3} s, (\d+|-) nodes\/s$/);
  });

  it('counts from a position with the side to move given', async () => {
    // The king on d4 against one attacker on b7, defenders to move.
    const { stdout } = await tafl([
      'perft',
      '--rules',
      'opentafl-brandub',
      '--position',
      '/7/7/7/3K3/7/7/1t5/',
      '--turn',
      'defenders',
      '--depth',
      '1',
    ]);
    // d4 king: 3 squares down to d1, 3 up to d7, 3 left to a4, 3 right to g4.
    expect(columnsOf(lines(stdout)[1]!).slice(0, 2)).toEqual(['1', '12']);
  });

  it('rejects a missing or bad depth', async () => {
    expectUsageError(await tafl(['perft', '--rules', 'plazoleta']), /perft needs --depth N/);
    expectUsageError(
      await tafl(['perft', '--rules', 'plazoleta', '--depth', 'x']),
      /--depth must be a whole number/,
    );
    expectUsageError(
      await tafl(['perft', '--rules', 'plazoleta', '--depth', '0']),
      /--depth must be a whole number/,
    );
    expectUsageError(
      await tafl(['perft', '--rules', 'plazoleta', '--depth']),
      /option --depth needs a value/,
    );
  });
});
