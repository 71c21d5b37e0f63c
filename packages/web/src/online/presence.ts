/**
 * Who is at the board, as the game screen shows it: a dot by each player's name (connected or
 * not, for everyone), and for a player whose opponent has left a live or untimed game, the time
 * until the game may be claimed, counted down here from the server's `claimInMs` and the local
 * clock when it came (as the clocks are), then the claim itself. A correspondence game shows the
 * dots but never the claim: its players come and go, and the days per move decide.
 *
 * The live region says only what changed: the opponent left, the claim became possible, the
 * opponent came back; never each second of the countdown. Pure, so it is tested without a DOM.
 */

import { opposite, type Side } from '@tafl/core';
import type { PresenceText } from './presence-text.js';
import type { OnlineState } from './state.js';

/** Whether `side`'s player is connected; undefined when not known or the seat is free. */
export function seatConnected(state: OnlineState, side: Side): boolean | undefined {
  if (!state.presence || !state.header || state.header.seats[side].name === null) return undefined;
  return state.presence.presence[side].connected;
}

/** The opponent who left this player's game, and when the game may be claimed. */
export interface OpponentAway {
  /** The side that left. */
  readonly side: Side;
  /**
   * Milliseconds until the claim is possible at the time asked (0: now), or undefined while no
   * claim is possible at all (no move made yet: the game is aborted instead).
   */
  readonly claimInMs: number | undefined;
}

/**
 * The opponent who left, for the player of the game at `now` (the local clock), or undefined:
 * a watcher, a game not being played, a correspondence game, an opponent who is connected.
 */
export function opponentAway(state: OnlineState, now: number): OpponentAway | undefined {
  const { header, presence, you } = state;
  if (you === null || !header || !presence || header.status !== 'playing') return undefined;
  if (header.time.kind === 'correspondence') return undefined;
  const side = opposite(you);
  const seat = presence.presence[side];
  if (seat.connected) return undefined;
  if (seat.claimInMs === null) return { side, claimInMs: undefined };
  return { side, claimInMs: Math.max(0, seat.claimInMs - Math.max(0, now - presence.at)) };
}

/** Whether the claim can be sent now. */
export const canClaim = (away: OpponentAway | undefined): boolean => away?.claimInMs === 0;

/** A countdown as it is read: whole seconds rounded up, `0:25`, `2:00`, `1:00:00`. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * What the opponent's absence is at a moment, as the live region tells it: present, gone from a
 * game that cannot be claimed (no move yet), gone and the claim to come, gone and claimable.
 */
export type AwayPhase = 'present' | 'left' | 'away' | 'claimable';

export const awayPhase = (away: OpponentAway | undefined): AwayPhase =>
  away === undefined
    ? 'present'
    : away.claimInMs === undefined
      ? 'left'
      : away.claimInMs === 0
        ? 'claimable'
        : 'away';

/**
 * The sentence of the live region for the phase `now`, given the phase before: the departure,
 * the claim when it becomes possible, the return. It changes only when the phase does, so a
 * screen reader is not told each second of the countdown.
 */
export function awaySentence(p: PresenceText, before: AwayPhase, now: AwayPhase): string {
  if (now === 'claimable') return p.claimNow;
  if (now === 'away') return `${p.opponentLeft} ${p.claimWait}`;
  if (now === 'left') return p.opponentLeft;
  return before === 'present' ? '' : p.opponentBack;
}
