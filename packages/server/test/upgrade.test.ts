/**
 * deploy/upgrade.sh as docs/deploy.md ("Upgrades") runs it: a new version is built in a release
 * folder beside the running one while the server keeps answering, checked, switched to, and
 * the server is down only while it restarts; a build or a check that fails leaves the running
 * server and `current` as they were; `back` returns to the release before.
 *
 * The script runs for real (git fetch and clone, the check's server, the switch, the restart),
 * on a small repository of its own. Two things stand in for what the guide has: the build
 * (TAFL_BUILD) copies this repository's built server and app into the release and links its
 * node_modules, after a pause, instead of `npm ci`'s minutes on the network; and the restart
 * (TAFL_RESTART) does what systemd's does with tafl.service: SIGTERM to the running server,
 * wait for its exit, start `current`'s from inside it. Meanwhile a client asks /healthz every
 * 10 ms on the server's socket; how long it went unanswered is printed (the downtime).
 */

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = join(ROOT, 'deploy/upgrade.sh');
const dir = tempDir('tafl-upgrade-');
const home = join(dir.dir, 'opt');
const socket = join(dir.dir, 'tafl.sock');
const pidFile = join(dir.dir, 'server.pid');

const has = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const missing = ['git', 'curl', 'flock'].filter((c) => !has(c));
if (missing.length > 0) console.log(`upgrade tests skipped: ${missing.join(', ')} not installed`);

afterAll(() => {
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
  } catch {
    // not running
  }
  dir.remove();
});

const sh = (script: string, cwd = dir.dir): string =>
  execFileSync('sh', ['-c', script], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The service's settings, as /etc/tafl/tafl.env: the script reads where to wait for the server. */
function writeSettings(): string {
  const file = join(dir.dir, 'tafl.env');
  writeFileSync(file, `SOCKET=${socket}\nTRUST_PROXY=1\nDATA_DIR=${join(dir.dir, 'data')}\n`);
  return file;
}

/** The build: a pause (npm ci's time), then this repository's built server and app. */
const BUILD = [
  'sleep 1.5',
  'mkdir -p packages/server packages/web',
  `cp ${ROOT}package.json package.json`,
  `cp ${ROOT}packages/server/package.json packages/server/`,
  `cp -R ${ROOT}packages/server/dist packages/server/dist`,
  `cp -R ${ROOT}packages/web/dist packages/web/dist`,
  `ln -s ${ROOT}node_modules node_modules`,
  // A package npm could not hoist is in the workspace's own node_modules.
  `if [ -d ${ROOT}packages/server/node_modules ]; then ln -s ${ROOT}packages/server/node_modules packages/server/node_modules; fi`,
].join(' && ');

/** systemctl restart tafl: SIGTERM, wait for the exit, start current's server from inside it. */
const RESTART = [
  `if [ -f ${pidFile} ]; then pid=$(cat ${pidFile}); kill -TERM $pid 2>/dev/null || true;`,
  `while kill -0 $pid 2>/dev/null; do sleep 0.01; done; fi;`,
  `cd ${home}/current && set -a && . ${join(dir.dir, 'tafl.env')} && set +a`,
  `&& (node packages/server/dist/main.js >>${join(dir.dir, 'server.log')} 2>&1 & echo $! > ${pidFile})`,
].join(' ');

interface Run {
  readonly code: number | null;
  readonly said: string;
  /** When each of the script's lines arrived (ms, performance.now()). */
  readonly at: (prefix: string) => number;
}

function upgrade(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(SCRIPT, args, {
    cwd: dir.dir,
    env: {
      ...process.env,
      TAFL_HOME: home,
      TAFL_ENV: join(dir.dir, 'tafl.env'),
      TAFL_BUILD: BUILD,
      TAFL_RESTART: RESTART,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  const times: [string, number][] = [];
  const hear = (c: Buffer): void => {
    said += c.toString();
    for (const line of c.toString().split('\n')) if (line) times.push([line, performance.now()]);
  };
  child.stdout.on('data', hear);
  child.stderr.on('data', hear);
  const at = (prefix: string): number =>
    times.find(([line]) => line.startsWith(`upgrade: ${prefix}`))?.[1] ?? NaN;
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve({ code, said, at }));
    child.once('error', (e) => resolve({ code: null, said: String(e), at }));
  });
}

/** GET /healthz on the socket, a new connection each time: answered 200 within a second or not. */
function healthy(): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath: socket, path: '/healthz', agent: false, timeout: 1000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Asks /healthz every 10 ms until stopped: each answer with its time. */
function watch(): { stop: () => Promise<[number, boolean][]> } {
  const seen: [number, boolean][] = [];
  let going = true;
  const loop = (async () => {
    while (going) {
      const at = performance.now();
      seen.push([at, await healthy()]);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    stop: async () => {
      going = false;
      await loop;
      return seen;
    },
  };
}

/** The longest time without an answer: from the first failure to the next answer. */
function downtime(seen: [number, boolean][]): number {
  let longest = 0;
  let since: number | undefined;
  for (const [at, ok] of seen) {
    if (!ok) since ??= at;
    else if (since !== undefined) {
      longest = Math.max(longest, at - since);
      since = undefined;
    }
  }
  return since === undefined ? longest : Infinity;
}

const running = (): { pid: number; release: string } => {
  const pid = Number(readFileSync(pidFile, 'utf8'));
  return { pid, release: readlinkSync(`/proc/${pid}/cwd`) };
};

describe.skipIf(missing.length > 0)('deploy/upgrade.sh', () => {
  it('builds beside the running server, which answers throughout, and is down only for the restart', async () => {
    // The repository the operator cloned to /opt/tafl/repo, with a first version.
    const origin = join(dir.dir, 'origin');
    sh(`git init -q -b main ${origin} && cd ${origin} && echo one > VERSION && git add VERSION`);
    sh(`git -c user.name=t -c user.email=t@example.org commit -qm one`, origin);
    sh(`git clone -q ${origin} ${home}/repo`);
    writeSettings();

    // The first install: a release and `current`, nothing restarted; then the service starts.
    const first = await upgrade([]);
    expect(first.code, first.said).toBe(0);
    expect(first.said).toContain('first release');
    expect(existsSync(pidFile)).toBe(false);
    sh(RESTART);
    const one = realpathSync(join(home, 'current'));
    const deadline = Date.now() + 20_000;
    while (!(await healthy()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(running().release).toBe(one);
    const before = running().pid;

    // A second version, upgraded to while a client keeps asking.
    sh(`echo two > VERSION && git -c user.name=t -c user.email=t@example.org commit -qam two`, origin);
    const watching = watch();
    const second = await upgrade([]);
    const seen = await watching.stop();
    expect(second.code, second.said).toBe(0);
    const two = realpathSync(join(home, 'current'));
    expect(two).not.toBe(one);
    expect(readFileSync(join(two, 'VERSION'), 'utf8')).toBe('two\n');
    expect(realpathSync(join(home, 'previous'))).toBe(one);
    expect(running().release).toBe(two);
    expect(running().pid).not.toBe(before);

    // While the new release was fetched, built and checked, every request was answered.
    const building = second.at('fetching');
    const restarting = second.at('restarting');
    expect(restarting).toBeGreaterThan(second.at('checking'));
    const during = seen.filter(([at]) => at >= building && at < restarting);
    expect(during.length).toBeGreaterThan(100);
    expect(during.every(([, ok]) => ok)).toBe(true);
    // Unanswered only between the restart and the script's "answers again".
    const answered = second.at('the server answers again');
    const unanswered = seen.filter(([, ok]) => !ok);
    for (const [at] of unanswered) {
      expect(at).toBeGreaterThanOrEqual(restarting);
      expect(at).toBeLessThan(answered);
    }
    console.log(
      `upgrade: ${during.length} requests answered while building (${Math.round(restarting - building)} ms); ` +
        `down ${Math.round(downtime(seen))} ms for the restart (${unanswered.length} requests unanswered; ` +
        `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
    );
  });

  it('leaves the running server and current untouched when the build or the check fails', async () => {
    const { pid, release } = running();
    const releases = sh(`ls ${home}/releases`);
    const watching = watch();
    const broken = await upgrade([], { TAFL_BUILD: 'echo "npm ERR! something" >&2; exit 3' });
    // A build whose server cannot start: the check refuses it.
    const unstartable = await upgrade([], {
      TAFL_BUILD: `${BUILD} && echo 'process.exit(3)' > packages/server/dist/main.js`,
    });
    const seen = await watching.stop();
    for (const run of [broken, unstartable]) {
      expect(run.code, run.said).toBe(1);
      expect(run.said).toContain('failed: the running server and');
      expect(run.said).not.toContain('restarting');
    }
    expect(unstartable.said).toContain('the new release does not start');
    expect(running()).toEqual({ pid, release });
    expect(realpathSync(join(home, 'current'))).toBe(release);
    expect(sh(`ls ${home}/releases`)).toBe(releases);
    expect(seen.every(([, ok]) => ok)).toBe(true);
  });

  it('goes back to the release before', async () => {
    const previous = realpathSync(join(home, 'previous'));
    const current = realpathSync(join(home, 'current'));
    const back = await upgrade(['back']);
    expect(back.code, back.said).toBe(0);
    expect(realpathSync(join(home, 'current'))).toBe(previous);
    expect(realpathSync(join(home, 'previous'))).toBe(current);
    expect(running().release).toBe(previous);
    expect(await healthy()).toBe(true);
  });
});
