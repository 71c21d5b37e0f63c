/**
 * The tournament director (issue 15): starts tournaments at their time, pairs each round when
 * the last one is over, makes the games, and finishes. (To be written.)
 */

import type { Hub } from '../hub.js';
import type { LineLog } from '../log.js';
import type { GameRow, Store } from '../store/types.js';

export class Director {
  constructor(
    protected readonly store: Store,
    protected readonly hub: Hub,
    protected readonly log: LineLog,
  ) {}

  /** A game this process ended (Hub's onEnd). */
  ended(row: GameRow): void {
    void row;
  }

  start(): void {}

  stop(): void {}
}
