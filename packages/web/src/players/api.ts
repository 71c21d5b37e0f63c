/**
 * The players' pages' requests (protocol-players.ts): a player's ratings and games, a
 * leaderboard. Each answers with the value or a refusal, as online/api.ts does.
 */

import type { Leaderboard, PlayerLookup, PlayerView, RatingFamily } from '@tafl/server/protocol';
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

/**
 * A player's page by name, looked up (GET /api/players?name=): nobody of that name is the
 * refusal `player/unknown`, said by the app; the server answers 200 either way, so a mistyped
 * name fails no request.
 */
export async function fetchPlayer(name: string, fetcher?: Fetch): Promise<ApiResult<PlayerView>> {
  const found = await getJson<PlayerLookup>(`api/players?name=${encodeURIComponent(name)}`, fetcher);
  if (!found.ok) return found;
  const player = (found.value as Partial<PlayerLookup> | null)?.player;
  if (player === undefined) return { ok: false, code: 'net/response', message: 'not a player lookup' };
  return player === null
    ? { ok: false, code: 'player/unknown', message: `no player is called ${name}` }
    : { ok: true, value: player };
}

export const fetchLeaderboard = (family: RatingFamily, fetcher?: Fetch): Promise<ApiResult<Leaderboard>> =>
  getJson<Leaderboard>(`api/leaderboard/${encodeURIComponent(family)}`, fetcher);
