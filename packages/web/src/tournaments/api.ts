/**
 * The tournaments' requests (protocol-players.ts): the list, one tournament, creating, joining
 * and leaving. The state-changing ones carry the session's CSRF token (`x-tafl-csrf`), read from
 * GET /api/account; each answers with the value or a refusal, as online/api.ts does.
 */

import type {
  AccountState,
  CreateTournamentRequest,
  TournamentList,
  TournamentView,
} from '@tafl/server/protocol';
import { CSRF_HEADER } from '@tafl/server/protocol';
import { apiUrl, type ApiResult, type Fetch } from '../online/api.js';
import { getJson, send } from '../players/api.js';

const defaultFetch: Fetch = (u, i) => fetch(u, i);

/** Who is signed in on this browser, and the session's CSRF token. */
export const fetchAccount = (fetcher?: Fetch): Promise<ApiResult<AccountState>> =>
  getJson<AccountState>('api/account', fetcher);

export const fetchTournaments = (fetcher?: Fetch): Promise<ApiResult<TournamentList>> =>
  getJson<TournamentList>('api/tournaments', fetcher);

export const fetchTournament = (id: string, fetcher?: Fetch): Promise<ApiResult<TournamentView>> =>
  getJson<TournamentView>(`api/tournaments/${encodeURIComponent(id)}`, fetcher);

/** A POST with the session's CSRF token (read afresh, so a token from another tab's sign-in works). */
async function post<T>(path: string, body: unknown, fetcher: Fetch = defaultFetch): Promise<ApiResult<T>> {
  const account = await fetchAccount(fetcher);
  if (!account.ok) return account;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (account.value.csrf) headers[CSRF_HEADER] = account.value.csrf;
  return send<T>(fetcher, apiUrl(path), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    cache: 'no-store',
  });
}

export const createTournament = (
  request: CreateTournamentRequest,
  fetcher?: Fetch,
): Promise<ApiResult<TournamentView>> => post<TournamentView>('api/tournaments', request, fetcher);

export const joinTournament = (id: string, fetcher?: Fetch): Promise<ApiResult<TournamentView>> =>
  post<TournamentView>(`api/tournaments/${encodeURIComponent(id)}/join`, {}, fetcher);

export const leaveTournament = (id: string, fetcher?: Fetch): Promise<ApiResult<TournamentView>> =>
  post<TournamentView>(`api/tournaments/${encodeURIComponent(id)}/leave`, {}, fetcher);
