// The pure part of the Texel tuning (tune/tune.ts) that scripts/tune.mjs runs on the engine's
// games: the error of sigmoid(score / K) against the results, K, a descent step, the fit, and the
// tuned.ts file it writes. Toy data sets made here from a seeded generator.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRESETS, playMoveRecord, presetById, startingPosition } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { evalContext, evaluate, FEATURE_COUNT, FEATURES, features, type Feature } from '../src/eval.js';
import { seededRandom } from '../src/levels.js';
import {
  COLUMNS,
  descentStep,
  fitK,
  fitWeights,
  gradient,
  loss,
  makeTunedFile,
  meanSquaredError,
  objective,
  parseTunedFile,
  scoresOf,
  sigmoid,
  startFeatures,
  tuningSet,
  weightVector,
  weightsOf,
  type TunedEntry,
  type TuningSet,
} from '../tune/tune.js';
import { DEFAULT_WEIGHTS } from '../src/weights.js';

const NO_START = new Float64Array(FEATURE_COUNT);

/** A tuning set of `n` positions with random counts of two features and results from `result`. */
function toySet(n: number, result: (defenders: number, attackers: number) => number, seed = 1): TuningSet {
  const random = seededRandom(seed);
  const raw = new Float64Array(n * FEATURE_COUNT);
  const results = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const defenders = Math.floor(random() * 9) - 4;
    const attackers = Math.floor(random() * 9) - 4;
    raw[r * FEATURE_COUNT + FEATURES.indexOf('defenders')] = defenders;
    raw[r * FEATURE_COUNT + FEATURES.indexOf('attackers')] = attackers;
    results[r] = result(defenders, attackers);
  }
  return tuningSet(raw, results, NO_START);
}

/** Weights of zero but for the two features of the toy sets. */
const toyWeights = (defenders: number, attackers: number): Float64Array =>
  weightVector({ ...weightsOf(new Float64Array(FEATURE_COUNT)), defenders, attackers });

describe('the error of the fit', () => {
  it('is the mean squared difference between the results and sigmoid(score / K)', () => {
    expect(sigmoid(0)).toBe(0.5);
    expect(sigmoid(2) + sigmoid(-2)).toBeCloseTo(1, 15);
    // Two positions, one defender up and one down, both games won by the defenders.
    const set = toySet(2, () => 1);
    const w = toyWeights(100, 0);
    const expected =
      [0, 1]
        .map((r) => (1 - sigmoid(set.rows[r * COLUMNS + FEATURES.indexOf('defenders')]! * 0.5)) ** 2)
        .reduce((a, b) => a + b) / 2;
    expect(meanSquaredError(set, w, 200)).toBeCloseTo(expected, 15);
  });

  it("scores a position as the engine's evaluation does, from the defenders' side", () => {
    const rules = presetById('federation-brandubh')!;
    const pos = startingPosition(rules);
    const ctx = evalContext(pos, DEFAULT_WEIGHTS);
    const start = startFeatures(rules);
    for (const move of ['d2-c2', 'e4-e2', 'c2-c3', 'd5-e5']) {
      expect(playMoveRecord(pos, move).ok).toBe(true);
      const set = tuningSet(Float64Array.from(features(pos, ctx)), Float64Array.of(1), start);
      const model = scoresOf(set, weightVector(DEFAULT_WEIGHTS))[0]!;
      const engine = evaluate(pos, ctx) * (pos.turn === 'defenders' ? 1 : -1);
      expect(Math.abs(model - engine)).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('fitting K', () => {
  it('finds the K and the bias the results were made with', () => {
    // Results that are exactly the model's predictions at K = 250 and a bias of 40.
    const set = toySet(400, (d, a) => sigmoid((100 * d - 80 * a + 40) / 250));
    const { k, bias } = fitK(set, toyWeights(100, -80));
    expect(k).toBeCloseTo(250, 1);
    expect(bias).toBeCloseTo(40, 1);
  });
});

describe('the descent', () => {
  // Games won by the defenders more often the more defenders and the fewer attackers they have.
  const random = seededRandom(7);
  const set = toySet(500, (d, a) => (random() < sigmoid((150 * d - 120 * a) / 200) ? 1 : 0));

  it('has the gradient of its objective', () => {
    const o = objective(set, 200, toyWeights(100, -100), 0.05);
    const w = toyWeights(110, -90);
    const g = gradient(o, w).gradient;
    for (const f of ['defenders', 'attackers'] as Feature[]) {
      const i = FEATURES.indexOf(f);
      const shifted = (h: number): number =>
        loss(
          o,
          w.map((x, j) => (j === i ? x + h : x)),
        );
      expect(g[i]).toBeCloseTo((shifted(1e-3) - shifted(-1e-3)) / 2e-3, 8);
    }
  });

  it('lowers the objective in one step', () => {
    const o = objective(set, 200, toyWeights(100, -100), 0);
    const w = toyWeights(100, -100);
    const step = descentStep(o, w);
    expect(step.step).toBeGreaterThan(0);
    expect(step.loss).toBeLessThan(loss(o, w));
  });

  it('fits whole-number weights near those the results were made with', () => {
    const exact = toySet(400, (d, a) => sigmoid((150 * d - 120 * a) / 200));
    const fit = fitWeights(exact, toyWeights(100, -100), 1e-6, { k: 200, bias: 0 });
    const defenders = fit.weights[FEATURES.indexOf('defenders')]!;
    const attackers = fit.weights[FEATURES.indexOf('attackers')]!;
    expect(Number.isInteger(defenders) && Number.isInteger(attackers)).toBe(true);
    expect(Math.abs(defenders - 150)).toBeLessThanOrEqual(1);
    expect(Math.abs(attackers + 120)).toBeLessThanOrEqual(1);
    expect(fit.after).toBeLessThan(fit.before);
  });

  it('keeps the weights it starts from when the pull is strong', () => {
    const fit = fitWeights(set, toyWeights(100, -100), 1e6, { k: 200, bias: 0 });
    expect(fit.weights[FEATURES.indexOf('defenders')]).toBe(100);
    expect(fit.weights[FEATURES.indexOf('attackers')]).toBe(-100);
  });
});

describe('tuned.ts', () => {
  const entries: TunedEntry[] = [
    {
      rulesId: 'federation-brandubh',
      notes: ['federation-brandubh: a note long enough to be wrapped, '.repeat(4).trim()],
      weights: { ...DEFAULT_WEIGHTS, attackers: -97, kingHanging: -251 },
    },
    { rulesId: 'plazoleta', notes: ['defaults kept'], weights: {} },
  ];
  const text = makeTunedFile(['A header.', '', 'Last written today.'], entries);

  it('reads back what it writes', () => {
    const parsed = parseTunedFile(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.map((e) => e.rulesId)).toEqual(['federation-brandubh', 'plazoleta']);
    expect(parsed.value.map((e) => e.weights)).toEqual(entries.map((e) => e.weights));
    expect(parsed.value[0]!.notes.join(' ')).toBe(entries[0]!.notes[0]);
    expect(makeTunedFile(['A header.', '', 'Last written today.'], parsed.value)).toBe(text);
  });

  it('is a module whose TUNED_WEIGHTS maps ruleset ids to weights', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tuned-'));
    try {
      const file = join(dir, 'tuned.ts');
      writeFileSync(file, text);
      const module = (await import(pathToFileURL(file).href)) as {
        TUNED_WEIGHTS: Record<string, Record<string, number>>;
      };
      expect(Object.keys(module.TUNED_WEIGHTS)).toEqual(['federation-brandubh', 'plazoleta']);
      expect(module.TUNED_WEIGHTS['federation-brandubh']).toEqual({
        ...DEFAULT_WEIGHTS,
        attackers: -97,
        kingHanging: -251,
      });
      expect(module.TUNED_WEIGHTS['plazoleta']).toEqual({});
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('refuses a file it did not write', () => {
    expect(parseTunedFile('export const X = 1;\n').ok).toBe(false);
    const unknown = text.replace('attackers: -97', 'soldiers: -97');
    expect(parseTunedFile(unknown)).toMatchObject({ ok: false, code: 'ERR_TUNED_FEATURE' });
  });

  it('holds whole-number weights of presets, as the script writes them', () => {
    const parsed = parseTunedFile(readFileSync(new URL('../src/tuned.ts', import.meta.url), 'utf8'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    for (const entry of parsed.value) {
      expect(PRESETS.map((p) => p.id)).toContain(entry.rulesId);
      for (const value of Object.values(entry.weights)) expect(Number.isInteger(value)).toBe(true);
    }
  });
});
