/** `npm start`: serves the app on 127.0.0.1:8080 (HOST and PORT change it) and says where. */

import { buildServer } from './app.js';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);

try {
  const app = await buildServer();
  await app.listen({ host, port });
  const shown = host.includes(':') ? `[${host}]` : host;
  process.stdout.write(`Brandubh & Ard Ri: http://${shown}:${port}/\n`);
  const stop = (): void => {
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  process.stderr.write(`tafl server: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
