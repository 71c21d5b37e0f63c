/**
 * The hub: the games this process serves, and everything that changes them. Every change is
 * checked with the core against the seat's token, the side to move and the ply, committed to
 * the store conditionally on the version it was computed from, and only then sent to the
 * game's watchers. Changes to one game run one after another (a promise chain per game);
 * another process's changes arrive as notices and are read back from the store.
 */

import {
  makeLastMoveRecord,
  makeRecord,
  makeRules,
  MOVE_ERRORS,
  parseGameAnalysis,
  opposite,
  playMoveRecord,
  positionFromOtn,
  recordFromGame,
  SIDES,
  type Position,
  type RecordTag,
  type Ruleset,
  type Side,
} from '@tafl/core';
import { randomInt } from 'node:crypto';
import { Clocks, resumeClocks, systemTime, type TimeSource } from './clocks.js';
import {
  clockView,
  clocksAfterMove,
  clocksAtStart,
  clocksStopped,
  deadline,
  hashToken,
  headerChanged,
  headerOf,
  newGameId,
  newGameRow,
  newToken,
  ruleResult,
  rulesFromRequest,
  rulesOfRow,
  playToken,
  seatOf,
  summaryOf,
  timeColumns,
  turnAt,
  viewOf,
} from './game.js';
import {
  MAX_PLIES,
  MAX_WATCHED,
  refusal,
  type ClientMessage,
  type CreateGameRequest,
  type GameSummary,
  type GameView,
  type Lobby,
  type Refusal,
  type SeatGrant,
  type SeatKey,
  type SeekRating,
  type ServerMessage,
  type GuestSeat,
  type RatingFamily,
  type TimeControl,
  DELETED_NAME,
  familyOf,
} from './protocol.js';
import { Attendance } from './attendance.js';
import { expiryOf, PRESENCE_BEAT_MS, shortestExpiry, type AbandonTimes } from './presence.js';
import type { ChangeNotice, GameRow, MoveRow, Store } from './store/types.js';

/** A connection watching games: the WebSocket layer's side of the hub. */
export interface Peer {
  send(text: string): void;
  readonly watching: Set<string>;
}

interface Live {
  row: GameRow;
  readonly rules: Ruleset;
  readonly pos: Position;
  readonly moves: string[];
  readonly watchers: Set<Peer>;
  /** The watchers seated with a seat's token: its side and hash, to unseat them when it changes. */
  readonly seated: Map<Peer, { readonly side: Side; readonly hash: string }>;
  tail: Promise<unknown>;
  busy: number;
  touched: number;
}

export interface HubOptions {
  /** This process's id, sent with every change notice. */
  readonly origin: string;
  readonly log?: (message: string) => void;
  /** The flag timers' time source (the system's by default). */
  readonly time?: TimeSource;
  /** Abandonment's times when not the protocol's (tests shorten them). */
  readonly abandon?: AbandonTimes;
  /** How often games waiting or unstarted for too long are looked for (default a minute). */
  readonly expirySweepMs?: number;
  /**
   * The server's secret for accounts' seat tokens (game.ts playToken, with each account's seat
   * key; main.ts reads it with Store.secret). Without it, accounts cannot take seats.
   */
  readonly seatSecret?: string;
  /**
   * An account's rating in a family (a new player's when it has none): for a rated seek's range
   * and the lobby's seek list. Without it, every account counts as 1500, provisional.
   */
  readonly ratingOf?: (userId: string, family: RatingFamily) => Promise<SeekRating>;
  /**
   * A game this process ended (its end committed): rated games update the ratings, tournament
   * games the tournament. Called after the commit, never awaited; errors are the callee's to
   * log. A process that dies in between leaves the work to the callee's own sweep.
   */
  readonly onEnd?: (row: GameRow) => void;
  /**
   * A change this process committed to a game (not another process's, read back): the row
   * before and after it, and the side to move after it (mail/service.ts queues "your move").
   * Called after the commit, never awaited: it must not hold the change up.
   */
  readonly onChange?: (prev: GameRow, next: GameRow, turn: Side) => void;
}

/** An account taking a seat: its id and its user name (shown as the seat's name). */
export interface Player {
  readonly id: string;
  readonly name: string;
  /**
   * Whether the session asking for the account still signs it in, read again (accounts/
   * routes.ts): a seat's token is given only to a session that outlived the game's commit.
   * Absent: no session asks (a tournament's pairing), and no token is given.
   */
  readonly signedIn?: () => Promise<boolean>;
}

/** A seat's token and what the game keeps of it. */
interface SeatToken {
  readonly token: string;
  readonly hash: string;
}

/** The account's seats of a game, after the game was given the hashes of its current key's tokens. */
type Rekeyed = { readonly key: string | undefined } | Refusal;

/** A tournament's game, paired by the server (tournaments.ts). */
export interface PairedGame {
  /** The id, chosen with the pairing, so that making it twice makes it once. */
  readonly id: string;
  readonly rulesId: string;
  readonly time: TimeControl;
  readonly rated: boolean;
  readonly tournamentId: string;
  readonly attackers: Player;
  readonly defenders: Player;
}

/** An action computed against a stale copy of the game: read it again and retry. */
const STALE = Symbol('stale');
type Outcome = Refusal | undefined | typeof STALE;

/** How often this process writes that it is up: the precision of the time credited after a crash. */
const HEARTBEAT_MS = 250;
/** A heartbeat younger than this at a start may be a live process's: wait and see. */
const ALIVE_MS = 1000;
const SWEEP_MS = 10_000;
const IDLE_MS = 5 * 60_000;
const EXPIRY_SWEEP_MS = 60_000;
/** Games ended by one expiry sweep at most (the next sweep takes the rest). */
const EXPIRY_BATCH = 100;

const encode = (message: ServerMessage): string => JSON.stringify(message);

export class Hub {
  private readonly games = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live | undefined>>();
  private readonly clocks: Clocks;
  private readonly attendance: Attendance;
  private readonly intervals: NodeJS.Timeout[] = [];
  private lobbyCache: { at: number; lobby: Promise<Lobby> } | undefined;
  private readonly log: (message: string) => void;
  /**
   * Settles once `start` has credited the clocks. Until then no game is read, made or changed:
   * a copy read before the credit would charge its player the time the server could not be
   * reached, and a clock started before it would be credited time it never stood still.
   */
  private readonly credited: Promise<void>;
  private credit: () => void = () => {};
  private serving = false;

  constructor(
    private readonly store: Store,
    private readonly options: HubOptions,
  ) {
    this.log = options.log ?? (() => {});
    this.credited = new Promise((resolve) => (this.credit = resolve));
    this.clocks = new Clocks({
      time: options.time ?? systemTime,
      running: () => this.store.runningClocks(),
      flag: (id) => this.flagDue(id),
      log: this.log,
      horizonMs: 2 * SWEEP_MS,
    });
    this.attendance = new Attendance({
      origin: options.origin,
      store,
      table: (id) => this.games.get(id),
      ...(options.abandon ? { times: options.abandon } : {}),
      log: this.log,
    });
  }

  /**
   * Listens, credits the clocks with the time no server could take a move, and from then on
   * serves the games; then keeps time and arms the timer of every running clock. Call it once
   * the server listens (main.ts): the credit runs up to the moment this process can take a move,
   * and no start-up before it is charged to anyone. Every call of the hub waits for it.
   */
  async start(): Promise<void> {
    const origin = this.options.origin;
    await this.store.listen(
      origin,
      (notice) => this.onNotice(notice),
      () => this.refreshAll(),
      (notice) => this.attendance.heard(notice),
    );
    const { downMs, shifted } = await resumeClocks({
      time: this.options.time ?? systemTime,
      lastHeartbeat: () => this.store.lastHeartbeat(),
      lastChange: async () => {
        const rows = await this.store.runningClocks();
        return rows.length === 0 ? undefined : Math.max(...rows.map((row) => row.updatedAt));
      },
      shift: (ms, now, last) => this.store.shiftClocks(ms, { serverId: origin, at: now }, last),
      heartbeat: (now) => this.store.heartbeat(origin, now),
      aliveMs: ALIVE_MS,
    });
    if (shifted > 0) this.log(`clocks of ${shifted} games stopped for the ${downMs} ms no server was up`);
    // Seat keys a process died replacing (rekeyUser): their games get the new tokens' hashes
    // before any game is served, so that no token the replacement ended acts in between.
    await this.finishRekeys();
    this.serving = true;
    this.credit();
    await this.clocks.rearm();
    const every = (ms: number, f: () => Promise<unknown> | void): void => {
      const timer = setInterval(() => {
        Promise.resolve(f()).catch((e: unknown) => this.log(`background task failed: ${String(e)}`));
      }, ms);
      timer.unref();
      this.intervals.push(timer);
    };
    this.clocks.beat((now) => this.store.heartbeat(origin, now), HEARTBEAT_MS);
    every(SWEEP_MS, () => this.clocks.rearm());
    every(60_000, () => this.evictIdle());
    every(this.options.expirySweepMs ?? EXPIRY_SWEEP_MS, () => this.expire());
    every(PRESENCE_BEAT_MS, () => this.attendance.beat());
  }

  /**
   * Whether a connection holds the seat of `side` in game `id`, in this process or another as
   * far as this one has heard (attendance.ts): the player is at the table.
   */
  connected(id: string, side: Side): boolean {
    const live = this.games.get(id);
    return live !== undefined && this.attendance.view(live.row, Date.now())[side].connected;
  }

  /** Whether `start` has credited the clocks: the games are served (the readiness check). */
  get started(): boolean {
    return this.serving;
  }

  /** Stops the timers and waits for every change under way. */
  async stop(): Promise<void> {
    for (const timer of this.intervals) clearInterval(timer);
    this.clocks.stop();
    await Promise.allSettled([...this.games.values()].map((live) => live.tail));
    // The last moment this process was up: a restart credits the clocks from here.
    await this.store
      .heartbeat(this.options.origin, Date.now())
      .catch((e: unknown) => this.log(`the last heartbeat could not be written: ${String(e)}`));
  }

  // -------------------------------------------------------------------------------------------
  // HTTP: create, join, view, record, lobby

  /**
   * A new game waiting for an opponent. `player`: a signed-in creator, whose seat is the
   * account's (its name, its seat token); a rated game needs one, a named ruleset of a rating
   * family and a clock, and may limit the opponents' ratings (`ratingRange`).
   */
  async create(request: CreateGameRequest, player?: Player): Promise<SeatGrant | Refusal> {
    await this.credited;
    const found = rulesFromRequest(request.rules);
    if (typeof found === 'string') return refusal('create/rules', found);
    const { rules, rulesId } = found;
    const side: Side =
      request.side === 'random' ? (randomInt(2) === 0 ? 'attackers' : 'defenders') : request.side;
    let range: { ratingMin: number | null; ratingMax: number | null } = { ratingMin: null, ratingMax: null };
    if (request.rated) {
      const family = familyOf(rulesId);
      if (!player) return refusal('create/rated', 'sign in to play a rated game');
      if (!family)
        return refusal('create/rated', 'only the named rulesets are played rated, not your own rules');
      if (request.time.kind === 'none')
        return refusal('create/rated', 'a rated game has a clock: live or correspondence');
      if (request.ratingRange != null) {
        const mine = Math.round((await this.rating(player.id, family)).rating);
        range = { ratingMin: mine - request.ratingRange, ratingMax: mine + request.ratingRange };
      }
    } else if (request.ratingRange != null)
      return refusal('create/rated', 'a rating range is for rated games only');
    const key = player ? await this.seatKey(player.id) : undefined;
    if (typeof key === 'object') return key;
    const name = player ? player.name : request.name;
    const now = Date.now();
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = newGameId();
      const { token, hash } =
        player && key !== undefined ? this.accountToken(player.id, id, key) : guestToken();
      const row = newGameRow({
        id,
        rules: makeRules(rules),
        rulesId,
        rulesName: rules.name,
        ...timeColumns(request.time),
        status: 'waiting',
        createdAt: now,
        rated: request.rated === true,
        ...range,
        ...(side === 'attackers'
          ? { attackersName: name, attackersToken: hash, attackersUser: player?.id ?? null }
          : { defendersName: name, defendersToken: hash, defendersUser: player?.id ?? null }),
      });
      if (!(await this.store.commit({ kind: 'create', row }))) continue;
      const live = this.adopt(row, rules, []);
      if (!live) return refusal('server/error', 'the game could not be set up');
      this.lobbyCache = undefined;
      const given = player ? await this.granted(live, player) : token;
      if (typeof given !== 'string') return given;
      return { token: given, side, game: this.view(live, 0) };
    }
    return refusal('server/busy', 'no free game id was found; try again');
  }

  /**
   * Takes the free seat. `player`: a signed-in joiner (the seat is the account's); a rated
   * game's seat needs one, not the creator's own account, within the seek's rating range.
   */
  async join(id: string, name: string, player?: Player): Promise<SeatGrant | Refusal> {
    const live = await this.get(id);
    if (!live) return unknown(id);
    const key = player ? await this.seatKey(player.id) : undefined;
    if (typeof key === 'object') return key;
    const { token, hash } =
      player && key !== undefined ? this.accountToken(player.id, id, key) : guestToken();
    let side: Side = 'attackers';
    const family = familyOf(live.row.rulesId);
    // The joiner's rating, read before the game's chain (a range is checked against it inside).
    const mine =
      live.row.rated && player && family && live.row.ratingMin !== null
        ? Math.round((await this.rating(player.id, family)).rating)
        : undefined;
    const outcome = await this.act(live, async () => {
      const row = live.row;
      if (row.status !== 'waiting')
        return refusal('seat/taken', 'both seats of this game are taken: you can watch it');
      side = row.attackersToken === null ? 'attackers' : 'defenders';
      if (row.rated && !player) return refusal('seat/rated', 'sign in to play a rated game');
      if (player && (row.attackersUser === player.id || row.defendersUser === player.id))
        return refusal('seat/own', 'this is your own game: wait for an opponent to join it');
      if (row.rated && row.ratingMin !== null && row.ratingMax !== null && mine !== undefined)
        if (mine < row.ratingMin || mine > row.ratingMax)
          return refusal(
            'seat/range',
            `your rating ${mine} is outside this game's range, ${row.ratingMin} to ${row.ratingMax}`,
          );
      const now = Date.now();
      const shown = player ? player.name : name;
      const user = player?.id ?? null;
      const next: GameRow = {
        ...row,
        ...(side === 'attackers'
          ? { attackersName: shown, attackersToken: hash, attackersUser: user }
          : { defendersName: shown, defendersToken: hash, defendersUser: user }),
        ...clocksAtStart(row, now),
        status: 'playing',
        version: row.version + 1,
        updatedAt: now,
      };
      return this.commit(live, next);
    });
    if (outcome) return outcome;
    this.lobbyCache = undefined;
    const given = player ? await this.granted(live, player) : token;
    if (typeof given !== 'string') return given;
    return { token: given, side, game: this.view(live, 0) };
  }

  async gameView(id: string): Promise<GameView | undefined> {
    const live = await this.get(id);
    return live && this.view(live, 0);
  }

  /** The OTN record of a game: the moves, the players, and how it ended. */
  async record(id: string): Promise<string | undefined> {
    const live = await this.get(id);
    if (!live) return undefined;
    const row = live.row;
    const tags: RecordTag[] = [
      { key: 'date', value: new Date(row.createdAt).toISOString().slice(0, 10).replaceAll('-', '.') },
      { key: 'attackers', value: row.attackersName ?? '?' },
      { key: 'defenders', value: row.defendersName ?? '?' },
      { key: 'x-online', value: row.id },
    ];
    if (row.rulesId !== null) tags.push({ key: 'x-ruleset', value: row.rulesId });
    const record = recordFromGame(live.pos, tags);
    if (row.status !== 'ended' || row.reason === null || ruleResult(live.pos)) return makeRecord(record);
    const value = row.winner === 'attackers' ? '1' : row.winner === 'defenders' ? '-1' : '0';
    const ended = [...record.tags, { key: 'result', value }, { key: 'termination', value: row.reason }];
    const moves = row.reason === 'resignation' ? [...record.moves, { move: '---' }] : record.moves;
    return makeRecord({ ...record, tags: ended, moves });
  }

  /**
   * The analysis kept with a game, as the JSON text it was stored as (checked against the game
   * when it was saved).
   */
  async analysis(id: string): Promise<string | Refusal> {
    const kept = await this.store.loadAnalysis(id);
    if (kept) return kept.analysis;
    if (!(await this.store.loadGame(id))) return unknown(id);
    return refusal('analysis/none', 'no analysis of this game is kept yet');
  }

  /**
   * The length of a game that may keep an analysis, which bounds the analysis's body before it
   * is read (protocol.ts analysisBounds); or why the game keeps none (unknown, not over), which
   * no body can change.
   */
  async analysable(id: string): Promise<{ plies: number } | Refusal> {
    const live = await this.get(id);
    if (!live) return unknown(id);
    if (live.row.status !== 'ended')
      return refusal('analysis/not-over', 'the game is not over: only a finished game keeps an analysis');
    return { plies: live.moves.length };
  }

  /**
   * Keeps an analysis (a GameAnalysis of @tafl/core) with a finished game, when the game has
   * none or a shallower one. Anyone who can see the game may: it is derived data that anyone can
   * compute again, and it is checked against the game's moves (every best line replayed) before
   * it is stored, apart from the game, which it never changes.
   */
  async saveAnalysis(id: string, body: unknown): Promise<{ depth: number } | Refusal> {
    const live = await this.get(id);
    if (!live) return unknown(id);
    if (live.row.status !== 'ended')
      return refusal('analysis/not-over', 'the game is not over: only a finished game keeps an analysis');
    const parsed = parseGameAnalysis(body, {
      rules: live.rules,
      start: live.rules.start,
      turn: live.rules.firstToMove,
      moves: live.moves,
    });
    if (!parsed.ok) return refusal('analysis/invalid', parsed.message);
    const { depth } = parsed.value;
    const saved = await this.store.saveAnalysis({
      gameId: id,
      depth,
      analysis: JSON.stringify(parsed.value),
      updatedAt: Date.now(),
    });
    if (saved) return { depth };
    const kept = await this.store.loadAnalysis(id);
    return refusal(
      'analysis/shallower',
      `an analysis of depth ${kept?.depth ?? depth} is already kept; only a deeper one than that replaces it (this one is of depth ${depth})`,
    );
  }

  /** Open, live and finished games; read at most once a second. */
  lobby(): Promise<Lobby> {
    const now = Date.now();
    if (this.lobbyCache && now - this.lobbyCache.at < 1000) return this.lobbyCache.lobby;
    const lobby = this.store.lobby(30).then(async (rows) => ({
      open: await Promise.all(rows.open.map((row) => this.seek(row))),
      live: rows.live.map(summaryOf),
      finished: rows.finished.map(summaryOf),
    }));
    this.lobbyCache = { at: now, lobby };
    lobby.catch(() => (this.lobbyCache = undefined));
    return lobby;
  }

  /** A waiting game as the seek list shows it: a rated one with its creator's rating. */
  private async seek(row: GameRow): Promise<GameSummary> {
    const summary = summaryOf(row);
    const family = familyOf(row.rulesId);
    const creator = row.attackersUser ?? row.defendersUser;
    if (!row.rated || !family || creator === null) return summary;
    const seekRating = await this.rating(creator, family).catch(() => null);
    return { ...summary, seekRating: seekRating && { ...seekRating, rating: Math.round(seekRating.rating) } };
  }

  // -------------------------------------------------------------------------------------------
  // Accounts: their seats and tokens
  //
  // An account's seat token is one of each game (game.ts playToken: the server's secret, the
  // account, the game and the account's seat key), so that a token read once acts in one game
  // only. Replacing the key (a password change, signing out everywhere: store/accounts.ts) ends
  // every token given before: `rekeyUser` gives each game of the account the hashes of the new
  // key's tokens, in the game's chain. A seat taken while the key is replaced may be committed
  // with the old key after that listing of the account's games: so once committed, the game is
  // given the key of that moment (`granted`, reading it again), and its token is given only if
  // the session that asked still signs the account in after it (one that the replacement ended
  // gets none).

  /** The account's seat key: a refusal when the server takes no account seats or it is gone. */
  private async seatKey(userId: string): Promise<string | Refusal> {
    if (this.options.seatSecret === undefined)
      return refusal('server/error', 'this server takes no account seats');
    return (await this.store.accounts.seatKey(userId)) ?? SIGNED_OUT;
  }

  /** The account's seat token in a game, under its seat key `key` (read by `seatKey`). */
  private accountToken(userId: string, gameId: string, key: string): SeatToken {
    const secret = this.options.seatSecret;
    if (secret === undefined) throw new Error('this server takes no account seats');
    const token = playToken(secret, userId, gameId, key);
    return { token, hash: hashToken(token) };
  }

  /**
   * After a game was committed with `player`'s seat: the game given the hashes of the account's
   * key as it is now, and the seat's token under it, or a refusal when the session that asked
   * has ended (or the account is gone; the game stays as committed, its seat the account's).
   */
  private async granted(live: Live, player: Player): Promise<string | Refusal> {
    const held = await this.rekey(live, player.id);
    if ('code' in held) return held;
    if (held.key === undefined || !player.signedIn || !(await player.signedIn())) return SIGNED_OUT;
    return this.accountToken(player.id, live.row.id, held.key).token;
  }

  /**
   * Gives the account's seats in the game the hashes of its tokens under its seat key as it is
   * now, read in the game's chain (of two replacements under way, the later key is the one left);
   * a seat of an account that is gone gets a hash no token has. The key the seats then hold
   * (undefined: the account holds none there, or is gone), or the refusal of the change.
   */
  private async rekey(live: Live, userId: string): Promise<Rekeyed> {
    let key: string | undefined;
    const outcome = await this.act(live, async () => {
      const row = live.row;
      const sides = SIDES.filter((side) => userAt(row, side) === userId);
      key = undefined;
      if (sides.length === 0) return undefined;
      if (this.options.seatSecret !== undefined) key = await this.store.accounts.seatKey(userId);
      let next = row;
      for (const side of sides) {
        const hash = key === undefined ? hashToken(newToken()) : this.accountToken(userId, row.id, key).hash;
        if (tokenAt(next, side) !== hash) next = withToken(next, side, hash);
      }
      if (next === row) return undefined;
      // Not a change the players see: the time of the game's last change stays.
      return this.commit(live, { ...next, version: row.version + 1 });
    });
    return outcome ?? { key };
  }

  /**
   * The account's seat key was replaced (accounts/routes.ts): every game where it holds a seat
   * is given the hashes of the new key's tokens, then nothing waits for the key any more (if it
   * is still the account's). Throws if a game could not be changed: the key still waits, and the
   * sweep of the accounts (routes.ts) tries again.
   */
  async rekeyUser(userId: string): Promise<void> {
    if (!this.serving) await this.credited;
    return this.rekeyGames(userId);
  }

  /** Every seat key that waits for its games (at most REKEYS_AT_START), at the start. */
  private async finishRekeys(): Promise<void> {
    for (const userId of await this.store.accounts.rekeysDue(Number.MAX_SAFE_INTEGER, REKEYS_AT_START))
      await this.rekeyGames(userId).catch((e: unknown) =>
        this.log(`a seat key waiting for its games: ${e instanceof Error ? e.message : String(e)}`),
      );
  }

  /** rekeyUser's work, which `start` does before the games are served (so it does not wait). */
  private async rekeyGames(userId: string): Promise<void> {
    const key = await this.store.accounts.seatKey(userId);
    if (key === undefined) return;
    const ids = await this.store.accounts.userGames(userId);
    // A few games at once: their commits share the store's batches.
    for (let i = 0; i < ids.length; i += REKEY_BATCH)
      await Promise.all(
        ids.slice(i, i + REKEY_BATCH).map(async (id) => {
          const live = await this.fetch(id);
          if (!live) return;
          const held = await this.rekey(live, userId);
          if ('code' in held)
            throw new Error(`game ${id}: its seat tokens were not replaced: ${held.message}`);
        }),
      );
    await this.store.accounts.seatsRekeyed(userId, key);
  }

  private rating(userId: string, family: RatingFamily): Promise<SeekRating> {
    return this.options.ratingOf
      ? this.options.ratingOf(userId, family)
      : Promise.resolve({ rating: 1500, provisional: true });
  }

  /**
   * A tournament's game between two accounts, playing from the start (its clock runs at once in
   * correspondence, as a joined game's). Made once: a second call with the same id finds it made
   * and answers 'exists'. No token is given: each player asks for theirs (`seat`).
   */
  async createPaired(game: PairedGame): Promise<'created' | 'exists' | Refusal> {
    await this.credited;
    const found = rulesFromRequest(game.rulesId);
    if (typeof found === 'string' || found.rulesId === null)
      return refusal('create/rules', `${game.rulesId} is not a named ruleset`);
    if (this.options.seatSecret === undefined)
      return refusal('server/error', 'this server takes no account seats');
    const seated = async (player: Player): Promise<SeatToken> => {
      const key = await this.store.accounts.seatKey(player.id);
      // An account gone meanwhile holds a seat no token acts in: its clock decides.
      return key === undefined ? guestToken() : this.accountToken(player.id, game.id, key);
    };
    const attackers = await seated(game.attackers);
    const defenders = await seated(game.defenders);
    const now = Date.now();
    const waiting = newGameRow({
      id: game.id,
      rules: makeRules(found.rules),
      rulesId: found.rulesId,
      rulesName: found.rules.name,
      ...timeColumns(game.time),
      status: 'playing',
      createdAt: now,
      rated: game.rated,
      tournamentId: game.tournamentId,
      attackersName: game.attackers.name,
      attackersToken: attackers.hash,
      attackersUser: game.attackers.id,
      defendersName: game.defenders.name,
      defendersToken: defenders.hash,
      defendersUser: game.defenders.id,
    });
    const row: GameRow = { ...waiting, ...clocksAtStart(waiting, now) };
    if (!(await this.store.commit({ kind: 'create', row }))) return 'exists';
    const live = this.adopt(row, found.rules, []);
    this.lobbyCache = undefined;
    if (live) await this.rekeyAll(live);
    return 'created';
  }

  /** After a game was made with the seats of accounts: each given its key as it is now (`granted`). */
  private async rekeyAll(live: Live): Promise<void> {
    for (const side of SIDES) {
      const user = userAt(live.row, side);
      if (user === null) continue;
      const held = await this.rekey(live, user);
      if ('code' in held) this.log(`game ${live.row.id}: its seat tokens were not checked: ${held.message}`);
    }
  }

  /**
   * A guest's seats, given by their tokens, become the account's: the seat shows the account's
   * name and takes the account's token of the game (the guest token no longer acts). A seat some
   * account already holds, or a token that holds no seat, is passed over. Returns the seats
   * attached.
   */
  async attach(player: Player, seats: readonly GuestSeat[]): Promise<SeatKey[]> {
    const key = await this.seatKey(player.id);
    if (typeof key !== 'string') return [];
    const attached: SeatKey[] = [];
    for (const { game, token } of seats) {
      const live = await this.get(game);
      if (!live) continue;
      let side: Side | undefined;
      const outcome = await this.act(live, () => {
        const row = live.row;
        side = seatOf(row, token);
        if (!side) return refusal('seat/token', 'this token holds no seat in this game');
        const user = side === 'attackers' ? row.attackersUser : row.defendersUser;
        if (user !== null) return refusal('seat/taken', 'an account holds this seat already');
        const other = side === 'attackers' ? row.defendersUser : row.attackersUser;
        if (other === player.id) return refusal('seat/own', 'the account holds the other seat');
        const made = this.accountToken(player.id, game, key);
        return this.commit(live, {
          ...row,
          ...(side === 'attackers'
            ? { attackersName: player.name, attackersToken: made.hash, attackersUser: player.id }
            : { defendersName: player.name, defendersToken: made.hash, defendersUser: player.id }),
          version: row.version + 1,
          updatedAt: Date.now(),
        });
      });
      if (outcome || !side) continue;
      const given = await this.granted(live, player);
      if (typeof given === 'string') attached.push({ game, side, token: given });
    }
    if (attached.length > 0) this.lobbyCache = undefined;
    return attached;
  }

  /**
   * The seat an account holds in a game, with its token (for another device), if any. The game
   * is given the hashes of the account's key as it is now first (`granted`): the token given acts.
   */
  async seat(player: Player, id: string): Promise<SeatKey | Refusal | undefined> {
    const live = await this.get(id);
    if (!live || !sideOf(live.row, player.id)) return undefined;
    const given = await this.granted(live, player);
    if (typeof given !== 'string') return given;
    const side = sideOf(live.row, player.id);
    return side && { game: id, side, token: given };
  }

  /**
   * A deleted account's games: a game waiting for an opponent is aborted, one being played is
   * resigned, and every seat the account held shows DELETED_NAME and no account from then on
   * (its token acts no more). The games themselves, their moves and results, stay.
   */
  async forgetUser(userId: string, gameIds: readonly string[]): Promise<void> {
    for (const id of gameIds) {
      const live = await this.get(id);
      if (!live) continue;
      const outcome = await this.act(live, async () => {
        const side: Side | undefined =
          live.row.attackersUser === userId
            ? 'attackers'
            : live.row.defendersUser === userId
              ? 'defenders'
              : undefined;
        if (!side) return undefined;
        if (live.row.status === 'waiting') {
          const ended = await this.end(live, 'none', 'aborted');
          if (ended !== undefined) return ended;
        } else if (live.row.status === 'playing') {
          const ended = await this.end(live, opposite(side), 'resignation');
          if (ended !== undefined) return ended;
        }
        const row = live.row;
        const gone = hashToken(newToken()); // a token nobody holds: the seat is not free
        return this.commit(live, {
          ...row,
          ...(side === 'attackers'
            ? { attackersName: DELETED_NAME, attackersToken: gone, attackersUser: null }
            : { defendersName: DELETED_NAME, defendersToken: gone, defendersUser: null }),
          version: row.version + 1,
          updatedAt: Date.now(),
        });
      });
      if (outcome) this.log(`the deleted account's game ${id} was not renamed: ${outcome.message}`);
    }
    this.lobbyCache = undefined;
  }

  // -------------------------------------------------------------------------------------------
  // WebSocket: watch and act

  async watch(peer: Peer, id: string, from = 0, token?: string): Promise<Refusal | undefined> {
    if (!peer.watching.has(id) && peer.watching.size >= MAX_WATCHED)
      return refusal('game/watch-limit', `a connection watches at most ${MAX_WATCHED} games`);
    const live = await this.get(id);
    if (!live) return unknown(id);
    // A client ahead of this process has seen another process's moves: read them first.
    if (from > live.row.ply) await this.act(live, () => this.refresh(live).then(() => undefined));
    let you: Side | null = null;
    if (token !== undefined) {
      const seat = seatOf(live.row, token);
      if (!seat) return refusal('seat/token', 'this token holds no seat in this game');
      you = seat;
      live.seated.set(peer, { side: seat, hash: hashToken(token) });
    }
    live.watchers.add(peer);
    peer.watching.add(id);
    const now = Date.now();
    live.touched = now;
    // Seated first, so that the state says this seat is held (the others are told, not this peer).
    if (you !== null) this.attendance.seated(id, you, peer);
    const presence = this.attendance.view(live.row, now);
    peer.send(encode({ t: 'state', game: this.view(live, from), you, presence }));
    return undefined;
  }

  unwatch(peer: Peer, id: string): void {
    peer.watching.delete(id);
    this.games.get(id)?.watchers.delete(peer);
    this.games.get(id)?.seated.delete(peer);
    this.attendance.left(id, peer);
  }

  disconnect(peer: Peer): void {
    for (const id of peer.watching) {
      this.games.get(id)?.watchers.delete(peer);
      this.games.get(id)?.seated.delete(peer);
      this.attendance.left(id, peer);
    }
    peer.watching.clear();
  }

  /** A player's action: move, resign, draw, takeback, rematch, abort or a claim. */
  async play(
    message: Exclude<ClientMessage, { t: 'watch' | 'unwatch' | 'ping' }>,
  ): Promise<Refusal | undefined> {
    const live = await this.get(message.game);
    if (!live) return unknown(message.game);
    return this.act(live, async () => {
      const row = live.row;
      const side = seatOf(row, message.token);
      if (!side) return refusal('seat/token', 'this token holds no seat in this game');
      switch (message.t) {
        case 'move':
          return this.move(live, side, message.ply, message.move);
        case 'resign':
          if (row.status !== 'playing') return notPlaying(row);
          return this.end(live, opposite(side), 'resignation');
        case 'abort':
          if (row.status === 'ended' || row.status === 'aborted') return notPlaying(row);
          if (row.tournamentId !== null)
            return refusal('game/tournament', 'a tournament game cannot be aborted: the clock decides');
          if (row.ply > 0) return refusal('abort/late', 'a game can only be aborted before the first move');
          return this.end(live, 'none', 'aborted');
        case 'draw':
          return this.draw(live, side, message.act);
        case 'takeback':
          return this.takeback(live, side, message.ply, message.act);
        case 'rematch':
          return this.rematch(live, side, message.act);
        case 'claim':
          return this.claim(live, side, message.act);
      }
    });
  }

  // -------------------------------------------------------------------------------------------
  // The actions (each runs in the game's chain, against its latest committed row)

  private async move(live: Live, side: Side, ply: number, text: string): Promise<Outcome> {
    // A client ahead of this copy has seen another process's moves: read them first.
    if (ply > live.row.ply) await this.refresh(live);
    const row = live.row;
    if (row.status !== 'playing') return notPlaying(row);
    if (ply !== row.ply)
      return refusal('move/stale', `the game is at move ${row.ply}, not ${ply}: catch up and try again`);
    const turn = turnAt(live.rules, row.ply);
    if (side !== turn) return refusal('move/turn', `it is the ${turn}' turn`);
    const now = Date.now();
    if (clocksAfterMove(row, side, now, false) === undefined) {
      await this.flag(live);
      return refusal('time/out', `the ${side}' time has run out`);
    }
    if (row.ply >= MAX_PLIES)
      return refusal('move/illegal', `the game has reached ${MAX_PLIES} moves: offer a draw`);
    const played = playMoveRecord(live.pos, text);
    if (!played.ok)
      return refusal(
        played.code === MOVE_ERRORS.syntax || played.code === MOVE_ERRORS.square
          ? 'move/syntax'
          : 'move/illegal',
        played.message,
      );
    const record = makeLastMoveRecord(live.pos);
    const result = ruleResult(live.pos);
    const clocks = clocksAfterMove(row, side, now, result !== undefined)!;
    const next: GameRow = {
      ...row,
      ...clocks,
      ...(result ? { status: 'ended' as const, winner: result.winner, reason: result.reason } : {}),
      ply: row.ply + 1,
      version: row.version + 1,
      drawOffer: null,
      // A move withdraws a takeback request: it was about the position before it.
      takebackOffer: null,
      updatedAt: now,
    };
    const move: MoveRow = {
      gameId: row.id,
      ply: next.ply,
      move: record,
      at: now,
      clockMs: side === 'attackers' ? next.clockAttackersMs : next.clockDefendersMs,
    };
    let outcome: Outcome;
    try {
      outcome = await this.commit(live, next, move);
    } catch (e) {
      live.pos.undo();
      throw e;
    }
    if (outcome === STALE) live.pos.undo();
    return outcome;
  }

  private end(
    live: Live,
    winner: Side | 'draw' | 'none',
    reason: NonNullable<GameRow['reason']>,
  ): Promise<Outcome> {
    const row = live.row;
    const now = Date.now();
    const aborted = reason === 'aborted' || reason === 'expired' || reason === 'unstarted';
    return this.commit(live, {
      ...row,
      ...clocksStopped(row, turnAt(live.rules, row.ply), now),
      status: aborted ? 'aborted' : 'ended',
      winner,
      reason,
      drawOffer: null,
      takebackOffer: null,
      version: row.version + 1,
      updatedAt: now,
    });
  }

  /** A flag timer ran out: ends the game on time, or arms the timer again; throws on failure. */
  private async flagDue(id: string): Promise<void> {
    const live = await this.get(id);
    if (!live) return;
    const outcome = await this.act(live, async () => {
      const flagged = await this.flag(live);
      if (flagged === undefined) this.arm(live);
      return flagged;
    });
    if (outcome) throw new Error(`${outcome.code}: ${outcome.message}`);
  }

  /** Ends the game on time if the side to move's time has run out. */
  private async flag(live: Live): Promise<Outcome> {
    const turn = turnAt(live.rules, live.row.ply);
    const due = deadline(live.row, turn);
    if (due === undefined || due > Date.now()) return undefined;
    // No move was made (a correspondence game's first mover let the days run out): aborted.
    if (live.row.ply === 0) return this.end(live, 'none', 'unstarted');
    return this.end(live, opposite(turn), 'time');
  }

  /**
   * The opponent has been away (no connection holding the seat, in any process) for longer than
   * the grace: the game ends as a win for `side`, or a draw.
   */
  private claim(live: Live, side: Side, act: 'win' | 'draw'): Promise<Outcome> | Outcome {
    if (live.row.status !== 'playing') return notPlaying(live.row);
    return (
      this.attendance.claimRefusal(live.row, side) ??
      this.end(live, act === 'win' ? side : 'draw', 'abandoned')
    );
  }

  /** Ends the games nobody joined or began in time (the sweep: every process, every minute). */
  private async expire(): Promise<void> {
    const now = Date.now();
    const times = this.options.abandon;
    const shortest = shortestExpiry(times);
    const rows = await this.store.expiring(now - shortest.waiting, now - shortest.unstarted, EXPIRY_BATCH);
    for (const row of rows) {
      if (expiryOf(row, now, times) === undefined) continue;
      const live = await this.get(row.id);
      if (!live) continue;
      const outcome = await this.act(live, () => {
        const reason = expiryOf(live.row, Date.now(), times);
        return reason === undefined ? undefined : this.end(live, 'none', reason);
      });
      if (outcome) this.log(`game ${row.id}: could not expire it: ${outcome.message}`);
    }
  }

  private draw(live: Live, side: Side, act: 'offer' | 'accept' | 'decline'): Promise<Outcome> | Outcome {
    const row = live.row;
    if (row.status !== 'playing') return notPlaying(row);
    const theirs = row.drawOffer === opposite(side);
    if (act === 'offer' && row.drawOffer === side) return undefined;
    if (act === 'accept' || (act === 'offer' && theirs)) {
      if (!theirs) return refusal('draw/none', 'there is no draw offer to accept');
      return this.end(live, 'draw', 'agreement');
    }
    if (act === 'decline' && !theirs) return refusal('draw/none', 'there is no draw offer to decline');
    const now = Date.now();
    return this.commit(live, {
      ...row,
      drawOffer: act === 'offer' ? side : null,
      version: row.version + 1,
      updatedAt: now,
    });
  }

  /**
   * A takeback, in a casual game only (lichess's, where a rating or a tournament's score would
   * be changed by it, has none): `offer` asks the opponent to let the player's last move be taken
   * back (with the opponent's reply to it, when there is one), so that it is the player's move
   * again; the opponent's `accept` takes them back, their `decline` refuses; the asker's own
   * `decline` withdraws it. An offer made while the opponent's stands accepts the opponent's, as
   * with draws. Refused unless `ply` is the game's (the client saw another position).
   */
  private async takeback(
    live: Live,
    side: Side,
    ply: number,
    act: 'offer' | 'accept' | 'decline',
  ): Promise<Outcome> {
    if (ply > live.row.ply) await this.refresh(live);
    const row = live.row;
    if (row.status !== 'playing') return notPlaying(row);
    if (row.rated || row.tournamentId !== null)
      return refusal(
        'takeback/casual',
        'takebacks are for casual games: a rated or tournament game has none',
      );
    if (ply !== row.ply)
      return refusal('move/stale', `the game is at move ${row.ply}, not ${ply}: catch up and try again`);
    const theirs = row.takebackOffer === opposite(side);
    const mine = row.takebackOffer === side;
    const now = Date.now();
    if (act === 'accept' || (act === 'offer' && theirs)) {
      if (!theirs) return refusal('takeback/none', 'there is no takeback request to accept');
      return this.takeBack(live, opposite(side));
    }
    if (act === 'decline') {
      if (!theirs && !mine) return refusal('takeback/none', 'there is no takeback request to answer');
      return this.commit(live, { ...row, takebackOffer: null, version: row.version + 1, updatedAt: now });
    }
    if (mine) return undefined;
    if (row.ply < takebackPlies(live.rules, row.ply, side))
      return refusal('takeback/nothing', 'you have made no move to take back');
    return this.commit(live, { ...row, takebackOffer: side, version: row.version + 1, updatedAt: now });
  }

  /**
   * Takes back `asker`'s last move, and the opponent's reply to it when there is one: the
   * position is `asker`'s to move again. No side is given back time: each keeps what it has now
   * (the running side charged up to now), and the clock of the side to move runs from now, as
   * after a move (a live game's not before its second move; a correspondence move's allowance is
   * whole again).
   */
  private async takeBack(live: Live, asker: Side): Promise<Outcome> {
    const row = live.row;
    const count = takebackPlies(live.rules, row.ply, asker);
    if (row.ply < count) return refusal('takeback/nothing', 'there is no move to take back');
    const now = Date.now();
    const turn = turnAt(live.rules, row.ply);
    if (clocksAfterMove(row, turn, now, false) === undefined) {
      await this.flag(live);
      return refusal('time/out', `the ${turn}' time has run out`);
    }
    const ply = row.ply - count;
    return this.commit(
      live,
      {
        ...row,
        ...clocksAfterTakeback(row, turn, ply, now),
        ply,
        takebackOffer: null,
        drawOffer: null,
        takebacks: row.takebacks + 1,
        version: row.version + 1,
        updatedAt: now,
      },
      undefined,
      true,
    );
  }

  private async rematch(live: Live, side: Side, act: 'offer' | 'accept' | 'decline'): Promise<Outcome> {
    const row = live.row;
    if (row.status !== 'ended' && row.status !== 'aborted')
      return refusal('rematch/none', 'a rematch can be offered once the game is over');
    if (row.rematchId !== null) return refusal('rematch/taken', 'the rematch of this game has already begun');
    const theirs = row.rematchOffer === opposite(side);
    if (act === 'offer' && row.rematchOffer === side) return undefined;
    const now = Date.now();
    if (act === 'decline' || (act === 'accept' && !theirs)) {
      if (!theirs) return refusal('rematch/none', 'there is no rematch offer to answer');
      return this.commit(live, { ...row, rematchOffer: null, version: row.version + 1, updatedAt: now });
    }
    if (act === 'offer' && !theirs)
      return this.commit(live, { ...row, rematchOffer: side, version: row.version + 1, updatedAt: now });
    // Accepted: the same rules and time, the sides swapped, both seats taken by the same players:
    // a guest with the same token, an account with its token of the new game.
    const id = newGameId();
    const fresh: GameRow = {
      ...row,
      id,
      status: 'playing',
      winner: null,
      reason: null,
      ply: 0,
      version: 1,
      attackersName: row.defendersName,
      attackersToken: await this.rematchToken(row, 'defenders', id),
      attackersUser: row.defendersUser,
      defendersName: row.attackersName,
      defendersToken: await this.rematchToken(row, 'attackers', id),
      defendersUser: row.attackersUser,
      // A rematch is a game of its own: no seek's range, and no tournament's.
      ratingMin: null,
      ratingMax: null,
      tournamentId: null,
      drawOffer: null,
      takebackOffer: null,
      takebacks: 0,
      rematchOffer: null,
      rematchId: null,
      createdAt: now,
      updatedAt: now,
    };
    const started = { ...fresh, ...clocksAtStart(fresh, now) };
    const from: GameRow = {
      ...row,
      rematchOffer: null,
      rematchId: started.id,
      version: row.version + 1,
      updatedAt: now,
    };
    if (!(await this.store.commit({ kind: 'rematch', expectVersion: row.version, from, row: started })))
      return STALE;
    const next = this.adopt(started, live.rules, []);
    this.applied(live, from);
    if (next) await this.rekeyAll(next);
    return undefined;
  }

  /**
   * The hash a seat of `row` takes in its rematch `id`: a guest's token is the same, an
   * account's is its token of the rematch (no token of one game acts in another).
   */
  private async rematchToken(row: GameRow, side: Side, id: string): Promise<string | null> {
    const user = userAt(row, side);
    if (user === null) return tokenAt(row, side);
    const key = await this.store.accounts.seatKey(user);
    return key === undefined || this.options.seatSecret === undefined
      ? guestToken().hash
      : this.accountToken(user, id, key).hash;
  }

  // -------------------------------------------------------------------------------------------
  // Committing and telling

  /** Runs `action` in the game's chain; reads the game again and retries when it was stale. */
  private act(live: Live, action: () => Promise<Outcome> | Outcome): Promise<Refusal | undefined> {
    const run = async (): Promise<Refusal | undefined> => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const outcome = await action();
        if (outcome !== STALE) return outcome;
        await this.refresh(live);
      }
      return refusal('server/busy', 'the game is changing too fast; try again');
    };
    live.busy++;
    const result = live.tail.then(run, run);
    live.tail = result.catch(() => undefined).finally(() => live.busy--);
    return result;
  }

  /** Commits `next` (with `move`, or as a takeback: the moves after its ply deleted) and tells. */
  private async commit(live: Live, next: GameRow, move?: MoveRow, takeback = false): Promise<Outcome> {
    const change = {
      kind: 'update' as const,
      expectVersion: live.row.version,
      row: next,
      ...(move ? { move } : {}),
      ...(takeback ? { takeback: true as const } : {}),
    };
    const prev = live.row;
    if (!(await this.store.commit(change))) return STALE;
    this.applied(live, next, move);
    try {
      this.options.onChange?.(prev, next, turnAt(live.rules, next.ply));
    } catch (e) {
      this.log(`game ${next.id}: a committed change's listener failed: ${String(e)}`);
    }
    return undefined;
  }

  /** A committed change: keep it and send it to the watchers. */
  private applied(live: Live, next: GameRow, move?: MoveRow): void {
    const prev = live.row;
    live.row = next;
    live.touched = Date.now();
    // Moves taken back: the copy's position goes back with them.
    while (live.moves.length > next.ply && !move) {
      live.moves.pop();
      live.pos.undo();
    }
    if (move) live.moves.push(move.move);
    const over = (row: GameRow): boolean => row.status === 'ended' || row.status === 'aborted';
    if (!over(prev) && over(next) && this.options.onEnd) this.options.onEnd(next);
    if (prev.status !== next.status || move?.ply === 1) this.lobbyCache = undefined;
    this.arm(live);
    if (prev.attackersToken !== next.attackersToken || prev.defendersToken !== next.defendersToken)
      this.unseat(live);
    if (live.watchers.size === 0) return;
    // A claim becomes possible with the first move (impossible again when it is taken back),
    // and impossible at the end.
    const claimChanged = prev.status !== next.status || (prev.ply === 0) !== (next.ply === 0);
    const now = Date.now();
    const turn = turnAt(live.rules, next.ply);
    if (move) {
      const clock = clockView(next, turn, now);
      this.broadcast(live, encode({ t: 'move', game: next.id, ply: move.ply, move: move.move, clock }));
    }
    if (!move || headerChanged(prev, next))
      this.broadcast(live, encode({ t: 'update', game: headerOf(next, turn, now) }));
    if (claimChanged) this.attendance.tell(next.id);
  }

  /**
   * The watchers seated with a token that holds its seat no more (an account's tokens replaced,
   * a guest's seat attached, a deleted account's seat) leave it: they watch on, no longer count
   * as the player there, and are told (a player's device then asks for its seat again).
   */
  private unseat(live: Live): void {
    const id = live.row.id;
    for (const [peer, { side, hash }] of live.seated) {
      if (tokenAt(live.row, side) === hash) continue;
      live.seated.delete(peer);
      this.attendance.left(id, peer);
      peer.send(
        encode({
          t: 'error',
          game: id,
          code: 'seat/token',
          message: 'this token holds no seat in this game now',
        }),
      );
    }
  }

  private broadcast(live: Live, text: string): void {
    for (const peer of live.watchers) peer.send(text);
  }

  private view(live: Live, from: number): GameView {
    return viewOf(live.row, turnAt(live.rules, live.row.ply), live.moves, from, Date.now());
  }

  // -------------------------------------------------------------------------------------------
  // Loading, refreshing, other processes' notices

  private async get(id: string): Promise<Live | undefined> {
    if (!this.serving) await this.credited;
    return this.fetch(id);
  }

  /** The game, from memory or the store, whether or not the games are served yet. */
  private async fetch(id: string): Promise<Live | undefined> {
    const live = this.games.get(id);
    if (live) return live;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  private async load(id: string): Promise<Live | undefined> {
    const row = await this.store.loadGame(id);
    if (!row) return undefined;
    const rules = rulesOfRow(row);
    if (!rules) {
      this.log(`game ${id}: its rules cannot be read`);
      return undefined;
    }
    const moves = await this.store.loadMoves(id, 0);
    return (
      this.games.get(id) ??
      this.adopt(
        row,
        rules,
        moves.map((m) => m.move),
      )
    );
  }

  /** Keeps a game read from the store or just created; undefined if its moves do not replay. */
  private adopt(row: GameRow, rules: Ruleset, moves: readonly string[]): Live | undefined {
    const start = positionFromOtn(rules);
    if (!start.ok) return undefined;
    const pos = start.value;
    for (const [i, move] of moves.entries()) {
      const played = playMoveRecord(pos, move);
      if (!played.ok) {
        this.log(
          `game ${row.id}: stored move ${i + 1} ${JSON.stringify(move)} does not replay: ${played.message}`,
        );
        return undefined;
      }
    }
    const live: Live = {
      row,
      rules,
      pos,
      moves: [...moves],
      watchers: new Set(),
      seated: new Map(),
      tail: Promise.resolve(),
      busy: 0,
      touched: Date.now(),
    };
    this.games.set(row.id, live);
    this.attendance.follow(row.id, Date.now());
    this.arm(live);
    return live;
  }

  /** Reads what other processes committed since this copy, and tells the watchers. */
  private async refresh(live: Live): Promise<void> {
    const row = await this.store.loadGame(live.row.id);
    if (!row || row.version <= live.row.version) return;
    // A takeback since this copy: its moves from where they differ from the game's go back first.
    if (row.takebacks !== live.row.takebacks) await this.retrace(live, row);
    const moves = await this.store.loadMoves(row.id, live.row.ply);
    for (const move of moves) {
      if (move.ply !== live.row.ply + 1 || !playMoveRecord(live.pos, move.move).ok) {
        this.log(`game ${row.id}: move ${move.ply} read back does not follow; dropping the copy`);
        this.forget(row.id);
        for (const peer of live.watchers) peer.watching.delete(row.id);
        return;
      }
      this.applied(live, { ...live.row, ply: move.ply, version: row.version }, move);
    }
    this.applied(live, row);
  }

  /**
   * After another process's takeback: the copy's moves go back to the last one the game still
   * has, and its count of takebacks is the game's (the moves after it are read as new ones).
   */
  private async retrace(live: Live, row: GameRow): Promise<void> {
    const stored = await this.store.loadMoves(row.id, 0);
    let same = 0;
    while (same < live.moves.length && live.moves[same] === stored[same]?.move) same++;
    for (let n = live.moves.length; n > same; n--) {
      live.moves.pop();
      live.pos.undo();
    }
    live.row = { ...live.row, ply: same, takebacks: row.takebacks };
  }

  private onNotice(notice: ChangeNotice): void {
    if (notice.origin === this.options.origin) return;
    this.lobbyCache = undefined;
    const live = this.games.get(notice.id);
    if (!live) {
      // Not served here: a clock it may run is armed by the sweep.
      return;
    }
    if (live.watchers.size === 0 && live.busy === 0) {
      this.forget(notice.id);
      return;
    }
    if (notice.version > live.row.version)
      void this.act(live, async () => {
        // The next move, carried by the notice: shown without reading the database.
        if (!(notice.moved && this.follow(live, notice.version, notice.moved))) await this.refresh(live);
        return undefined;
      }).catch((e: unknown) => this.log(`game ${notice.id}: refresh failed: ${String(e)}`));
  }

  /**
   * Applies another process's move from its notice when it is the very next change of this copy
   * and replays; false (nothing changed) otherwise, and the game is then read again.
   */
  private follow(live: Live, version: number, moved: NonNullable<ChangeNotice['moved']>): boolean {
    if (version !== live.row.version + 1 || moved.move.ply !== live.row.ply + 1) return false;
    if (!playMoveRecord(live.pos, moved.move.move).ok) return false;
    this.applied(live, { ...moved.row, rules: live.row.rules }, moved.move);
    return true;
  }

  /**
   * Notices may have been missed (the LISTEN connection was lost): read every game again, and
   * check every clock (a flag may have fallen while the database could not be reached).
   */
  private refreshAll(): void {
    this.lobbyCache = undefined;
    void this.clocks.rearm();
    for (const live of this.games.values())
      this.onNotice({ id: live.row.id, version: Number.MAX_SAFE_INTEGER, origin: '' });
  }

  // -------------------------------------------------------------------------------------------
  // Clocks and memory

  private arm(live: Live): void {
    this.clocks.arm(live.row.id, deadline(live.row, turnAt(live.rules, live.row.ply)));
  }

  private evictIdle(): void {
    const old = Date.now() - IDLE_MS;
    for (const [id, live] of this.games)
      if (live.watchers.size === 0 && live.busy === 0 && live.touched < old) this.forget(id);
  }

  /** Drops a game from memory (read again from the store when next needed). */
  private forget(id: string): void {
    this.games.delete(id);
    this.attendance.drop(id);
  }

  /** For tests and the health check: games held in memory. */
  get size(): number {
    return this.games.size;
  }
}

const unknown = (id: string): Refusal => refusal('game/unknown', `there is no game ${id}`);

/** Seat keys whose games `start` finishes giving their tokens' hashes (the sweep does the rest). */
const REKEYS_AT_START = 1000;
/** Games given their new seat tokens at once by `rekeyUser`. */
const REKEY_BATCH = 16;

/** A request's session ended while its seat was taken (or the account is gone). */
const SIGNED_OUT = refusal(
  'auth/required',
  'the account signed out everywhere or changed its password meanwhile: sign in again',
);

/** A guest's new seat: a fresh random token. */
function guestToken(): SeatToken {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

const userAt = (row: GameRow, side: Side): string | null =>
  side === 'attackers' ? row.attackersUser : row.defendersUser;

const tokenAt = (row: GameRow, side: Side): string | null =>
  side === 'attackers' ? row.attackersToken : row.defendersToken;

const withToken = (row: GameRow, side: Side, hash: string): GameRow =>
  side === 'attackers' ? { ...row, attackersToken: hash } : { ...row, defendersToken: hash };

/** The seat the account holds in the game, if any. */
const sideOf = (row: GameRow, userId: string): Side | undefined =>
  SIDES.find((side) => userAt(row, side) === userId);

/**
 * The moves a takeback by `asker` undoes at `ply`: the asker's last move, and the opponent's
 * reply to it when it is the asker's turn.
 */
const takebackPlies = (rules: Ruleset, ply: number, asker: Side): number =>
  turnAt(rules, ply) === asker ? 2 : 1;

/**
 * The clock columns after a takeback to `ply` (`turn` was to move before it) at `now`: each side
 * keeps the time it has (the running side's charged to now); the side to move's runs from now,
 * a live game's from its second move on; a correspondence game's allowance is whole again.
 */
function clocksAfterTakeback(
  row: GameRow,
  turn: Side,
  ply: number,
  now: number,
): Pick<GameRow, 'clockAttackersMs' | 'clockDefendersMs' | 'turnStartedAt'> {
  if (row.timeKind === 'none') return { clockAttackersMs: null, clockDefendersMs: null, turnStartedAt: null };
  if (row.timeKind === 'correspondence')
    return { clockAttackersMs: row.timeBaseMs, clockDefendersMs: row.timeBaseMs, turnStartedAt: now };
  const stopped = clocksStopped(row, turn, now);
  return { ...stopped, turnStartedAt: ply >= 1 ? now : null };
}

function notPlaying(row: GameRow): Refusal {
  if (row.status === 'waiting')
    return refusal('game/waiting', 'the game has not begun: the other seat is free');
  return refusal('game/over', 'the game is over');
}
