/**
 * Cross-site requests, whatever the path looks like: the cross-site check (sessions.ts) decides
 * on the request's method, never on its raw path, which the router decodes (`/%61pi/...` runs
 * the `/api/...` route). Against a real server on each backend:
 *
 * - the same forged request (the victim's cookie, no CSRF token: a text/plain form from another
 *   site, JSON from another site, JSON with no Origin at all) sent to each state-changing route
 *   through every spelling of its path (cross-site-harness.ts: percent-encoding, `//`, `/API/`,
 *   `;x`, trailing dots, the route's own parameters...) is refused, and nothing it could have
 *   changed has changed, as the API shows it; then the same request made by the app itself
 *   through an encoded spelling does change it (the forgery was a working one, and that spelling
 *   reaches the route);
 * - every answer of a route that carries private data (the account and its CSRF token, a seat's
 *   token, my games, sign-in and sign-up) is `Cache-Control: no-store`, through every spelling,
 *   its refusals included.
 */

import {
  makeMoveSquares,
  playMoveRecord,
  presetById,
  startingPosition,
  type GameAnalysis,
  type PlyEval,
  type Side,
} from '@tafl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountState,
  GameView,
  MyGames,
  SeatGrant,
  TournamentList,
  TournamentView,
} from '../../src/protocol.js';
import { apiAs, signUp, userName, type Session } from '../accounts-harness.js';
import {
  BACKENDS,
  Client,
  api,
  createGame,
  freshDatabase,
  joinGame,
  startServer,
  type ServerProcess,
} from '../harness.js';
import { TOURNAMENT_ENV, joinTournament, tournamentRequest } from '../tournament-harness.js';
import { errorCode, raw, spellings, type RawResponse } from './cross-site-harness.js';

const PASSWORD = 'correct horse';
const EVIL = 'http://evil.example';
const CREATE = { rules: 'brandub-fr', side: 'attackers', time: { kind: 'none' }, name: 'Victim' };

/** What the tests share on one server. */
interface Env {
  readonly base: string;
  readonly attacker: Session;
  /** An open tournament of the attacker's, starting in an hour. */
  readonly tournament: string;
}

/** A state-changing route, what to send it, and how to see what it would change. */
interface Target {
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  /** The route's own parameter as it stands in `path` (an id). */
  readonly param?: string;
  readonly body?: unknown;
  /** What the request changes, as the API shows it. */
  readonly state: () => Promise<unknown>;
  /** The status of the app's own request. */
  readonly done: number;
}

interface Case {
  readonly name: string;
  readonly prepare: (env: Env, victim: Session) => Promise<Target>;
}

const accountOf = async (base: string, session: Session): Promise<string | null> =>
  (await apiAs<AccountState>(base, '/api/account', session)).body.user?.name ?? null;

const myGames = async (base: string, session: Session): Promise<string[]> =>
  (await apiAs<MyGames>(base, '/api/me/games', session)).body.games.map((g) => g.id).sort();

const playerStatus = async (base: string, name: string): Promise<number> =>
  (await api(base, `/api/players/${name}`)).status;

/** A finished game (one move, then the side to move resigns) and an analysis the server keeps. */
async function finishedGame(base: string): Promise<{ id: string; analysis: GameAnalysis }> {
  const first = await createGame(base);
  const second = await joinGame(base, first.game.id);
  const id = first.game.id;
  const tokens = { [first.side]: first.token, [second.side]: second.token } as Record<Side, string>;
  const rules = presetById('brandub-fr')!;
  const pos = startingPosition(rules);
  const move = makeMoveSquares(pos.geo, pos.legalMoves()[0]!);
  const client = await Client.connect(`${base.replace(/^http/, 'ws')}/api/ws`);
  try {
    client.send({ t: 'watch', game: id });
    await client.next('state');
    client.send({ t: 'move', game: id, token: tokens[pos.turn], ply: 0, move });
    await client.next('move', (m) => m.game === id && m.ply === 1);
    expect(playMoveRecord(pos, move).ok).toBe(true);
    client.send({ t: 'resign', game: id, token: tokens[pos.turn] });
    await client.next('update', (m) => m.game.id === id && m.game.status === 'ended');
  } finally {
    client.close();
  }
  const replay = startingPosition(rules);
  const plies: PlyEval[] = [];
  for (let ply = 0; ply <= 1; ply++) {
    if (ply > 0) playMoveRecord(replay, move);
    plies.push({ score: 10 - ply, pv: [makeMoveSquares(replay.geo, replay.legalMoves()[0]!)], depth: 3 });
  }
  return { id, analysis: { version: 2, depth: 3, plies } };
}

/** Every state-changing route of the server, from the victim's browser. */
const CASES: readonly Case[] = [
  {
    name: 'sign out',
    prepare: async ({ base }, victim) => ({
      method: 'POST',
      path: '/api/account/signout',
      state: () => accountOf(base, victim),
      done: 204,
    }),
  },
  {
    name: 'sign out everywhere',
    prepare: async ({ base }, victim) => ({
      method: 'POST',
      path: '/api/account/signout-all',
      state: () => accountOf(base, victim),
      done: 204,
    }),
  },
  {
    name: 'change the password',
    prepare: async ({ base }, victim) => ({
      method: 'POST',
      path: '/api/account/password',
      body: { current: PASSWORD, password: 'attacker password' },
      state: async () => [
        await accountOf(base, victim),
        (await api(base, '/api/account/signin', { name: victim.user.name, password: PASSWORD })).status,
      ],
      done: 204,
    }),
  },
  {
    name: 'delete the account',
    prepare: async ({ base }, victim) => ({
      method: 'POST',
      path: '/api/account/delete',
      body: { password: PASSWORD },
      state: async () => [await accountOf(base, victim), await playerStatus(base, victim.user.name)],
      done: 204,
    }),
  },
  {
    name: 'attach a guest’s seats',
    prepare: async ({ base }, victim) => {
      const planted = await createGame(base);
      return {
        method: 'POST',
        path: '/api/account/seats',
        body: { seats: [{ game: planted.game.id, token: planted.token }] },
        state: () => myGames(base, victim),
        done: 200,
      };
    },
  },
  {
    name: 'sign up (the victim’s browser signed in to a new account)',
    prepare: async ({ base }, victim) => {
      const name = userName('Planted');
      return {
        method: 'POST',
        path: '/api/account/signup',
        body: { name, password: PASSWORD },
        state: async () => [await accountOf(base, victim), await playerStatus(base, name)],
        done: 201,
      };
    },
  },
  {
    name: 'sign in (the victim’s browser signed in to the attacker’s account)',
    prepare: async ({ base, attacker }, victim) => ({
      method: 'POST',
      path: '/api/account/signin',
      body: { name: attacker.user.name, password: PASSWORD },
      state: () => accountOf(base, victim),
      done: 200,
    }),
  },
  {
    name: 'create a game',
    prepare: async ({ base }, victim) => ({
      method: 'POST',
      path: '/api/games',
      body: CREATE,
      state: () => myGames(base, victim),
      done: 201,
    }),
  },
  {
    name: 'join a game',
    prepare: async ({ base }) => {
      const id = (await createGame(base)).game.id;
      return {
        method: 'POST',
        path: `/api/games/${id}/join`,
        param: id,
        body: { name: 'Victim' },
        state: async () => (await api<GameView>(base, `/api/games/${id}`)).body.status,
        done: 200,
      };
    },
  },
  {
    name: 'save an analysis',
    prepare: async ({ base }) => {
      const { id, analysis } = await finishedGame(base);
      return {
        method: 'PUT',
        path: `/api/games/${id}/analysis`,
        param: id,
        body: analysis,
        state: async () => (await api(base, `/api/games/${id}/analysis`)).status,
        done: 200,
      };
    },
  },
  {
    name: 'create a tournament',
    prepare: async ({ base }, victim) => ({
      method: 'POST',
      path: '/api/tournaments',
      body: tournamentRequest({ startsAt: Date.now() + 3_600_000 }),
      state: async () =>
        (await api<TournamentList>(base, '/api/tournaments')).body.open.filter(
          (t) => t.creator === victim.user.name,
        ).length,
      done: 201,
    }),
  },
  {
    name: 'join a tournament',
    prepare: async ({ base, tournament }, victim) => ({
      method: 'POST',
      path: `/api/tournaments/${tournament}/join`,
      param: tournament,
      state: async () =>
        (await api<TournamentView>(base, `/api/tournaments/${tournament}`)).body.entrants.includes(
          victim.user.name,
        ),
      done: 200,
    }),
  },
  {
    name: 'leave a tournament',
    prepare: async ({ base, tournament }, victim) => {
      await joinTournament(base, tournament, victim);
      return {
        method: 'POST',
        path: `/api/tournaments/${tournament}/leave`,
        param: tournament,
        state: async () =>
          (await api<TournamentView>(base, `/api/tournaments/${tournament}`)).body.entrants.includes(
            victim.user.name,
          ),
        done: 200,
      };
    },
  },
];

type Header = readonly [string, string];

/** The forged requests: what a page of another site makes the victim's browser send, and worse. */
const FORGERIES: readonly {
  readonly what: string;
  readonly headers: (cookie: string) => readonly Header[];
  /** Sent as text/plain, as a form can (else as JSON when the route takes a body). */
  readonly text: boolean;
}[] = [
  {
    what: 'a text/plain form from another site',
    headers: (cookie) => [
      ['Origin', EVIL],
      ['Sec-Fetch-Site', 'cross-site'],
      ['Sec-Fetch-Mode', 'navigate'],
      ['Cookie', cookie],
    ],
    text: true,
  },
  {
    // A stronger forger than a browser allows (JSON needs a preflight): the check holds alone.
    what: 'JSON from another site',
    headers: (cookie) => [
      ['Origin', EVIL],
      ['Sec-Fetch-Site', 'cross-site'],
      ['Cookie', cookie],
    ],
    text: false,
  },
  {
    // No Origin, no Sec-Fetch-Site (an old browser, a plug-in): the missing token refuses it.
    what: 'JSON with the cookie but no Origin and no token',
    headers: (cookie) => [['Cookie', cookie]],
    text: false,
  },
];

/** The headers and body of a request with `body` (JSON, or text/plain as a form sends it). */
function payload(body: unknown, text: boolean): { headers: Header[]; body?: string } {
  if (text) return { headers: [['Content-Type', 'text/plain']], body: JSON.stringify(body ?? {}) };
  if (body === undefined) return { headers: [] };
  return { headers: [['Content-Type', 'application/json']], body: JSON.stringify(body) };
}

const line = (what: string, target: string, r: RawResponse): string =>
  `${what} ${target} -> ${r.status} ${errorCode(r) ?? ''} ${r.headers['cache-control'] ?? ''}`.trim();

describe.each(BACKENDS)('on %s', (backend) => {
  let server: ServerProcess;
  let remove: () => Promise<void>;
  let env: Env;
  let host: string;
  beforeAll(async () => {
    const database = await freshDatabase(backend);
    remove = database.remove;
    server = await startServer({ ...database.setup, env: TOURNAMENT_ENV });
    const base = server.url;
    host = new URL(base).host;
    const attacker = await signUp(base, userName('Attacker'));
    const made = await apiAs<TournamentView>(base, '/api/tournaments', attacker, {
      body: tournamentRequest({ startsAt: Date.now() + 3_600_000 }),
    });
    expect(made.status).toBe(201);
    env = { base, attacker, tournament: made.body.id };
  });
  afterAll(async () => {
    await server?.stop();
    await remove?.();
  });

  for (const c of CASES)
    it(`a forged request to ${c.name} changes nothing, however its path is spelled`, async () => {
      const { base } = env;
      const victim = await signUp(base, userName('Victim'));
      const target = await c.prepare(env, victim);
      const before = await target.state();
      const all = spellings(target.path, host, target.method, target.param);
      // Every forged request is refused as cross-site (403), or not read at all (400): none is
      // answered by a route, nor left unchecked for want of one.
      const notRefused: string[] = [];
      for (const forgery of FORGERIES)
        for (const spelling of all) {
          const sent = payload(target.body, forgery.text);
          const r = await raw(base, {
            method: spelling.method ?? target.method,
            target: spelling.target,
            headers: [...forgery.headers(victim.cookie), ...sent.headers],
            ...(sent.body === undefined ? {} : { body: sent.body }),
          });
          const refused = (r.status === 403 && errorCode(r) === 'csrf/refused') || r.status === 400;
          if (!refused) notRefused.push(line(`${forgery.what}, ${spelling.what}:`, spelling.target, r));
        }
      expect(notRefused).toEqual([]);
      expect(await target.state()).toEqual(before);

      // The app's own request, through an encoded spelling, does what the forgeries could not.
      const encoded = all.find((s) => s.what === 'a letter percent-encoded')!;
      const sent = payload(target.body, false);
      const own = await raw(base, {
        method: target.method,
        target: encoded.target,
        headers: [
          ['Origin', base],
          ['Sec-Fetch-Site', 'same-origin'],
          ['Cookie', victim.cookie],
          ['x-tafl-csrf', victim.csrf],
          ...sent.headers,
        ],
        ...(sent.body === undefined ? {} : { body: sent.body }),
      });
      expect(own.status, own.body).toBe(target.done);
      expect(await target.state()).not.toEqual(before);
    });

  it('every answer carrying private data is no-store, through every spelling of its path', async () => {
    const { base } = env;
    const victim = await signUp(base, userName('Private'));
    const mine = await apiAs<SeatGrant>(base, '/api/games', victim, { body: CREATE });
    expect(mine.status).toBe(201);
    const own = mine.body.game.id;
    const waiting = (await createGame(base)).game.id;
    const requests: readonly {
      readonly method: 'GET' | 'POST';
      readonly path: string;
      readonly param?: string;
      readonly session?: Session;
      readonly body?: () => unknown;
    }[] = [
      { method: 'GET', path: '/api/account', session: victim },
      { method: 'GET', path: '/api/account' },
      { method: 'GET', path: '/api/me/games', session: victim },
      { method: 'GET', path: '/api/me/games' },
      { method: 'GET', path: `/api/games/${own}/seat`, param: own, session: victim },
      { method: 'GET', path: '/api/games/Zz00000000/seat', param: 'Zz00000000', session: victim },
      { method: 'GET', path: `/api/games/${own}/seat`, param: own },
      {
        method: 'POST',
        path: '/api/account/signin',
        body: () => ({ name: victim.user.name, password: PASSWORD }),
      },
      {
        method: 'POST',
        path: '/api/account/signup',
        body: () => ({ name: userName('Spelled'), password: PASSWORD }),
      },
      { method: 'POST', path: '/api/account/seats', session: victim, body: () => ({ seats: [] }) },
      { method: 'POST', path: '/api/games', body: () => CREATE },
      { method: 'POST', path: `/api/games/${waiting}/join`, param: waiting, body: () => ({ name: 'Guest' }) },
    ];
    const kept: string[] = [];
    for (const request of requests)
      for (const spelling of spellings(request.path, host, request.method, request.param)) {
        const sent = payload(request.body?.(), false);
        const r = await raw(base, {
          method: spelling.method ?? request.method,
          target: spelling.target,
          headers: [
            ['Origin', base],
            ['Sec-Fetch-Site', 'same-origin'],
            ...(request.session
              ? ([
                  ['Cookie', request.session.cookie],
                  ['x-tafl-csrf', request.session.csrf],
                ] as const)
              : []),
            ...sent.headers,
          ],
          ...(sent.body === undefined ? {} : { body: sent.body }),
        });
        // A method in lower case is no HTTP method: Node's parser refuses it before any route.
        const parsed = spelling.method === undefined || r.status !== 400;
        if (parsed && r.headers['cache-control'] !== 'no-store')
          kept.push(line(`${request.method} ${request.path}, ${spelling.what}:`, spelling.target, r));
      }
    expect(kept).toEqual([]);

    // The spellings reach the routes: the encoded path answers the account and its token.
    const spelled = await raw(base, {
      method: 'GET',
      target: '/%61pi/account',
      headers: [['Cookie', victim.cookie]],
    });
    expect(spelled.status).toBe(200);
    expect((JSON.parse(spelled.body) as AccountState).csrf).toBe(victim.csrf);
    expect(spelled.headers['cache-control']).toBe('no-store');
  });
});
