/**
 * A worker thread of `tafl tb build` (build.ts): builds the material it is sent, reading the
 * smaller tables from the disk and writing its own there, and reports its progress. It runs
 * from the built JavaScript (dist/tb/worker.js), as every worker thread must.
 */

import { parentPort } from 'node:worker_threads';
import { presetById } from '@tafl/core';
import { buildTbTable, tbSmallerMaterials, type TbMaterial } from '@tafl/engine';
import { loadTables, writeTable } from './files.js';
import type { WorkerReply, WorkerTask } from './build.js';

const port = parentPort;
if (port === null) throw new Error('tb/worker.js runs as a worker thread');

port.on('message', (task: WorkerTask) => {
  const reply = (message: WorkerReply): void => port.postMessage(message);
  try {
    reply(buildOne(task, (fraction) => reply({ type: 'progress', fraction })));
  } catch (e) {
    reply({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});

function buildOne(task: WorkerTask, progress: (fraction: number) => void): WorkerReply {
  const rules = presetById(task.rulesId);
  if (rules === undefined) throw new Error(`unknown ruleset ${task.rulesId}`);
  const m: TbMaterial = task.material;
  const start = performance.now();
  const smaller = loadTables(task.dir, rules, tbSmallerMaterials(rules, m));
  const table = buildTbTable(
    rules,
    m,
    (s) => smaller.table(s),
    (done) => progress(done),
  );
  const ms = performance.now() - start;
  const bytes = writeTable(task.dir, rules, table);
  return { type: 'done', ms, bytes, entries: table.header.entries, maxDistance: table.header.maxDistance };
}
