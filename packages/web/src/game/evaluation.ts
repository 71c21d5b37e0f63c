/**
 * The engine's scores as players see them. The engine scores a position for the side to move,
 * in centi-soldiers, a win in N plies as ±(WIN - N) (core's analysis.ts); the app keeps every
 * score for the attackers, so a graph over a game reads one way. For display a score becomes a
 * winning chance in -1..1 (as lichess draws its graph): ordinary scores along a logistic curve,
 * wins at the ends. A move is judged by how much it lowered the winning chances of the side that
 * played it.
 *
 * A position the rules have finished is not a score: it carries its result (`PlyEval.result`,
 * `describeEval`), and a win is counted in moves as players count them (the winner's moves).
 */

import { WIN, WIN_BOUND, opposite, type GameAnalysis, type PlyEval, type Side } from '@tafl/core';

export { WIN, WIN_BOUND };

/** Centi-soldiers at which the winning chances reach about ±0.46 (three soldiers ahead). */
const SCALE = 300;

/** A side-to-move score turned into the attackers' score. */
export const forAttackers = (score: number, toMove: Side): number =>
  toMove === 'attackers' ? score : -score;

/**
 * Plies to a forced win for whoever wins (0 for a finished game's ±WIN), or undefined for an
 * ordinary score. Which side wins is the sign of the score, never of this number.
 */
export function winPlies(score: number): number | undefined {
  return Math.abs(score) > WIN_BOUND ? WIN - Math.abs(score) : undefined;
}

/** The attackers' winning chances, -1 (the defenders win) .. 1 (the attackers win). */
export function winningChances(score: number): number {
  if (score > WIN_BOUND) return 1;
  if (score < -WIN_BOUND) return -1;
  return 2 / (1 + Math.exp(-score / SCALE)) - 1;
}

/** The score (centi-soldiers) whose winning chances are `chances` (in -1..1, ends excluded): `winningChances` undone. */
export const scoreOfChances = (chances: number): number => SCALE * Math.log((1 + chances) / (1 - chances));

/** The attackers' winning chances of an entry of an analysis: its result if it has one. */
export const entryChances = (entry: PlyEval): number =>
  entry.result === 'attackers'
    ? 1
    : entry.result === 'defenders'
      ? -1
      : entry.result === 'draw'
        ? 0
        : winningChances(entry.score);

/**
 * The attackers' score of a finished game's last position: a win at the ends, a draw 0. Only for
 * graphs and bars; the words for a finished position come from its result (`describeEval`).
 */
export const finalScore = (winner: Side | 'draw'): number =>
  winner === 'attackers' ? WIN : winner === 'defenders' ? -WIN : 0;

export const JUDGEMENTS = ['inaccuracy', 'mistake', 'blunder'] as const;
export type Judgement = (typeof JUDGEMENTS)[number];

/**
 * How far a move must lower the winning chances of the side that played it, on the -1..1 scale
 * of `winningChances` (half of each in percentage points of winning percentage: 10, 20 and 30
 * points), to be marked. Twice lichess's figures: at the default analysis depth a position's
 * winning chances are about 0.09 off a search two plies deeper on average, and lichess's 0.1
 * would mark the engine's own noise.
 */
export const JUDGEMENT_THRESHOLDS = { inaccuracy: 0.2, mistake: 0.4, blunder: 0.6 } as const;

/** The judgement of a fall of `loss` in winning chances, or undefined below the lowest threshold. */
export function judgementOf(loss: number): Judgement | undefined {
  if (loss >= JUDGEMENT_THRESHOLDS.blunder) return 'blunder';
  if (loss >= JUDGEMENT_THRESHOLDS.mistake) return 'mistake';
  if (loss >= JUDGEMENT_THRESHOLDS.inaccuracy) return 'inaccuracy';
  return undefined;
}

/** The side that plays the move from the position after `ply` plies. */
const moverAt = (ply: number, firstSide: Side): Side => (ply % 2 === 0 ? firstSide : opposite(firstSide));

/**
 * The judgement of every move (index = ply - 1), from the entries of the positions before and
 * after it; undefined for a move whose positions are not analysed yet.
 */
export function judgePlies(
  plies: readonly (PlyEval | undefined)[],
  firstSide: Side,
): (Judgement | undefined)[] {
  const out: (Judgement | undefined)[] = [];
  for (let ply = 1; ply < plies.length; ply++) {
    const before = plies[ply - 1];
    const after = plies[ply];
    if (before === undefined || after === undefined) {
      out.push(undefined);
      continue;
    }
    const fall = entryChances(before) - entryChances(after);
    out.push(judgementOf(moverAt(ply - 1, firstSide) === 'attackers' ? fall : -fall));
  }
  return out;
}

/** The judgement of every move of an analysed game (index = ply - 1); `firstSide` moves first. */
export const judgements = (analysis: GameAnalysis, firstSide: Side): (Judgement | undefined)[] =>
  judgePlies(analysis.plies, firstSide);

/** How many moves of each judgement each side played. */
export type JudgementCounts = { readonly [s in Side]: { readonly [j in Judgement]: number } };

/** The judgements of a game's moves (index = ply - 1, `firstSide` moving first), counted by the side that played them. */
export function judgementCounts(
  judged: readonly (Judgement | undefined)[],
  firstSide: Side,
): JudgementCounts {
  const none = (): { [j in Judgement]: number } => ({ inaccuracy: 0, mistake: 0, blunder: 0 });
  const counts = { attackers: none(), defenders: none() };
  judged.forEach((j, i) => {
    if (j) counts[moverAt(i, firstSide)][j]++;
  });
  return counts;
}

/** A win in `plies` plies for whoever wins, counted as players count moves (the winner's moves): ceil(plies/2). */
export const movesToWin = (plies: number): number => Math.ceil(plies / 2);

/**
 * How far a side stands ahead, in words a player reads: slightly better, better, or decisively
 * (the words of chess players, as lichess uses them), never a count of soldiers that no capture
 * made. A search's score counts much besides the pieces on the board (the king's ways out, the
 * squares around him), so "ahead by 2.2 soldiers" with no capture made read as a mistake.
 */
export const STANDINGS = ['slight', 'clear', 'decisive'] as const;
export type Standing = (typeof STANDINGS)[number];

/**
 * The winning chances (of `winningChances`, -1..1) from which a side stands slightly better
 * (about 0.6 soldiers' worth of score), better (1.9) and decisively better (4.2); below the first,
 * the position is even.
 */
export const STANDING_THRESHOLDS = { slight: 0.1, clear: 0.3, decisive: 0.6 } as const;

/** How a score reads: even, which side stands better and how far, or who wins in how many moves. */
export type ScoreText =
  | { readonly kind: 'even' }
  | { readonly kind: 'standing'; readonly side: Side; readonly standing: Standing }
  | { readonly kind: 'win'; readonly side: Side; readonly moves: number };

/** How an entry reads: a finished position's result, else its score's words. */
export type EvalText = ScoreText | { readonly kind: 'result'; readonly result: Side | 'draw' };

/** The words of an attackers' score (`moves` 0 only for a finished game's ±WIN: use `describeEval`). */
export function describeScore(score: number): ScoreText {
  const plies = winPlies(score);
  if (plies !== undefined)
    return { kind: 'win', side: score > 0 ? 'attackers' : 'defenders', moves: movesToWin(plies) };
  const chances = winningChances(score);
  const size = Math.abs(chances);
  if (size < STANDING_THRESHOLDS.slight) return { kind: 'even' };
  const standing: Standing =
    size >= STANDING_THRESHOLDS.decisive
      ? 'decisive'
      : size >= STANDING_THRESHOLDS.clear
        ? 'clear'
        : 'slight';
  return { kind: 'standing', side: chances > 0 ? 'attackers' : 'defenders', standing };
}

/** The words of an entry: its result when the rules finished the position, never a score then. */
export const describeEval = (entry: PlyEval): EvalText =>
  entry.result !== undefined ? { kind: 'result', result: entry.result } : describeScore(entry.score);
