// The openings and the schedule of `tafl match`: random legal moves from the start that leave the
// game going, the same from the same seed, and game pairs that share an opening with the sides
// swapped.
import { PRESETS, federationBrandubh, startingPosition, type Move, type Ruleset } from '@tafl/core';
import { Search, bookMove, seededRandom } from '@tafl/engine';
import { describe, expect, it } from 'vitest';
import {
  EVEN_NODES,
  bookPairOpening,
  evenPairOpening,
  mixSeed,
  pairOpening,
  randomOpening,
} from '../src/match/openings.js';
import { judgeBounds, judgeOpenings, openingRecords, parseSuite, suiteLine } from '../src/match/suite.js';
import { matchTasks } from '../src/match/tasks.js';

/** Plays `moves` from the start, each checked legal first; the position after them. */
function replay(rules: Ruleset, moves: readonly Move[]) {
  const pos = startingPosition(rules);
  for (const move of moves) {
    expect(pos.isLegal(move)).toBe(true);
    pos.play(move);
  }
  return pos;
}

describe('match openings', () => {
  it('are legal moves from the start after which the game goes on, under every ruleset', () => {
    for (const rules of PRESETS)
      for (let seed = 0; seed < 20; seed++) {
        const opening = randomOpening(rules, 8, seededRandom(seed))!;
        expect(opening).toHaveLength(8);
        expect(replay(rules, opening).isOver()).toBe(false);
      }
  });

  it('are the same from the same seed and differ from another seed', () => {
    const first = pairOpening(federationBrandubh, 6, 42, 3);
    expect(pairOpening(federationBrandubh, 6, 42, 3)).toEqual(first);
    expect(pairOpening(federationBrandubh, 6, 43, 3)).not.toEqual(first);
    expect(pairOpening(federationBrandubh, 6, 42, 4)).not.toEqual(first);
  });

  it('differ between two seeds over a whole match, not only pair by pair', () => {
    // Seed 1's pair p once was seed 2's pair p ^ 3: a match of 100 pairs replayed the same openings.
    const openings = (seed: number) =>
      new Set(Array.from({ length: 100 }, (_, pair) => mixSeed(seed, pair, 0x6f70)));
    for (const [a, b] of [
      [1, 2],
      [1, 3],
      [2, 3],
      [1, 1000],
    ] as const) {
      const first = openings(a);
      const shared = [...openings(b)].filter((s) => first.has(s));
      expect(shared, `seeds ${a} and ${b}`).toEqual([]);
    }
  });

  it('of no plies start from the ruleset’s start', () => {
    expect(randomOpening(federationBrandubh, 0, seededRandom(1))).toEqual([]);
  });

  it('mixes seeds into 32-bit numbers that depend on every part', () => {
    const seeds = new Set([mixSeed(1, 0, 1), mixSeed(1, 0, 2), mixSeed(1, 1, 1), mixSeed(2, 0, 1)]);
    expect(seeds.size).toBe(4);
    for (const s of seeds) expect(s >>> 0).toBe(s);
    expect(mixSeed(1, 0, 1)).toBe(mixSeed(1, 0, 1));
  });
});

describe('the schedule of a match', () => {
  it('plays games 2k and 2k+1 from one opening, engine A the attackers first and the defenders second', () => {
    const tasks = matchTasks(federationBrandubh, 5, 4, 7)!;
    expect(tasks.map((t) => t.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (let k = 0; k < 5; k++) {
      const [first, second] = [tasks[2 * k]!, tasks[2 * k + 1]!];
      expect(first.aSide).toBe('attackers');
      expect(second.aSide).toBe('defenders');
      expect(second.opening).toEqual(first.opening);
      expect(first.opening).toEqual(pairOpening(federationBrandubh, 4, 7, k));
    }
    expect(new Set(tasks.map((t) => JSON.stringify(t.opening))).size).toBe(5);
  });

  it('gives every game and engine its own seed, the same from the same match seed', () => {
    const tasks = matchTasks(federationBrandubh, 3, 2, 99)!;
    const seeds = tasks.flatMap((t) => [t.seeds.a, t.seeds.b]);
    expect(new Set(seeds).size).toBe(seeds.length);
    expect(matchTasks(federationBrandubh, 3, 2, 99)).toEqual(tasks);
  });
});

describe('openings from the book (--openings book)', () => {
  it('plays each pair a line of the book to its end, each move one the book has, the same from the same seed', () => {
    const rules = PRESETS.find((p) => p.id === 'opentafl-brandub')!;
    const tasks = matchTasks(rules, 16, 'book', 11)!;
    for (let k = 0; k < 16; k++) {
      const [first, second] = [tasks[2 * k]!, tasks[2 * k + 1]!];
      expect(second.opening).toEqual(first.opening);
      expect(first.opening).toEqual(bookPairOpening(rules, 11, k));
      const pos = startingPosition(rules);
      for (const move of first.opening) {
        // a move of the book: drawn from it with some random number, legal
        expect(pos.isLegal(move)).toBe(true);
        pos.play(move);
      }
      expect(first.opening.length).toBeGreaterThan(0);
      // the line runs to where the book ends
      expect(bookMove(pos, () => 0.5, 1)).toBeUndefined();
    }
    // several lines, not one
    expect(new Set(tasks.map((t) => JSON.stringify(t.opening))).size).toBeGreaterThan(4);
    expect(matchTasks(rules, 16, 'book', 11)).toEqual(tasks);
  });
});

describe('openings that leave the game about even (--even MARGIN)', () => {
  it('keeps only random openings the engine scores within the margin of the start, the same from the same seed', () => {
    const NODES = 20_000; // the match's judge searches more, but a test has no time for it
    const rules = PRESETS.find((p) => p.id === 'opentafl-brandub')!;
    const attackersView = (moves: readonly Move[]): number => {
      const pos = replay(rules, moves);
      const { score } = new Search().run(pos, { nodes: NODES });
      return pos.turn === 'attackers' ? score : -score;
    };
    const even = attackersView([]);
    const tasks = matchTasks(rules, 6, 4, 11, 100, NODES)!;
    for (let k = 0; k < 6; k++) {
      const opening = tasks[2 * k]!.opening;
      expect(tasks[2 * k + 1]!.opening).toEqual(opening);
      expect(opening).toHaveLength(4);
      expect(Math.abs(attackersView(opening) - even)).toBeLessThanOrEqual(100);
    }
    expect(evenPairOpening(rules, 4, 11, 3, 100, NODES)).toEqual(tasks[6]!.opening);
    expect(EVEN_NODES).toBeGreaterThan(NODES); // the match's default judges deeper
    // seed 11's plain random openings include ones far from even (pair 15: -342 for the attackers)
    const plain = Array.from({ length: 16 }, (_, k) => attackersView(pairOpening(rules, 4, 11, k)!));
    expect(plain.some((score) => Math.abs(score - even) > 100)).toBe(true);
  });
});

describe('an opening suite (tafl openings, --openings FILE)', () => {
  const rules = PRESETS.find((p) => p.id === 'opentafl-brandub')!;
  const NODES = 16_000; // the suite's default is 8,000,000; a test has no time for it
  /** The attackers' score of the position after `moves` by a fresh search of `nodes` positions. */
  const attackersView = (moves: readonly Move[], nodes: number): number => {
    const pos = replay(rules, moves);
    const { score } = new Search().run(pos, { nodes });
    return pos.turn === 'attackers' ? score : -score;
  };

  it('keeps the random openings two searches both score within the margin of the start', () => {
    const judged: { moves: readonly Move[]; scores: readonly (number | undefined)[]; kept: boolean }[] = [];
    const suite = judgeOpenings(
      rules,
      { count: 3, plies: 4, nodes: NODES, margin: 60, seed: 3 },
      (moves, scores, kept) => judged.push({ moves, scores, kept }),
    );
    expect(judgeBounds(NODES)).toEqual([2_000, NODES]);
    expect(suite.start).toEqual([attackersView([], 2_000), attackersView([], NODES)]);
    expect(suite.kept).toHaveLength(3);
    expect(suite.judged).toBe(judged.length);
    for (const { moves, scores, kept } of judged) {
      // each candidate's scores are those of the two searches, the deeper only when the shallower
      // passed, and it is kept exactly when both are near the start's
      const shallow = attackersView(moves, 2_000);
      const passed = Math.abs(shallow - suite.start[0]) <= 60;
      expect(scores).toEqual([shallow, passed ? attackersView(moves, NODES) : undefined]);
      expect(kept).toBe(passed && Math.abs(scores[1]! - suite.start[1]) <= 60);
    }
    // random openings are often far from even: some candidates were left out, some by the shallower search
    expect(judged.some((j) => !j.kept)).toBe(true);
    expect(judged.some((j) => j.scores[1] === undefined)).toBe(true);
    expect(suite.kept.map((o) => o.moves)).toEqual(judged.filter((j) => j.kept).map((j) => j.moves));
    expect(judgeOpenings(rules, { count: 3, plies: 4, nodes: NODES, margin: 60, seed: 3 })).toEqual(suite);
  });

  it('is written as lines of OTN moves that read back as the same openings', () => {
    const suite = judgeOpenings(rules, { count: 2, plies: 4, nodes: NODES, margin: 80, seed: 5 });
    const text = `# a comment\n\n${suite.kept.map((o) => suiteLine(rules, o, judgeBounds(NODES))).join('\n')}\n`;
    const read = parseSuite(rules, text);
    expect(read.ok && read.value).toEqual(suite.kept.map((o) => o.moves));
  });

  it('reads move numbers, the king’s letter and captures, as records write them', () => {
    // 1. a4-a2 d3-a3xa2: the soldier the defender takes on a2 is listed, as OpenTafl lists it
    //   7 . . . t . . .        after 1. a4-a2 d3-a3xa2
    //   6 . . . t . . .
    //   5 . . . T . . .
    //   4 . t T K T t t
    //   3 T . . . . . .
    //   2 . . . t . . .
    //   1 . . . t . . .
    //     a b c d e f g
    const read = parseSuite(rules, '1. a4-a2 d3-a3xa2 2. d2-f2 Kd4-d3\n');
    expect(read.ok).toBe(true);
    if (read.ok)
      expect(openingRecords(rules, read.value[0]!)).toEqual(['a4-a2', 'd3-a3xa2', 'd2-f2', 'Kd4-d3']);
  });

  it.each([
    ['an illegal move, with its line and place', '# two\nd2-e2 c4-c2\nd2-e2 d2-e3\n', /^line 3: move 2: /],
    ['a capture the move does not make', 'd2-e2 c4-c2xc1\n', /^line 1: move 2: .*lists captures/],
    ['a file with no opening', '# nothing\n\n', /^no opening in the file$/],
    ['a line past the bound', `${'d2-e2 '.repeat(400)}\n`, /^line 1: longer than 2000 characters$/],
  ])('refuses %s', (_, text, message) => {
    const read = parseSuite(rules, text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(message);
  });

  it('plays pair k from opening k, from the first again after the last', () => {
    const openings = [
      pairOpening(rules, 2, 1, 0)!,
      pairOpening(rules, 4, 1, 1)!,
      pairOpening(rules, 3, 1, 2)!,
    ];
    const tasks = matchTasks(rules, 5, openings, 9)!;
    expect(tasks).toHaveLength(10);
    for (let k = 0; k < 5; k++) {
      expect(tasks[2 * k]!.opening).toEqual(openings[k % 3]);
      expect(tasks[2 * k + 1]!.opening).toEqual(openings[k % 3]);
      expect([tasks[2 * k]!.aSide, tasks[2 * k + 1]!.aSide]).toEqual(['attackers', 'defenders']);
    }
  });
});
