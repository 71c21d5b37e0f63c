/**
 * The HTTP server: serves the built web app (packages/web/dist). It is a function of its
 * options so tests can start it on a free port and stop it.
 */

import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ServerOptions {
  /** Where the built app is; defaults to packages/web/dist beside this package. */
  readonly webRoot?: string;
  readonly logger?: boolean;
}

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const root = options.webRoot ?? DEFAULT_WEB_ROOT;
  if (!existsSync(root)) throw new Error(`the web app is not built: ${root} is missing (run npm run build)`);
  await app.register(fastifyStatic, { root, index: ['index.html'], maxAge: '1h' });
  app.get('/healthz', async () => ({ ok: true }));
  return app;
}
