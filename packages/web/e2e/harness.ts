/**
 * Browser tests run against the app as `npm start` serves it: a real server process on a free
 * port of 127.0.0.1, its games stored in a fresh temporary directory (DATA_DIR), and Debian's
 * Chromium driven by playwright-core with the flags this machine needs. Each test file gets a
 * fresh browser context (fresh storage).
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM, launchSwitches } from './chromium.js';

export { CHROMIUM };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The features every test browser runs without (chromium-features.ts, the global set-up). */
    chromiumDisabledFeatures: string[];
  }
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export interface AppServer {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts `npm start`'s server (node packages/server/dist/main.js) and waits for its address. Its
 * data directory is a new temporary one, removed when it stops. `root` is the folder of the
 * installation to start (this repository unless given: a copy, update.e2e.ts's).
 */
export async function startApp(
  extraEnv: Record<string, string> = {},
  root: string = ROOT,
): Promise<AppServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'tafl-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      TAFL_MAX_WAITING_PER_CLIENT: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // The server's listening line, a JSON log line on stderr: "Brandubh & Ard Ri: http://127.0.0.1:PORT/".
      const m = /Brandubh & Ard Ri: (http:\/\/[^\s"/]+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
  const url = await started.catch(async (e: unknown) => {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  });
  return {
    url,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The switches of a test browser (chromium.ts), with the features the global set-up found. */
export function testBrowserSwitches(): string[] {
  return launchSwitches(inject('chromiumDisabledFeatures') ?? []);
}

/**
 * A test browser. Its contexts block the app's service worker unless the test allows it
 * (`serviceWorkers: 'allow'`, as offline.e2e.ts and update.e2e.ts do; installable.e2e.ts's browser
 * with a profile keeps it too): installing it precaches the whole app, about eighty files, in
 * every fresh context, a second or so of Chromium's CPU each time, while the other tests are about
 * screens and flows. The browser tests ran in 815 s so against 972 s.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: testBrowserSwitches() });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/** A page in a fresh context, with the given language preferred by the browser. */
export async function openPage(
  browser: Browser,
  url: string,
  locale = 'en-GB',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  (page as Page & { errors?: string[] }).errors = errors;
  return { context, page };
}

/** One test file's app: the server and browser started before its tests, stopped after them. */
export interface TestApp {
  readonly server: AppServer;
  readonly browser: Browser;
  /** Contexts to close after each test. */
  readonly contexts: BrowserContext[];
}

/**
 * Registers the hooks that start and stop the server and browser of a test file; `serverEnv`
 * is added to the server's environment (a shorter claim grace, for one).
 */
export function useApp(serverEnv: Record<string, string> = {}): TestApp {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await startApp(serverEnv);
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the app server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
    contexts,
  };
}
