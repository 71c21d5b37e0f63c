/**
 * The process entry of `tafl` (bin/tafl.js imports it): binds the command line of cli.ts to the
 * real streams and sets the exit code. A reader that closes the pipe early (`tafl ... | head`)
 * is not an error.
 */

import { run } from './cli.js';

process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  // Only `trace` reads standard input; the others never open it.
  stdin: { [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator]() },
  env: process.env,
});
