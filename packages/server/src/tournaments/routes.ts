/**
 * Tournaments over HTTP (protocol-players.ts): the list, one tournament, creating, joining and
 * leaving. Creating, joining and leaving take a signed-in account (`auth/required`, 401);
 * joining and leaving only while the tournament is open and its start has not come
 * (`tournament/closed`, 409), and at most TOURNAMENT_PLAYERS_MAX players (`tournament/full`, 409).
 *
 * Limits, each checked in the database transaction that writes (so that they hold for requests
 * sent at once, and across server processes): OPEN_PER_CREATOR (5) tournaments not yet started
 * per account, counted with the account's row locked (a 6th: `tournament/invalid`, 400);
 * TOURNAMENT_PLAYERS_MAX players per tournament, counted with the tournament's row locked
 * (store/tournaments.ts join).
 *
 * The start must be TOURNAMENT_START.minMs ahead at least; TAFL_TOURNAMENT_MIN_START_MS makes
 * that shorter (the tests start tournaments within seconds).
 */

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Accounts } from '../accounts/routes.js';
import { newGameId, timeColumns } from '../game.js';
import { TOURNAMENT_START, type Refusal, type TournamentList } from '../protocol.js';
import type { Store } from '../store/types.js';
import { checkCreateTournament } from './check.js';
import { msSetting, type Director } from './director.js';
import { summaryOf, viewOf } from './schedule.js';

export interface TournamentDeps {
  readonly store: Store;
  readonly director: Director;
  readonly accounts: Accounts;
  readonly refuse: (reply: FastifyReply, refused: Refusal) => FastifyReply;
}

/** A tournament id: 10 letters and digits, as a game's. */
const TOURNAMENT_ID_RE = /^[A-Za-z0-9]{10}$/;
/** Each list of GET /api/tournaments holds at most this many. */
const LIST_LIMIT = 30;
/**
 * Tournaments one account may have created and not yet started: counted in the transaction that
 * inserts, with the account's row locked (store/tournaments.ts create), so creations sent at
 * once cannot all pass.
 */
export const OPEN_PER_CREATOR = 5;

export function registerTournaments(app: FastifyInstance, deps: TournamentDeps): void {
  const { store, accounts, refuse } = deps;
  const minStartMs = msSetting('TAFL_TOURNAMENT_MIN_START_MS', TOURNAMENT_START.minMs, 0);
  const signedOut: Refusal = { code: 'auth/required', message: 'sign in to take part in tournaments' };
  const unknown = (id: string): Refusal => ({
    code: 'tournament/unknown',
    message: `there is no tournament ${id.slice(0, 20)}`,
  });

  app.get('/api/tournaments', async (): Promise<TournamentList> => {
    const lists = await store.tournaments.list(LIST_LIMIT);
    return {
      open: lists.open.map(summaryOf),
      running: lists.running.map(summaryOf),
      finished: lists.finished.map(summaryOf),
    };
  });

  app.post('/api/tournaments', async (request, reply) => {
    const player = await accounts.viewer(request);
    if (!player) return refuse(reply, signedOut);
    const now = Date.now();
    const checked = checkCreateTournament(request.body, now, minStartMs);
    if (!checked.ok) return refuse(reply, checked);
    const c = checked.value;
    const id = newGameId();
    const made = await store.tournaments.create(
      {
        id,
        name: c.name,
        kind: c.kind,
        rulesId: c.rules,
        rulesName: c.rulesName,
        ...timeColumns(c.time),
        rounds: c.rounds,
        rated: c.rated,
        startsAt: c.startsAt,
        createdAt: now,
      },
      player,
      OPEN_PER_CREATOR,
    );
    if (made === 'limit')
      return refuse(reply, {
        code: 'tournament/invalid',
        message: `you have ${OPEN_PER_CREATOR} tournaments waiting to start already`,
      });
    const detail = await store.tournaments.load(id);
    if (!detail) return refuse(reply, { code: 'server/error', message: 'the tournament was not kept' });
    return reply.code(201).send(viewOf(detail));
  });

  app.get<{ Params: { id: string } }>('/api/tournaments/:id', async (request, reply) => {
    const id = request.params.id;
    const detail = TOURNAMENT_ID_RE.test(id) ? await store.tournaments.load(id) : undefined;
    return detail ? viewOf(detail) : refuse(reply, unknown(id));
  });

  for (const act of ['join', 'leave'] as const)
    app.post<{ Params: { id: string } }>(`/api/tournaments/:id/${act}`, async (request, reply) => {
      const id = request.params.id;
      if (!TOURNAMENT_ID_RE.test(id)) return refuse(reply, unknown(id));
      const player = await accounts.viewer(request);
      if (!player) return refuse(reply, signedOut);
      const now = Date.now();
      const outcome =
        act === 'join'
          ? await store.tournaments.join(id, player, now)
          : await store.tournaments.leave(id, player.id, now);
      if (outcome === 'unknown') return refuse(reply, unknown(id));
      if (outcome === 'closed')
        return refuse(reply, {
          code: 'tournament/closed',
          message: `the tournament has started: nobody ${act === 'join' ? 'joins' : 'leaves'} it now`,
        });
      if (outcome === 'full')
        return refuse(reply, { code: 'tournament/full', message: 'the tournament is full' });
      const detail = await store.tournaments.load(id);
      return detail ? viewOf(detail) : refuse(reply, unknown(id));
    });
}
