/**
 * A game loaded for the analysis board: what AnalysisScreen.tsx loads and AnalysisBoard.tsx
 * shows, a module of its own so that the board does not import the screen that imports it.
 */

import type { GameAnalysis } from '@tafl/core';
import type { AnalysisSource } from '../app/router.js';
import type { EndResult } from '../game/announce.js';
import type { Game } from '../game/model.js';

/** A game to analyse, and what becomes of its analysis. */
export interface Loaded {
  readonly game: Game;
  readonly kind: AnalysisSource['kind'];
  /** How the game ended when the rules did not end it (a resignation, the clock). */
  readonly ending?: EndResult;
  /** The analysis kept with the game. */
  readonly analysis?: GameAnalysis;
  /** Keeps a finished analysis with the game; resolves false when it could not. */
  readonly save?: (analysis: GameAnalysis) => Promise<boolean>;
  /** The screen of the game itself. */
  readonly back?: string;
}
