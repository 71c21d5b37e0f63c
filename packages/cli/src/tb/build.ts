/**
 * `tafl tb build`'s work: the materials of a ruleset up to so many pieces, each built once its
 * smaller materials are on the disk, on worker threads (one a core by default) or here. A
 * material whose file exists is kept (the resume after an interruption); the progress bar on
 * stderr weighs each material by its number of entries.
 */

import { Worker } from 'node:worker_threads';
import type { Ruleset } from '@tafl/core';
import {
  TbIndexer,
  buildTbTable,
  tbMaterialName,
  tbMaterials,
  tbSmallerMaterials,
  tbSymmetry,
  type TbMaterial,
} from '@tafl/engine';
import type { Output } from '../io.js';
import { hasTable, loadTables, removeTemporaries, writeTable } from './files.js';

export interface WorkerTask {
  readonly rulesId: string;
  readonly dir: string;
  readonly material: TbMaterial;
}

export type WorkerReply =
  | { readonly type: 'progress'; readonly fraction: number }
  | {
      readonly type: 'done';
      readonly ms: number;
      readonly bytes: number;
      readonly entries: number;
      readonly maxDistance: number;
    }
  | { readonly type: 'error'; readonly message: string };

export interface MaterialReport {
  readonly material: TbMaterial;
  /** Kept from an earlier build: not built now. */
  readonly kept: boolean;
  readonly ms: number;
  readonly bytes: number;
  readonly entries: number;
  readonly maxDistance: number;
}

export interface BuildSettings {
  readonly rules: Ruleset;
  /** Pieces on the board, the king included. */
  readonly pieces: number;
  readonly dir: string;
  /** Worker threads; 0 builds in this thread. */
  readonly threads: number;
  /** Where the progress bar goes (stderr), or nothing. */
  readonly progress?: Output | undefined;
}

const entriesOf = (rules: Ruleset, m: TbMaterial): number => new TbIndexer(tbSymmetry(rules), m).size;

/** Builds what is missing; resolves to a report a material, in the order of `tbMaterials`. */
export async function buildTablebases(s: BuildSettings): Promise<MaterialReport[]> {
  const { rules, dir } = s;
  removeTemporaries(dir, rules);
  const all = tbMaterials(rules, s.pieces);
  const reports = new Map<string, MaterialReport>();
  const key = (m: TbMaterial): string => tbMaterialName(m);
  const todo = all.filter((m) => {
    if (!hasTable(dir, rules, m)) return true;
    reports.set(key(m), {
      material: m,
      kept: true,
      ms: 0,
      bytes: 0,
      entries: entriesOf(rules, m),
      maxDistance: -1,
    });
    return false;
  });
  const bar = new ProgressBar(
    s.progress,
    todo.map((m) => ({ name: key(m), weight: entriesOf(rules, m) })),
  );
  if (s.threads <= 0) {
    const tb = loadTables(dir, rules, all);
    for (const m of todo) {
      const start = performance.now();
      const table = buildTbTable(
        rules,
        m,
        (x) => tb.table(x),
        (f) => bar.update(key(m), f),
      );
      const ms = performance.now() - start;
      tb.add(table);
      const bytes = writeTable(dir, rules, table);
      bar.update(key(m), 1);
      const h = table.header;
      reports.set(key(m), {
        material: m,
        kept: false,
        ms,
        bytes,
        entries: h.entries,
        maxDistance: h.maxDistance,
      });
    }
  } else await onWorkers(s, todo, bar, (m, r) => reports.set(key(m), r));
  bar.end();
  return all.map((m) => reports.get(key(m))!);
}

/** Runs the materials on `threads` workers, each started once every smaller material is done. */
function onWorkers(
  s: BuildSettings,
  todo: readonly TbMaterial[],
  bar: ProgressBar,
  done: (m: TbMaterial, r: MaterialReport) => void,
): Promise<void> {
  const { rules, dir } = s;
  const waiting = [...todo].sort((a, b) => entriesOf(rules, b) - entriesOf(rules, a));
  const running = new Set<string>();
  const todoNames = new Set(todo.map(tbMaterialName));
  const finished = new Set(
    tbMaterials(rules, s.pieces)
      .map(tbMaterialName)
      .filter((n) => !todoNames.has(n)),
  );
  const ready = (m: TbMaterial): boolean =>
    tbSmallerMaterials(rules, m).every((x) => finished.has(tbMaterialName(x)));
  const workers = Array.from(
    { length: Math.min(s.threads, Math.max(1, todo.length)) },
    () => new Worker(new URL('./worker.js', import.meta.url)),
  );
  return new Promise<void>((resolve, reject) => {
    const idle = [...workers];
    let failed = false;
    const quit = (): void => workers.forEach((w) => void w.terminate());
    const fail = (e: Error): void => {
      if (failed) return;
      failed = true;
      quit();
      reject(e);
    };
    const start = (worker: Worker, m: TbMaterial): void => {
      const name = tbMaterialName(m);
      running.add(name);
      worker.removeAllListeners('message');
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'progress') bar.update(name, reply.fraction);
        else if (reply.type === 'error') fail(new Error(`building ${name}: ${reply.message}`));
        else {
          running.delete(name);
          finished.add(name);
          bar.update(name, 1);
          done(m, { material: m, kept: false, ...reply });
          idle.push(worker);
          dispatch();
        }
      });
      const task: WorkerTask = { rulesId: rules.id, dir, material: m };
      worker.postMessage(task);
    };
    // Every idle worker takes the largest material whose smaller ones are all built.
    const dispatch = (): void => {
      if (failed) return;
      while (idle.length > 0) {
        const i = waiting.findIndex(ready);
        if (i < 0) break;
        start(idle.pop()!, waiting.splice(i, 1)[0]!);
      }
      if (waiting.length === 0 && running.size === 0) {
        quit();
        resolve();
      } else if (running.size === 0) fail(new Error('no material can be built: a smaller one is missing'));
    };
    for (const w of workers) w.on('error', fail);
    dispatch();
  });
}

interface Part {
  readonly name: string;
  readonly weight: number;
}

/** One line on stderr, redrawn at most five times a second: the share of entries built. */
class ProgressBar {
  private readonly out: Output | undefined;
  private readonly total: number;
  private readonly weights = new Map<string, number>();
  private readonly fractions = new Map<string, number>();
  private readonly start = performance.now();
  private last = 0;
  private readonly reported = new Set<string>();

  constructor(out: Output | undefined, parts: readonly Part[]) {
    this.out = out;
    for (const p of parts) this.weights.set(p.name, p.weight);
    this.total = parts.reduce((a, p) => a + p.weight, 0);
  }

  update(name: string, fraction: number): void {
    this.fractions.set(name, fraction);
    const now = performance.now();
    if (this.out === undefined || (now - this.last < 200 && fraction < 1)) return;
    this.last = now;
    let done = 0;
    for (const [n, f] of this.fractions) done += f * (this.weights.get(n) ?? 0);
    const share = this.total === 0 ? 1 : done / this.total;
    const width = 30;
    const filled = Math.round(share * width);
    const working = [...this.fractions].filter(([, f]) => f < 1).map(([n]) => n);
    const line =
      `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}%` +
      ` ${((now - this.start) / 1000).toFixed(0)} s ${working.join(' ')}`;
    if (this.out.isTTY === true) this.out.write(`\r${line.padEnd(78)}`);
    else if (fraction >= 1 && !this.reported.has(name)) {
      // Not a terminal: a line as each material is done.
      this.reported.add(name);
      this.out.write(`${line.replace(/ [^ ]*$/, '')} ${name} done\n`);
    }
  }

  end(): void {
    if (this.out?.isTTY === true && this.total > 0) this.out.write('\n');
  }
}
