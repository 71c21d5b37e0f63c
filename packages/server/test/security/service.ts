/**
 * Everybody else's service while an attack runs, as the attack suite sees it: /healthz polled
 * every 25 ms and a game played, a move every 40 ms, each timed from the request to its answer
 * (a move: to the mover's own `move` message, its confirmation). A test never fails on a time:
 * `summary` gives them for the test's log. A request not answered, or answered with an error, is
 * a failure the test can assert on.
 */

import { makeMoveSquares, playMoveRecord, type Side } from '@tafl/core';
import { Client, openGames, type PlayedGame } from '../harness.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The q-th quantile (nearest rank) of `values`, in ms. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** `p50 1.2 / p99 20.3 / max 40.0 ms (n)` of times in ms. */
export const spread = (values: readonly number[]): string =>
  `p50 ${quantile(values, 0.5).toFixed(1)} / p99 ${quantile(values, 0.99).toFixed(1)} / max ${quantile(values, 1).toFixed(1)} ms (${values.length})`;

export class Service {
  readonly healthz: number[] = [];
  readonly moves: number[] = [];
  readonly failures: string[] = [];
  private going = true;
  private readonly running: Promise<void>[];

  private constructor(
    private readonly base: string,
    private readonly ws: string,
  ) {
    this.running = [this.poll(), this.play()];
  }

  /** Starts polling and playing at the server of `base` (http://...) and `ws` (its socket's URL). */
  static start(base: string, ws: string): Service {
    return new Service(base, ws);
  }

  /** Resolves once `done()` holds (checked every 10 ms). */
  async until(done: () => boolean): Promise<void> {
    while (!done()) await sleep(10);
  }

  /** Stops, once the request and the move in flight are answered. */
  async stop(): Promise<this> {
    this.going = false;
    await Promise.all(this.running);
    return this;
  }

  summary(): string {
    return `/healthz ${spread(this.healthz)}; a move's confirmation ${spread(this.moves)}`;
  }

  private async poll(): Promise<void> {
    while (this.going) {
      const sent = performance.now();
      try {
        const response = await fetch(`${this.base}/healthz`);
        await response.text();
        if (response.status === 200) this.healthz.push(performance.now() - sent);
        else this.failures.push(`/healthz answered ${response.status}`);
      } catch (e) {
        this.failures.push(`/healthz failed: ${String(e)}`);
      }
      await sleep(25);
    }
  }

  private async play(): Promise<void> {
    while (this.going) {
      const seats: Client[] = [];
      try {
        const [game] = await openGames(this.base, 1);
        for (const side of ['attackers', 'defenders'] as const) {
          const client = await Client.connect(this.ws);
          seats.push(client);
          client.send({ t: 'watch', game: game!.id, token: game!.tokens[side] });
          await client.next('state');
        }
        while (this.going && !game!.pos.isOver()) {
          await this.move(game!, { attackers: seats[0]!, defenders: seats[1]! });
          await sleep(40);
        }
      } catch (e) {
        this.failures.push(`a game failed: ${String(e)}`);
        return;
      } finally {
        seats.forEach((c) => c.close());
      }
    }
  }

  private async move(game: PlayedGame, seats: Record<Side, Client>): Promise<void> {
    const pos = game.pos;
    const legal = pos.legalMoves();
    const move = makeMoveSquares(pos.geo, legal[Math.floor(Math.random() * legal.length)]!);
    const ply = pos.ply;
    const sent = performance.now();
    const client = seats[pos.turn];
    client.send({ t: 'move', game: game.id, token: game.tokens[pos.turn], ply, move });
    const confirmed = await client.next('move', (m) => m.game === game.id && m.ply === ply + 1, 30_000);
    this.moves.push(performance.now() - sent);
    if (!playMoveRecord(pos, confirmed.move).ok)
      throw new Error(`${confirmed.move} was confirmed but is not legal`);
  }
}
