/**
 * Texel tuning of the evaluation weights, the pure part of scripts/tune.mjs (which plays the games
 * and computes every quiet position's features once; from then on fitting is arithmetic over those
 * vectors), and the writer and reader of tuned.ts. The model is the engine's own evaluation from
 * the defenders' side (the weighted features less the start's, as `evaluate` takes off
 * `ctx.offset`), squashed to an expected result by sigmoid(score / K); the error is the mean
 * squared difference from the games' results (1 the defenders won, 0 the attackers, 1/2 a draw).
 *
 * The model has one more term than the evaluation, a bias: `evaluate` makes every ruleset's start
 * even, while in the engine's games one side may win most games (the defenders of some Brandubh
 * rules nine in ten). Without the bias the weights would be bent to say so; with it they need not,
 * and it is written nowhere. K (with the bias) is fitted first, to the weights the games were
 * played with, and then held: with K free the weights could grow or shrink together at no cost,
 * and the search's margins are in centi-soldiers, so K pins the scale. A ridge penalty pulls each
 * weight towards the weights it starts from, measured by how far the change moves a typical
 * position's sigmoid argument (the weight's change times its feature's spread, over K), so that a
 * rare feature keeps its weight unless the games say otherwise. The fit is gradient descent with
 * each step scaled by the inverse of the Gauss-Newton curvature (the features are correlated, which
 * makes plain steps crawl) and backtracking, then rounding and a coordinate search in whole units.
 *
 * A tool, not part of the engine's runtime: it is built apart (tune/tsconfig.json, into tune/dist,
 * which the scripts import) and reaches the engine through its public entry, as any user would;
 * no module of src/ imports it (test/runtime-imports.test.ts says so).
 */

import { fail, ok, positionFromOtn, type Result, type Ruleset } from '@tafl/core';
import {
  DEFAULT_WEIGHTS,
  evalContext,
  FEATURE_COUNT,
  FEATURES,
  features,
  type Feature,
  type Weights,
} from '@tafl/engine';

const TEMPO = FEATURES.indexOf('tempo');
/** The columns of a tuning set's rows: the features, then a constant 1 for the bias. */
export const COLUMNS = FEATURE_COUNT + 1;
const BIAS = FEATURE_COUNT;

/** Quiet positions of games: their features, less the start's, and the results. */
export interface TuningSet {
  readonly count: number;
  /**
   * `count` rows of `COLUMNS`: the features less the start's (tempo kept), so that w·row is the
   * evaluation from the defenders' side, then a 1 that the bias multiplies.
   */
  readonly rows: Float64Array;
  /** 1 where the defenders won, 0 the attackers, 0.5 a draw. */
  readonly results: Float64Array;
}

/** The features of a ruleset's start, which `evaluate` takes off every score (tempo aside). */
export function startFeatures(rules: Ruleset): Float64Array {
  const start = positionFromOtn(rules);
  if (!start.ok) throw new Error(`the ruleset ${rules.id} has an invalid start: ${start.message}`);
  return Float64Array.from(features(start.value, evalContext(start.value, DEFAULT_WEIGHTS, true)));
}

/** A tuning set from raw feature rows (as `features` fills them) and results. */
export function tuningSet(raw: Float64Array, results: Float64Array, start: ArrayLike<number>): TuningSet {
  const rows = new Float64Array(results.length * COLUMNS);
  for (let r = 0; r < results.length; r++) {
    for (let i = 0; i < FEATURE_COUNT; i++)
      rows[r * COLUMNS + i] = raw[r * FEATURE_COUNT + i]! - (i === TEMPO ? 0 : start[i]!);
    rows[r * COLUMNS + BIAS] = 1;
  }
  return { count: results.length, rows, results: Float64Array.from(results) };
}

/** The rows of `set` chosen by `keep` (row index to boolean). */
export function subset(set: TuningSet, keep: (row: number) => boolean): TuningSet {
  const chosen = Array.from({ length: set.count }, (_, r) => r).filter(keep);
  const rows = new Float64Array(chosen.length * COLUMNS);
  chosen.forEach((r, j) => rows.set(set.rows.subarray(r * COLUMNS, (r + 1) * COLUMNS), j * COLUMNS));
  return { count: chosen.length, rows, results: Float64Array.from(chosen, (r) => set.results[r]!) };
}

/** The parameters of the model: the weights in `FEATURES` order, then the bias. */
export const weightVector = (w: Weights, bias = 0): Float64Array =>
  Float64Array.from([...FEATURES.map((f) => w[f]), bias]);

/** The weights of a parameter vector (the bias left out). */
export const weightsOf = (v: ArrayLike<number>): Weights =>
  Object.fromEntries(FEATURES.map((f, i) => [f, v[i]!])) as { [f in Feature]: number };

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Every row's score w·row (a `w` of the weights alone has no bias). */
export function scoresOf(set: TuningSet, w: ArrayLike<number>): Float64Array {
  const scores = new Float64Array(set.count);
  const columns = Math.min(w.length, COLUMNS);
  for (let r = 0, o = 0; r < set.count; r++, o += COLUMNS) {
    let s = 0;
    for (let i = 0; i < columns; i++) s += w[i]! * set.rows[o + i]!;
    scores[r] = s;
  }
  return scores;
}

const errorOfScores = (scores: Float64Array, results: Float64Array, k: number, bias = 0): number => {
  let sum = 0;
  for (let r = 0; r < scores.length; r++) {
    const d = results[r]! - sigmoid((scores[r]! + bias) / k);
    sum += d * d;
  }
  return scores.length === 0 ? 0 : sum / scores.length;
};

/** The mean squared error of sigmoid(score / k) against the results. */
export const meanSquaredError = (set: TuningSet, w: ArrayLike<number>, k: number): number =>
  errorOfScores(scoresOf(set, w), set.results, k);

/** The x from `a` to `b` where `f` is least (golden-section search; `f` unimodal there). */
function goldenMin(f: (x: number) => number, a: number, b: number, iterations = 60): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = f(c);
  let fd = f(d);
  for (let i = 0; i < iterations; i++) {
    if (fc <= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = f(d);
    }
  }
  return (a + b) / 2;
}

/** The scale of the sigmoid and the bias that fit the weights `w` best. */
export interface Scale {
  readonly k: number;
  readonly bias: number;
}

/**
 * The K (from `low` to `high`) and the bias that give the weights of `w` the least error (its
 * own bias, if any, is ignored): golden-section search on log K, the bias fitted at each K.
 */
export function fitK(set: TuningSet, w: ArrayLike<number>, low = 5, high = 50_000): Scale {
  const scores = scoresOf(
    set,
    Array.from({ length: FEATURE_COUNT }, (_, i) => w[i]!),
  );
  // The bias as a shift of the sigmoid's argument, c = bias / K: beyond ±12 it predicts certainty.
  const shift = (k: number): number =>
    goldenMin((c) => errorOfScores(scores, set.results, k, c * k), -12, 12, 40);
  const logK = goldenMin(
    (x) => errorOfScores(scores, set.results, Math.exp(x), shift(Math.exp(x)) * Math.exp(x)),
    Math.log(low),
    Math.log(high),
  );
  const k = Math.exp(logK);
  return { k, bias: shift(k) * k };
}

/** What the fit minimises: the error at a fixed K plus the pull of the weights towards `prior`. */
export interface Objective {
  readonly set: TuningSet;
  readonly k: number;
  /** The parameters the weights are pulled towards (the bias is free). */
  readonly prior: Float64Array;
  /** Each column's root mean square over the set: a weight's change times it is a typical shift. */
  readonly spread: Float64Array;
  readonly lambda: number;
}

export function objective(set: TuningSet, k: number, prior: ArrayLike<number>, lambda: number): Objective {
  const spread = new Float64Array(COLUMNS);
  for (let r = 0, o = 0; r < set.count; r++, o += COLUMNS)
    for (let i = 0; i < COLUMNS; i++) spread[i]! += set.rows[o + i]! ** 2;
  for (let i = 0; i < COLUMNS; i++) spread[i] = Math.sqrt(spread[i]! / Math.max(set.count, 1));
  return { set, k, prior: Float64Array.from(prior), spread, lambda };
}

/** The pull's factor on a weight's squared change (none on the bias). */
const pull = (o: Objective, i: number): number => (i === BIAS ? 0 : o.lambda * (o.spread[i]! / o.k) ** 2);

function penalty(o: Objective, w: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < FEATURE_COUNT; i++) sum += pull(o, i) * (w[i]! - o.prior[i]!) ** 2;
  return sum;
}

/** The objective's value at the parameters `w` (the weights, then the bias). */
export const loss = (o: Objective, w: ArrayLike<number>): number =>
  meanSquaredError(o.set, w, o.k) + penalty(o, w);

/**
 * The objective's gradient at `w` and its Gauss-Newton curvature (the sum over the rows of the
 * outer product of the score's gradient, plus the pull): a `COLUMNS` x `COLUMNS` matrix, row-major.
 */
export function gradient(
  o: Objective,
  w: ArrayLike<number>,
): { gradient: Float64Array; curvature: Float64Array } {
  const { set, k } = o;
  const g = new Float64Array(COLUMNS);
  const h = new Float64Array(COLUMNS * COLUMNS);
  const scores = scoresOf(set, w);
  const n = Math.max(set.count, 1);
  for (let r = 0, off = 0; r < set.count; r++, off += COLUMNS) {
    const p = sigmoid(scores[r]! / k);
    const slope = (p * (1 - p)) / k;
    const residual = (2 * (p - set.results[r]!) * slope) / n;
    const weight = (2 * slope * slope) / n;
    for (let i = 0; i < COLUMNS; i++) {
      const x = set.rows[off + i]!;
      if (x === 0) continue;
      g[i]! += residual * x;
      for (let j = 0; j <= i; j++) h[i * COLUMNS + j]! += weight * x * set.rows[off + j]!;
    }
  }
  for (let i = 0; i < COLUMNS; i++) {
    g[i]! += 2 * pull(o, i) * (w[i]! - o.prior[i]!);
    h[i * COLUMNS + i]! += 2 * pull(o, i);
    for (let j = 0; j < i; j++) h[j * COLUMNS + i] = h[i * COLUMNS + j]!;
  }
  return { gradient: g, curvature: h };
}

/**
 * The solution x of H x = g for the symmetric matrix H (Cholesky, with a little damping so that
 * it is positive definite); columns of H that are all zero (a feature that never occurs) get 0.
 */
function solve(h: Float64Array, g: Float64Array): Float64Array {
  const n = g.length;
  const a = Float64Array.from(h);
  for (let i = 0; i < n; i++) {
    const d = a[i * n + i]!;
    if (d === 0) a[i * n + i] = 1;
    else a[i * n + i] = d * (1 + 1e-9);
  }
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let m = 0; m < j; m++) d -= a[j * n + m]! ** 2;
    a[j * n + j] = Math.sqrt(Math.max(d, 1e-300));
    for (let i = j + 1; i < n; i++) {
      let v = a[i * n + j]!;
      for (let m = 0; m < j; m++) v -= a[i * n + m]! * a[j * n + m]!;
      a[i * n + j] = v / a[j * n + j]!;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let v = h[i * n + i] === 0 ? 0 : g[i]!;
    for (let m = 0; m < i; m++) v -= a[i * n + m]! * y[m]!;
    y[i] = v / a[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let v = y[i]!;
    for (let m = i + 1; m < n; m++) v -= a[m * n + i]! * x[m]!;
    x[i] = v / a[i * n + i]!;
  }
  return x;
}

export interface Step {
  readonly weights: Float64Array;
  readonly loss: number;
  /** The step length taken (1 is a full Gauss-Newton step), 0 when none helped. */
  readonly step: number;
}

/**
 * One step of descent from `w` along the gradient scaled by the inverse of the curvature,
 * starting at length `step` and halved until the objective goes down.
 */
export function descentStep(o: Objective, w: ArrayLike<number>, step = 1): Step {
  const { gradient: g, curvature: h } = gradient(o, w);
  const direction = solve(h, g);
  const before = loss(o, w);
  const next = new Float64Array(COLUMNS);
  for (let length = step, tries = 0; tries < 40; length /= 2, tries++) {
    for (let i = 0; i < COLUMNS; i++) next[i] = w[i]! - length * direction[i]!;
    const after = loss(o, next);
    if (after < before) return { weights: next, loss: after, step: length };
  }
  return { weights: Float64Array.from(w), loss: before, step: 0 };
}

/** Gradient descent from `w` until a step gains less than `tolerance` or none helps. */
export function descend(
  o: Objective,
  w: ArrayLike<number>,
  iterations = 200,
  tolerance = 1e-12,
): Float64Array {
  let current: Float64Array = Float64Array.from(w);
  let value = loss(o, current);
  let length = 1;
  for (let i = 0; i < iterations; i++) {
    const s = descentStep(o, current, Math.min(1, 2 * length));
    if (s.step === 0) break;
    const gain = value - s.loss;
    current = s.weights;
    value = s.loss;
    length = s.step;
    if (gain < tolerance) break;
  }
  return current;
}

/**
 * Rounds `w` to whole numbers, then moves one parameter at a time by one unit while that lowers
 * the objective (each try costs one pass over the scores, kept up to date).
 */
export function polish(o: Objective, w: ArrayLike<number>, passes = 200): Float64Array {
  const { set, k } = o;
  const current = Float64Array.from(w, Math.round);
  const scores = scoresOf(set, current);
  const trial = new Float64Array(set.count);
  const n = Math.max(set.count, 1);
  const value = (delta: number, i: number): number => {
    let sum = 0;
    for (let r = 0; r < set.count; r++) {
      trial[r] = scores[r]! + delta * set.rows[r * COLUMNS + i]!;
      const d = set.results[r]! - sigmoid(trial[r]! / k);
      sum += d * d;
    }
    current[i]! += delta;
    const v = sum / n + penalty(o, current);
    current[i]! -= delta;
    return v;
  };
  let best = loss(o, current);
  for (let pass = 0; pass < passes; pass++) {
    let improved = false;
    for (let i = 0; i < COLUMNS; i++) {
      if (o.spread[i] === 0) continue;
      for (const delta of [1, -1]) {
        let v = value(delta, i);
        while (v < best - 1e-15) {
          best = v;
          current[i]! += delta;
          scores.set(trial);
          improved = true;
          v = value(delta, i);
        }
      }
    }
    if (!improved) break;
  }
  return current;
}

export interface Fit {
  /** The whole-number parameters: the weights in `FEATURES` order, then the bias. */
  readonly weights: Float64Array;
  readonly k: number;
  readonly lambda: number;
  /** The mean squared error of the starting weights (with their best bias) and the fitted ones. */
  readonly before: number;
  readonly after: number;
}

/**
 * Fits K and the bias to the weights of `start` (unless `scale` is given), then the weights at
 * that K, with the pull `lambda` towards `start`, and the bias.
 */
export function fitWeights(
  set: TuningSet,
  start: ArrayLike<number>,
  lambda: number,
  scale: Scale = fitK(set, start),
): Fit {
  const from = Float64Array.from({ length: COLUMNS }, (_, i) => (i === BIAS ? scale.bias : start[i]!));
  const o = objective(set, scale.k, from, lambda);
  const weights = polish(o, descend(o, from));
  return {
    weights,
    k: scale.k,
    lambda,
    before: meanSquaredError(set, from, scale.k),
    after: meanSquaredError(set, weights, scale.k),
  };
}

/** The pulls tried by `chooseLambda`, strongest first. */
export const LAMBDAS = [1, 0.3, 0.1, 0.03, 0.01, 0.003, 0.001] as const;

/**
 * The pull that fits best out of sample: each of `lambdas` is fitted on `train` and scored on
 * `validation` (positions of other games), at the K fitted to `start` on `train`.
 */
export function chooseLambda(
  train: TuningSet,
  validation: TuningSet,
  start: ArrayLike<number>,
  lambdas: readonly number[] = LAMBDAS,
): { lambda: number; errors: number[] } {
  const scale = fitK(train, start);
  const errors = lambdas.map((lambda) =>
    meanSquaredError(validation, fitWeights(train, start, lambda, scale).weights, scale.k),
  );
  const best = errors.indexOf(Math.min(...errors));
  return { lambda: lambdas[best]!, errors };
}

/** A ruleset's entry of tuned.ts: the comment lines above it and its weights. */
export interface TunedEntry {
  readonly rulesId: string;
  readonly notes: readonly string[];
  readonly weights: Partial<Weights>;
}

export const TUNED_FILE_ERRORS = { syntax: 'ERR_TUNED_SYNTAX', feature: 'ERR_TUNED_FEATURE' } as const;
export type TunedFileError = (typeof TUNED_FILE_ERRORS)[keyof typeof TUNED_FILE_ERRORS];

const DECLARATION = 'export const TUNED_WEIGHTS: Readonly<Record<string, Partial<Weights>>> = {';

/** How long a comment line of tuned.ts may be, its indent included. */
const COMMENT_WIDTH = 100;

/** `text` in lines of at most `width` characters, broken at spaces (a longer word stays whole). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return line === '' ? lines : [...lines, line];
}

/** A ruleset id as a key of an object literal, quoted only where it must be (as prettier has it). */
const key = (id: string): string => (/^[A-Za-z_$][\w$]*$/.test(id) ? id : `'${id}'`);

/**
 * The text of tuned.ts: `header` lines in the module comment, then the entries in order, each
 * with its notes as line comments, long lines wrapped; formatted as the repository's prettier
 * would.
 */
export function makeTunedFile(header: readonly string[], entries: readonly TunedEntry[]): string {
  const head = header.flatMap((l) => (l === '' ? [' *'] : wrap(l, COMMENT_WIDTH - 3).map((w) => ` * ${w}`)));
  const lines = ['/**', ...head, ' */', ''];
  lines.push("import type { Weights } from './eval.js';", '');
  if (entries.length === 0) lines.push(`${DECLARATION}};`);
  else {
    lines.push(DECLARATION);
    for (const entry of entries) {
      for (const note of entry.notes) for (const l of wrap(note, COMMENT_WIDTH - 5)) lines.push(`  // ${l}`);
      const named = FEATURES.filter((f) => entry.weights[f] !== undefined);
      if (named.length === 0) lines.push(`  ${key(entry.rulesId)}: {},`);
      else {
        lines.push(`  ${key(entry.rulesId)}: {`);
        for (const f of named) lines.push(`    ${f}: ${entry.weights[f]},`);
        lines.push('  },');
      }
    }
    lines.push('};');
  }
  return `${lines.join('\n')}\n`;
}

/** Reads back the entries of a tuned.ts that `makeTunedFile` wrote. */
export function parseTunedFile(text: string): Result<TunedEntry[], TunedFileError> {
  const lines = text.split('\n').map((l) => l.trim());
  const at = lines.findIndex((l) => l.startsWith(DECLARATION));
  if (at < 0) return fail(TUNED_FILE_ERRORS.syntax, 'no TUNED_WEIGHTS declaration');
  if (lines[at] === `${DECLARATION}};`) return ok([]);
  if (lines[at] !== DECLARATION) return fail(TUNED_FILE_ERRORS.syntax, `line ${at + 1}: ${lines[at]}`);
  const entries: TunedEntry[] = [];
  let notes: string[] = [];
  let open: { rulesId: string; notes: string[]; weights: Partial<Record<Feature, number>> } | undefined;
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const where = `line ${i + 1}: ${JSON.stringify(line)}`;
    let m: RegExpExecArray | null;
    if (line === '') continue;
    if (open === undefined) {
      if (line === '};') return ok(entries);
      if ((m = /^\/\/ ?(.*)$/.exec(line))) notes.push(m[1]!);
      else if ((m = /^(?:'([^']+)'|([A-Za-z_$][\w$]*)): \{(\},)?$/.exec(line))) {
        open = { rulesId: m[1] ?? m[2]!, notes, weights: {} };
        notes = [];
        if (m[3] !== undefined) {
          entries.push(open);
          open = undefined;
        }
      } else return fail(TUNED_FILE_ERRORS.syntax, where);
    } else if (line === '},') {
      entries.push(open);
      open = undefined;
    } else if ((m = /^(\w+): (-?\d+(?:\.\d+)?),$/.exec(line))) {
      if (!(FEATURES as readonly string[]).includes(m[1]!))
        return fail(TUNED_FILE_ERRORS.feature, `${where}: no feature ${m[1]}`);
      open.weights[m[1] as Feature] = Number(m[2]);
    } else return fail(TUNED_FILE_ERRORS.syntax, where);
  }
  return fail(TUNED_FILE_ERRORS.syntax, 'TUNED_WEIGHTS is not closed');
}
