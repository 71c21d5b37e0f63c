// `npm run lint`: ESLint, Prettier's check and the two type checks of what the build does not
// compile (the app's, the tests'). They are independent and each runs on one core, so they run two
// at a time (on the two cores of CI: 75 s one after another, about 45 s so). Each one's output is
// printed whole when it ends, under its command line; the exit code is the first failure's.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const CHECKS = [
  ['eslint', '.'],
  ['prettier', '--check', '.'],
  ['tsc', '-p', 'packages/web/tsconfig.json', '--noEmit'],
  ['tsc', '-p', 'tsconfig.tests.json'],
];

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(`node_modules/.bin/${command}`, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (e) => resolve({ code: 1, output: `${output}${e.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const width = Math.max(1, Math.min(CHECKS.length, availableParallelism()));
let next = 0;
let failed = 0;
await Promise.all(
  Array.from({ length: width }, async () => {
    while (next < CHECKS.length) {
      const check = CHECKS[next++];
      const { code, output } = await run(check);
      process.stdout.write(`> ${check.join(' ')}\n${output}${output.endsWith('\n') || !output ? '' : '\n'}`);
      if (code !== 0) {
        process.stdout.write(`(exit code ${code})\n`);
        failed ||= code;
      }
    }
  }),
);
process.exitCode = failed;
