/**
 * The accounts' HTTP API (protocol-players.ts): sign up, sign in and out, the password, deleting
 * an account, attaching a guest's seats; the session cookie and the CSRF check of every
 * state-changing request. (Issue 15: to be written.)
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Hub, Player } from '../hub.js';
import type { LineLog } from '../log.js';
import type { Refusal } from '../protocol.js';
import type { Store } from '../store/types.js';

export interface AccountDeps {
  readonly hub: Hub;
  readonly store: Store;
  readonly log: LineLog;
  /** Sends a refusal with its HTTP status (and counts it). */
  readonly refuse: (reply: FastifyReply, refused: Refusal) => FastifyReply;
}

/** What the other routes need of accounts. */
export interface Accounts {
  /** The signed-in account making the request, if any (a valid session cookie). */
  viewer(request: FastifyRequest): Promise<Player | undefined>;
}

export async function registerAccounts(app: FastifyInstance, deps: AccountDeps): Promise<Accounts> {
  void app;
  void deps;
  return { viewer: () => Promise.resolve(undefined) };
}
