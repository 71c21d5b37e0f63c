/**
 * The accounts' HTTP API (protocol-players.ts): sign up, sign in and out, the password, deleting
 * an account, attaching a guest's seats; the session cookie and the CSRF check of every
 * request that may change something, whatever its path (sessions.ts).
 *
 * Limits (ACCOUNT_LIMITS), counted in the database (store/limits.ts): every process of a
 * cluster shares the counts and a restart keeps them, and each check is one transaction with
 * its write, so attempts sent at once count one after the other. A refusal is 429
 * `auth/limited`, saying when to try again (and `Retry-After`, in seconds).
 *
 * Sign-in guards against guessing without handing anyone the power to lock a player out: a
 * flat lock of the account after 5 failures let anyone who knew a name lock its owner out,
 * the right password included. Failures are counted per account and client address, per
 * account, and per address, each within 15 minutes; beyond the free ones, the next try waits
 * 15 seconds after the last failure, twice as long after each further failure, up to 15 minutes:
 * - per (account, address): 5 free; a right password clears this count;
 * - per account, from any address: 100 free; an address the account signed in from within 90
 *   days (its owner's) is exempt, so that a guesser elsewhere cannot keep the owner out;
 * - per address, whatever the accounts (unknown names included): 20 free.
 * A wrong current password when changing it or deleting the account counts as a failure of the
 * account and of the pair. The wait is checked before the password is: while it lasts, the
 * right password is refused as well (from that pair, account or address only).
 * Sign-up: 5 accounts per client address per hour (a name refused as taken does not count).
 * At most 2 password hashes at once (each about 50–100 ms of one of libuv's threads), 64
 * waiting; beyond, `server/busy`.
 *
 * Seat tokens: an account's are replaced by a password change and by signing out everywhere (a
 * new seat key, in the same transaction as the sessions' end; Hub.rekeyUser then gives every
 * game of the account the new tokens' hashes before the answer). A key whose games were not all
 * given its hashes (a process that died meanwhile) is seen to by a sweep: when a process starts,
 * and every minute for a key that has waited a minute.
 *
 * Nothing here logs a request's body, a cookie or a token.
 */

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../client-key.js';
import type { Hub, Player } from '../hub.js';
import type { LineLog } from '../log.js';
import {
  CSRF_HEADER,
  GAME_ID_RE,
  MAX_ATTACH,
  PASSWORD_MAX,
  SESSION_IDLE_MS,
  type AccountState,
  type AttachResult,
  type GuestSeat,
  type Refusal,
  type SignedIn,
} from '../protocol.js';
import type { SessionRow } from '../store/accounts.js';
import type { Store } from '../store/types.js';
import type { Throttle, ThrottleKind } from '../store/limits.js';
import { addressHasher, Gate, retryIn } from './limits.js';
import {
  checkPassword,
  checkUserName,
  hashPassword,
  nameKey,
  needsRehash,
  verifyPassword,
} from './passwords.js';
import {
  crossSiteRequest,
  newCsrfToken,
  newSessionToken,
  SAFE_METHODS,
  sameSecret,
  sessionCookie,
  sessionId,
  sessionToken,
} from './sessions.js';

export interface AccountDeps {
  readonly hub: Hub;
  readonly store: Store;
  readonly log: LineLog;
  /** Sends a refusal with its HTTP status (and counts it). */
  readonly refuse: (reply: FastifyReply, refused: Refusal) => FastifyReply;
  /** Accounts made from one client address per hour (default 5; 0: no limit). */
  readonly signUpsPerHour?: number;
  /** The server sends mail: GET /api/account says so (AccountState.mail). */
  readonly mailOffered?: boolean;
}

/** What the other routes need of accounts. */
export interface Accounts {
  /** The signed-in account making the request, if any (a valid session cookie). */
  viewer(request: FastifyRequest): Promise<Player | undefined>;
}

/** The limits this module enforces (documented above; the tests read them). */
export const ACCOUNT_LIMITS = {
  /** Failed sign-ins of one account from one client address. */
  pairFailures: { windowMs: 15 * 60_000, free: 5, growFromMs: 15_000 },
  /** Failed sign-ins of one account from every address but those it signed in from. */
  accountFailures: { windowMs: 15 * 60_000, free: 100, growFromMs: 15_000 },
  /** Failed sign-ins from one client address, whatever the accounts. */
  addressFailures: { windowMs: 15 * 60_000, free: 20, growFromMs: 15_000 },
  /** Accounts made from one client address. */
  signUps: { windowMs: 60 * 60_000, free: 5 },
  /** An address an account signed in from is its owner's (exempt from accountFailures) this long. */
  knownMs: 90 * 24 * 3_600_000,
  /** A session's last use is written at most this often. */
  touchMs: 60_000,
  /** Password hashes at once, and waiting. */
  hashes: { running: 2, waiting: 64 },
  /**
   * The sweep of seat keys waiting for their games: how often, after how long, how many
   * accounts each time (at the start, the hub takes every one waiting: hub.ts REKEYS_AT_START).
   */
  rekeys: { everyMs: 60_000, afterMs: 60_000, batch: 20 },
} as const;

/** What each throttle's refusal says there were too many of. */
const TOO_MANY: Record<ThrottleKind, string> = {
  'signin-pair': 'failed sign-ins to this account from this address',
  'signin-account': 'failed sign-ins to this account',
  'signin-address': 'failed sign-ins from this address',
  signup: 'accounts made from this address',
  'mail-sent': 'mails to this email address',
  'mail-set': 'email addresses set for this account',
};

/** A refusal for a while: when to try again. */
type Limited = Refusal & { readonly until: number };

/** A signed-in request's session: the account, the session's own id (the token's hash) and token. */
interface Session extends SessionRow {
  readonly id: string;
  readonly token: string;
  /** Its last use was written by this request: the cookie's lifetime is renewed with it. */
  readonly touched: boolean;
}

/**
 * A signed-in request's account: `signedIn` reads its session again (it may have ended since the
 * request began). A class with the check in a private field, so that the player still crosses to
 * the store's thread as plain data, its id and name (structured clone takes own fields only).
 */
class SessionPlayer implements Player {
  readonly #signedIn: () => Promise<boolean>;

  constructor(
    readonly id: string,
    readonly name: string,
    signedIn: () => Promise<boolean>,
  ) {
    this.#signedIn = signedIn;
  }

  signedIn(): Promise<boolean> {
    return this.#signedIn();
  }
}

type Fields = Record<string, 'string' | 'seats'>;

/** The body as an object with exactly the fields named (those in `optional` may be missing). */
function readBody(body: unknown, required: Fields, optional: Fields = {}): Record<string, unknown> | Refusal {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { code: 'msg/schema', message: 'the request body must be a JSON object' };
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record))
    if (!Object.hasOwn(required, key) && !Object.hasOwn(optional, key))
      return { code: 'msg/schema', message: `unknown field ${JSON.stringify(key.slice(0, 40))}` };
  for (const [key, kind] of Object.entries({ ...required, ...optional })) {
    if (!Object.hasOwn(record, key)) {
      if (Object.hasOwn(required, key)) return { code: 'msg/schema', message: `the field ${key} is missing` };
      continue;
    }
    const value = record[key];
    if (kind === 'string' && typeof value !== 'string')
      return { code: 'msg/schema', message: `the field ${key} must be text` };
    if (kind === 'seats') {
      const seats = readSeats(value);
      if (typeof seats === 'string') return { code: 'msg/schema', message: seats };
    }
  }
  return record;
}

/** A list of guest seats, or why it is not one. */
function readSeats(value: unknown): GuestSeat[] | string {
  if (!Array.isArray(value)) return 'seats must be a list of {game, token}';
  if (value.length > MAX_ATTACH) return `at most ${MAX_ATTACH} seats at once`;
  const seats: GuestSeat[] = [];
  for (const seat of value) {
    if (typeof seat !== 'object' || seat === null || Array.isArray(seat))
      return 'each seat must be {game, token}';
    const { game, token, ...rest } = seat as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return 'each seat must be {game, token}, nothing more';
    if (typeof game !== 'string' || !GAME_ID_RE.test(game)) return 'a seat names a game by its id';
    if (typeof token !== 'string' || token.length < 1 || token.length > 100) return 'a seat has its token';
    seats.push({ game, token });
  }
  return seats;
}

/** A password typed to sign in or confirm (not a new one: its rules may have changed since). */
function typedPassword(value: unknown): Refusal | undefined {
  if (typeof value !== 'string' || value.length === 0)
    return { code: 'auth/password', message: 'type your password' };
  if ([...value].length > PASSWORD_MAX)
    return { code: 'auth/password', message: `a password has at most ${PASSWORD_MAX} characters` };
  return undefined;
}

export async function registerAccounts(app: FastifyInstance, deps: AccountDeps): Promise<Accounts> {
  const { hub, store, log } = deps;
  const perHour = deps.signUpsPerHour ?? ACCOUNT_LIMITS.signUps.free;
  const addressOf = await addressHasher(store);
  // A refusal for a while says when to try again in a header as well (whole seconds).
  const refuse = (reply: FastifyReply, refused: Refusal | Limited): FastifyReply => {
    if ('until' in refused)
      void reply.header('retry-after', String(Math.max(1, Math.ceil((refused.until - Date.now()) / 1000))));
    return deps.refuse(reply, refused);
  };
  const hashes = new Gate(ACCOUNT_LIMITS.hashes.running, ACCOUNT_LIMITS.hashes.waiting);
  const busy: Refusal = { code: 'server/busy', message: 'the server is busy; try again in a moment' };
  // A stored form to check passwords of unknown accounts against, so that an unknown name takes
  // as long to refuse as a wrong password (names cannot be found by timing).
  const dummy = await hashPassword(newSessionToken());

  // Each request's session, looked up once (the CSRF check, then the route).
  const sessions = new WeakMap<FastifyRequest, Promise<Session | undefined>>();
  const sessionOf = (request: FastifyRequest): Promise<Session | undefined> => {
    let found = sessions.get(request);
    if (!found) {
      const token = sessionToken(request.headers.cookie);
      const now = Date.now();
      found = token
        ? store.accounts.session(sessionId(token), now, SESSION_IDLE_MS, ACCOUNT_LIMITS.touchMs).then(
            (row) =>
              row && {
                ...row,
                id: sessionId(token),
                token,
                touched: now - row.lastSeenAt >= ACCOUNT_LIMITS.touchMs,
              },
          )
        : Promise.resolve(undefined);
      sessions.set(request, found);
    }
    return found;
  };
  const forget = (request: FastifyRequest): void => void sessions.set(request, Promise.resolve(undefined));

  // Expired sessions are deleted every hour (a lookup deletes its own expired session anyway),
  // and so are the limits' rows that count no more.
  const sweep = setInterval(() => {
    const now = Date.now();
    const failed = (what: string) => (e: unknown) =>
      log(`${what} were not deleted: ${e instanceof Error ? e.message : String(e)}`);
    store.accounts.sweepSessions(now - SESSION_IDLE_MS).catch(failed('expired sessions'));
    store.limits.sweep(now, now - ACCOUNT_LIMITS.knownMs).catch(failed("the limits' old rows"));
  }, 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Seat keys whose games were not all given their tokens' hashes: those waiting for over a
  // minute (a request under way in another process is given that long), each minute. Those a
  // process died under way are finished by the hub's start, before it serves a game.
  const { everyMs, afterMs, batch } = ACCOUNT_LIMITS.rekeys;
  const rekeyFailed = (e: unknown): void =>
    log(`a seat key waiting for its games: ${e instanceof Error ? e.message : String(e)}`, {
      level: 'error',
    });
  const rekeyDue = async (before: number, limit: number): Promise<void> => {
    for (const userId of await store.accounts.rekeysDue(before, limit))
      await hub.rekeyUser(userId).catch(rekeyFailed);
  };
  const rekeys = setInterval(() => void rekeyDue(Date.now() - afterMs, batch).catch(rekeyFailed), everyMs);
  rekeys.unref();
  app.addHook('onClose', async () => clearInterval(rekeys));
  /** Gives the account's games its new seat key's hashes; on failure the sweep finishes later. */
  const rekeyUser = (userId: string): Promise<void> => hub.rekeyUser(userId).catch(rekeyFailed);

  /** The account of session `id`, as the hub takes it. */
  const playerOf = (userId: string, name: string, id: string): Player =>
    new SessionPlayer(
      userId,
      name,
      async () => (await store.accounts.session(id, Date.now(), SESSION_IDLE_MS, Infinity)) !== undefined,
    );

  // Every request of a method that may change something, whatever its path and whether a route
  // matches it (sessions.ts says why): from this site only, and with a session, with its CSRF
  // token.
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return undefined;
    const why = crossSiteRequest(request);
    if (why) return refuse(reply, { code: 'csrf/refused', message: why });
    const session = await sessionOf(request);
    if (!session) return undefined;
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !sameSecret(sent, session.csrf))
      return refuse(reply, {
        code: 'csrf/refused',
        message: `a signed-in request must carry the session's ${CSRF_HEADER} header; reload the page`,
      });
    return undefined;
  });

  const secure = (request: FastifyRequest): boolean => request.protocol === 'https';
  // A session in use keeps its cookie: each time its last use is written (at most once a minute),
  // the cookie's Max-Age starts again, as the session's idle time does.
  app.addHook('onSend', async (request, reply) => {
    const pending = sessions.get(request);
    if (!pending || reply.hasHeader('set-cookie')) return;
    const session = await pending.catch(() => undefined);
    if (session?.touched) void reply.header('set-cookie', sessionCookie(session.token, secure(request)));
  });
  const required: Refusal = { code: 'auth/required', message: 'sign in first' };
  const signedOut = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    void reply.header('set-cookie', sessionCookie(undefined, secure(request)));
    return refuse(reply, required);
  };

  /** A new session for `user`: the cookie set on the reply; the session's id and CSRF token. */
  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
  ): Promise<{ id: string; csrf: string }> => {
    // The browser's old session, if any, is replaced: it ends here.
    const old = await sessionOf(request);
    if (old) await store.accounts.revokeSession(old.id);
    const token = newSessionToken();
    const csrf = newCsrfToken();
    await store.accounts.createSession({ id: sessionId(token), userId, csrf, createdAt: Date.now() });
    void reply.header('set-cookie', sessionCookie(token, secure(request)));
    return { id: sessionId(token), csrf };
  };

  const limited = (until: number, kind: ThrottleKind): Limited => ({
    code: 'auth/limited',
    message: `too many ${TOO_MANY[kind]}; ${retryIn(until)}`,
    until,
  });
  const remember = (userId: string, address: string, now: number): Promise<void> =>
    store.limits
      .remember(userId, address, now)
      .catch((e: unknown) =>
        log(`a sign-in's address was not kept: ${e instanceof Error ? e.message : String(e)}`),
      );

  /**
   * Checks `password` against the account's. The attempt takes its place under the account and
   * address's count, the account's and (at sign-in, `signIn`) the address's before the password
   * is checked, so that attempts at once cannot all pass; a right password gives it back and
   * clears the pair's count. Answers the account when right, else a refusal.
   */
  const check = async (
    request: FastifyRequest,
    name: string,
    password: string,
    signIn: boolean,
  ): Promise<{ id: string; name: string; createdAt: number; password: string } | Refusal | Limited> => {
    const now = Date.now();
    const key = nameKey(name);
    const address = addressOf(clientKey(request.ip));
    const pair: Throttle = { kind: 'signin-pair', key: `${key} ${address}`, ...ACCOUNT_LIMITS.pairFailures };
    const owners = await store.limits.known(key, address, now - ACCOUNT_LIMITS.knownMs);
    const throttles: Throttle[] = [
      pair,
      { kind: 'signin-account', key, ...ACCOUNT_LIMITS.accountFailures, countOnly: owners },
      ...(signIn
        ? [{ kind: 'signin-address', key: address, ...ACCOUNT_LIMITS.addressFailures } as const]
        : []),
    ];
    const attempt = randomUUID();
    const taken = await store.limits.take(attempt, throttles, now);
    if (!taken.ok) return limited(taken.until, taken.kind);
    const user = await store.accounts.userByName(key);
    const right = await hashes.run(() => verifyPassword(password, user?.password ?? dummy));
    if (right === undefined) {
      await store.limits.give(attempt);
      return busy;
    }
    if (!user || !right)
      return {
        code: 'auth/wrong',
        message: signIn ? 'the user name or the password is wrong' : 'the password is wrong',
      };
    await store.limits.give(attempt, [pair]);
    if (signIn) await remember(user.id, address, now);
    return user;
  };

  const attach = async (player: Player, seats: unknown): Promise<AttachResult['seats']> => {
    const list = seats === undefined ? [] : readSeats(seats);
    return typeof list === 'string' || list.length === 0 ? [] : hub.attach(player, list);
  };

  app.get('/api/account', async (request): Promise<AccountState> => {
    const session = await sessionOf(request);
    return session
      ? {
          user: { id: session.userId, name: session.name, createdAt: session.userCreatedAt },
          csrf: session.csrf,
          ...(deps.mailOffered ? { mail: true } : {}),
        }
      : { user: null, csrf: null, ...(deps.mailOffered ? { mail: true } : {}) };
  });

  app.post('/api/account/signup', async (request, reply) => {
    const body = readBody(request.body, { name: 'string', password: 'string' }, { seats: 'seats' });
    if ('code' in body) return refuse(reply, body as Refusal);
    const name = checkUserName(body.name);
    if (!name.ok) return refuse(reply, { code: 'auth/name', message: name.message });
    const password = checkPassword(body.password);
    if (!password.ok) return refuse(reply, { code: 'auth/password', message: password.message });
    const key = nameKey(name.value);
    if (await store.accounts.userByName(key))
      return refuse(reply, { code: 'auth/name-taken', message: `the name ${name.value} is taken` });
    const address = addressOf(clientKey(request.ip));
    const now = Date.now();
    const attempt = randomUUID();
    const signUps: Throttle[] =
      perHour > 0 ? [{ kind: 'signup', key: address, ...ACCOUNT_LIMITS.signUps, free: perHour }] : [];
    const taken = await store.limits.take(attempt, signUps, now);
    if (!taken.ok) return refuse(reply, limited(taken.until, taken.kind));
    const hash = await hashes.run(() => hashPassword(password.value));
    if (hash === undefined) {
      await store.limits.give(attempt);
      return refuse(reply, busy);
    }
    const id = randomUUID();
    const made = await store.accounts.signUp({
      id,
      name: name.value,
      nameKey: key,
      password: hash,
      createdAt: now,
    });
    if (made === 'taken') {
      await store.limits.give(attempt);
      return refuse(reply, { code: 'auth/name-taken', message: `the name ${name.value} is taken` });
    }
    const { id: started, csrf } = await startSession(request, reply, id);
    const player = playerOf(id, name.value, started);
    const signedIn: SignedIn = {
      user: { id, name: name.value, createdAt: now },
      csrf,
      seats: await attach(player, body.seats),
    };
    await remember(id, address, now);
    return reply.code(201).send(signedIn);
  });

  app.post('/api/account/signin', async (request, reply) => {
    const body = readBody(request.body, { name: 'string', password: 'string' }, { seats: 'seats' });
    if ('code' in body) return refuse(reply, body as Refusal);
    const name = checkUserName(body.name);
    if (!name.ok) return refuse(reply, { code: 'auth/name', message: name.message });
    const bad = typedPassword(body.password);
    if (bad) return refuse(reply, bad);
    const password = body.password as string;
    const user = await check(request, name.value, password, true);
    if ('code' in user) return refuse(reply, user);
    if (needsRehash(user.password)) {
      const hash = await hashes.run(() => hashPassword(password));
      if (hash !== undefined) await store.accounts.setPassword(user.id, hash, Date.now());
    }
    const { id: started, csrf } = await startSession(request, reply, user.id);
    const player = playerOf(user.id, user.name, started);
    const signedIn: SignedIn = {
      user: { id: user.id, name: user.name, createdAt: user.createdAt },
      csrf,
      seats: await attach(player, body.seats),
    };
    return reply.send(signedIn);
  });

  app.post('/api/account/signout', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return signedOut(request, reply);
    await store.accounts.revokeSession(session.id);
    forget(request);
    return reply
      .header('set-cookie', sessionCookie(undefined, secure(request)))
      .code(204)
      .send();
  });

  app.post('/api/account/signout-all', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return signedOut(request, reply);
    await store.accounts.signOutEverywhere(session.userId, Date.now());
    forget(request);
    await rekeyUser(session.userId);
    return reply
      .header('set-cookie', sessionCookie(undefined, secure(request)))
      .code(204)
      .send();
  });

  app.post('/api/account/password', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return signedOut(request, reply);
    const body = readBody(request.body, { current: 'string', password: 'string' });
    if ('code' in body) return refuse(reply, body as Refusal);
    const bad = typedPassword(body.current);
    if (bad) return refuse(reply, bad);
    const password = checkPassword(body.password);
    if (!password.ok) return refuse(reply, { code: 'auth/password', message: password.message });
    const user = await check(request, session.name, body.current as string, false);
    if ('code' in user) return refuse(reply, user);
    const hash = await hashes.run(() => hashPassword(password.value));
    if (hash === undefined) return refuse(reply, busy);
    await store.accounts.changePassword(session.userId, hash, Date.now(), session.id);
    await rekeyUser(session.userId);
    return reply.code(204).send();
  });

  app.post('/api/account/delete', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return signedOut(request, reply);
    const body = readBody(request.body, { password: 'string' });
    if ('code' in body) return refuse(reply, body as Refusal);
    const bad = typedPassword(body.password);
    if (bad) return refuse(reply, bad);
    const user = await check(request, session.name, body.password as string, false);
    if ('code' in user) return refuse(reply, user);
    // No session acts for the account from now on, nor a seat token (a new seat key: a seat
    // taken by a request under way is refused its token, Hub.granted); then its games are
    // forgotten (twice: a game made by a request already under way when the sessions went), and
    // the account deleted.
    await store.accounts.signOutEverywhere(session.userId, Date.now());
    forget(request);
    for (let pass = 0; pass < 2; pass++)
      await hub.forgetUser(session.userId, await store.accounts.userGames(session.userId));
    await store.accounts.deleteUser(session.userId);
    return reply
      .header('set-cookie', sessionCookie(undefined, secure(request)))
      .code(204)
      .send();
  });

  app.post('/api/account/seats', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return signedOut(request, reply);
    const body = readBody(request.body, { seats: 'seats' });
    if ('code' in body) return refuse(reply, body as Refusal);
    const result: AttachResult = {
      seats: await attach(playerOf(session.userId, session.name, session.id), body.seats),
    };
    return reply.send(result);
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/seat', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return refuse(reply, required);
    const id = request.params.id;
    const none: Refusal = { code: 'seat/none', message: 'you hold no seat in this game' };
    if (!GAME_ID_RE.test(id)) return refuse(reply, none);
    const seat = await hub.seat(playerOf(session.userId, session.name, session.id), id);
    if (seat && 'code' in seat) return refuse(reply, seat);
    return seat ? reply.send(seat) : refuse(reply, none);
  });

  return {
    viewer: async (request) => {
      const session = await sessionOf(request);
      return session && playerOf(session.userId, session.name, session.id);
    },
  };
}
