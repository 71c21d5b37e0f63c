// The solver (src/solve): its answers against a plain exhaustive search written here, the
// repetition rule and the path-dependence of what its table keeps (the graph-history
// interaction), and the leaf oracle's place.
import {
  PRESETS,
  Position,
  positionFromOtn,
  presetById,
  withParameters,
  type Ruleset,
  type Side,
} from '@tafl/core';
import { describe, expect, it } from 'vitest';
import {
  DfPn,
  INFINITE,
  NO_DEPENDENCY,
  ProofTable,
  solve,
  solverPosition,
  type TableEntry,
} from '../src/solve/index.js';

type Value = 'win' | 'loss' | 'draw' | undefined;

/**
 * The value for the side to move by plain minimax over every line of `depth` plies, no table,
 * no pruning: settled ('win', 'loss', 'draw') only when it does not depend on what lies beyond.
 */
function exhaustive(pos: Position, depth: number): Value {
  if (pos.isOver()) {
    const status = pos.outcome().status;
    return status === 'draw' ? 'draw' : status === pos.turn ? 'win' : 'loss';
  }
  if (depth === 0) return undefined;
  let allLost = true;
  let allSettled = true;
  for (const move of pos.legalMoves()) {
    pos.play(move);
    const child = exhaustive(pos, depth - 1);
    pos.undo();
    if (child === 'loss') return 'win';
    if (child !== 'win') allLost = false;
    if (child === undefined) allSettled = false;
  }
  if (allLost) return 'loss';
  return allSettled ? 'draw' : undefined;
}

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

/** An endgame-like position: the king, one to four attackers, up to two defenders, at random. */
function endgame(rules: Ruleset, next: () => number): Position | undefined {
  const board = new Array<number>(49).fill(0);
  const place = (code: number): void => {
    for (;;) {
      const sq = Math.floor(next() * 49);
      if (board[sq] === 0 && sq !== 24 && ![0, 6, 42, 48].includes(sq)) {
        board[sq] = code;
        return;
      }
    }
  };
  place(3);
  const attackers = 1 + Math.floor(next() * 4);
  for (let i = 0; i < attackers; i++) place(1);
  for (let i = Math.floor(next() * 3); i > 0; i--) place(2);
  const turn: Side = next() < 0.5 ? 'attackers' : 'defenders';
  const made = Position.fromSetup(rules, { size: 7, board, turn });
  return made.ok && !made.value.isOver() ? made.value : undefined;
}

describe('the solver against a plain exhaustive search', () => {
  it.each(PRESETS.map((r) => r.id))(
    '%s: random endgames settled by a 3-ply exhaustive search get the same result',
    (id) => {
      const rules = presetById(id)!;
      const next = random(16 + id.length);
      let settled = 0;
      let compared = 0;
      while (compared < 16) {
        const pos = endgame(rules, next);
        if (pos === undefined) continue;
        compared++;
        const plain = exhaustive(pos, 3);
        const report = solve(pos, { nodes: 40_000, lineNodes: 10_000 });
        if (plain !== undefined) {
          settled++;
          expect(report.result, `${id} ${pos.toSetup().board.join('')} ${pos.turn}`).toBe(plain);
        } else if (report.shortest) {
          // Not settled within 3 plies: a proved win or loss must then be longer.
          expect(report.line.length).toBeGreaterThan(3);
        }
      }
      expect(settled).toBeGreaterThanOrEqual(4);
    },
    // A few seconds of one core; the margin is for a loaded machine.
    180_000,
  );
});

describe('repetition and the table (graph-history interaction)', () => {
  /**
   * ard-ri-fr (step moves, a blocked side passes, twenty quiet plies draw). The defenders are
   * shut in, every one with a friend on each line, so nothing of theirs can be taken, and must
   * pass; the attacker on f6 can walk about for ever. The defenders cannot force a win.
   *
   *   7 . . . . . . .
   *   6 . . . . . t .
   *   5 . . . . . . .
   *   4 t t . . . . .
   *   3 T T t . . . .
   *   2 T K T t . . .
   *   1 . T T t . . .
   *     a b c d e f g
   */
  const FORTRESS = '/1TTt3/TKTt3/TTt4/tt5/7/5t1/7/';
  const ardRiFr = presetById('ard-ri-fr')!;

  it.each([
    ['the quiet-ply limit (ard-ri-fr as it is)', ardRiFr],
    ['the third repetition draws', withParameters(ardRiFr, { repetitionDraws: true, quietPlyLimit: 0 })],
    [
      'repetition is no rule and nothing else ends the game',
      withParameters(ardRiFr, { repetitionDraws: false, quietPlyLimit: 0 }),
    ],
  ])('the defenders shut in cannot win, under %s', (_, rules) => {
    const pos = positionFromOtn(rules, FORTRESS, 'attackers');
    if (!pos.ok) throw new Error(pos.message);
    const search = new DfPn(solverPosition(pos.value), 'defenders');
    expect(search.run({ nodes: 300_000 }).verdict).toBe('disproved');
  });

  it('believes a disproof that rests on an ancestor only while that ancestor is on the path', () => {
    const table = new ProofTable();
    const entry: TableEntry = { pn: 0, dn: 0, dep: 0 };
    // Serial numbers of the nodes on the current path, by ply.
    let path = [11, 12, 13];
    const serialAt = (ply: number): number => path[ply] ?? -1;
    table.put(1, 2, INFINITE, 0, 1, 12); // disproved, resting on the node at ply 1 (serial 12)
    expect(table.get(1, 2, entry, serialAt)).toBe(true);
    expect(entry.dn).toBe(0);
    path = [11, 20, 21]; // another node at ply 1: the repetition it rested on is gone
    expect(table.get(1, 2, entry, serialAt)).toBe(false);
    expect(table.solved(1, 2)).toBeUndefined();
    // A disproof that rests on nothing outside its subtree, and a proof, hold on every path.
    table.put(3, 4, INFINITE, 0, NO_DEPENDENCY, 0);
    table.put(5, 6, 0, INFINITE, NO_DEPENDENCY, 0);
    expect(table.solved(3, 4)).toBe('disproved');
    expect(table.solved(5, 6)).toBe('proved');
    // A solved entry is never overwritten by a later estimate.
    table.put(5, 6, 3, 4, NO_DEPENDENCY, 0);
    expect(table.get(5, 6, entry, serialAt) && entry.pn).toBe(0);
  });

  it('keeps the solved entries when the table is full and drops the estimates', () => {
    const table = new ProofTable(1024, 1024);
    table.put(7, 7, 0, INFINITE, NO_DEPENDENCY, 0);
    for (let i = 0; i < 5000; i++) table.put(100 + i, i, 2, 3, NO_DEPENDENCY, 0);
    expect(table.solved(7, 7)).toBe('proved');
    expect(table.size).toBeLessThanOrEqual(1024);
  });
});

describe('the leaf oracle', () => {
  // brandubh-2019, attackers to move: the king on d4 (the throne) with attackers on b2 and f6.
  const otn = '/7/1t5/7/3K3/7/5t1/7/';

  it('is asked first and believed: a draw from the oracle settles both questions at once', () => {
    const pos = positionFromOtn(presetById('brandubh-2019')!, otn, 'attackers');
    if (!pos.ok) throw new Error(pos.message);
    const report = solve(pos.value, { oracle: () => ({ result: 'draw', plies: 0 }) });
    expect(report.result).toBe('draw');
    expect(report.nodes).toBe(0);
    expect(report.questions.map((q) => q.oracleHits)).toEqual([1, 1]);
  });

  it('where quiet plies are counted, a win longer than the plies left is not believed', () => {
    // brandub-fr draws after 20 quiet plies: an oracle's win in 21 plies is no proof there.
    const rules = presetById('brandub-fr')!;
    const pos = positionFromOtn(rules, otn, 'attackers');
    if (!pos.ok) throw new Error(pos.message);
    const long = new DfPn(solverPosition(pos.value), 'attackers', {
      oracle: (p) => ({ result: p.turn === 'attackers' ? 'win' : 'loss', plies: 21 }),
    });
    expect(long.run({ nodes: 1 }).verdict).toBe('unknown');
    const short = new DfPn(solverPosition(pos.value), 'attackers', {
      oracle: (p) => ({ result: p.turn === 'attackers' ? 'win' : 'loss', plies: 19 }),
    });
    expect(short.run({ nodes: 1 }).verdict).toBe('proved');
  });
});
