// The solver and the endgame tablebases (src/tb) must agree: on random positions of the small
// materials (the king and up to two other pieces), the solver without tables proves the value
// the tables give, with a shortest line as long as the tables' distance; with the tables as its
// leaf oracle it answers from them at once.
import { Position, presetById, type Side } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { Tablebase, buildTbTable, tbMaterials } from '../src/tb/index.js';
import { solve, tablebaseOracle } from '../src/solve/index.js';

/** mulberry32. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(['brandubh-2019', 'ard-ri-fr'])('the solver and the tablebases of %s', (id) => {
  const rules = presetById(id)!;
  const tb = new Tablebase(rules);
  const built = tbMaterials(rules, 3);
  for (const m of built) tb.add(buildTbTable(rules, m, (s) => tb.table(s)));

  it('agree on random positions of up to three pieces', () => {
    const next = random(id.length);
    let compared = 0;
    let settled = 0;
    while (compared < 16) {
      const m = built[Math.floor(next() * built.length)]!;
      const board = new Array<number>(49).fill(0);
      const place = (code: number): void => {
        for (;;) {
          const sq = Math.floor(next() * 49);
          if (board[sq] === 0 && sq !== 24 && ![0, 6, 42, 48].includes(sq)) return void (board[sq] = code);
        }
      };
      place(3);
      for (let i = 0; i < m.defenders; i++) place(2);
      for (let i = 0; i < m.attackers; i++) place(1);
      const turn: Side = next() < 0.5 ? 'attackers' : 'defenders';
      const made = Position.fromSetup(rules, { size: 7, board, turn });
      if (!made.ok || made.value.isOver()) continue;
      const pos = made.value;
      const answer = tb.probe(pos);
      if (answer === undefined || !tb.isExact(pos, answer)) continue;
      compared++;
      const report = solve(pos, { nodes: 300_000, lineNodes: 300_000 });
      const where = `${board.join('')} ${turn}: tables ${answer.value} in ${answer.distance}`;
      if (report.result !== 'unknown') settled++;
      if (report.result !== 'unknown') expect(report.result, where).toBe(answer.value);
      if (report.shortest) expect(report.line.length, where).toBe(answer.distance);
      const probed = solve(pos, { nodes: 1, oracle: tablebaseOracle(tb) });
      expect(probed.result, where).toBe(answer.value);
    }
    expect(settled).toBeGreaterThanOrEqual(12);
  });
});
