/**
 * The ratings tables (issue 15), through the one Kysely query layer of both databases. The SQLite
 * store runs in a worker thread: every method is forwarded there by name (thread-store.ts), so
 * arguments and answers are plain data (structured clone), and an error reaches the caller with
 * its message only: report expected outcomes as values, not as errors of a kind.
 */

import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its methods come with their routes
export interface RatingStore {}

export class KyselyRatings implements RatingStore {
  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly dialect: 'sqlite' | 'postgres',
  ) {}
}
