/**
 * Tournaments over HTTP (issue 15): the list, one tournament, creating, joining and leaving.
 * (To be written.)
 */

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Accounts } from '../accounts/routes.js';
import type { Refusal } from '../protocol.js';
import type { Store } from '../store/types.js';
import type { Director } from './director.js';

export interface TournamentDeps {
  readonly store: Store;
  readonly director: Director;
  readonly accounts: Accounts;
  readonly refuse: (reply: FastifyReply, refused: Refusal) => FastifyReply;
}

export function registerTournaments(app: FastifyInstance, deps: TournamentDeps): void {
  void app;
  void deps;
}
