// Tactics: fixtures/tactics.json, written by scripts/make-tactics.mjs (each entry carries its
// provenance: the run's seed, the playout or pattern it comes from, the solver's depth). Every
// position's forced result was proved by that script's own exhaustive solver, independent of the
// search: a win in exactly 1, 3 or 5 plies with all its winning first moves, or a defence where
// every move but the listed ones loses within `plies` plies and those hold for `solverDepth`.
// The engine plays at level 6 strength, but under a fixed node budget instead of level 6's
// second, so the result does not depend on the machine: it must find each win at its exact
// distance, and each defence.
import { PRESETS, makeMoveSquares, parseMove } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { setUp, suite, type Tactic } from './tactics-fixture.js';
import { Search, mateIn } from '../src/search.js';
import { weightsFor } from '../src/weights.js';

/** About a second of level 6 on the 2-core CI machine (150k to 250k nodes a second there). */
const NODES = 200_000;

describe('the tactics suite', () => {
  const byRules = (id: string): Tactic[] => suite.tactics.filter((t) => t.rules === id);
  const themes = (id: string): Set<string> => new Set(byRules(id).map((t) => t.theme));

  it('has at least 60 positions, several in every ruleset, wins in 1, 3 and 5 plies and defences', () => {
    expect(suite.tactics.length).toBeGreaterThanOrEqual(60);
    for (const rules of PRESETS) {
      const own = byRules(rules.id);
      expect(own.length, rules.id).toBeGreaterThanOrEqual(6);
      for (const plies of [1, 3, 5])
        expect(
          own.some((t) => t.kind === 'win' && t.plies === plies),
          `${rules.id} win in ${plies}`,
        ).toBe(true);
      expect(
        own.some((t) => t.kind === 'defence'),
        `${rules.id} defence`,
      ).toBe(true);
    }
    expect(new Set(suite.tactics.map((t) => t.id)).size).toBe(suite.tactics.length);
  });

  it('has every theme where the rules allow it', () => {
    for (const rules of PRESETS) {
      const own = themes(rules.id);
      expect(own.has('king-capture'), `${rules.id} king-capture`).toBe(true);
      // A king who steps can see two corners only from no square: no double route in plazoleta.
      const twoRoutes = rules.kingMove === 'rook' || rules.escape === 'edge';
      expect(own.has('double-route'), `${rules.id} double-route`).toBe(twoRoutes);
      expect(own.has('last-attacker'), `${rules.id} last-attacker`).toBe(rules.allAttackersCapturedWins);
      expect(own.has('king-and-shield'), `${rules.id} king-and-shield`).toBe(rules.kingAndShield);
    }
    const threats = new Set(suite.tactics.filter((t) => t.kind === 'defence').map((t) => t.theme));
    expect(threats.has('escape-threat')).toBe(true);
    expect(threats.has('capture-threat')).toBe(true);
  });
});

describe.each(PRESETS.map((r) => r.id))('tactics of %s', (id) => {
  const tactics = suite.tactics.filter((t) => t.rules === id);

  it.each(tactics)('$id is a valid position whose answers are legal moves', (t) => {
    const pos = setUp(t);
    expect(pos.isOver()).toBe(false);
    expect(pos.turn).toBe(t.turn);
    expect(t.moves.length).toBeGreaterThan(0);
    for (const text of t.moves) {
      const parsed = parseMove(pos.geo, text);
      expect(parsed.ok && pos.isLegal(parsed.value.move), `${t.id}: ${text}`).toBe(true);
      if (!parsed.ok || t.kind !== 'win' || t.plies !== 1) continue;
      pos.play(parsed.value.move);
      expect(pos.outcome().status, `${t.id}: ${text} wins at once`).toBe(t.turn);
      pos.undo();
    }
  });

  it.each(tactics)('$id: the engine finds the $kind ($theme, $plies plies)', (t) => {
    const pos = setUp(t);
    const result = new Search({ weights: weightsFor(pos.rules) }).run(pos, { nodes: NODES });
    const move = result.move === undefined ? 'none' : makeMoveSquares(pos.geo, result.move);
    const distance = mateIn(result.score);
    const report =
      `${t.id} (${t.rules}, ${t.turn} to move, ${t.position}), ${t.kind} in ${t.plies} plies:` +
      ` expected ${t.moves.join(' or ')}; the engine played ${move}, score ${result.score}` +
      ` (mate ${distance ?? '-'}), depth ${result.depth}, ${result.nodes} nodes`;
    expect(t.moves, report).toContain(move);
    if (t.kind === 'win') expect(distance, report).toBe(t.plies);
    else {
      // The solver proved that the listed defences lose, if at all, beyond its depth.
      const lossIn = distance !== undefined && distance < 0 ? -distance : Infinity;
      expect(lossIn, report).toBeGreaterThan(t.provenance.solverDepth);
    }
  });
});
