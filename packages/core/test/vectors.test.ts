// Trace vectors, fixtures/vectors/*.jsonl.gz (provenance in fixtures/vectors/README.md): random
// games under each ruleset of docs/rules.md and games that reach rare rules, made by an independent
// implementation that agrees with OpenTafl where OTN can express the rules. Each trace must be
// reproduced exactly, record by record. Every file is named here, so a missing one fails.
import { describe, expect, it } from 'vitest';
import { PRESETS, presetById, startingPosition, traceGame } from '../src/index.js';
import { readFixture } from './fixtures.js';

interface Vector {
  readonly rules: string;
  readonly moves: string[];
  readonly trace: unknown[];
}

/** One file per ruleset, and the rare events (each line naming its ruleset). */
const files = [...PRESETS.map((r) => `${r.id}.jsonl.gz`), 'rare-events.jsonl.gz'];

describe('trace vectors', () => {
  it('has a file for each of the eight rulesets and one of rare events', () => {
    expect(files).toHaveLength(9);
  });
  for (const file of files) {
    const games: Vector[] = readFixture(`vectors/${file}`)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Vector);
    describe(file, () => {
      games.forEach((game, i) => {
        it(`game ${i + 1} (${game.rules}, ${game.moves.length} plies)`, () => {
          const rules = presetById(game.rules);
          expect(rules, `ruleset ${game.rules}`).toBeDefined();
          const { records, failure } = traceGame(startingPosition(rules!), game.moves);
          expect(failure).toBeUndefined();
          // Compare as JSON text too, so that field order matches what `tafl trace` prints.
          expect(records).toEqual(game.trace);
          expect(records.map((r) => JSON.stringify(r))).toEqual(game.trace.map((r) => JSON.stringify(r)));
        });
      });
    });
  }
});
