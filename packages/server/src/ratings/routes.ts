/**
 * Players' pages over HTTP (issue 15): a player's ratings and games, "my games", the
 * leaderboards. (To be written.)
 */

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Accounts } from '../accounts/routes.js';
import type { Hub } from '../hub.js';
import type { Refusal } from '../protocol.js';
import type { Store } from '../store/types.js';

export interface PlayerDeps {
  readonly hub: Hub;
  readonly store: Store;
  readonly accounts: Accounts;
  readonly refuse: (reply: FastifyReply, refused: Refusal) => FastifyReply;
}

export function registerPlayers(app: FastifyInstance, deps: PlayerDeps): void {
  void app;
  void deps;
}
