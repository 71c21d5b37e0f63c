// The search with endgame tables: a position the tables hold is scored by them, exactly, where
// the counters (repetition, quiet plies) cannot change the answer, and is searched otherwise.
import { describe, expect, it } from 'vitest';
import { PRESETS, WIN, positionFromOtn, seededRandom, type Position, type Ruleset } from '@tafl/core';
import { Search, mateIn } from '../src/search.js';
import { buildTablebase, type Tablebase } from '../src/tb/index.js';

/** Random placements of the king, one defender and one attacker, on squares a soldier may stand. */
function samples(rules: Ruleset, count: number, seed: number): Position[] {
  const random = seededRandom(seed);
  const found: Position[] = [];
  for (let tries = 0; found.length < count && tries < 100_000; tries++) {
    const cells = Array<string>(49).fill('1');
    const squares = new Set<number>();
    while (squares.size < 3) squares.add(Math.floor(random() * 49));
    const [k, d, a] = [...squares];
    cells[k!] = 'K';
    cells[d!] = 'T';
    cells[a!] = 't';
    const ranks = Array.from({ length: 7 }, (_, r) =>
      cells
        .slice(r * 7, r * 7 + 7)
        .join('')
        .replace(/1+/g, (ones) => String(ones.length)),
    );
    const pos = positionFromOtn(rules, `/${ranks.join('/')}/`, random() < 0.5 ? 'attackers' : 'defenders');
    if (pos.ok && !pos.value.isOver()) found.push(pos.value);
  }
  return found;
}

const RULES = ['federation-brandubh', 'ard-ri-fr', 'brandubh-en'].map((id) =>
  PRESETS.find((p) => p.id === id)!,
);
const tables = new Map<string, Tablebase>();
const tablesOf = (rules: Ruleset): Tablebase => {
  if (!tables.has(rules.id)) tables.set(rules.id, buildTablebase(rules, 3));
  return tables.get(rules.id)!;
};

describe('the search with endgame tables', () => {
  for (const rules of RULES) {
    it(`${rules.id}: a one-ply search finds the tables' value and distance of every decided position`, () => {
      const tb = tablesOf(rules);
      let deep = 0;
      for (const pos of samples(rules, 60, 11)) {
        const answer = tb.probe(pos)!;
        expect(answer).toBeDefined();
        if (answer.value === 'draw' || (rules.quietPlyLimit > 0 && answer.distance >= rules.quietPlyLimit))
          continue;
        const withTables = new Search({ tablebase: tb, ttBits: 12 });
        const result = withTables.run(pos, { depth: 1 });
        // A win in d plies for the side to move scores WIN - d; a loss in d, -(WIN - d).
        expect(mateIn(result.score)).toBe(answer.value === 'win' ? answer.distance : -answer.distance);
        if (answer.distance >= 5) {
          deep++;
          // Without the tables, one ply sees no win that far off.
          const plain = new Search({ ttBits: 12 }).run(pos, { depth: 1 });
          expect(Math.abs(plain.score)).toBeLessThan(WIN - 5);
          expect(withTables.tablebaseHits).toBeGreaterThan(0);
        }
      }
      expect(deep).toBeGreaterThan(0);
    });
  }

  it('a position already seen, where a repetition can draw, is searched, not looked up', () => {
    const rules = RULES[0]!;
    expect(rules.repetitionDraws).toBe(true);
    const tb = tablesOf(rules);
    const pos = samples(rules, 300, 5).find((p) => {
      const answer = tb.probe(p);
      return answer !== undefined && answer.value !== 'draw' && answer.distance >= 3;
    })!;
    expect(pos).toBeDefined();
    // Two quiet moves there and back by each side: the position stands again, four quiet plies on.
    const moves = pos.legalMoves();
    const there: number[] = [];
    for (let i = 0; i < 2; i++) {
      const move = pos.legalMoves().find((m) => {
        pos.play(m);
        const quiet = pos.quietPlies > 0 && !pos.isOver();
        const back = quiet && pos.legalMoves().length > 0;
        pos.undo();
        return back;
      })!;
      there.push(move);
      pos.play(move);
    }
    expect(moves.length).toBeGreaterThan(0);
    const back = [there[0]!, there[1]!].map((m) => ((m & 0xff) << 8) | (m >> 8));
    for (const m of back) {
      expect(pos.isLegal(m)).toBe(true);
      pos.play(m);
    }
    expect(pos.quietPlies).toBeGreaterThanOrEqual(4);
    const search = new Search({ tablebase: tb, ttBits: 12 });
    search.run(pos, { depth: 1 });
    expect(search.tablebaseHits).toBe(0);
  });
});
