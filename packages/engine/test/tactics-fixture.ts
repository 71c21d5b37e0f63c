/**
 * The tactics suite's fixture (fixtures/tactics.json, written by scripts/make-tactics.mjs), as
 * the tests of the search (tactics.test.ts) and of the solver (solve-tactics.test.ts) read it.
 */
import { readFileSync } from 'node:fs';
import { positionFromOtn, presetById, type Position, type Side } from '@tafl/core';

export interface Tactic {
  readonly id: string;
  readonly rules: string;
  readonly position: string;
  readonly turn: Side;
  readonly kind: 'win' | 'defence';
  readonly theme: string;
  readonly plies: number;
  readonly moves: readonly string[];
  readonly provenance: { readonly solverDepth: number };
}

export const suite = JSON.parse(
  readFileSync(new URL('./fixtures/tactics.json', import.meta.url), 'utf8'),
) as {
  readonly tactics: readonly Tactic[];
};

/** The tactic's position under its ruleset. */
export function setUp(t: Tactic): Position {
  const rules = presetById(t.rules);
  if (rules === undefined) throw new Error(`${t.id}: unknown ruleset ${t.rules}`);
  const pos = positionFromOtn(rules, t.position, t.turn);
  if (!pos.ok) throw new Error(`${t.id}: ${pos.message}`);
  return pos.value;
}
