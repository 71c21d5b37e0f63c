// Endgame tablebases: the tables against an exhaustive search written here on the
// core's Position alone, on samples of every named ruleset; the index and the symmetries; and
// positions drawn by hand whose value a player sees at once.
import { describe, expect, it } from 'vitest';
import {
  PRESETS,
  Position,
  positionFromOtn,
  presetById,
  seededRandom,
  withParameters,
  type Ruleset,
  type Side,
} from '@tafl/core';
import {
  TB_NONE,
  TbIndexer,
  Tablebase,
  buildTablebase,
  buildTbTable,
  makeTbTable,
  parseTbTable,
  tbSymmetry,
  tbTableBytes,
  type TbAnswer,
} from '../src/tb/index.js';

/** A diagram, rank 7 at the top (A attacker, D defender, K king), as an OTN position record. */
function otn(diagram: string): string {
  const rows = diagram
    .trim()
    .split('\n')
    .map((l) => l.trim().replace(/^\d\s+/, ''))
    .filter((l) => !/^[a-g](\s+[a-g])*$/.test(l));
  const letter: Record<string, string> = { '.': '1', A: 't', D: 'T', K: 'K' };
  const ranks = rows
    .reverse()
    .map((row) =>
      row
        .split(/\s+/)
        .map((c) => letter[c]!)
        .join(''),
    )
    .map((r) => r.replace(/1+/g, (ones) => String(ones.length)));
  return `/${ranks.join('/')}/`;
}

function setUp(rules: Ruleset, turn: Side, diagram: string): Position {
  const pos = positionFromOtn(rules, otn(diagram), turn);
  if (!pos.ok) throw new Error(pos.message);
  return pos.value;
}

/** The same rules with the counters set aside, as the tables are built. */
const withoutCounters = (rules: Ruleset): Ruleset =>
  withParameters(rules, { repetitionDraws: false, quietPlyLimit: 0 });

/**
 * The exhaustive search: can the side to move force a win within `n` plies, and must it lose
 * within `n`? Every legal move of the core's Position is tried; nothing is remembered.
 */
function winsWithin(pos: Position, n: number): boolean {
  if (pos.isOver()) {
    const o = pos.outcome();
    return o.status === pos.turn;
  }
  if (n <= 0) return false;
  for (const m of pos.legalMoves()) {
    pos.play(m);
    const lost = losesWithin(pos, n - 1);
    pos.undo();
    if (lost) return true;
  }
  return false;
}

function losesWithin(pos: Position, n: number): boolean {
  if (pos.isOver()) {
    const o = pos.outcome();
    return o.status !== 'draw' && o.status !== pos.turn;
  }
  if (n <= 0) return false;
  for (const m of pos.legalMoves()) {
    pos.play(m);
    const won = winsWithin(pos, n - 1);
    pos.undo();
    if (!won) return false;
  }
  return true;
}

/** The search's answer to a table's: the value at the stated distance and none shorter. */
function searchAgrees(pos: Position, answer: TbAnswer, drawDepth: number): boolean {
  const d = answer.distance;
  if (answer.value === 'win')
    return winsWithin(pos, d) && (d === 0 || !winsWithin(pos, d - 1)) && !losesWithin(pos, d + 1);
  if (answer.value === 'loss')
    return losesWithin(pos, d) && (d === 0 || !losesWithin(pos, d - 1)) && !winsWithin(pos, d + 1);
  return !winsWithin(pos, drawDepth) && !losesWithin(pos, drawDepth);
}

const cache = new Map<string, Tablebase>();
function tablebase(rules: Ruleset, pieces: number): Tablebase {
  const key = `${rules.id}/${pieces}`;
  if (!cache.has(key)) cache.set(key, buildTablebase(rules, pieces));
  return cache.get(key)!;
}

/** A random position of the table of `m`, as a core Position under counter-free rules. */
function samplePositions(rules: Ruleset, tb: Tablebase, count: number, seed: number, maxDistance: number) {
  const random = seededRandom(seed);
  const free = withoutCounters(rules);
  const out: { pos: Position; answer: TbAnswer }[] = [];
  const tables = tb.loaded;
  const p = { king: 0, defenders: new Int32Array(8), attackers: new Int32Array(8), side: 0 };
  for (let tries = 0; out.length < count && tries < count * 200; tries++) {
    const table = tables[Math.floor(random() * tables.length)]!;
    const i = Math.floor(random() * table.header.entries);
    if (table.value(i) === TB_NONE || table.distance(i) > maxDistance) continue;
    table.indexer.decode(i, p);
    const board = new Array<number>(49).fill(0);
    board[p.king] = 3;
    for (let j = 0; j < table.material.defenders; j++) board[p.defenders[j]!] = 2;
    for (let j = 0; j < table.material.attackers; j++) board[p.attackers[j]!] = 1;
    const pos = Position.fromSetup(free, { size: 7, board, turn: p.side === 0 ? 'attackers' : 'defenders' });
    if (!pos.ok) throw new Error(`a table position the core refuses: ${pos.message}`);
    // A position already over for the core (a side without a legal move) is a table entry too.
    const value = (['draw', 'win', 'loss'] as const)[table.value(i)]!;
    out.push({ pos: pos.value, answer: { value, distance: table.distance(i) } });
  }
  return out;
}

describe('tablebases: values and distances against an exhaustive search', () => {
  for (const rules of PRESETS) {
    it(`${rules.id}: a sample of the tables up to 3 pieces (king included) agrees with a plain search to the stated distance`, () => {
      const tb = tablebase(rules, 3);
      const sample = samplePositions(rules, tb, 25, 7, 6);
      expect(sample.length).toBe(25);
      for (const { pos, answer } of sample) {
        const ok = searchAgrees(pos, answer, 3);
        expect(
          ok,
          `${pos.turn} to move ${pos.toSetup().board.join('')}: ${answer.value} ${answer.distance}`,
        ).toBe(true);
      }
    });
  }
});

const KING_AND_THREE = { defenders: 0, attackers: 3 };

/** The tables up to three pieces and K+0D+3A, built once a ruleset. */
const withThree = new Map<string, Tablebase>();
function kingAndThree(rules: Ruleset): Tablebase {
  if (!withThree.has(rules.id)) {
    const big = new Tablebase(rules);
    for (const t of tablebase(rules, 3).loaded) big.add(t);
    big.add(buildTbTable(rules, KING_AND_THREE, (s) => big.table(s)));
    withThree.set(rules.id, big);
  }
  return withThree.get(rules.id)!;
}

/**
 * Every entry of a table against its moves, played by the core: a win in d has a move to a
 * loss in d - 1 and none to a shorter one, a loss in d has only moves to wins and the longest
 * in d - 1, a draw has a move to a draw and none to a loss. A table that holds this everywhere
 * and whose ended positions are right is the game's, draws included: by induction on the
 * distance, every true win and loss is found at its distance, and what is left is drawn.
 */
function inconsistencies(
  rules: Ruleset,
  tb: Tablebase,
  m: { defenders: number; attackers: number },
): string[] {
  const free = withoutCounters(rules);
  const table = tb.table(m)!;
  const p = { king: 0, defenders: new Int32Array(8), attackers: new Int32Array(8), side: 0 };
  const bad: string[] = [];
  for (let i = 0; i < table.header.entries && bad.length < 5; i++) {
    const value = table.value(i);
    if (value === TB_NONE) continue;
    const d = table.distance(i);
    table.indexer.decode(i, p);
    const board = new Array<number>(49).fill(0);
    board[p.king] = 3;
    for (let j = 0; j < m.defenders; j++) board[p.defenders[j]!] = 2;
    for (let j = 0; j < m.attackers; j++) board[p.attackers[j]!] = 1;
    const made = Position.fromSetup(free, { size: 7, board, turn: p.side === 0 ? 'attackers' : 'defenders' });
    if (!made.ok) throw new Error(made.message);
    const pos = made.value;
    let ok: boolean;
    if (pos.isOver()) {
      const o = pos.outcome();
      ok = o.status === 'draw' ? value === 0 : o.status !== pos.turn && value === 2 && d === 0;
    } else {
      let shortestWin = Infinity; // the shortest child loss, + 1
      let longestLoss = -1; // the longest child win, + 1
      let draws = 0;
      for (const move of pos.legalMoves()) {
        pos.play(move);
        let child: TbAnswer | undefined;
        if (pos.isOver()) {
          const o = pos.outcome();
          child = {
            value: o.status === 'draw' ? 'draw' : o.status === pos.turn ? 'win' : 'loss',
            distance: 0,
          };
        } else child = tb.probe(pos);
        pos.undo();
        if (child === undefined) throw new Error('a move to no table');
        if (child.value === 'loss') shortestWin = Math.min(shortestWin, child.distance + 1);
        else if (child.value === 'win') longestLoss = Math.max(longestLoss, child.distance + 1);
        else draws++;
      }
      if (value === 1) ok = shortestWin === d;
      else if (value === 2) ok = shortestWin === Infinity && draws === 0 && longestLoss === d;
      else ok = shortestWin === Infinity && draws > 0;
    }
    if (!ok) bad.push(`${pos.turn} ${board.join('')}: ${value} ${d}`);
  }
  return bad;
}

describe('tablebases: every entry against its moves', () => {
  for (const rules of PRESETS) {
    // K+1D+1A as well where the king is unarmed and enclosed on four sides (ard-ri-es), and
    // where defenders stop on the corners, cannot be taken there and a blocked side passes.
    const both = rules.id === 'ard-ri-es' || rules.id === 'brandub-fr';
    it(`${rules.id}: every position of K+0D+2A${both ? ' and K+1D+1A' : ''} agrees with its moves as the core plays them`, () => {
      const tb = tablebase(rules, 3);
      expect(inconsistencies(rules, tb, { defenders: 0, attackers: 2 })).toEqual([]);
      if (both) expect(inconsistencies(rules, tb, { defenders: 1, attackers: 1 })).toEqual([]);
    });
  }
});

describe('tablebases: four pieces, where captures lead into the smaller tables', () => {
  for (const id of ['ard-ri-es', 'brandubh-en']) {
    it(`${id}: a sample of K+0D+3A (the king against three, captured on four sides or beside the throne) agrees with a plain search`, () => {
      const rules = presetById(id)!;
      const sample = samplePositions(rules, restrictTo(kingAndThree(rules), KING_AND_THREE), 20, 11, 5);
      for (const { pos, answer } of sample)
        expect(searchAgrees(pos, answer, 3), `${pos.turn} ${pos.toSetup().board.join('')}`).toBe(true);
    });
  }
});

describe('tablebases: the index and the symmetries', () => {
  it('every entry decodes to a position whose index is the entry, or is marked as no position', () => {
    const rules = presetById('brandubh-2019')!;
    const ix = new TbIndexer(tbSymmetry(rules), { defenders: 1, attackers: 1 });
    const tb = tablebase(rules, 3);
    const table = tb.table({ defenders: 1, attackers: 1 })!;
    const p = { king: 0, defenders: new Int32Array(8), attackers: new Int32Array(8), side: 0 };
    for (let i = 0; i < ix.size; i++) {
      ix.decode(i, p);
      const back = ix.canonical(p.king, p.defenders, p.attackers, p.side);
      if (back !== i) expect(table.value(i)).toBe(TB_NONE);
    }
  });

  it('the eight symmetries keep the throne, the corners and the edge on every preset, so all eight are used', () => {
    for (const rules of PRESETS) expect(tbSymmetry(rules).count, rules.id).toBe(8);
  });

  it('a position and its seven images get the same answer', () => {
    const rules = presetById('brandub-fr')!;
    const tb = tablebase(rules, 3);
    const free = withoutCounters(rules);
    const sym = tbSymmetry(rules);
    for (const { pos } of samplePositions(rules, tb, 30, 3, 99)) {
      if (pos.isOver()) continue;
      const board = pos.toSetup().board;
      const answers = new Set<string>();
      for (let t = 0; t < 8; t++) {
        const image = new Array<number>(49).fill(0);
        board.forEach((code, sq) => (image[sym.transform[t * 49 + sq]!] = code));
        const p = Position.fromSetup(free, { size: 7, board: image, turn: pos.turn });
        if (!p.ok) throw new Error(p.message);
        answers.add(JSON.stringify(tb.probe(p.value)));
      }
      expect(answers.size).toBe(1);
    }
  });

  it('a table read back from its bytes answers as before', () => {
    const rules = presetById('ard-ri-fr')!;
    const table = tablebase(rules, 3).table({ defenders: 1, attackers: 1 })!;
    const again = parseTbTable(rules, tbTableBytes(table));
    expect(again.header).toEqual(table.header);
    expect(Array.from(again.entries)).toEqual(Array.from(table.entries));
    expect(() => parseTbTable(presetById('plazoleta')!, tbTableBytes(table))).toThrow(/other rules/);
  });

  it('a table with a distance of 64 plies or more takes two bytes an entry, read back at any offset', () => {
    const rules = presetById('plazoleta')!;
    const m = { defenders: 0, attackers: 1 };
    const size = new TbIndexer(tbSymmetry(rules), m).size;
    const value = Uint8Array.from({ length: size }, (_, i) => i % 3);
    const distance = Uint8Array.from({ length: size }, (_, i) => (i % 3 === 0 ? 0 : 60 + (i % 9)));
    const table = makeTbTable(rules, m, value, distance);
    expect(table.header.width).toBe(2);
    const bytes = tbTableBytes(table);
    // A Node Buffer (as gunzip gives) whose entries start at an odd offset: its slice would be
    // a view, not a copy.
    const at = (bytes.indexOf(10) + 1) % 2 === 0 ? 1 : 2;
    const shifted = new Uint8Array(bytes.length + at);
    shifted.set(bytes, at);
    const again = parseTbTable(rules, Buffer.from(shifted.buffer, at, bytes.length));
    for (let i = 0; i < size; i++) {
      expect(again.value(i)).toBe(value[i]);
      expect(again.distance(i)).toBe(distance[i]);
    }
  });
});

describe('tablebases: positions a player sees at once', () => {
  it('brandubh-2019, defenders to move, "the king wins on reaching a corner": the king on a4 with the file clear wins in one ply', () => {
    const rules = presetById('brandubh-2019')!;
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . A . .
      4 K . . . . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . A .
        a b c d e f g`,
    );
    const tb = tablebase(rules, 3);
    expect(tb.probe(pos)).toEqual({ value: 'win', distance: 1 });
    expect(tb.isExact(pos, tb.probe(pos)!)).toBe(true);
  });

  it('brandubh-2019, attackers to move, "the king is captured between two attackers": b1-b4 takes him, a win in one ply', () => {
    const rules = presetById('brandubh-2019')!;
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . A . . . . .
      5 . K . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . A . . . . .
        a b c d e f g`,
    );
    const tb = tablebase(rules, 3);
    expect(tb.probe(pos)).toEqual({ value: 'win', distance: 1 });
    const best = tb.bestMove(pos)!;
    expect(best.after).toEqual({ value: 'loss', distance: 0 });
  });

  it('ard-ri-fr, defenders to move, "the king wins on reaching the edge" by steps: the king on b4 steps to a4, a win in one ply', () => {
    const rules = presetById('ard-ri-fr')!;
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . K . . . A .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(tablebase(rules, 3).probe(pos)).toEqual({ value: 'win', distance: 1 });
  });

  it('ard-ri-fr, attackers to move, the king one step from the edge whatever they do: a loss in two plies', () => {
    const rules = presetById('ard-ri-fr')!;
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . K . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    // No attacker at all: under ard-ri-fr a side without a move passes, and the king steps out.
    expect(tablebase(rules, 3).probe(pos)).toEqual({ value: 'loss', distance: 2 });
  });
});

/** A tablebase whose `loaded` is the one material's table (the others still probed through it). */
function restrictTo(tb: Tablebase, m: { defenders: number; attackers: number }): Tablebase {
  return Object.create(tb, { loaded: { get: () => [tb.table(m)!] } }) as Tablebase;
}

describe('tablebases: the king beside the throne', () => {
  const besideTheThrone = `
      7 . . . . . . .
      6 . . . . . . A
      5 . . A K A . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`;

  it('brandubh-en, "next to the throne, the king is captured by three attackers on his free sides": g6-d6 takes him, a win in one ply', () => {
    const rules = presetById('brandubh-en')!;
    const pos = setUp(rules, 'attackers', besideTheThrone);
    expect(kingAndThree(rules).probe(pos)).toEqual({ value: 'win', distance: 1 });
  });

  it('ard-ri-es, "enclosed on four sides", the empty throne counting against him: g6-d6 takes him, a win in one ply', () => {
    const rules = presetById('ard-ri-es')!;
    const pos = setUp(rules, 'attackers', besideTheThrone);
    expect(kingAndThree(rules).probe(pos)).toEqual({ value: 'win', distance: 1 });
  });

  it('brandubh-2019, where two attackers take him anywhere but on the throne: c5 and e5 already hold him, yet no move closes a line, so no win in one', () => {
    // Under brandubh-2019 the king falls to the attacker that moves to complete a pair; here
    // the pairs c5-e5 stand already and g6-d6 makes none (d4, the throne, is not hostile).
    const rules = presetById('brandubh-2019')!;
    const pos = setUp(rules, 'attackers', besideTheThrone);
    const answer = kingAndThree(rules).probe(pos)!;
    expect(answer.value === 'win' && answer.distance === 1).toBe(false);
  });
});
