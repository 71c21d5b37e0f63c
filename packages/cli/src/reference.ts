/**
 * The engine of an earlier commit, to measure what a change gained (`npm run bench:ladder --
 * --against COMMIT`, and `tafl match --b ref:COMMIT:N`). The commit's `packages/core` and
 * `packages/engine` are taken out of git, built with this checkout's TypeScript into a cache
 * (`node_modules/.cache/tafl-reference/<commit>`), and loaded as modules of their own: the old
 * engine plays with the old rules core, so nothing of today's code takes part in its moves. A
 * game crosses between the two as OTN move records, which both read.
 *
 * The old engine is loaded through the API it had at the commit this project kept as its
 * reference (`LEVELS`, `levelConfig`, `levelMove`, `Search`, `weightsFor`; the core's
 * `presetById`, `positionFromOtn`, `playMoveRecord`, `makeMoveSquares`), which every commit since
 * the levels came has.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  makeMoveSquares,
  makePosition,
  type Move,
  type Outcome,
  type Position,
  type Ruleset,
  type Side,
} from '@tafl/core';
import { CliError } from './args.js';

/** The commit today's engine is measured against: the engine before the work on threads and time. */
export const REFERENCE_COMMIT = 'da95858';

/** The repository this command runs from (packages/cli/dist/reference.js is three levels down). */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The full id of `commit` in this repository, or a CliError. */
export function resolveCommit(commit: string): string {
  if (!/^[0-9A-Za-z._/~^-]{1,100}$/.test(commit))
    throw new CliError(`${JSON.stringify(commit)} is not a commit`);
  try {
    return execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  } catch {
    throw new CliError(`${JSON.stringify(commit)} is not a commit of this repository (${ROOT})`);
  }
}

/**
 * The folder holding the commit's core and engine, built (once: later calls find them). Returns
 * the paths of their entry modules.
 */
export function buildReference(commit: string): { core: string; engine: string; engineNode: string } {
  const sha = resolveCommit(commit);
  const dir = join(ROOT, 'node_modules', '.cache', 'tafl-reference', sha);
  const core = join(dir, 'packages', 'core', 'dist', 'index.js');
  const engine = join(dir, 'packages', 'engine', 'dist', 'index.js');
  const engineNode = join(dir, 'packages', 'engine', 'dist', 'worker', 'node.js');
  if (existsSync(join(dir, 'built'))) return { core, engine, engineNode };
  // Built beside, then renamed into place: several threads of a match may build it at once.
  const tmp = `${dir}.${process.pid}.${threadId}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const archive = execFileSync(
    'git',
    ['archive', '--format=tar', sha, 'tsconfig.base.json', 'packages/core', 'packages/engine'],
    { cwd: ROOT, maxBuffer: 1 << 30 },
  );
  execFileSync('tar', ['-x', '-C', tmp], { input: archive });
  // The old engine imports `@tafl/core`: its own, beside it (a relative link, to survive the rename).
  const scope = join(tmp, 'node_modules', '@tafl');
  mkdirSync(scope, { recursive: true });
  symlinkSync(join('..', '..', 'packages', 'core'), join(scope, 'core'), 'dir');
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(
      process.execPath,
      [tsc, '-b', join(tmp, 'packages', 'core'), join(tmp, 'packages', 'engine')],
      {
        cwd: tmp,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    const out = (e as { stdout?: Buffer }).stdout?.toString() ?? '';
    throw new CliError(`the engine of ${commit} did not build:\n${out.slice(0, 2000)}`);
  }
  writeFileSync(join(tmp, 'built'), `${sha}\n`);
  try {
    renameSync(tmp, dir);
  } catch (e) {
    // Another thread was first: its build is the same.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(join(dir, 'built'))) throw e;
  }
  return { core, engine, engineNode };
}

/* The old modules' parts used here, as loosely as they are known. */
interface OldPosition {
  readonly geo: unknown;
  readonly ply: number;
}
interface OldCore {
  presetById(id: string): unknown;
  positionFromOtn(
    rules: unknown,
    otn: string,
    turn: Side,
  ): { ok: boolean; value: OldPosition; message?: string };
  playMoveRecord(pos: OldPosition, record: string): { ok: boolean; message?: string };
  makeMoveSquares(geo: unknown, move: number): string;
}
interface OldSearch {
  clear(): void;
  run(pos: OldPosition, limits: { nodes: number }): { move: number | undefined };
}
interface OldEngine {
  Search: new (options: { weights: unknown }) => OldSearch;
  weightsFor(rules: unknown): unknown;
  levelConfig(level: number): unknown;
  seededRandom(seed: number): () => number;
  levelMove(
    search: OldSearch,
    pos: OldPosition,
    config: unknown,
    random: () => number,
    limits: { timeMs?: number },
  ): { move: number | undefined };
}

/** The old engine's helper threads (`@tafl/engine/node`), at the commits that have them. */
interface OldEngineNode {
  nodeHelperPool(threads: number): { close(): void };
  sharedBy(pool: unknown): object;
}

/**
 * A level of an earlier commit's engine, as a match's player (match/player.ts's `Player`), on
 * `threads` threads with that commit's own helpers (a commit from before the helpers has none);
 * with `nodes`, its search bounded by that many positions a move and nothing else (no book).
 */
export class ReferencePlayer {
  private modules: { core: OldCore; engine: OldEngine } | undefined;
  private pool: { close(): void; shared: object } | undefined;
  private search: OldSearch | undefined;
  private rules: unknown;
  private rulesId = '';
  private random: () => number = () => 0.5;

  constructor(
    private readonly commit: string,
    private readonly level: number,
    private readonly threads = 1,
    private readonly nodes?: number,
  ) {}

  async newGame(rules: Ruleset, _side: Side, seed: number): Promise<void> {
    if (this.modules === undefined) {
      const paths = buildReference(this.commit);
      const core = (await import(pathToFileURL(paths.core).href)) as OldCore;
      const engine = (await import(pathToFileURL(paths.engine).href)) as OldEngine;
      this.modules = { core, engine };
    }
    if (this.threads > 1 && this.pool === undefined) this.pool = await this.helpers();
    const { core, engine } = this.modules;
    if (this.search === undefined || this.rulesId !== rules.id) {
      this.rules = core.presetById(rules.id);
      if (this.rules === undefined)
        throw new Error(`the engine of ${this.commit} has no ruleset ${rules.id}`);
      this.search = new engine.Search({ ...this.pool?.shared, weights: engine.weightsFor(this.rules) });
      this.rulesId = rules.id;
    } else this.search.clear();
    this.random = engine.seededRandom(seed);
  }

  move(pos: Position, timeMs: number | undefined): Promise<Move | undefined> {
    const { core, engine } = this.modules!;
    const old = this.replay(pos, core);
    const result =
      this.nodes !== undefined
        ? this.search!.run(old, { nodes: this.nodes })
        : engine.levelMove(
            this.search!,
            old,
            engine.levelConfig(this.level),
            this.random,
            timeMs === undefined ? {} : { timeMs },
          );
    if (result.move === undefined) return Promise.resolve(undefined);
    const record = core.makeMoveSquares(old.geo, result.move);
    const move = pos.legalMoves().find((m) => makeMoveSquares(pos.geo, m) === record);
    if (move === undefined)
      throw new Error(`the engine of ${this.commit} played ${record}, not a legal move here`);
    return Promise.resolve(move);
  }

  /** The old engine's helpers (`threads - 1`) and the options that give them to a search. */
  private async helpers(): Promise<{ close(): void; shared: object }> {
    const { engineNode } = buildReference(this.commit);
    if (!existsSync(engineNode))
      throw new CliError(`the engine of ${this.commit} has no helper threads: it plays on one`);
    const node = (await import(pathToFileURL(engineNode).href)) as OldEngineNode;
    const pool = node.nodeHelperPool(this.threads);
    return { close: () => pool.close(), shared: node.sharedBy(pool) };
  }

  /** `pos` in the old core: its start and its moves, replayed. */
  private replay(pos: Position, core: OldCore): OldPosition {
    const start = pos.clone();
    const records: string[] = [];
    for (let m = start.lastMove(); m !== undefined; m = start.lastMove()) {
      records.push(makeMoveSquares(start.geo, m));
      start.undo();
    }
    const setup = start.toSetup();
    const otn = makePosition(setup.size, setup.board);
    const old = core.positionFromOtn(this.rules, otn, setup.turn);
    if (!old.ok) throw new Error(`the engine of ${this.commit} refused the position: ${old.message}`);
    for (const record of records.reverse()) {
      const played = core.playMoveRecord(old.value, record);
      if (!played.ok) throw new Error(`the engine of ${this.commit} refused ${record}: ${played.message}`);
    }
    return old.value;
  }

  finish(_outcome: Outcome | undefined): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.search = undefined;
    this.pool?.close();
    this.pool = undefined;
    return Promise.resolve();
  }
}
