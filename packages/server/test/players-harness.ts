/**
 * Games between accounts for the players' tests (ratings-game.test.ts, players.test.ts): made
 * and joined over HTTP as the accounts, played and ended over the WebSocket, and the pages read
 * back, waiting for what the server does after a game's end.
 */

import {
  makeMoveSquares,
  playMoveRecord,
  presetById,
  startingPosition,
  type Position,
  type Side,
} from '@tafl/core';
import type { CreateGameRequest, ErrorBody, PlayerView, SeatGrant, TimeControl } from '../src/protocol.js';
import { apiAs, type Session } from './accounts-harness.js';
import { Client } from './harness.js';

export const RULES = 'brandubh-2019';
export const LIVE: TimeControl = { kind: 'live', baseMs: 300_000, incrementMs: 3000 };
export const CORRESPONDENCE: TimeControl = { kind: 'correspondence', days: 3 };

/** A game between two accounts (or an account and a guest), both seats taken. */
export interface Table {
  readonly id: string;
  readonly tokens: Record<Side, string>;
  readonly pos: Position;
}

const other = (side: Side): Side => (side === 'attackers' ? 'defenders' : 'attackers');

/** `creator` makes a game (rated unless told), taking `side`; nobody joins yet. */
export async function seek(
  base: string,
  creator: Session | undefined,
  request: Partial<CreateGameRequest> = {},
): Promise<SeatGrant> {
  const { status, body } = await apiAs<SeatGrant | ErrorBody>(base, '/api/games', creator, {
    body: { rules: RULES, side: 'attackers', time: LIVE, name: 'ignored', rated: true, ...request },
  });
  if (status !== 201) throw new Error(`create: ${status} ${JSON.stringify(body)}`);
  return body as SeatGrant;
}

/** Joins a game as `joiner` (a guest when undefined): the status and the answer. */
export function join(
  base: string,
  id: string,
  joiner: Session | undefined,
): Promise<{ status: number; body: SeatGrant | ErrorBody }> {
  return apiAs<SeatGrant | ErrorBody>(base, `/api/games/${id}/join`, joiner, { body: { name: 'Guest' } });
}

/** `creator` (on `side`) and `joiner` at one table. */
export async function table(
  base: string,
  creator: Session,
  joiner: Session,
  request: Partial<CreateGameRequest> & { side?: Side } = {},
): Promise<Table> {
  const made = await seek(base, creator, request);
  const joined = await join(base, made.game.id, joiner);
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
  const taken = joined.body as SeatGrant;
  return {
    id: made.game.id,
    tokens: { [made.side]: made.token, [taken.side]: taken.token } as Record<Side, string>,
    pos: startingPosition(presetById(RULES)!),
  };
}

/** Sends `messages` on a connection watching the game and waits for the header that `done` wants. */
async function act(
  ws: string,
  game: Table,
  messages: readonly Record<string, unknown>[],
  done: (status: string) => boolean,
): Promise<void> {
  const client = await Client.connect(ws);
  try {
    client.send({ t: 'watch', game: game.id });
    await client.next('state');
    for (const m of messages) client.send({ game: game.id, ...m });
    // A refusal fails the wait at once (waited for longer than the update, so never first by time).
    const error = client
      .next('error', () => true, 30_000)
      .then(
        (e) => {
          throw new Error(`${e.code}: ${e.message}`);
        },
        () => new Promise<never>(() => {}),
      );
    await Promise.race([client.next('update', (u) => done(u.game.status), 15_000), error]);
  } finally {
    client.close();
  }
}

/** `plies` legal moves (the first legal one each time), each confirmed. */
export async function play(ws: string, game: Table, plies: number): Promise<void> {
  const client = await Client.connect(ws);
  try {
    client.send({ t: 'watch', game: game.id });
    await client.next('state');
    for (let i = 0; i < plies; i++) {
      const side = game.pos.turn;
      const move = makeMoveSquares(game.pos.geo, game.pos.legalMoves()[0]!);
      client.send({ t: 'move', game: game.id, token: game.tokens[side], ply: game.pos.ply, move });
      await client.next('move', (m) => m.ply === game.pos.ply + 1);
      if (!playMoveRecord(game.pos, move).ok) throw new Error(`${move} is not legal`);
    }
  } finally {
    client.close();
  }
}

/** `side` resigns: the other side wins. */
export const resign = (ws: string, game: Table, side: Side): Promise<void> =>
  act(ws, game, [{ t: 'resign', token: game.tokens[side] }], (s) => s === 'ended');

/** A draw agreed: `side` offers, the other accepts. */
export const agreeDraw = (ws: string, game: Table, side: Side): Promise<void> =>
  act(
    ws,
    game,
    [
      { t: 'draw', act: 'offer', token: game.tokens[side] },
      { t: 'draw', act: 'accept', token: game.tokens[other(side)] },
    ],
    (s) => s === 'ended',
  );

/** Aborted before the first move. */
export const abort = (ws: string, game: Table): Promise<void> =>
  act(ws, game, [{ t: 'abort', token: game.tokens.attackers }], (s) => s === 'aborted');

/** A player's page (throws unless 200). */
export async function playerPage(base: string, name: string): Promise<PlayerView> {
  const { status, body } = await apiAs<PlayerView>(
    base,
    `/api/players/${encodeURIComponent(name)}`,
    undefined,
  );
  if (status !== 200) throw new Error(`player ${name}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Reads `read` again until `ok` holds of it (the server rates a game just after its end). */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not so after 20 s: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A player's games rated so far in Brandubh (0 without a rating). */
export const ratedGames = (view: PlayerView): number =>
  view.ratings.find((r) => r.family === 'brandubh')?.games ?? 0;
