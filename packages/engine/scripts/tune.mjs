#!/usr/bin/env node
/**
 * Tunes the evaluation weights of rulesets from the engine's own games (Texel's method) and
 * writes them into src/tuned.ts, which `weightsFor` reads. Plain JavaScript on the built
 * packages; from the repository root:
 *
 *     npm run build && node packages/engine/scripts/tune.mjs --all --check
 *
 * For each ruleset, each round: self-play games from seeded random openings, both sides the
 * engine with the current weights at a fixed node budget a move, on worker threads
 * (tune/worker.mjs, through the match's game loop); the quiet positions of every game so far,
 * each with its features and the game's result; then the fit of tune/tune.ts (K first, then the
 * weights, pulled towards the current ones by a ridge penalty whose strength is the one that
 * predicts held-out games best). The next round plays with the fitted weights. With --check the
 * tuned weights then play the ruleset's starting weights (its old entry, else the defaults) in
 * pairs of games with the sides swapped; weights that score under half are not written, and the
 * entry says so. Each ruleset's entry is written as soon as it is done; other entries are kept.
 * The same options and seed give the same file (the clock only times the log and dates it).
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PRESETS, presetById } from '@tafl/core';
import { FEATURE_COUNT, baseWeights, seededRandom } from '@tafl/engine';
import { DEFAULT_MAX_PLIES } from '@tafl/cli/dist/match/game.js';
import { mixSeed, randomOpening } from '@tafl/cli/dist/match/openings.js';
import { matchFigures, tally } from '@tafl/cli/dist/match/stats.js';
import { matchTasks } from '@tafl/cli/dist/match/tasks.js';
import { playAll } from './tune/pool.mjs';
import {
  chooseLambda,
  fitK,
  fitWeights,
  makeTunedFile,
  meanSquaredError,
  parseTunedFile,
  startFeatures,
  subset,
  tuningSet,
  weightVector,
  weightsOf,
} from '../tune/dist/tune.js';

const GENERATOR = 'packages/engine/scripts/tune.mjs';
const DEFAULT_OUT = fileURLToPath(new URL('../src/tuned.ts', import.meta.url));
/** One game in this many is held out to choose the ridge penalty's strength. */
const HOLD_OUT = 5;

const usage = `Usage: node ${GENERATOR} (--rules ID ... | --all) [options]

  Tunes each ruleset's evaluation weights from self-play (Texel's method) and writes them into
  src/tuned.ts, keeping the other rulesets' entries. Run \`npm run build\` first.

  --rules ID           a ruleset to tune (repeatable)
  --all                every preset
  --games N            self-play games a round (default 300)
  --nodes N            the search's nodes a move in self-play (default 2000)
  --iterations N       rounds of play-then-fit, each playing with the weights of the round
                       before and fitting on the positions of all rounds so far (default 2)
  --seed N             the seed of the openings (default 1)
  --openings PLIES     random plies before the engine plays (default 4)
  --skip PLIES         positions before this ply are not used (default 8)
  --max-plies N        a game reaching N plies is a draw (default ${DEFAULT_MAX_PLIES})
  --lambda X           the ridge penalty's strength (default: chosen on held-out games)
  --check              play the tuned weights against the starting ones; write them only if
                       they score at least half
  --check-only         tune nothing: play each ruleset's weights in the file against the
                       defaults, as --check does, and report
  --check-games N      games of the check, an even number (default 200)
  --check-nodes N      nodes a move in the check (default: --nodes)
  --jobs N             worker threads (default 2)
  --out FILE           the file to write (default src/tuned.ts)
  -h, --help           show this help
`;

function options() {
  const { values } = parseArgs({
    options: {
      rules: { type: 'string', multiple: true },
      all: { type: 'boolean' },
      games: { type: 'string' },
      nodes: { type: 'string' },
      iterations: { type: 'string' },
      seed: { type: 'string' },
      openings: { type: 'string' },
      skip: { type: 'string' },
      'max-plies': { type: 'string' },
      lambda: { type: 'string' },
      check: { type: 'boolean' },
      'check-only': { type: 'boolean' },
      'check-games': { type: 'string' },
      'check-nodes': { type: 'string' },
      jobs: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  const whole = (name, fallback, min = 1) => {
    const text = values[name];
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min)
      throw new Error(`--${name} must be a whole number ≥ ${min}`);
    return Number(text);
  };
  if (values.all === (values.rules !== undefined)) throw new Error('give --rules ID (repeatable) or --all');
  const rulesets = values.all
    ? [...PRESETS]
    : values.rules.map((id) => presetById(id) ?? fail(`unknown ruleset ${JSON.stringify(id)}`));
  const nodes = whole('nodes', 2000);
  const checkGames = whole('check-games', 200, 2);
  if (checkGames % 2 !== 0) throw new Error('--check-games must be even (pairs of games)');
  const lambda = values.lambda === undefined ? undefined : Number(values.lambda);
  if (lambda !== undefined && !(lambda >= 0)) throw new Error('--lambda must be a number ≥ 0');
  return {
    rulesets,
    games: whole('games', 300),
    nodes,
    iterations: whole('iterations', 2),
    seed: whole('seed', 1, 0),
    openings: whole('openings', 4, 0),
    skip: whole('skip', 8, 0),
    maxPlies: whole('max-plies', DEFAULT_MAX_PLIES),
    lambda,
    check: values.check === true,
    checkOnly: values['check-only'] === true,
    checkGames,
    checkNodes: whole('check-nodes', nodes),
    jobs: whole('jobs', 2),
    out: values.out ?? DEFAULT_OUT,
  };
}

function fail(message) {
  throw new Error(message);
}

const log = (line) => process.stderr.write(`${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const winners = (results) =>
  ['defenders', 'attackers', 'draw'].map((w) => `${results.filter((r) => r.winner === w).length}`).join('/');

/** Self-play games of a round: every game's quiet positions and result. */
async function selfPlay(rules, weights, round, opts, index) {
  const tasks = Array.from({ length: opts.games }, (_, game) => {
    const random = seededRandom(mixSeed(opts.seed, index, round, game));
    const opening =
      randomOpening(rules, opts.openings, random) ?? fail(`no opening of ${opts.openings} plies`);
    return { index: game, opening, weights: { attackers: weights, defenders: weights }, collect: true };
  });
  const init = { rulesId: rules.id, nodes: opts.nodes, maxPlies: opts.maxPlies, skip: opts.skip, ttBits: 16 };
  return playAll(init, tasks, opts.jobs);
}

/** The tuning set of all rounds so far, and each row's game (for the held-out games). */
function pooled(games, start) {
  const count = games.reduce((n, g) => n + g.rows.length / FEATURE_COUNT, 0);
  const raw = new Float64Array(count * FEATURE_COUNT);
  const results = new Float64Array(count);
  const gameOf = new Int32Array(count);
  let at = 0;
  games.forEach((g, gameIndex) => {
    const n = g.rows.length / FEATURE_COUNT;
    raw.set(g.rows, at * FEATURE_COUNT);
    results.fill(g.winner === 'defenders' ? 1 : g.winner === 'attackers' ? 0 : 0.5, at, at + n);
    gameOf.fill(gameIndex, at, at + n);
    at += n;
  });
  return { set: tuningSet(raw, results, start), gameOf };
}

/** Tuned weights against `start` in pairs of games with the sides swapped: A is the tuned. */
async function checkMatch(rules, tuned, start, opts, index) {
  const pairs = matchTasks(rules, opts.checkGames / 2, opts.openings, mixSeed(opts.seed, index, 0x636b));
  if (pairs === undefined) fail(`no opening of ${opts.openings} plies`);
  const tasks = pairs.map((t) => ({
    index: t.index,
    opening: t.opening,
    weights:
      t.aSide === 'attackers'
        ? { attackers: tuned, defenders: start }
        : { attackers: start, defenders: tuned },
    collect: false,
  }));
  const init = { rulesId: rules.id, nodes: opts.checkNodes, maxPlies: opts.maxPlies, skip: 0, ttBits: 16 };
  const results = await playAll(init, tasks, opts.jobs);
  const games = results.map((r, i) => ({ aSide: pairs[i].aSide, winner: r.winner }));
  return { ...matchFigures(games), tally: tally(games).a, games: games.length };
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const percent = (x) => `${(100 * x).toFixed(1)}%`;
const signed = (x) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(0)}` : x > 0 ? '+inf' : '-inf');
const wdl = (t) => `${t.wins}/${t.draws}/${t.losses}`;

function describeCheck(c) {
  return (
    `${percent(c.score)} in ${c.games} games (${signed(c.elo)} Elo, 95% ${signed(c.eloInterval.low)} to ` +
    `${signed(c.eloInterval.high)}; W/D/L as attackers ${wdl(c.tally.attackers)}, as defenders ${wdl(c.tally.defenders)})`
  );
}

/** Tunes one ruleset: rounds of play-then-fit, then the check. */
async function tuneRuleset(rules, own, opts, index) {
  const start = { ...baseWeights(rules), ...(own?.weights ?? {}) };
  const startFeats = startFeatures(rules);
  let current = start;
  const games = [];
  let generation = 0;
  let fit;
  let set;
  for (let round = 1; round <= opts.iterations; round++) {
    const began = Date.now();
    const results = await selfPlay(rules, current, round, opts, index);
    const played = Date.now() - began;
    generation += played;
    games.push(...results);
    const data = pooled(games, startFeats);
    set = data.set;
    const w = weightVector(current);
    let lambda = opts.lambda;
    let validation = '';
    if (lambda === undefined) {
      const held = (r) => data.gameOf[r] % HOLD_OUT === HOLD_OUT - 1;
      const chosen = chooseLambda(
        subset(set, (r) => !held(r)),
        subset(set, held),
        w,
      );
      lambda = chosen.lambda;
      validation = ` (held-out errors ${chosen.errors.map((e) => e.toFixed(4)).join(' ')})`;
    }
    fit = fitWeights(set, w, lambda);
    current = weightsOf(fit.weights);
    const plies = results.reduce((n, r) => n + r.plies, 0) / results.length;
    log(
      `${rules.id} round ${round}: ${results.length} games in ${seconds(played)} ` +
        `(won by defenders/attackers/draw ${winners(results)}, ${plies.toFixed(0)} plies on average); ` +
        `${set.count} positions in all; K ${fit.k.toFixed(0)}, bias ${fit.weights[FEATURE_COUNT]}, ` +
        `lambda ${lambda}${validation}; ` +
        `error ${fit.before.toFixed(4)} -> ${fit.after.toFixed(4)}; fitted in ${seconds(Date.now() - began - played)}`,
    );
  }
  const scale = fitK(set, weightVector(start));
  const before = meanSquaredError(set, weightVector(start, scale.bias), scale.k);
  const summary = {
    games: games.length,
    positions: set.count,
    k: fit.k,
    lambda: fit.lambda,
    before,
    after: fit.after,
    generation,
  };
  if (!opts.check) return { weights: current, summary, check: undefined };
  const began = Date.now();
  const check = await checkMatch(rules, current, start, opts, index);
  log(
    `${rules.id} check, tuned against start weights: ${describeCheck(check)} in ${seconds(Date.now() - began)}`,
  );
  return { weights: current, summary, check };
}

/** The comment of a ruleset's entry: how its weights were made and checked. */
function notes(rules, opts, date, s, check, accepted) {
  const lines = [
    `${rules.id}, ${date}: ${s.games} self-play games at ${opts.nodes} nodes a move, ` +
      `${plural(opts.iterations, 'round')} (seed ${opts.seed}), ${s.positions} positions; K ${s.k.toFixed(0)}, lambda ${s.lambda}; ` +
      `error ${s.before.toFixed(4)} with the start weights, ${s.after.toFixed(4)} tuned.`,
  ];
  if (check === undefined) lines.push('Not checked by a match.');
  else
    lines.push(
      `Check against the start weights at ${opts.checkNodes} nodes a move: ${describeCheck(check)}` +
        (accepted ? '.' : '; worse, so the start weights are kept.'),
    );
  return lines;
}

/** Reads the entries of `out` (none if it does not exist yet). */
function readEntries(out) {
  if (!existsSync(out)) return [];
  const parsed = parseTunedFile(readFileSync(out, 'utf8'));
  if (!parsed.ok) fail(`${out} is not as ${GENERATOR} writes it (${parsed.message}); not overwritten`);
  return parsed.value;
}

function writeEntries(out, entries, command, date) {
  const order = (e) => {
    const i = PRESETS.findIndex((p) => p.id === e.rulesId);
    return i < 0 ? PRESETS.length : i;
  };
  const sorted = [...entries].sort((a, b) => order(a) - order(b));
  const header = [
    `Tuned evaluation weights by ruleset id: written by ${GENERATOR}, not by hand (the engine's ` +
      "README says how to run it). Each entry's comment says how it was made: the games, the " +
      'positions, K, the error with the weights the tuning started from and with the tuned ones, ' +
      'and the check match. An empty entry keeps the defaults (`weightsFor` would otherwise borrow ' +
      'the weights of the nearest tuned preset).',
    '',
    `Last written ${date} by: node ${command}`,
  ];
  writeFileSync(out, makeTunedFile(header, sorted));
}

/** Plays the weights of each ruleset's entry against the defaults. */
async function checkOnly(opts, entries) {
  for (const rules of opts.rulesets) {
    const own = entries.find((e) => e.rulesId === rules.id);
    if (own === undefined || Object.keys(own.weights).length === 0) {
      log(`${rules.id}: no tuned weights in ${opts.out}`);
      continue;
    }
    const index = PRESETS.findIndex((p) => p.id === rules.id);
    const began = Date.now();
    const tuned = { ...baseWeights(rules), ...own.weights };
    const check = await checkMatch(rules, tuned, baseWeights(rules), opts, index);
    log(
      `${rules.id}, tuned against default weights: ${describeCheck(check)} in ${seconds(Date.now() - began)}`,
    );
  }
}

async function main() {
  const opts = options();
  const command = [GENERATOR, ...process.argv.slice(2)].join(' ');
  const date = new Date().toISOString().slice(0, 10);
  let entries = readEntries(opts.out);
  if (opts.checkOnly) return checkOnly(opts, entries);
  const began = Date.now();
  let generation = 0;
  for (const rules of opts.rulesets) {
    const index = PRESETS.findIndex((p) => p.id === rules.id);
    const own = entries.find((e) => e.rulesId === rules.id);
    const { weights, summary, check } = await tuneRuleset(rules, own, opts, index);
    generation += summary.generation;
    const accepted = check === undefined || check.score >= 0.5;
    const entryNotes = notes(rules, opts, date, summary, check, accepted);
    const entry = accepted
      ? { rulesId: rules.id, notes: entryNotes, weights }
      : { rulesId: rules.id, notes: [...(own?.notes ?? []), ...entryNotes], weights: own?.weights ?? {} };
    entries = [...entries.filter((e) => e.rulesId !== rules.id), entry];
    writeEntries(opts.out, entries, command, date);
    log(`${rules.id}: ${accepted ? 'tuned weights written' : 'start weights kept'} to ${opts.out}`);
  }
  log(`done in ${seconds(Date.now() - began)} (self-play ${seconds(generation)})`);
}

await main();
