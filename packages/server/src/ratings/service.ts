/**
 * Ratings kept up to date (issue 15): every rated game that ends changes both players' Glicko-2
 * ratings in its family, exactly once. (To be written.)
 */

import type { LineLog } from '../log.js';
import type { RatingFamily, SeekRating } from '../protocol.js';
import type { GameRow, Store } from '../store/types.js';

export class Ratings {
  constructor(
    protected readonly store: Store,
    protected readonly log: LineLog,
  ) {}

  /** An account's rating in a family (a new player's when it has none). */
  of(userId: string, family: RatingFamily): Promise<SeekRating> {
    void userId;
    void family;
    return Promise.resolve({ rating: 1500, provisional: true });
  }

  /** A game this process ended (Hub's onEnd). */
  ended(row: GameRow): void {
    void row;
  }

  start(): void {}

  stop(): void {}
}
