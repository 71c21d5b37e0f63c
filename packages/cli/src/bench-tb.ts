/**
 * The tablebases' part of `npm run bench`: every named ruleset's tables up to four pieces (the
 * king and three others; the full set of five takes minutes a ruleset, see the engine's
 * README), built in memory on one thread: the time, the entries a second, the size compressed
 * as `tafl tb build` writes it, and the time of a probe once loaded.
 */

import { gzipSync } from 'node:zlib';
import { PRESETS, Position, seededRandom, type Ruleset } from '@tafl/core';
import { TB_NONE, buildTablebase, tbTableBytes, type Tablebase } from '@tafl/engine';
import { columns } from './format.js';

/** Pieces on the board, king included, of the bench's tables. */
export const BENCH_TB_PIECES = 4;

/** Positions of the tables, as core Positions, to probe: `count` of them, at random. */
function positions(rules: Ruleset, tb: Tablebase, count: number): Position[] {
  const random = seededRandom(1);
  const out: Position[] = [];
  const tables = tb.loaded.filter((t) => t.material.defenders + t.material.attackers === BENCH_TB_PIECES - 1);
  const p = { king: 0, defenders: new Int32Array(8), attackers: new Int32Array(8), side: 0 };
  while (out.length < count) {
    const table = tables[Math.floor(random() * tables.length)]!;
    const i = Math.floor(random() * table.header.entries);
    if (table.value(i) === TB_NONE) continue;
    table.indexer.decode(i, p);
    const board = new Array<number>(rules.size * rules.size).fill(0);
    board[p.king] = 3;
    for (let j = 0; j < table.material.defenders; j++) board[p.defenders[j]!] = 2;
    for (let j = 0; j < table.material.attackers; j++) board[p.attackers[j]!] = 1;
    const pos = Position.fromSetup(rules, {
      size: rules.size,
      board,
      turn: p.side === 0 ? 'attackers' : 'defenders',
    });
    if (pos.ok && !pos.value.isOver()) out.push(pos.value);
  }
  return out;
}

/** Nanoseconds a probe, over many probes of a thousand positions. */
function probeTime(tb: Tablebase, sample: readonly Position[]): number {
  let sink = 0;
  const rounds = 300;
  const start = performance.now();
  for (let r = 0; r < rounds; r++) for (const pos of sample) sink += tb.probeCode(pos);
  const ns = ((performance.now() - start) * 1e6) / (rounds * sample.length);
  if (sink === 0.5) throw new Error('unreachable');
  return ns;
}

export function tablebaseFigures(): string {
  const rows = [
    ['ruleset', 'tables', 'entries', 'seconds', 'entries/s', 'bytes (gz)', 'longest', 'probe ns'],
  ];
  for (const rules of PRESETS) {
    const start = performance.now();
    const tb = buildTablebase(rules, BENCH_TB_PIECES);
    const ms = performance.now() - start;
    const tables = tb.loaded;
    const entries = tables.reduce((a, t) => a + t.header.entries, 0);
    const bytes = tables.reduce((a, t) => a + gzipSync(tbTableBytes(t)).length, 0);
    const longest = Math.max(...tables.map((t) => t.header.maxDistance));
    const ns = probeTime(tb, positions(rules, tb, 1000));
    rows.push([
      rules.id,
      String(tables.length),
      String(entries),
      (ms / 1000).toFixed(1),
      String(Math.round(entries / (ms / 1000))),
      String(bytes),
      String(longest),
      ns.toFixed(0),
    ]);
  }
  return columns(rows, [false, true, true, true, true, true, true, true]);
}
