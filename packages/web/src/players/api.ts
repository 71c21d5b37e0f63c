/**
 * The players' pages' requests (protocol-players.ts): a player's ratings and games, a
 * leaderboard. Each answers with the value or a refusal, as online/api.ts does.
 */

import type { Leaderboard, PlayerView, RatingFamily } from '@tafl/server/protocol';
import { answerOf, apiUrl, refusalOf, type ApiResult, type Fetch } from '../online/api.js';

/** GET a JSON value, or the refusal (the server's, or `net/failed`, `net/response`). */
export async function getJson<T>(
  path: string,
  fetcher: Fetch = (u, i) => fetch(u, i),
): Promise<ApiResult<T>> {
  return send<T>(fetcher, apiUrl(path), { cache: 'no-store' });
}

export async function send<T>(fetcher: Fetch, url: string, init: RequestInit): Promise<ApiResult<T>> {
  const answer = await answerOf(fetcher, url, init);
  if (!answer.ok) return answer;
  const response = answer.value;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, code: 'net/response', message: `the server answered ${response.status}` };
  }
  if (response.ok) return { ok: true, value: body as T };
  return refusalOf(body, response.status);
}

export const fetchPlayer = (name: string, fetcher?: Fetch): Promise<ApiResult<PlayerView>> =>
  getJson<PlayerView>(`api/players/${encodeURIComponent(name)}`, fetcher);

export const fetchLeaderboard = (family: RatingFamily, fetcher?: Fetch): Promise<ApiResult<Leaderboard>> =>
  getJson<Leaderboard>(`api/leaderboard/${encodeURIComponent(family)}`, fetcher);
