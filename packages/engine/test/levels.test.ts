/**
 * The levels as they play under a ruleset: on the Brandubh board, and where the king steps to the
 * corners (`plazoleta`), levels 4 and 5 stand lower than elsewhere (`levelUnder`), because there
 * the ladder found the rungs above them too close. Each check looks at what a level does in a
 * game, through `levelMove`, as well as at its settings.
 */

import { describe, expect, it } from 'vitest';
import { PRESETS, startingPosition } from '@tafl/core';
import {
  LEVELS,
  Search,
  levelConfig,
  levelMove,
  levelUnder,
  seededRandom,
  lowerMiddleLevels,
  warmUp,
  withoutBook,
} from '../src/index.js';
import { helperPool, sharedBy, type HelperSearch } from '../src/worker/smp.js';

const preset = (id: string) => PRESETS.find((p) => p.id === id)!;

describe('levels under a ruleset', () => {
  it('on the Brandubh board and where the king steps to the corners: level 4 scores moves two plies deep with noise, level 5 searches to depth 4', () => {
    const plazoleta = preset('plazoleta');
    expect(plazoleta.kingMove).toBe('step');
    expect(plazoleta.escape).toBe('corners');
    const brandubh = PRESETS.filter((p) => p.layout === 'brandubh');
    expect(brandubh.map((p) => p.id)).toContain('opentafl-brandub');
    expect(brandubh.map((p) => p.id)).toContain('plazoleta');
    for (const rules of brandubh) {
      const four = levelUnder(levelConfig(4), rules);
      expect(four).toEqual({ level: 4, timeMs: levelConfig(4).timeMs, depth: 2, noise: 30 });
      expect(levelUnder(levelConfig(5), rules).maxDepth).toBe(4);
    }
    // A stepping king escaping to the corners on another board: the same.
    const stepping = { ...preset('ard-ri-fr'), kingMove: 'step', escape: 'corners' } as const;
    expect(lowerMiddleLevels(stepping)).toBe(true);
    expect(levelUnder(levelConfig(5), stepping).maxDepth).toBe(4);

    // In play: level 5 stops at depth 4 (its move out of the book, to see its search), level 4
    // answers from its two-ply scoring.
    const search = new Search();
    const five = levelMove(search, startingPosition(plazoleta), withoutBook(levelConfig(5)), seededRandom(1));
    expect(five.depth).toBe(4);
    const fourMove = levelMove(search, startingPosition(plazoleta), levelConfig(4), seededRandom(1));
    expect(fourMove.depth).toBe(2);
    expect(fourMove.nodes).toBe(0);
  });

  it('elsewhere (the Ard Ri rulesets) every level is as LEVELS has it: level 4 scores moves three plies deep with noise, level 5 searches to depth 6', () => {
    const others = PRESETS.filter((p) => !lowerMiddleLevels(p));
    expect(others.map((p) => p.id).sort()).toEqual(['ard-ri-es', 'ard-ri-fr']);
    for (const rules of others) {
      for (const config of LEVELS) expect(levelUnder(config, rules)).toBe(config);
    }
    expect(levelConfig(4)).toMatchObject({ depth: 3, noise: 30 });
    expect(levelConfig(4).maxDepth).toBeUndefined();
    const ardRi = preset('ard-ri-fr');
    const search = new Search();
    // One move in: at the start every move is the mirror image of one, and a search answers at once.
    const pos = startingPosition(ardRi);
    pos.play(pos.legalMoves()[0]!);
    // Level 4 answers from its three-ply scoring of the root moves (no search's node count).
    const four = levelMove(search, pos, levelConfig(4), seededRandom(1));
    expect(four.depth).toBe(3);
    expect(four.nodes).toBe(0);
    expect(pos.isLegal(four.move!)).toBe(true);
    // Its spread of 30 varies the choice among moves scored alike, as the seed varies: at the start
    // every move has mirror images that score the same.
    const start = startingPosition(ardRi);
    const chosen = new Set<number | undefined>();
    for (let seed = 1; seed <= 8; seed++)
      chosen.add(levelMove(search, start, levelConfig(4), seededRandom(seed)).move);
    expect(chosen.size).toBeGreaterThan(1);
    // Level 5 searches, and stops at depth 6.
    const five = levelMove(search, pos, withoutBook(levelConfig(5)), seededRandom(1));
    expect(five.depth).toBe(6);
    expect(five.nodes).toBeGreaterThan(0);
  });

  it('a level already adjusted is not adjusted again (a caller may pass one to levelMove)', () => {
    const plazoleta = preset('plazoleta');
    for (const config of LEVELS) {
      const once = levelUnder(config, plazoleta);
      expect(levelUnder(once, plazoleta)).toEqual(once);
    }
  });
});

describe('warming a search up before a clock runs (warmUp)', () => {
  it("shares its searches with a search's helper threads, which a search bounded by positions leaves idle", () => {
    // Level 6 on two threads searched 144000 to 330000 positions in its first moves of a match
    // and 440000 to 630000 in the same moves later: the helpers started cold. A search bounded
    // by positions runs without them, so the warm-up's searches of WARM_UP_NODES never woke them.
    // Whether a helper thread has started in time to take part depends on the machine's load, so
    // the helper here is a port that keeps what it is sent (smp.test.ts runs real helpers).
    const sent: HelperSearch[] = [];
    const pool = helperPool(
      () => ({ post: (message) => void sent.push(message), terminate: () => {} }),
      2,
      16,
    );
    const search = new Search(sharedBy(pool));
    expect(search.helperThreads).toBe(1);
    const brandub = preset('opentafl-brandub');
    search.run(startingPosition(brandub), { nodes: 20_000 });
    expect(sent).toEqual([]);
    warmUp(search, [brandub]);
    expect(sent.map((m) => [m.type, m.index, m.game.rules])).toEqual([['search', 1, brandub]]);
    expect(new Search().helperThreads).toBe(0);
  });

  it('leaves nothing behind: a search bounded by nodes then plays as a fresh one', () => {
    // A process's first searches run cold and overran their time; a player warms its search up
    // before its first game, and no game may learn from that.
    const pos = startingPosition(preset('brandubh-2019'));
    const fresh = new Search().run(pos.clone(), { nodes: 30_000 });
    const warmed = new Search();
    warmUp(warmed);
    const after = warmed.run(pos.clone(), { nodes: 30_000 });
    expect({ move: after.move, score: after.score, depth: after.depth, nodes: after.nodes }).toEqual({
      move: fresh.move,
      score: fresh.score,
      depth: fresh.depth,
      nodes: fresh.nodes,
    });
  });
});
