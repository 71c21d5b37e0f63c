/**
 * The HTTP half of online play (protocol.ts): creating a game, taking its free seat, the lobby,
 * a game's record and the analysis kept with a finished game. Every call answers with the value or with a refusal: the server's code
 * and sentence, or one of ours when the server could not be reached (`net/failed`) or answered
 * something that is not the protocol (`net/response`). The addresses are relative to the page,
 * so the app works wherever the server puts it.
 *
 * A signed-in browser sends its session's CSRF token (protocol-players.ts, `x-tafl-csrf`) with
 * every POST, PUT and DELETE: the server refuses a state-changing request that carries the
 * session cookie without it. The page's token is the account session's (account/session.ts sets
 * it with `setPageCsrf`).
 */

import type { GameAnalysis } from '@tafl/core';
import {
  CSRF_HEADER,
  type CreateGameRequest,
  type ErrorCode,
  type GameRatings,
  type GameView,
  type Lobby,
  type SeatGrant,
} from '@tafl/server/protocol';
import { pageNetwork } from '../app/network.js';

/** The refusals of the client itself: no answer, or an answer that is not the protocol's. */
export type ClientErrorCode = 'net/failed' | 'net/response';
export type RefusalCode = ErrorCode | ClientErrorCode;

export interface ApiRefusal {
  readonly ok: false;
  readonly code: RefusalCode;
  readonly message: string;
}
export type ApiResult<T> = { readonly ok: true; readonly value: T } | ApiRefusal;

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The page's own address, which the API's paths are relative to. */
const pageBase = (): string =>
  typeof location === 'undefined' ? 'http://localhost/' : `${location.origin}${location.pathname}`;

export const apiUrl = (path: string, base: string = pageBase()): string => new URL(path, base).href;

/** `ws://` or `wss://` with the page, `/api/ws` beside it. */
export function socketUrl(base: string = pageBase()): string {
  const url = new URL('api/ws', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  url.search = '';
  return url.href;
}

export interface Api {
  create(request: CreateGameRequest): Promise<ApiResult<SeatGrant>>;
  join(id: string, name: string): Promise<ApiResult<SeatGrant>>;
  game(id: string): Promise<ApiResult<GameView>>;
  record(id: string): Promise<ApiResult<string>>;
  lobby(): Promise<ApiResult<Lobby>>;
  /** What a rated game's end did to its players' ratings (`pending` until it is counted). */
  ratings(id: string): Promise<ApiResult<GameRatings>>;
  /** The analysis kept with a finished game (refused with `analysis/none` when there is none). */
  analysis(id: string): Promise<ApiResult<GameAnalysis>>;
  /**
   * Keeps an analysis with a finished game, unless one as deep or deeper is kept
   * (`analysis/shallower`). The server checks it against the game (`analysis/invalid`).
   */
  saveAnalysis(id: string, analysis: GameAnalysis): Promise<ApiResult<{ readonly depth: number }>>;
}

/** The session's CSRF token to send, or null when signed out (a promise while it is being read). */
export type CsrfSource = () => string | null | Promise<string | null>;

let pageCsrf: string | null | Promise<string | null> = null;
/**
 * The page's account session sets its CSRF token here (null when signed out), or the promise of
 * it while it asks the server: a request made meanwhile waits for it.
 */
export const setPageCsrf = (token: string | null | Promise<string | null>): void => {
  pageCsrf = token;
};
export const readPageCsrf: CsrfSource = () => pageCsrf;

/**
 * A JSON request beside the page: the body (if any) as JSON, and the CSRF token on a request
 * that changes something (POST, PUT, DELETE) when there is one.
 */
export interface Requester {
  <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<ApiResult<T>>;
}

export function createRequester(
  fetcher: Fetch = (url, init) => fetch(url, init),
  base?: string,
  csrf: CsrfSource = readPageCsrf,
): Requester {
  return async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = method === 'GET' ? null : await csrf();
    if (token) headers[CSRF_HEADER] = token;
    return call<T>(fetcher, apiUrl(path, base), {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  };
}

export function createApi(
  fetcher: Fetch = (url, init) => fetch(url, init),
  base?: string,
  csrf: CsrfSource = readPageCsrf,
): Api {
  const url = (path: string): string => apiUrl(path, base);
  const request = createRequester(fetcher, base, csrf);
  const post = <T>(path: string, body: unknown): Promise<ApiResult<T>> => request<T>('POST', path, body);
  return {
    create: (request) => post<SeatGrant>('api/games', request),
    join: (id, name) => post<SeatGrant>(`api/games/${encodeURIComponent(id)}/join`, { name }),
    game: (id) => call<GameView>(fetcher, url(`api/games/${encodeURIComponent(id)}`)),
    record: (id) => call<string>(fetcher, url(`api/games/${encodeURIComponent(id)}/record`), {}, true),
    lobby: () => call<Lobby>(fetcher, url('api/lobby')),
    ratings: (id) => call<GameRatings>(fetcher, url(`api/games/${encodeURIComponent(id)}/ratings`)),
    analysis: (id) => call<GameAnalysis>(fetcher, url(`api/games/${encodeURIComponent(id)}/analysis`)),
    saveAnalysis: (id, analysis) =>
      request<{ depth: number }>('PUT', `api/games/${encodeURIComponent(id)}/analysis`, analysis),
  };
}

/** A refusal as an Error, for the promise-returning calls below: `code` says which. */
export class ApiError extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The analysis the server keeps with a finished online game (`#/analysis/online/ID`), or
 * undefined when it keeps none. The server checked it against the game when it was saved.
 * Rejects with an ApiError when the server cannot be reached or refuses (an unknown game).
 *
 * The game itself (rules, moves, result) is `pageApi().game(id)`: a GameView, whose ruleset
 * `rulesOfHeader` (view.ts) reads; its start is the ruleset's.
 */
export async function fetchAnalysis(id: string, api: Api = pageApi()): Promise<GameAnalysis | undefined> {
  const got = await api.analysis(id);
  if (got.ok) {
    const value: unknown = got.value;
    if (typeof value !== 'object' || value === null || (value as { version?: unknown }).version !== 2)
      throw new ApiError('net/response', 'the server answered something that is not an analysis');
    return got.value;
  }
  if (got.code === 'analysis/none') return undefined;
  throw new ApiError(got.code, got.message);
}

/**
 * Keeps an analysis of a finished online game on the server, where everyone who opens the game
 * sees it. Resolves when it is kept, and also when the server already keeps one as deep or
 * deeper (which stays: the better analysis wins). Rejects with an ApiError otherwise: the game
 * is not over (`analysis/not-over`), the analysis does not match it (`analysis/invalid`), too
 * many saves (`rate/limited`), too large (`msg/size`), or no server.
 */
export async function saveAnalysis(id: string, analysis: GameAnalysis, api: Api = pageApi()): Promise<void> {
  const saved = await api.saveAnalysis(id, analysis);
  if (saved.ok || saved.code === 'analysis/shallower') return;
  throw new ApiError(saved.code, saved.message);
}

/**
 * A request that has had no answer this long is given up (`net/failed`): no screen waits for
 * one that cannot succeed (a network that takes requests and answers none). The server itself
 * gives up a request after 30 s (its requestTimeout).
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * `fetcher(url, init)`, given up after REQUEST_TIMEOUT_MS, telling the page's network whether an
 * answer came (app/network.ts): a failure is `net/failed`, with the browser's words.
 */
export async function answerOf(fetcher: Fetch, url: string, init: RequestInit): Promise<ApiResult<Response>> {
  try {
    const response = await fetcher(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });
    pageNetwork().report(true);
    return { ok: true, value: response };
  } catch (e) {
    pageNetwork().report(false);
    return { ok: false, code: 'net/failed', message: e instanceof Error ? e.message : String(e) };
  }
}

async function call<T>(
  fetcher: Fetch,
  url: string,
  init: RequestInit = {},
  text = false,
): Promise<ApiResult<T>> {
  const answer = await answerOf(fetcher, url, { ...init, cache: 'no-store' });
  if (!answer.ok) return answer;
  const response = answer.value;
  // Done, and nothing to say (sign out, change of password).
  if (response.status === 204) return { ok: true, value: undefined as T };
  let body: unknown;
  try {
    body = text && response.ok ? await response.text() : await response.json();
  } catch {
    return { ok: false, code: 'net/response', message: `the server answered ${response.status}` };
  }
  if (response.ok) return { ok: true, value: body as T };
  return refusalOf(body, response.status);
}

/** The refusal of an error body, `{ error: { code, message } }`. */
export function refusalOf(body: unknown, status: number): ApiRefusal {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as Record<string, unknown>;
    if (typeof code === 'string' && typeof message === 'string')
      return { ok: false, code: code as ErrorCode, message };
  }
  return { ok: false, code: 'net/response', message: `the server answered ${status}` };
}

let page: Api | undefined;
export const pageApi = (): Api => (page ??= createApi());
