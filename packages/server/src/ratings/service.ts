/**
 * Ratings kept up to date (docs/online.md, "Ratings"): every rated game that ends changes both players' Glicko-2
 * ratings in its family, exactly once, whichever process sees the end (the `rated_games` row is
 * written in the same transaction as the ratings: the first one wins, store/ratings.ts).
 *
 * The process that commits a game's end rates it at once (`ended`, the hub's onEnd). A sweep
 * (`start`: at once, then every minute) rates the rated games that ended in the last
 * SWEEP_WINDOW_MS and were never rated: a process killed between a game's end and its rating, a
 * database that failed for a moment, lose nothing. Each game is one rating period, and idle
 * weeks let the deviation grow (ratings/update.ts).
 */

import type { LineLog } from '../log.js';
import { familyOf, PROVISIONAL_DEVIATION } from '../protocol-players.js';
import type { RatingFamily, SeekRating } from '../protocol.js';
import type { GameRow, Store } from '../store/types.js';
import { INITIAL_RATING } from './glicko2.js';
import { current, scoreOfAttackers, type RatedGame } from './update.js';

/** The sweep looks this far back (along games_status_updated). */
export const SWEEP_WINDOW_MS = 7 * 24 * 3_600_000;
/** How often the sweep runs. */
export const SWEEP_EVERY_MS = 60_000;
/** Games the sweep rates in one batch, and batches in one run. */
const SWEEP_BATCH = 100;
const SWEEP_BATCHES = 10;

/** A game's facts for rating it, or undefined when it is not to be rated. */
export function ratedGameOf(row: GameRow): RatedGame | undefined {
  if (!row.rated || row.status !== 'ended') return undefined;
  const family = familyOf(row.rulesId);
  const score = scoreOfAttackers(row.winner);
  if (!family || score === undefined || row.attackersUser === null || row.defendersUser === null)
    return undefined;
  return {
    gameId: row.id,
    family,
    attackers: row.attackersUser,
    defenders: row.defendersUser,
    scoreOfAttackers: score,
    endedAt: row.updatedAt,
  };
}

export class Ratings {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private stopped = false;
  /** Ratings under way (`ended`), so that `idle` can wait for them. */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    protected readonly store: Store,
    protected readonly log: LineLog,
  ) {}

  /** An account's rating in a family as it stands now (a new player's when it has none). */
  async of(userId: string, family: RatingFamily): Promise<SeekRating> {
    const stored = await this.store.ratings.rating(userId, family);
    const now = stored ? current(stored, Date.now()) : INITIAL_RATING;
    return { rating: now.rating, provisional: now.deviation > PROVISIONAL_DEVIATION };
  }

  /** A game this process ended (Hub's onEnd): rated at once when it is rated. Never throws. */
  ended(row: GameRow): void {
    try {
      const game = ratedGameOf(row);
      if (!game) return;
      const work = this.rate(game);
      this.pending.add(work);
      void work.finally(() => this.pending.delete(work));
    } catch (e) {
      this.failed(row.id, e);
    }
  }

  /** Resolves when the ratings under way are written (or have failed). */
  async idle(): Promise<void> {
    await Promise.all([...this.pending, this.sweeping]);
  }

  start(): void {
    this.stopped = false;
    this.sweep();
    this.timer = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Rates what the sweep finds, unless a sweep is running already. */
  private sweep(): void {
    if (this.sweeping || this.stopped) return;
    this.sweeping = this.sweepOnce()
      .catch((e: unknown) =>
        this.log(`the ratings' sweep failed: ${e instanceof Error ? e.message : String(e)}`, {
          level: 'error',
          class: 'ratings sweep failed',
        }),
      )
      .finally(() => (this.sweeping = undefined));
  }

  private async sweepOnce(): Promise<void> {
    const failed = new Set<string>();
    for (let i = 0; i < SWEEP_BATCHES && !this.stopped; i++) {
      const rows = await this.store.ratings.unrated(Date.now() - SWEEP_WINDOW_MS, SWEEP_BATCH);
      let progress = false;
      for (const row of rows) {
        const game = ratedGameOf(row);
        if (!game || failed.has(row.id) || this.stopped) continue;
        if (await this.rate(game)) progress = true;
        else failed.add(row.id);
      }
      // A full batch that moved on: there may be more.
      if (rows.length < SWEEP_BATCH || !progress) return;
    }
  }

  /** Rates one game; false when it failed (logged). */
  private async rate(game: RatedGame): Promise<boolean> {
    try {
      const outcome = await this.store.ratings.rate(game);
      if (outcome === 'rated')
        this.log(`game ${game.gameId} rated (${game.family})`, { level: 'debug', game: game.gameId });
      return true;
    } catch (e) {
      this.failed(game.gameId, e);
      return false;
    }
  }

  private failed(gameId: string, e: unknown): void {
    this.log(
      `game ${gameId} could not be rated (the sweep tries again): ${e instanceof Error ? e.message : String(e)}`,
      { level: 'error', class: 'rating failed', game: gameId },
    );
  }
}
