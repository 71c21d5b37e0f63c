/**
 * Health for a process manager and a load balancer:
 *
 * - `GET /healthz`: the process is alive and answers HTTP (200 `{ ok: true }`), whatever its
 *   database does. Restart the process when this fails.
 * - `GET /readyz`: it can reach its database and so accept games: 200 `{ ok: true, ms }` when
 *   the database answered a trivial query (within PING_TIMEOUT_MS), else 503 `{ ok: false,
 *   reason }` saying why in one sentence, without the driver's details (no address leaks). Send no players to it while this fails; it comes back
 *   by itself when the database does. While the server shuts down, Fastify answers 503 too.
 */

import type { FastifyInstance } from 'fastify';

export interface HealthOptions {
  /** Resolves when the database answers (Store.ping); rejects with the reason. None: always ready. */
  readonly ready?: () => Promise<void>;
}

export function registerHealth(app: FastifyInstance, options: HealthOptions = {}): void {
  app.get('/healthz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { ok: true };
  });
  app.get('/readyz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const started = performance.now();
    try {
      await options.ready?.();
    } catch (e) {
      // The public reason stops before the driver's details (addresses, ports, user names).
      const reason = (e instanceof Error ? e.message : String(e)).split(':')[0]!.trim();
      return reply.code(503).send({ ok: false, reason });
    }
    return { ok: true, ms: Math.round(performance.now() - started) };
  });
}
