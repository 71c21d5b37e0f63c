/**
 * Puzzles from the engine's self-play. Each game starts from a few random plies (drawn from the
 * game's own seed) and then the engine's search, bounded by nodes alone so that the same seed gives
 * the same game, plays both sides; now and then (again drawn from the seed) a side plays a random
 * move instead, as a player errs, which is where forced wins appear. Wherever the search's score
 * says the side to move forces a win within the puzzle's reach, the position is a candidate: the
 * bounded search then proves it (prove.ts) or drops it, df-pn proves the win a second time and
 * gives the proof's size, and the puzzle is rated (rate.ts).
 */

import { makePosition, startingPosition, type Position, type Ruleset } from '@tafl/core';
import { mateIn, Search, seededRandom, solve } from '@tafl/engine';
import { mixSeed } from '../match/openings.js';
import { provePuzzle, type Proof } from './prove.js';
import { engineFinds, rate } from './rate.js';

export interface GenerateOptions {
  /** Puzzles wanted for the ruleset. */
  readonly count: number;
  readonly seed: number;
  /** The self-play search's nodes a move. */
  readonly nodes: number;
  /** The longest puzzle in moves (its own moves, as players count: 2N - 1 plies). */
  readonly maxMoves: number;
  /** The budget of one puzzle's proofs in positions: the bounded search's, and df-pn's. */
  readonly proofNodes: number;
  /** Games to try at most. */
  readonly maxGames: number;
}

export interface GeneratedPuzzle {
  readonly rules: string;
  readonly position: string;
  readonly turn: 'attackers' | 'defenders';
  readonly moves: number;
  readonly plies: number;
  readonly line: readonly string[];
  readonly alternatives: readonly (readonly string[])[];
  readonly legalMoves: number;
  readonly proofSize: number;
  readonly checkNodes: number;
  readonly engineFinds: number;
  readonly difficulty: number;
  readonly rating: number;
  readonly game: number;
  readonly ply: number;
}

export interface Progress {
  (event: { game: number; found: number; candidates: number }): void;
}

const RANDOM_OPENING = [2, 8] as const;
const ERROR_RATE = 0.12;
const MAX_PLIES = 120;
const PER_GAME = 2;
/** At most this share of a ruleset's puzzles are wins in 2 moves, the commonest and easiest. */
const SHORT_SHARE = 0.4;

/** Puzzles of `rules`, in the order found; deterministic given the options. */
export function generatePuzzles(
  rules: Ruleset,
  options: GenerateOptions,
  progress?: Progress,
): { puzzles: GeneratedPuzzle[]; games: number; candidates: number } {
  const puzzles: GeneratedPuzzle[] = [];
  const seen = new Set<string>();
  let candidates = 0;
  let game = 0;
  const search = new Search({ ttBits: 18 });
  while (puzzles.length < options.count && game < options.maxGames) {
    const random = seededRandom(mixSeed(options.seed, game, 0x707a));
    const pos = startingPosition(rules);
    const opening = RANDOM_OPENING[0] + Math.floor(random() * (RANDOM_OPENING[1] - RANDOM_OPENING[0] + 1));
    let fromGame = 0;
    search.clear();
    while (!pos.isOver() && pos.ply < MAX_PLIES && fromGame < PER_GAME) {
      if (pos.ply < opening || random() < ERROR_RATE) {
        const legal = pos.legalMoves();
        pos.play(legal[Math.floor(random() * legal.length)]!);
        continue;
      }
      const result = search.run(pos, { nodes: options.nodes });
      const plies = mateIn(result.score);
      if (plies !== undefined && plies >= 3 && plies <= 2 * options.maxMoves - 1) {
        const key = `${makePosition(pos.geo.size, pos.board.cells)} ${pos.turn}`;
        if (!seen.has(key)) {
          seen.add(key);
          candidates++;
          const found = puzzleAt(pos, options, game);
          const short = puzzles.filter((p) => p.moves === 2).length;
          if (found !== undefined && (found.moves > 2 || short < Math.ceil(options.count * SHORT_SHARE))) {
            puzzles.push(found);
            fromGame++;
            if (puzzles.length >= options.count) break;
          }
        }
      }
      if (result.move === undefined) break;
      pos.play(result.move);
    }
    game++;
    progress?.({ game, found: puzzles.length, candidates });
  }
  return { puzzles, games: game, candidates };
}

/** The puzzle at `pos` (taken as set up: no history), or undefined when it is not one. */
function puzzleAt(game: Position, options: GenerateOptions, index: number): GeneratedPuzzle | undefined {
  const pos = game.clone();
  const outcome = provePuzzle(pos, 2 * options.maxMoves - 1, options.proofNodes);
  if (outcome.kind !== 'proved') return undefined;
  const proof: Proof = outcome.proof;
  const solved = solve(pos, { nodes: options.proofNodes, lineNodes: 1 });
  if (solved.result !== 'win' || solved.proofSize === undefined) return undefined;
  const finds = engineFinds(pos, proof.line[0]!);
  const moves = (proof.plies + 1) / 2;
  const rating = rate({
    moves,
    legalMoves: proof.legalMoves,
    proofSize: solved.proofSize,
    engineFinds: finds,
  });
  return {
    rules: pos.rules.id,
    position: makePosition(pos.geo.size, pos.board.cells),
    turn: pos.turn,
    moves,
    plies: proof.plies,
    line: proof.line,
    alternatives: proof.alternatives,
    legalMoves: proof.legalMoves,
    proofSize: solved.proofSize,
    checkNodes: proof.nodes,
    engineFinds: finds,
    difficulty: rating.difficulty,
    rating: rating.rating,
    game: index,
    ply: game.ply,
  };
}
