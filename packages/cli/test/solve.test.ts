// `tafl solve`: the result, the questions, the proof's size, the nodes and the line for a
// position of the tactics suite; "unknown" when the budget is too small; --reach's table; and
// bad input as a one-line error with exit code 2.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { presetById } from '@tafl/core';
import { Tablebase, buildTbTable, tbMaterials } from '@tafl/engine';
import { describe, expect, it } from 'vitest';
import { writeTable } from '../src/tb/files.js';
import { expectUsageError, tafl } from './helpers.js';

// plazoleta-01 of the engine's tactics suite: the defenders win in 5 plies with d6-d2.
const WIN_IN_5 = [
  '--rules',
  'plazoleta',
  '--position',
  '/2T4/2t4/2T4/1TK4/2T4/T2T2T/7/',
  '--turn',
  'defenders',
];

describe('tafl solve', () => {
  it('proves a win with its size, nodes, nodes/s and the shortest line', async () => {
    const { code, stdout } = await tafl(['solve', ...WIN_IN_5]);
    expect(code).toBe(0);
    expect(stdout).toContain('result: win for the side to move (the defenders)');
    expect(stdout).toMatch(/do the defenders win\?\s+yes \(proved\)\s+pn 0\s+dn inf/);
    expect(stdout).toMatch(/proof size: \d+ positions/);
    expect(stdout).toMatch(/nodes: \d+ in \d+\.\d{3} s, (\d+|-) nodes\/s/);
    expect(stdout).toMatch(/main line \(shortest win, 5 plies\): d6-d2 \S+ \S+ \S+ \S+\n/);
  });

  it('says unknown, never a guess, when the budget runs out', async () => {
    const { code, stdout } = await tafl(['solve', '--rules', 'brandubh-2019', '--nodes', '500']);
    expect(code).toBe(0);
    expect(stdout).toContain(
      'result: unknown (budget spent; open: do the attackers win? and do the defenders win?)',
    );
    expect(stdout).not.toContain('main line');
  });

  it('--reach prints the proof searches and the depths settled by the bounded search', async () => {
    const { code, stdout } = await tafl(['solve', '--rules', 'brandubh-2019', '--reach', '--time', '0.5']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^proof searches \(/m);
    expect(stdout).toMatch(/^depth\s+attackers\s+defenders\s+nodes\s+seconds$/m);
    expect(stdout).toMatch(/^\s+1\s+no\s+no\s+\d+/m);
    expect(stdout).toMatch(/^settled: neither side forces a win within \d+ plies/m);
  });

  it('--tb answers from the tablebases (here the king alone and with one other piece)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tafl-solve-tb-'));
    try {
      const rules = presetById('brandubh-2019')!;
      const tb = new Tablebase(rules);
      for (const m of tbMaterials(rules, 2)) {
        const table = buildTbTable(rules, m, (smaller) => tb.table(smaller));
        tb.add(table);
        writeTable(dir, rules, table);
      }
      const position = [
        '--rules',
        'brandubh-2019',
        '--position',
        '/7/7/7/3K3/7/5t1/7/',
        '--turn',
        'defenders',
      ];
      const { code, stdout, stderr } = await tafl(['solve', ...position, '--tb', dir]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toContain('tablebases: 3 tables from');
      expect(stdout).toContain('result: win for the side to move (the defenders)');
      expect(stdout).toMatch(
        /do the defenders win\?\s+yes \(proved\)\s+pn 0\s+dn inf\s+0 nodes\s+1 tablebase answers/,
      );
      expectUsageError(
        await tafl(['solve', '--rules', 'plazoleta', '--tb', dir]),
        /no tablebases of plazoleta in/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects an unknown ruleset, a malformed position, a bad budget and a finished game', async () => {
    expectUsageError(await tafl(['solve', '--rules', 'brandubh-1066']), /unknown ruleset "brandubh-1066"/);
    expectUsageError(
      await tafl(['solve', '--rules', 'plazoleta', '--position', '/7/7/']),
      /invalid position/,
    );
    expectUsageError(
      await tafl(['solve', '--rules', 'plazoleta', '--nodes', 'many']),
      /--nodes must be a whole number/,
    );
    expectUsageError(
      await tafl(['solve', '--rules', 'plazoleta', '--time', '0']),
      /--time must be a number of seconds/,
    );
    expectUsageError(
      await tafl(['solve', '--rules', 'plazoleta', '--reach', '--nodes', '5']),
      /--reach is bounded by --time/,
    );
    expectUsageError(await tafl(['solve']), /solve needs the rules/);
    expectUsageError(
      await tafl(['solve', '--rules', 'plazoleta', '--position', '/K6/7/7/7/7/7/1t5/']),
      /already ended/,
    );
  });
});
