/**
 * The HTTP calls of accounts (protocol-players.ts): the account state, signing up, in and out,
 * the password, deleting the account, attaching a guest's seats, an account's seat token on any
 * device, and "my games". Each answers with the value or the server's refusal (online/api.ts),
 * and sends the session's CSRF token with what changes something.
 */

import type {
  AccountState,
  AttachResult,
  GuestSeat,
  MyGames,
  PlayerView,
  SeatKey,
  SignedIn,
} from '@tafl/server/protocol';
import { createRequester, type ApiResult, type CsrfSource, type Fetch } from '../online/api.js';

export interface AccountApi {
  state(): Promise<ApiResult<AccountState>>;
  signUp(name: string, password: string, seats: readonly GuestSeat[]): Promise<ApiResult<SignedIn>>;
  signIn(name: string, password: string, seats: readonly GuestSeat[]): Promise<ApiResult<SignedIn>>;
  signOut(): Promise<ApiResult<void>>;
  signOutAll(): Promise<ApiResult<void>>;
  password(current: string, password: string): Promise<ApiResult<void>>;
  remove(password: string): Promise<ApiResult<void>>;
  attach(seats: readonly GuestSeat[]): Promise<ApiResult<AttachResult>>;
  /** The token of my seat in a game (`seat/none` when the account holds none there). */
  seat(game: string): Promise<ApiResult<SeatKey>>;
  myGames(): Promise<ApiResult<MyGames>>;
  player(name: string): Promise<ApiResult<PlayerView>>;
}

export function createAccountApi(fetcher?: Fetch, base?: string, csrf?: CsrfSource): AccountApi {
  const request = createRequester(fetcher, base, csrf);
  const withSeats = (seats: readonly GuestSeat[]) => (seats.length > 0 ? { seats } : {});
  return {
    state: () => request<AccountState>('GET', 'api/account'),
    signUp: (name, password, seats) =>
      request<SignedIn>('POST', 'api/account/signup', { name, password, ...withSeats(seats) }),
    signIn: (name, password, seats) =>
      request<SignedIn>('POST', 'api/account/signin', { name, password, ...withSeats(seats) }),
    signOut: () => request<void>('POST', 'api/account/signout', {}),
    signOutAll: () => request<void>('POST', 'api/account/signout-all', {}),
    password: (current, password) => request<void>('POST', 'api/account/password', { current, password }),
    remove: (password) => request<void>('POST', 'api/account/delete', { password }),
    attach: (seats) => request<AttachResult>('POST', 'api/account/seats', { seats }),
    seat: (game) => request<SeatKey>('GET', `api/games/${encodeURIComponent(game)}/seat`),
    myGames: () => request<MyGames>('GET', 'api/me/games'),
    player: (name) => request<PlayerView>('GET', `api/players/${encodeURIComponent(name)}`),
  };
}

let page: AccountApi | undefined;
export const pageAccountApi = (): AccountApi => (page ??= createAccountApi());
