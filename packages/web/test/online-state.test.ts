// The online game's reducer (src/online/state.ts): each server message applied to what the
// browser knows, with the server as the authority; a pending move of ours; and the asks to
// catch up when the messages do not follow on.
import type { ClockView, GameHeader, GameView, ServerMessage } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import {
  apply,
  canMove,
  connectionLost,
  freeSeat,
  initialState,
  moveResent,
  moveSent,
  resyncSent,
  seatTaken,
  shownMoves,
  timeLeft,
  type OnlineState,
} from '../src/online/state.js';

const ID = 'AbCdE12345';
const MOVES = ['b4-b2', 'd5-f5', 'g4-g2', 'd4-d5', 'g2-g3', 'd5-a5', 'g3-g4', 'a5-a7--'];

function header(changes: Partial<GameHeader> = {}): GameHeader {
  return {
    id: ID,
    rules: 'dim:7 name:x',
    rulesId: 'brandubh-2019',
    rulesName: 'Brandubh (2019 blog)',
    time: { kind: 'none' },
    rated: false,
    tournament: null,
    seats: { attackers: { name: 'Ann' }, defenders: { name: 'Bob' } },
    status: 'playing',
    result: null,
    ply: 0,
    clock: null,
    drawOffer: null,
    rematchOffer: null,
    rematch: null,
    createdAt: 1,
    updatedAt: 1,
    ...changes,
  };
}

function view(moves: readonly string[], from = 0, changes: Partial<GameHeader> = {}): GameView {
  return { ...header({ ply: from + moves.length, ...changes }), moves, from };
}

/** Both players connected. */
const PRESENT = {
  attackers: { connected: true, claimInMs: null },
  defenders: { connected: true, claimInMs: null },
};
const stateMsg = (game: GameView, you: 'attackers' | 'defenders' | null = null): ServerMessage => ({
  t: 'state',
  game,
  you,
  presence: PRESENT,
});
const moveMsg = (ply: number, move: string, clock: ClockView | null = null): ServerMessage => ({
  t: 'move',
  game: ID,
  ply,
  move,
  clock,
});

/** A state that has seen the first `n` moves, as the player `you`. */
function seen(n: number, you: 'attackers' | 'defenders' | null = 'attackers'): OnlineState {
  return apply(initialState(ID), stateMsg(view(MOVES.slice(0, n)), you), 0);
}

describe('a state message', () => {
  it('gives the header, the moves, the seat and the clocks of a first watch', () => {
    const clock = { attackers: 1000, defenders: 2000, running: 'attackers' as const };
    const s = apply(initialState(ID), stateMsg(view(MOVES.slice(0, 3), 0, { clock }), 'defenders'), 500);
    expect(s.moves).toEqual(MOVES.slice(0, 3));
    expect(s.header?.ply).toBe(3);
    expect(s.header).not.toHaveProperty('moves');
    expect(s.you).toBe('defenders');
    expect(s.clock).toEqual({ view: clock, at: 500 });
  });

  it('appends the moves from `from` on to the ones we had', () => {
    const s = apply(seen(3), stateMsg(view(MOVES.slice(3, 6), 3), 'attackers'), 0);
    expect(s.moves).toEqual(MOVES.slice(0, 6));
  });

  it('replaces ours where the server has fewer (its view is shorter)', () => {
    // We asked from 5, the server has only 2: it answers from 2 with no moves.
    const s = apply(seen(5), stateMsg(view([], 2), 'attackers'), 0);
    expect(s.moves).toEqual(MOVES.slice(0, 2));
    expect(s.header?.ply).toBe(2);
  });

  it('asks for everything when it answers from further than we have', () => {
    const s = apply(seen(2), stateMsg(view(MOVES.slice(4, 5), 4), 'attackers'), 0);
    expect(s.moves).toEqual(MOVES.slice(0, 2));
    expect(s.resync).toBe(0);
  });

  it('ends a resynchronisation', () => {
    const waiting = resyncSent(seen(2));
    expect(waiting.resyncing).toBe(true);
    const s = apply(waiting, stateMsg(view(MOVES.slice(2, 4), 2), 'attackers'), 0);
    expect(s.resyncing).toBe(false);
    expect(s.resync).toBeUndefined();
  });

  it('ignores another game', () => {
    const s = seen(2);
    expect(apply(s, stateMsg({ ...view(MOVES), id: 'ZZZZZZZZZZ' }), 0)).toBe(s);
  });
});

describe('a move message', () => {
  it('appends the next move and takes its clock', () => {
    const clock = { attackers: 900, defenders: 800, running: 'defenders' as const };
    const s = apply(seen(2), moveMsg(3, MOVES[2]!, clock), 700);
    expect(s.moves).toEqual(MOVES.slice(0, 3));
    expect(s.header?.ply).toBe(3);
    expect(s.clock).toEqual({ view: clock, at: 700 });
  });

  it('is ignored when we already have it', () => {
    const s = seen(3);
    expect(apply(s, moveMsg(3, MOVES[2]!), 0)).toBe(s);
  });

  it('asks to watch again from ours when it skips ahead', () => {
    const s = apply(seen(2), moveMsg(5, MOVES[4]!), 0);
    expect(s.moves).toEqual(MOVES.slice(0, 2));
    expect(s.resync).toBe(2);
  });

  it('asks for everything when the server’s record of a move we have differs', () => {
    const s = apply(seen(3), moveMsg(2, 'a4-a2'), 0);
    expect(s.resync).toBe(0);
  });

  it('clears a draw offer (a move answers it)', () => {
    const offered = apply(
      initialState(ID),
      stateMsg(view(MOVES.slice(0, 2), 0, { drawOffer: 'defenders' })),
      0,
    );
    expect(apply(offered, moveMsg(3, MOVES[2]!), 0).header?.drawOffer).toBeNull();
  });

  it('is ignored before the first state', () => {
    const s = initialState(ID);
    expect(apply(s, moveMsg(1, MOVES[0]!), 0)).toBe(s);
  });
});

describe('a pending move', () => {
  it('is shown, marked pending, until the server’s move confirms it', () => {
    const sent = moveSent(seen(2), 'g4-g2', 'g4-g2', 7);
    expect(sent.pending).toEqual({ ply: 2, squares: 'g4-g2', record: 'g4-g2', re: 7 });
    expect(shownMoves(sent)).toEqual(MOVES.slice(0, 3));
    expect(sent.moves).toEqual(MOVES.slice(0, 2));
    const confirmed = apply(sent, moveMsg(3, 'g4-g2'), 0);
    expect(confirmed.pending).toBeUndefined();
    expect(confirmed.moves).toEqual(MOVES.slice(0, 3));
    expect(shownMoves(confirmed)).toEqual(MOVES.slice(0, 3));
  });

  it('is rolled back when the server refuses it, and the refusal kept to show', () => {
    const sent = moveSent(seen(2), 'g4-g2', 'g4-g2', 7);
    const refused = apply(
      sent,
      { t: 'error', re: 7, game: ID, code: 'move/illegal', message: 'not legal' },
      0,
    );
    expect(refused.pending).toBeUndefined();
    expect(shownMoves(refused)).toEqual(MOVES.slice(0, 2));
    expect(refused.refused).toEqual({ code: 'move/illegal', message: 'not legal', re: 7 });
  });

  it('stays when another request is refused', () => {
    const sent = moveSent(seen(2), 'g4-g2', 'g4-g2', 7);
    const s = apply(sent, { t: 'error', re: 8, game: ID, code: 'draw/none', message: 'no offer' }, 0);
    expect(s.pending?.re).toBe(7);
    expect(s.refused?.code).toBe('draw/none');
  });

  it('gives way to another move the server played at its ply', () => {
    const sent = moveSent(seen(2), 'g4-g3', 'g4-g3', 7);
    const s = apply(sent, moveMsg(3, 'g4-g2'), 0);
    expect(s.pending).toBeUndefined();
    expect(s.moves).toEqual(MOVES.slice(0, 3));
  });

  it('after a refusal as stale, asks to catch up', () => {
    const sent = moveSent(seen(2), 'g4-g2', 'g4-g2', 7);
    const s = apply(sent, { t: 'error', re: 7, game: ID, code: 'move/stale', message: 'stale' }, 0);
    expect(s.pending).toBeUndefined();
    expect(s.resync).toBe(2);
  });

  it('survives a lost connection marked to be sent again, unless the server has it', () => {
    const lost = connectionLost(moveSent(seen(2), 'g4-g2', 'g4-g2', 7));
    expect(lost.pending?.resend).toBe(true);
    // The server never got it: still pending, to send again.
    const notThere = apply(lost, stateMsg(view([], 2), 'attackers'), 0);
    expect(notThere.pending).toMatchObject({ ply: 2, resend: true });
    expect(moveResent(notThere, 9).pending).toMatchObject({ re: 9, resend: false });
    // The server got it: confirmed by the state.
    const there = apply(lost, stateMsg(view(MOVES.slice(2, 3), 2), 'attackers'), 0);
    expect(there.pending).toBeUndefined();
    expect(there.moves).toEqual(MOVES.slice(0, 3));
  });

  it('is dropped when the game ends meanwhile', () => {
    const sent = moveSent(seen(2), 'g4-g2', 'g4-g2', 7);
    const over = header({
      ply: 2,
      status: 'ended',
      result: { winner: 'attackers', reason: 'time' },
    });
    expect(apply(sent, { t: 'update', game: over }, 0).pending).toBeUndefined();
  });
});

describe('an update message', () => {
  it('takes the new header and clocks', () => {
    const clock = { attackers: 5, defenders: 6, running: null };
    const s = apply(seen(2), { t: 'update', game: header({ ply: 2, drawOffer: 'attackers', clock }) }, 40);
    expect(s.header?.drawOffer).toBe('attackers');
    expect(s.clock).toEqual({ view: clock, at: 40 });
    expect(s.resync).toBeUndefined();
  });

  it('asks to catch up when it counts moves we do not have', () => {
    expect(apply(seen(2), { t: 'update', game: header({ ply: 4 }) }, 0).resync).toBe(2);
  });

  it('notes a rematch that began while we watched, not one that began before', () => {
    const s = apply(
      seen(8),
      { t: 'update', game: header({ ply: 8, status: 'ended', rematch: 'NeXt123456' }) },
      0,
    );
    expect(s.rematchStarted).toBe('NeXt123456');
    const late = apply(
      initialState(ID),
      stateMsg(view(MOVES, 0, { status: 'ended', rematch: 'NeXt123456' })),
      0,
    );
    expect(late.rematchStarted).toBeUndefined();
  });
});

describe('an error message', () => {
  it('marks an unknown game as missing', () => {
    const s = apply(
      initialState(ID),
      { t: 'error', re: 1, game: ID, code: 'game/unknown', message: 'no' },
      0,
    );
    expect(s.missing).toBe(true);
  });

  it('ignores another game’s refusal', () => {
    const s = seen(2);
    expect(apply(s, { t: 'error', game: 'ZZZZZZZZZZ', code: 'move/turn', message: 'no' }, 0)).toBe(s);
  });
});

describe('what follows from the state', () => {
  it('lets the player move only on their turn, with nothing pending and all caught up', () => {
    // brandubh-2019: the attackers move first.
    expect(canMove(seen(2, 'attackers'), 'attackers')).toBe(true);
    expect(canMove(seen(2, 'defenders'), 'attackers')).toBe(false);
    expect(canMove(seen(2, null), 'attackers')).toBe(false);
    expect(canMove(moveSent(seen(2), 'g4-g2', 'g4-g2', 1), 'attackers')).toBe(false);
    expect(canMove(resyncSent(seen(2)), 'attackers')).toBe(false);
    const waiting = apply(initialState(ID), stateMsg(view([], 0, { status: 'waiting' }), 'attackers'), 0);
    expect(canMove(waiting, 'attackers')).toBe(false);
  });

  it('finds the free seat of a waiting game', () => {
    const seats = { attackers: { name: 'Ann' }, defenders: { name: null } };
    expect(freeSeat(header({ status: 'waiting', seats }))).toBe('defenders');
    expect(freeSeat(header({ status: 'playing' }))).toBeUndefined();
    expect(freeSeat(header({ status: 'aborted', seats }))).toBeUndefined();
  });

  it('counts down only the running clock, from when it was received', () => {
    const sync = { view: { attackers: 10_000, defenders: 8000, running: 'defenders' as const }, at: 1000 };
    expect(timeLeft(sync, 'defenders', 3500)).toBe(5500);
    expect(timeLeft(sync, 'attackers', 3500)).toBe(10_000);
    expect(timeLeft(sync, 'defenders', 20_000)).toBe(0);
    expect(timeLeft(null, 'defenders', 0)).toBeUndefined();
  });

  it('takes a seat granted over HTTP with the game it came with', () => {
    const s = seatTaken(initialState(ID), 'defenders', view([], 0, { status: 'playing' }), 0);
    expect(s.you).toBe('defenders');
    expect(s.header?.status).toBe('playing');
  });
});
