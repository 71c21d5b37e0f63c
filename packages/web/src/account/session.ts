/**
 * The page's account: who is signed in (GET /api/account, read once when first asked for), the
 * session's CSRF token (handed to online/api.ts, which sends it with every state-changing
 * request), and the count of games where it is my move (the header's badge, GET /api/me/games).
 * Screens follow it with `useAccount()`; a sign-in, sign-up or sign-out tells every follower.
 *
 * When the server cannot be asked (the device is offline, or no answer came), who is signed in is
 * not known (`unknown`): the page asks nothing while the device is offline, and asks again when
 * the network comes back (app/network.ts's `retry`, `retryUnknown`).
 *
 * After signing up or in, the browser's guest seats were sent with the request and the server
 * answered their new tokens: `signedIn` keeps those in the seat store (tokens.ts), so the same
 * games are played with the account's token from then on. Signing out forgets the seats of the
 * account's games in progress.
 */

import type { AccountView, MyGames, SignedIn } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { pageNetwork, useNetwork } from '../app/network.js';
import { setPageCsrf } from '../online/api.js';
import { pageSeats, type SeatStore } from '../online/tokens.js';
import { pageAccountApi, type AccountApi } from './api.js';
import { guestSeats, seatsAfterAttach } from './state.js';

export interface AccountSnapshot {
  /** False until the server said who is signed in (or could not be asked). */
  readonly loaded: boolean;
  readonly user: AccountView | null;
  /** The server sends mail (AccountState.mail): the account page offers it. */
  readonly mail?: boolean;
  /** Games in progress where it is my move, once counted. */
  readonly myTurn: number | null;
  /** Loaded, but the server could not be asked (offline): who is signed in is not known. */
  readonly unknown?: boolean;
}

type Listener = (snapshot: AccountSnapshot) => void;

export class AccountSession {
  private snap: AccountSnapshot = { loaded: false, user: null, myTurn: null };
  private readonly listeners = new Set<Listener>();
  private loading: Promise<AccountSnapshot> | undefined;
  private counting: Promise<void> | undefined;
  /** The account's seat tokens, as the server gave them in this page (to forget them at sign-out). */
  private readonly accountTokens = new Set<string>();

  private retrying = false;
  private lastGames: MyGames | undefined;
  private readonly gamesListeners = new Set<(games: MyGames) => void>();

  constructor(
    private readonly api: AccountApi,
    private readonly seats: SeatStore,
    private readonly setCsrf: (token: string | null | Promise<string | null>) => void = setPageCsrf,
    /** The device has no network (a request would fail at once). */
    private readonly offline: () => boolean = () => pageNetwork().offline,
  ) {}

  snapshot(): AccountSnapshot {
    return this.snap;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks the server who is signed in, once (again with `force`). */
  load(force = false): Promise<AccountSnapshot> {
    if (this.loading && !force) return this.loading;
    if (this.offline()) {
      this.setCsrf(null);
      this.set({ loaded: true, user: null, myTurn: null, unknown: true });
      this.loading = Promise.resolve(this.snap);
      return this.loading;
    }
    const state = this.api.state();
    // A state-changing request made meanwhile waits for the token.
    this.setCsrf(state.then((answer) => (answer.ok ? answer.value.csrf : null)));
    this.loading = state.then((answer) => {
      if (answer.ok) {
        this.setCsrf(answer.value.csrf);
        this.set({
          loaded: true,
          user: answer.value.user,
          myTurn: answer.value.user ? this.snap.myTurn : null,
          mail: answer.value.mail === true,
        });
        if (answer.value.user) void this.refreshCount();
      } else {
        this.setCsrf(null);
        this.set({
          ...this.snap,
          loaded: true,
          ...(answer.code === 'net/failed' ? { user: null, myTurn: null, unknown: true } : {}),
        });
      }
      return this.snap;
    });
    return this.loading;
  }

  /** Asks the server again who is signed in, if it could not be asked before (once at a time). */
  retryUnknown(): void {
    if (!this.snap.unknown || this.retrying || this.offline()) return;
    this.retrying = true;
    void this.load(true).finally(() => (this.retrying = false));
  }

  /** Signs up or in: the guest seats go with the request, and their new tokens are kept. */
  async enter(mode: 'signin' | 'signup', name: string, password: string) {
    const held = this.seats.all();
    const seats = guestSeats(held);
    const answer = await (mode === 'signup'
      ? this.api.signUp(name, password, seats)
      : this.api.signIn(name, password, seats));
    if (answer.ok) this.signedIn(answer.value);
    return answer;
  }

  /** A sign-in's answer: the session's token, the account, the attached seats' new tokens. */
  signedIn(answer: SignedIn): void {
    this.setCsrf(answer.csrf);
    const now = Date.now();
    const held = this.seats.all();
    const after = seatsAfterAttach(held, answer.seats, now);
    for (const key of answer.seats) this.accountTokens.add(key.token);
    // Saved oldest first, so the store keeps them newest first.
    for (const seat of [...after].reverse()) {
      const was = held.find((s) => s.id === seat.id);
      if (!was || was.token !== seat.token || was.side !== seat.side) this.seats.save(seat);
    }
    const mail = answer.mail === true || this.snap.mail === true;
    this.loading = Promise.resolve({ loaded: true, user: answer.user, myTurn: null, mail });
    this.set({ loaded: true, user: answer.user, myTurn: null, mail });
    void this.refreshCount();
  }

  /**
   * Signs out here or everywhere. This browser then forgets its seats in the account's games in
   * progress: their token is the account's, and the next person at this computer is not to play
   * them (signed in again, the page asks the server for them).
   */
  async signOut(everywhere: boolean) {
    const mine = await this.api.myGames();
    const answer = await (everywhere ? this.api.signOutAll() : this.api.signOut());
    if (answer.ok || answer.code === 'auth/required') {
      // The seats of the account's games go, and every seat whose token the server gave this
      // page as the account's (an account's token is one of each game), finished games' too.
      const games = new Set(mine.ok ? mine.value.games.map((g) => g.id) : []);
      for (const seat of this.seats.all())
        if (games.has(seat.id) || this.accountTokens.has(seat.token)) this.seats.forget(seat.id);
      this.signedOut();
    }
    return answer;
  }

  /** Signed out (here or everywhere, or the account deleted). */
  signedOut(): void {
    this.accountTokens.clear();
    this.lastGames = undefined;
    this.setCsrf(null);
    const mail = this.snap.mail === true;
    this.loading = Promise.resolve({ loaded: true, user: null, myTurn: null, mail });
    this.set({ loaded: true, user: null, myTurn: null, mail });
  }

  /** The count of games where it is my move, asked again (nothing when signed out). */
  refreshCount(): Promise<void> {
    if (!this.snap.user || this.offline()) return Promise.resolve();
    this.counting ??= this.api.myGames().then((answer) => {
      this.counting = undefined;
      if (answer.ok) this.counted(answer.value);
      else if (answer.code === 'auth/required') this.signedOut();
    });
    return this.counting;
  }

  /** A seat of the account, fetched for this browser (its token is the account's of that game). */
  accountSeat(token: string): void {
    this.accountTokens.add(token);
  }

  /** "My games" as just read (the screen's own request counts too). */
  counted(games: MyGames): void {
    this.lastGames = games;
    for (const l of [...this.gamesListeners]) l(games);
    if (this.snap.user && this.snap.myTurn !== games.myTurn) this.set({ ...this.snap, myTurn: games.myTurn });
  }

  /** "My games" each time it is read (the game-ready notice looks for a new tournament game). */
  subscribeGames(listener: (games: MyGames) => void): () => void {
    this.gamesListeners.add(listener);
    return () => this.gamesListeners.delete(listener);
  }

  /** The last "my games" read, if any (forgotten at sign-out). */
  get games(): MyGames | undefined {
    return this.snap.user ? this.lastGames : undefined;
  }

  private set(next: AccountSnapshot): void {
    this.snap = next;
    for (const l of [...this.listeners]) l(next);
  }
}

let page: AccountSession | undefined;
/** The page's account session, made on first use. */
export const pageAccount = (): AccountSession => (page ??= new AccountSession(pageAccountApi(), pageSeats()));

/** The page's account, followed: asks the server on first use. */
export function useAccount(): AccountSnapshot {
  const session = pageAccount();
  const [snap, setSnap] = useState(() => session.snapshot());
  const network = useNetwork();
  useEffect(() => {
    const stop = session.subscribe(setSnap);
    setSnap(session.snapshot());
    void session.load();
    return stop;
  }, [session]);
  // Back online: who is signed in is asked again if it could not be.
  useEffect(() => session.retryUnknown(), [network.retry]);
  return snap;
}

/** Where a sign-in goes back to: the `from` the screen was opened with, or my games. */
export function returnTo(hash: string): string {
  const from = new URLSearchParams(hash.split('?')[1] ?? '').get('from');
  return from && from.startsWith('#/') && !from.startsWith('#/sign') ? from : '#/games';
}
