// The page's WebSocket (src/online/connection.ts) and one game's session over it
// (src/online/session.ts), driven by hand: fake sockets, a fake clock, fake network events.
import type { ClientMessage, GameView, ServerMessage } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import {
  BACKOFF_MAX_MS,
  Connection,
  PING_MS,
  backoff,
  parseServerMessage,
  type SocketLike,
} from '../src/online/connection.js';
import { GameSession, type Renew } from '../src/online/session.js';
import { createSeatStore, type SeatStorage } from '../src/online/tokens.js';

class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: ClientMessage[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: ServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
}

/** Sockets, timers and network events under the test's control. */
class World {
  now = 0;
  random = 0.5;
  readonly sockets: FakeSocket[] = [];
  private timers: { id: number; at: number; f: () => void }[] = [];
  private nextId = 1;
  network: ((online: boolean) => void) | undefined;
  /** What navigator.onLine says. */
  onLine = true;

  connection(): Connection {
    return new Connection('ws://test/api/ws', {
      createSocket: (url) => {
        const s = new FakeSocket(url);
        this.sockets.push(s);
        return s;
      },
      setTimeout: (f, ms) => {
        const id = this.nextId++;
        this.timers.push({ id, at: this.now + ms, f });
        return id;
      },
      clearTimeout: (id) => {
        this.timers = this.timers.filter((t) => t.id !== id);
      },
      now: () => this.now,
      random: () => this.random,
      onNetwork: (listener) => {
        this.network = listener;
        return () => (this.network = undefined);
      },
      onLine: () => this.onLine,
    });
  }

  /** The browser loses or finds its network: navigator.onLine, then the event. */
  setOnline(online: boolean): void {
    this.onLine = online;
    this.network?.(online);
  }

  get socket(): FakeSocket {
    return this.sockets[this.sockets.length - 1]!;
  }

  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.now = due.at;
      due.f();
    }
    this.now = end;
  }
}

const listener = (log: string[] = []) => ({
  log,
  onOpen: () => log.push('open'),
  onMessage: (m: ServerMessage) => log.push(m.t),
  onStatus: (s: string) => log.push(`status:${s}`),
});

describe('the backoff', () => {
  it('starts at half a second and doubles up to eight, each wait drawn in its upper half', () => {
    const full = [0, 1, 2, 3, 4, 5, 9].map((n) => backoff(n, () => 1));
    expect(full).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    const least = [0, 1, 2, 3, 4, 5].map((n) => backoff(n, () => 0));
    expect(least).toEqual([250, 500, 1000, 2000, 4000, 4000]);
  });
});

describe('the connection', () => {
  it('opens with its first listener and tells it when open', () => {
    const world = new World();
    const c = world.connection();
    const l = listener();
    c.subscribe(l);
    expect(world.sockets).toHaveLength(1);
    expect(world.socket.url).toBe('ws://test/api/ws');
    world.socket.open();
    expect(c.status).toBe('open');
    expect(l.log).toEqual(['status:connecting', 'status:open', 'open']);
  });

  it('reconnects after a drop with a growing backoff, and says it is reconnecting', () => {
    const world = new World();
    world.random = 1;
    const c = world.connection();
    const l = listener();
    c.subscribe(l);
    world.socket.open();
    world.socket.drop();
    expect(c.status).toBe('reconnecting');
    world.advance(499);
    expect(world.sockets).toHaveLength(1);
    world.advance(1);
    expect(world.sockets).toHaveLength(2);
    // This one fails too: the next wait is twice as long.
    world.socket.onerror?.({});
    world.advance(999);
    expect(world.sockets).toHaveLength(2);
    world.advance(1);
    expect(world.sockets).toHaveLength(3);
    world.socket.open();
    expect(c.status).toBe('open');
    expect(l.log.filter((x) => x === 'open')).toHaveLength(2);
    // Opened but closed before the server said a word: the backoff goes on growing.
    world.socket.drop();
    world.advance(1999);
    expect(world.sockets).toHaveLength(3);
    world.advance(1);
    expect(world.sockets).toHaveLength(4);
    // Once the server has spoken, the backoff starts again from half a second.
    world.socket.open();
    world.socket.receive({ t: 'hello', v: 1, now: 0 });
    world.socket.drop();
    world.advance(500);
    expect(world.sockets).toHaveLength(5);
  });

  it('drops the socket when the browser goes offline, and reconnects at once when online', () => {
    const world = new World();
    const c = world.connection();
    c.subscribe(listener());
    world.socket.open();
    const first = world.socket;
    world.network!(false);
    expect(first.closed).toBe(true);
    expect(c.status).toBe('reconnecting');
    expect(c.send({ t: 'ping' })).toBe(false);
    world.network!(true);
    expect(world.sockets).toHaveLength(2);
    world.socket.open();
    expect(c.status).toBe('open');
  });

  it('tries nothing while the browser is offline, and opens at once when it is back', () => {
    const world = new World();
    const c = world.connection();
    const l = listener();
    c.subscribe(l);
    world.socket.open();
    world.setOnline(false);
    expect(c.status).toBe('reconnecting');
    // Minutes offline: no socket tried (each could only fail).
    world.advance(10 * 60_000);
    expect(world.sockets).toHaveLength(1);
    world.setOnline(true);
    expect(world.sockets).toHaveLength(2);
    world.socket.open();
    expect(c.status).toBe('open');
    expect(l.log.filter((e) => e === 'open')).toHaveLength(2);
  });

  it('opened while the browser is offline: no socket until it is online', () => {
    const world = new World();
    world.onLine = false;
    const c = world.connection();
    const l = listener();
    c.subscribe(l);
    expect(world.sockets).toHaveLength(0);
    expect(c.status).toBe('reconnecting');
    world.advance(60_000);
    expect(world.sockets).toHaveLength(0);
    world.setOnline(true);
    expect(world.sockets).toHaveLength(1);
    world.socket.open();
    expect(l.log).toEqual(['status:reconnecting', 'status:open', 'open']);
  });

  it('a socket that fails while the browser is offline is not tried again until online', () => {
    const world = new World();
    const c = world.connection();
    c.subscribe(listener());
    world.onLine = false;
    world.socket.onerror?.({});
    expect(c.status).toBe('reconnecting');
    world.advance(60_000);
    expect(world.sockets).toHaveLength(1);
    world.setOnline(true);
    expect(world.sockets).toHaveLength(2);
  });

  it('pings every 25 s and takes a silent connection for dead', () => {
    const world = new World();
    const c = world.connection();
    c.subscribe(listener());
    world.socket.open();
    world.advance(PING_MS);
    expect(world.socket.sent).toEqual([{ t: 'ping' }]);
    world.socket.receive({ t: 'pong', now: 0 });
    world.advance(PING_MS);
    expect(world.socket.sent).toHaveLength(2);
    // Nothing heard since: two pings later it is dropped and opened again.
    world.advance(3 * PING_MS);
    expect(c.status).toBe('reconnecting');
    world.advance(BACKOFF_MAX_MS);
    expect(world.sockets).toHaveLength(2);
  });

  it('closes a while after its last listener leaves, not before', () => {
    const world = new World();
    const c = world.connection();
    const stop = c.subscribe(listener());
    world.socket.open();
    stop();
    world.advance(1000);
    // A listener that comes straight back keeps the socket and is told it is open.
    const l = listener();
    const stop2 = c.subscribe(l);
    expect(l.log).toContain('open');
    stop2();
    world.advance(10_000);
    expect(world.sockets[0]!.closed).toBe(true);
    world.socket.drop();
    expect(world.sockets).toHaveLength(1);
  });

  it('reads only server messages', () => {
    expect(parseServerMessage('{"t":"pong","now":1}')).toEqual({ t: 'pong', now: 1 });
    expect(parseServerMessage('{"t":"other"}')).toBeUndefined();
    expect(parseServerMessage('not json')).toBeUndefined();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------

const ID = 'AbCdE12345';
const TOKEN = 'abcdefghijklmnopqrstuv';
const MOVES = ['b4-b2', 'd5-f5', 'g4-g2', 'd4-d5'];
/** Both players connected, as the server says in its `state`. */
const PRESENT = {
  attackers: { connected: true, claimInMs: null },
  defenders: { connected: true, claimInMs: null },
};

function gameView(moves: readonly string[], from = 0, changes: Partial<GameView> = {}): GameView {
  return {
    id: ID,
    rules: 'x',
    rulesId: 'brandubh-2019',
    rulesName: 'Brandubh (2019 blog)',
    time: { kind: 'none' },
    rated: false,
    tournament: null,
    seats: { attackers: { name: 'Ann' }, defenders: { name: 'Bob' } },
    status: 'playing',
    result: null,
    ply: from + moves.length,
    clock: null,
    drawOffer: null,
    rematchOffer: null,
    rematch: null,
    createdAt: 1,
    updatedAt: 1,
    moves,
    from,
    ...changes,
  };
}

function memoryStorage(): SeatStorage {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

function setup(seated: 'attackers' | 'defenders' | null = 'attackers') {
  const world = new World();
  const seats = createSeatStore(memoryStorage());
  if (seated) seats.save({ id: ID, token: TOKEN, side: seated, at: 0 });
  const session = new GameSession(ID, world.connection(), seats, () => world.now);
  session.start();
  world.socket.open();
  return { world, seats, session };
}

const NEW_TOKEN = 'n'.repeat(22);

/** A seated session that can ask for its seat again with `renew`. */
function setupRenewing(renew: Renew) {
  const world = new World();
  const seats = createSeatStore(memoryStorage());
  seats.save({ id: ID, token: TOKEN, side: 'attackers', at: 0 });
  const session = new GameSession(ID, world.connection(), seats, () => world.now, renew);
  session.start();
  world.socket.open();
  return { world, seats, session };
}

/** Lets the promises settle (the seat asked for again answers). */
const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('a game’s session', () => {
  it('watches the game with its seat’s token when the socket opens', () => {
    const { world } = setup();
    expect(world.socket.sent).toEqual([{ t: 'watch', game: ID, from: 0, token: TOKEN, re: 1 }]);
  });

  it('watches without a token when it holds no seat', () => {
    const { world, session } = setup(null);
    expect(world.socket.sent).toEqual([{ t: 'watch', game: ID, from: 0, re: 1 }]);
    expect(session.seated).toBe(false);
  });

  it('watches again with the token of a seat it takes, so that the server counts the player present', () => {
    const { world, seats, session } = setup(null);
    world.socket.receive({
      t: 'state',
      game: gameView([], 0, {
        status: 'waiting',
        seats: { attackers: { name: 'Ann' }, defenders: { name: null } },
      }),
      you: null,
      presence: PRESENT,
    });
    session.claim({ token: TOKEN, side: 'defenders', game: gameView([]) });
    expect(seats.get(ID)?.token).toBe(TOKEN);
    expect(world.socket.sent.at(-1)).toEqual({ t: 'watch', game: ID, from: 0, token: TOKEN, re: 2 });
    expect(session.snapshot().state.you).toBe('defenders');
  });

  it('after a drop, watches again from the moves it has and shows those made meanwhile', () => {
    const { world, session } = setup();
    world.socket.receive({
      t: 'state',
      game: gameView(MOVES.slice(0, 2)),
      you: 'attackers',
      presence: PRESENT,
    });
    world.socket.drop();
    expect(session.snapshot().status).toBe('reconnecting');
    world.advance(BACKOFF_MAX_MS);
    world.socket.open();
    expect(world.socket.sent).toEqual([{ t: 'watch', game: ID, from: 2, token: TOKEN, re: 2 }]);
    world.socket.receive({
      t: 'state',
      game: gameView(MOVES.slice(2, 3), 2),
      you: 'attackers',
      presence: PRESENT,
    });
    expect(session.snapshot().state.moves).toEqual(MOVES.slice(0, 3));
    expect(session.snapshot().status).toBe('open');
  });

  it('sends a move with its ply and token, shown pending until confirmed', () => {
    const { world, session } = setup();
    world.socket.receive({
      t: 'state',
      game: gameView(MOVES.slice(0, 2)),
      you: 'attackers',
      presence: PRESENT,
    });
    session.move('g4-g2', 'g4-g2');
    expect(world.socket.sent.at(-1)).toEqual({
      t: 'move',
      game: ID,
      token: TOKEN,
      ply: 2,
      move: 'g4-g2',
      re: 2,
    });
    expect(session.snapshot().state.pending?.squares).toBe('g4-g2');
    world.socket.receive({ t: 'move', game: ID, ply: 3, move: 'g4-g2', clock: null });
    expect(session.snapshot().state.pending).toBeUndefined();
    expect(session.snapshot().state.moves).toEqual(MOVES.slice(0, 3));
  });

  it('sends a pending move again after a reconnection if the server did not get it', () => {
    const { world, session } = setup();
    world.socket.receive({
      t: 'state',
      game: gameView(MOVES.slice(0, 2)),
      you: 'attackers',
      presence: PRESENT,
    });
    session.move('g4-g2', 'g4-g2');
    world.socket.drop();
    world.advance(BACKOFF_MAX_MS);
    world.socket.open();
    world.socket.receive({ t: 'state', game: gameView([], 2), you: 'attackers', presence: PRESENT });
    expect(world.socket.sent.at(-1)).toMatchObject({ t: 'move', ply: 2, move: 'g4-g2' });
    expect(session.snapshot().state.pending).toBeDefined();
  });

  it('says it is not connected when asked to act while the socket is down', () => {
    const { world, session } = setup();
    world.socket.receive({
      t: 'state',
      game: gameView(MOVES.slice(0, 2)),
      you: 'attackers',
      presence: PRESENT,
    });
    world.socket.drop();
    session.resign();
    expect(session.snapshot().local?.code).toBe('net/failed');
  });

  it('catches up when a move skips ahead', () => {
    const { world, session } = setup();
    world.socket.receive({
      t: 'state',
      game: gameView(MOVES.slice(0, 1)),
      you: 'attackers',
      presence: PRESENT,
    });
    world.socket.receive({ t: 'move', game: ID, ply: 3, move: MOVES[2]!, clock: null });
    expect(world.socket.sent.at(-1)).toMatchObject({ t: 'watch', from: 1 });
    world.socket.receive({
      t: 'state',
      game: gameView(MOVES.slice(1, 3), 1),
      you: 'attackers',
      presence: PRESENT,
    });
    expect(session.snapshot().state.moves).toEqual(MOVES.slice(0, 3));
  });

  it('forgets a token the server does not know and watches without it', () => {
    const { world, seats, session } = setup();
    world.socket.receive({ t: 'error', re: 1, game: ID, code: 'seat/token', message: 'no seat' });
    expect(seats.get(ID)).toBeUndefined();
    expect(session.seated).toBe(false);
    expect(world.socket.sent.at(-1)).toEqual({ t: 'watch', game: ID, from: 0, re: 2 });
    expect(session.snapshot().state.refused?.code).toBe('seat/token');
  });

  it('keeps the seat’s token for the rematch, on the other side', () => {
    const { world, seats, session } = setup('attackers');
    world.socket.receive({
      t: 'state',
      game: gameView(MOVES, 0, { status: 'ended', result: { winner: 'attackers', reason: 'resignation' } }),
      you: 'attackers',
      presence: PRESENT,
    });
    const {
      moves: _m,
      from: _f,
      ...header
    } = gameView(MOVES, 0, {
      status: 'ended',
      result: { winner: 'attackers', reason: 'resignation' },
      rematch: 'ReMaTcH123',
    });
    void _m;
    void _f;
    world.socket.receive({ t: 'update', game: header });
    expect(session.snapshot().state.rematchStarted).toBe('ReMaTcH123');
    expect(seats.get('ReMaTcH123')).toMatchObject({ token: TOKEN, side: 'defenders' });
  });

  it('asks for the seat again when its token is refused, and sends the refused move with the new one', async () => {
    const asked: string[] = [];
    const { world, seats, session } = setupRenewing((id) => {
      asked.push(id);
      return Promise.resolve({ token: NEW_TOKEN, side: 'attackers' });
    });
    world.socket.receive({ t: 'state', game: gameView([]), you: 'attackers', presence: PRESENT });
    session.move('d2-c2', 'd2-c2');
    const moveRe = (world.socket.sent.at(-1) as { re: number }).re;
    // The account's tokens were replaced elsewhere (a password change).
    world.socket.receive({ t: 'error', re: moveRe, game: ID, code: 'seat/token', message: 'no seat' });
    await settled();
    expect(asked).toEqual([ID]);
    expect(seats.get(ID)?.token).toBe(NEW_TOKEN);
    expect(session.snapshot().state.refused).toBeUndefined();
    expect(world.socket.sent.at(-1)).toMatchObject({ t: 'watch', game: ID, from: 0, token: NEW_TOKEN });
    world.socket.receive({ t: 'state', game: gameView([]), you: 'attackers', presence: PRESENT });
    expect(world.socket.sent.at(-1)).toMatchObject({
      t: 'move',
      game: ID,
      token: NEW_TOKEN,
      ply: 0,
      move: 'd2-c2',
    });
  });

  it('asks for the seat again when its watch is refused, and watches with the new token', async () => {
    const { world, seats, session } = setupRenewing(() =>
      Promise.resolve({ token: NEW_TOKEN, side: 'defenders' }),
    );
    world.socket.receive({ t: 'error', re: 1, game: ID, code: 'seat/token', message: 'no seat' });
    await settled();
    expect(seats.get(ID)).toMatchObject({ token: NEW_TOKEN, side: 'defenders' });
    expect(session.seated).toBe(true);
    expect(world.socket.sent.at(-1)).toEqual({ t: 'watch', game: ID, from: 0, token: NEW_TOKEN, re: 2 });
    world.socket.receive({ t: 'state', game: gameView([]), you: 'defenders', presence: PRESENT });
    expect(session.snapshot().state.you).toBe('defenders');
    // A resignation refused with that token too is not asked for again: the refusal stands.
    session.resign();
    world.socket.receive({ t: 'error', re: 3, game: ID, code: 'seat/token', message: 'no seat' });
    await settled();
    expect(world.socket.sent.at(-1)).toMatchObject({ t: 'resign', token: NEW_TOKEN, re: 3 });
    expect(session.snapshot().state.refused?.code).toBe('seat/token');
  });

  it('sends a refused resignation again with the seat’s new token', async () => {
    const { world, session } = setupRenewing(() => Promise.resolve({ token: NEW_TOKEN, side: 'attackers' }));
    world.socket.receive({
      t: 'state',
      game: gameView(MOVES.slice(0, 1)),
      you: 'attackers',
      presence: PRESENT,
    });
    session.resign();
    world.socket.receive({ t: 'error', re: 2, game: ID, code: 'seat/token', message: 'no seat' });
    await settled();
    expect(world.socket.sent.slice(-2)).toEqual([
      { t: 'watch', game: ID, from: 1, token: NEW_TOKEN, re: 3 },
      { t: 'resign', game: ID, token: NEW_TOKEN, re: 4 },
    ]);
  });

  it('asks for the seat again when the server says unasked that its token holds it no more', async () => {
    const { world, seats, session } = setupRenewing(() =>
      Promise.resolve({ token: NEW_TOKEN, side: 'attackers' }),
    );
    world.socket.receive({ t: 'state', game: gameView([]), you: 'attackers', presence: PRESENT });
    world.socket.receive({ t: 'error', game: ID, code: 'seat/token', message: 'no seat now' });
    await settled();
    expect(seats.get(ID)?.token).toBe(NEW_TOKEN);
    expect(world.socket.sent.at(-1)).toEqual({ t: 'watch', game: ID, from: 0, token: NEW_TOKEN, re: 2 });
    expect(session.snapshot().state.refused).toBeUndefined();
  });

  it('forgets the seat as before when it cannot be asked for again (signed out)', async () => {
    const { world, seats, session } = setupRenewing(() => Promise.resolve(undefined));
    world.socket.receive({ t: 'error', re: 1, game: ID, code: 'seat/token', message: 'no seat' });
    await settled();
    expect(seats.get(ID)).toBeUndefined();
    expect(session.seated).toBe(false);
    expect(world.socket.sent.at(-1)).toEqual({ t: 'watch', game: ID, from: 0, re: 2 });
    expect(session.snapshot().state.refused?.code).toBe('seat/token');
  });

  it('leaves the game when disposed', () => {
    const { world, session } = setup();
    session.dispose();
    expect(world.socket.sent.at(-1)).toEqual({ t: 'unwatch', game: ID });
  });
});
