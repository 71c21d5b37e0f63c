// Trace vectors, ../shared/vectors/traces: random games under each ruleset of RULES.md and games
// that reach rare rules, made by an independent implementation that agrees with OpenTafl where
// OTN can express the rules. Each trace must be reproduced exactly, record by record.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetById, startingPosition, traceGame } from '../src/index.js';
import { sharedPath } from './shared.js';

interface Vector {
  readonly rules: string;
  readonly moves: string[];
  readonly trace: unknown[];
}

const dir = sharedPath('vectors/traces');
const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));

describe('trace vectors', () => {
  it('finds the vector files', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });
  for (const file of files) {
    const games: Vector[] = readFileSync(`${dir}/${file}`, 'utf8')
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
