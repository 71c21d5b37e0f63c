/**
 * The benchmark's server process: `node dist/main.js` on 127.0.0.1 and a free port, as
 * `npm start` runs it, with a fresh SQLite directory (in os.tmpdir()) or a given PostgreSQL
 * database, and what /proc says about it (memory, CPU time). Every process started here is
 * killed, and every directory removed, when this process exits for any reason (the end, an
 * error, ctrl-C).
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's main.js, beside its app.js (this file is built into dist/bench). */
const MAIN = fileURLToPath(new URL('./main.js', import.meta.resolve('@tafl/server')));
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on every Linux we run on). */
const CLOCK_TICKS = 100;

const children = new Set<ChildProcess>();
const directories = new Set<string>();

function cleanUp(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
  directories.clear();
}

process.once('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping the server\n`);
    cleanUp();
    process.exit(130);
  });

export interface Stopped {
  /** Milliseconds from SIGTERM to the exit. */
  readonly ms: number;
  /** It did not exit in time and was killed. */
  readonly killed: boolean;
  readonly code: number | null;
  readonly text: string;
}

export interface Memory {
  /** Resident set now and at its peak (VmRSS, VmHWM), in bytes. */
  readonly rss: number;
  readonly peak: number;
}

export class ServerProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly dataDir: string,
    readonly url: string,
    private readonly exited: Promise<void>,
    /** What the server wrote to stderr (the last 50 to 100 kB). */
    readonly log: () => string,
  ) {}

  get pid(): number {
    return this.child.pid!;
  }

  get ws(): string {
    return this.url.replace(/^http/, 'ws') + '/api/ws';
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Starts a server on a free port and waits until it listens: on PostgreSQL at `databaseUrl`,
   * else on SQLite in a fresh directory; `nodeArgs` go to node before the script (`--cpu-prof`...);
   * `env` overrides the benchmark's settings (its limits lifted for thousands of local clients).
   */
  static async start(
    databaseUrl: string | undefined,
    nodeArgs: readonly string[] = [],
    env: Readonly<Record<string, string>> = {},
  ): Promise<ServerProcess> {
    const dataDir = mkdtempSync(join(tmpdir(), 'tafl-bench-'));
    directories.add(dataDir);
    const environment: Record<string, string | undefined> = { ...process.env };
    delete environment.DATABASE_URL;
    Object.assign(environment, {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      TAFL_HTTP_RATE: '0',
      TAFL_MAX_WAITING_PER_CLIENT: '0',
      // Every benchmark client is 127.0.0.1: no per-address cap on its thousands of sockets.
      TAFL_MAX_CONNECTIONS: '1000000',
      TAFL_MAX_CONNECTIONS_PER_ADDRESS: '1000000',
      TAFL_MAX_SOCKETS_PER_CLIENT: '1000000',
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
      ...env,
    });
    const child = spawn(process.execPath, [...nodeArgs, MAIN], {
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (err.length > 100_000) err = err.slice(-50_000);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`the server did not start in 30 s: ${out}${err}`)),
        30_000,
      );
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      // The listening line, a JSON log line on stderr: "Brandubh & Ard Ri: http://127.0.0.1:PORT/".
      child.stderr!.on('data', () => {
        const m = /Brandubh & Ard Ri: (http:\/\/[^\s"/]+)\//.exec(err);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${child.exitCode ?? child.signalCode}): ${out}${err}`));
      });
    });
    return new ServerProcess(child, dataDir, url, exited, () => err);
  }

  /** VmRSS and VmHWM of the server process. */
  memory(): Memory {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = (key: string): number =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
  }

  /** User and system CPU time of the server process so far, in milliseconds. */
  cpuMs(): number {
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the command name and state.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  }

  /** The size of the SQLite files, in bytes (0 on PostgreSQL). */
  databaseBytes(): number {
    let total = 0;
    for (const name of readdirSync(this.dataDir)) total += statSync(join(this.dataDir, name)).size;
    return total;
  }

  /**
   * SIGTERM, then SIGKILL after `graceMs`; removes the data directory. Says how the server
   * stopped: how long it took, and whether it exited by itself (and with what code).
   */
  async stop(graceMs = 10_000): Promise<Stopped> {
    let how: Stopped = { ms: 0, killed: false, code: this.child.exitCode, text: 'it had already stopped' };
    if (this.running) {
      const start = Date.now();
      let killed = false;
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => {
        killed = this.running;
        if (killed) this.child.kill('SIGKILL');
      }, graceMs);
      await this.exited;
      clearTimeout(timer);
      const ms = Date.now() - start;
      const code = this.child.exitCode;
      how = {
        ms,
        killed,
        code,
        text: killed
          ? `it did not stop within ${graceMs / 1000} s of SIGTERM and was killed`
          : `it stopped ${ms} ms after SIGTERM, exit code ${code}`,
      };
    }
    children.delete(this.child);
    rmSync(this.dataDir, { recursive: true, force: true });
    directories.delete(this.dataDir);
    return how;
  }
}
