/**
 * Opening suites: openings judged once by a deep search and kept in a file, so that every match
 * played from them starts from positions known to be about even (`tafl openings` writes one,
 * `tafl match --openings FILE` plays from one).
 *
 * A match's `--even` judges each random opening as the match starts, by a search it can afford
 * then (200,000 positions). An opening's score moves by 50 to 100 centi-soldiers from one depth
 * to the next, as much as the margin, so some openings it passes are lost for whoever attacks:
 * against OpenTafl both engines lost two such openings as the attackers (packages/engine/README.md,
 * "The attackers against OpenTafl"). A suite judges each candidate twice, by a search of an eighth
 * of its positions and by one of all of them, and keeps it only when both scores lie within the
 * margin of the start's score by the same search.
 *
 * The file is text, one opening a line: its moves in OTN (as records write them), then `#` and
 * anything (the scores, for the reader). Blank lines and lines that begin with `#` are skipped.
 */

import {
  fail,
  makeMoveRecord,
  ok,
  playMoveRecord,
  startingPosition,
  type Move,
  type Result,
  type Ruleset,
} from '@tafl/core';
import { Search, seededRandom } from '@tafl/engine';
import { attackersScore, mixSeed, randomOpening } from './openings.js';

/** A judged opening: its moves, and the attackers' scores at the two bounds (`JudgeOptions.nodes` / 8, then all). */
export interface JudgedOpening {
  readonly moves: readonly Move[];
  readonly scores: readonly [number, number];
}

export interface JudgeOptions {
  /** Openings to keep. */
  readonly count: number;
  /** Random plies of each. */
  readonly plies: number;
  /** The deeper search's positions; the shallower one searches an eighth of them. */
  readonly nodes: number;
  /** Kept only within this many centi-soldiers of the start's score, at both bounds. */
  readonly margin: number;
  readonly seed: number;
  /** Candidates drawn before giving up (default 20 for each opening asked for). */
  readonly attempts?: number;
}

/** What judging found: the start's scores at the two bounds, and the openings kept. */
export interface JudgedSuite {
  readonly start: readonly [number, number];
  readonly kept: JudgedOpening[];
  /** Candidates judged, kept or not. */
  readonly judged: number;
}

/** The bounds of the two searches an opening is judged by. */
export const judgeBounds = (nodes: number): [number, number] => [Math.max(1, Math.floor(nodes / 8)), nodes];

/**
 * Draws random openings of `plies` plies from `seed` (candidate i from its own seed, so a longer
 * run keeps a shorter one's openings) and keeps those the engine judges about even at both bounds,
 * until `count` are kept. A candidate that repeats one judged before (the same position and side
 * to move) is skipped, and one the shallower search does not pass is not searched deeper.
 * `onCandidate` hears of each one judged, with its scores (the deeper undefined when not searched).
 */
export function judgeOpenings(
  rules: Ruleset,
  options: JudgeOptions,
  onCandidate?: (
    moves: readonly Move[],
    scores: readonly [number, number | undefined],
    kept: boolean,
  ) => void,
): JudgedSuite {
  const search = new Search();
  const bounds = judgeBounds(options.nodes);
  const startPos = startingPosition(rules);
  const start: [number, number] = [
    attackersScore(search, startPos, bounds[0]),
    attackersScore(search, startPos, bounds[1]),
  ];
  const near = (score: number, k: 0 | 1): boolean => Math.abs(score - start[k]) <= options.margin;
  const kept: JudgedOpening[] = [];
  const seen = new Set<string>();
  const attempts = options.attempts ?? 20 * options.count;
  let judged = 0;
  for (let i = 0; i < attempts && kept.length < options.count; i++) {
    const moves = randomOpening(rules, options.plies, seededRandom(mixSeed(options.seed, i, 0x7375)));
    if (moves === undefined) break;
    const pos = startingPosition(rules);
    for (const move of moves) pos.play(move);
    const key = `${pos.keyLo}:${pos.keyHi}:${pos.turn}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // The deeper search only for an opening the shallower one passed: most random openings fail at once.
    const shallow = attackersScore(search, pos, bounds[0]);
    const deep = near(shallow, 0) ? attackersScore(search, pos, bounds[1]) : undefined;
    judged++;
    const even = deep !== undefined && near(deep, 1);
    if (even) kept.push({ moves, scores: [shallow, deep] });
    const scores = [shallow, deep] as const;
    onCandidate?.(moves, scores, even);
  }
  return { start, kept, judged };
}

/** The OTN records of an opening's moves from the start of `rules`. */
export function openingRecords(rules: Ruleset, moves: readonly Move[]): string[] {
  const pos = startingPosition(rules);
  return moves.map((move) => {
    pos.play(move);
    return makeMoveRecord(pos);
  });
}

/** A suite's line: the opening's moves, then its scores after `#`. */
export function suiteLine(rules: Ruleset, opening: JudgedOpening, bounds: readonly [number, number]): string {
  const [a, b] = opening.scores;
  return `${openingRecords(rules, opening.moves).join(' ')}  # attackers ${a} at ${bounds[0]}, ${b} at ${bounds[1]}`;
}

/** The most openings a suite file may hold, and the longest line read (input is bounded). */
const MAX_SUITE_OPENINGS = 10_000;
const MAX_LINE = 2_000;

/**
 * Reads a suite's text for `rules`: each opening's moves checked legal from the start, and the
 * game not over after them. Fails with the line's number and what is wrong with it.
 */
export function parseSuite(rules: Ruleset, text: string): Result<Move[][], 'ERR_SUITE'> {
  const openings: Move[][] = [];
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const where = `line ${n + 1}`;
    const raw = lines[n]!;
    if (raw.length > MAX_LINE) return fail('ERR_SUITE', `${where}: longer than ${MAX_LINE} characters`);
    const body = raw.replace(/#.*$/, '').trim();
    if (body === '') continue;
    if (openings.length >= MAX_SUITE_OPENINGS)
      return fail('ERR_SUITE', `${where}: more than ${MAX_SUITE_OPENINGS} openings`);
    const pos = startingPosition(rules);
    const moves: Move[] = [];
    for (const word of body.split(/\s+/)) {
      // Move numbers, as a game record writes them (`1.`), are read past.
      if (/^\d+\.$/.test(word)) continue;
      const played = playMoveRecord(pos, word);
      if (!played.ok) return fail('ERR_SUITE', `${where}: move ${moves.length + 1}: ${played.message}`);
      moves.push(played.value);
    }
    if (pos.isOver()) return fail('ERR_SUITE', `${where}: the game is over after this opening`);
    openings.push(moves);
  }
  if (openings.length === 0) return fail('ERR_SUITE', 'no opening in the file');
  return ok(openings);
}
