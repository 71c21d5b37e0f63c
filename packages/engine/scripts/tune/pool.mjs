/**
 * Runs game tasks on `jobs` worker threads of tune/worker.mjs, each worker given its next task as
 * soon as it is done with one (games differ much in length), and resolves to the results in the
 * order of the tasks. A failed game is a bug: it ends the run with its error.
 */

import { Worker } from 'node:worker_threads';

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

/**
 * Plays `tasks` (each `{ index, opening, weights: { attackers, defenders }, collect }`, indices
 * 0 to n - 1) with workers started with `init`; `onResult` sees each result as it comes.
 */
export async function playAll(init, tasks, jobs, onResult = () => undefined) {
  const results = new Array(tasks.length);
  const count = Math.max(1, Math.min(jobs, tasks.length));
  const workers = Array.from({ length: count }, () => new Worker(WORKER_URL, { workerData: init }));
  try {
    await new Promise((resolve, reject) => {
      let next = 0;
      let done = 0;
      const feed = (worker) => {
        const task = tasks[next++];
        if (task !== undefined) worker.postMessage({ type: 'play', task });
      };
      for (const worker of workers) {
        worker.on('message', (message) => {
          if (message.type === 'failed') {
            reject(new Error(`game ${message.index + 1} failed: ${message.error}`));
            return;
          }
          results[message.result.index] = message.result;
          onResult(message.result);
          if (++done === tasks.length) resolve();
          else feed(worker);
        });
        worker.on('error', reject);
        feed(worker);
      }
      if (tasks.length === 0) resolve();
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}
