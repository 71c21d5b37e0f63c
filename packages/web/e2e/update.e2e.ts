// A new version of the app, in Chromium: the server runs from a copy of the build (its own
// folder, so this test may deploy into it), two tabs of the app hold games in progress (one
// against the computer, one on this device), and a new build is deployed: a changed index.html,
// and the sw.js that names its new revision, each with its compressed copies rewritten as the
// build writes them. At the next update check the new service worker installs and waits: both
// tabs say "A new version is ready" with Reload and Later, at 390×844 and 1280×800, above the
// board and covering none of it, and neither reloads by itself; "Reload" in one tab loads the new
// version there (its game still in progress, as it was), and the other tab still waits for its
// own player. No page error, no console error, no failed request. Screenshots:
// /tmp/shots/update-*.png.
import { makeMoveSquares, playMoveRecord, presetById, startingPosition } from '@tafl/core';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PWA_TEXT } from '../src/app/pwa-text.js';
import { launchBrowser, startApp, type AppServer } from './harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const w = PWA_TEXT.en;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots';
const RULES = 'brandubh-2019';

/**
 * The app installed in a new folder, as a deploy lays it out: the server's build and its web root
 * copied (the web root is where this test deploys), node_modules linked to this repository's.
 */
async function installCopy(): Promise<{ root: string; web: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'tafl-update-'));
  await cp(join(ROOT, 'packages/server/dist'), join(root, 'packages/server/dist'), { recursive: true });
  await cp(join(ROOT, 'packages/server/package.json'), join(root, 'packages/server/package.json'));
  await cp(join(ROOT, 'packages/web/dist'), join(root, 'packages/web/dist'), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  await symlink(join(ROOT, 'packages/server/node_modules'), join(root, 'packages/server/node_modules'));
  return {
    root,
    web: join(root, 'packages/web/dist'),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** Writes `file` and its .br and .gz copies, as vite.config.ts's precompress plugin does. */
async function writeCompressed(file: string, text: string): Promise<void> {
  const data = Buffer.from(text);
  await writeFile(file, data);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  await writeFile(`${file}.gz`, gzipSync(data, { level: constants.Z_BEST_COMPRESSION }));
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/**
 * A new build: index.html changed (a comment naming the build), and sw.js listing the page's new
 * revision (Workbox's revision of an unhashed file is the MD5 of its content).
 */
async function deployNewBuild(web: string, mark: string): Promise<void> {
  const page = await readFile(join(web, 'index.html'), 'utf8');
  const next = page.replace('</body>', `<!-- ${mark} -->\n  </body>`);
  const worker = await readFile(join(web, 'sw.js'), 'utf8');
  expect(worker).toContain(`"${md5(page)}"`);
  await writeCompressed(join(web, 'index.html'), next);
  await writeCompressed(join(web, 'sw.js'), worker.replace(`"${md5(page)}"`, `"${md5(next)}"`));
}

interface Watched {
  readonly problems: string[];
}
function watch(page: Page): Watched {
  const found: Watched = { problems: [] };
  page.on('pageerror', (e) => found.problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') found.problems.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => found.problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  return found;
}

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);
const moveList = (page: Page): Promise<string[]> =>
  page.locator('.move-list .move[data-ply]').allTextContents();

async function click(page: Page, move: string): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  const before = (await moveList(page)).length;
  await square(page, from).click();
  await square(page, to).click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('.move-list .move[data-ply]').length > n,
    before,
  );
}

/** Marks the page's window: a reload forgets the mark. */
const mark = (page: Page): Promise<void> =>
  page.evaluate(() => void ((window as Window & { notReloaded?: boolean }).notReloaded = true));
const notReloaded = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded === true);

/** Whether a new service worker is installed and waits. */
const waiting = (page: Page): Promise<boolean> =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);

let copy: Awaited<ReturnType<typeof installCopy>>;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  copy = await installCopy();
  server = await startApp({}, copy.root);
  browser = await launchBrowser();
  context = await browser.newContext({ serviceWorkers: 'allow', locale: 'en-GB', viewport: DESKTOP });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await copy?.remove();
});

describe('a new version', () => {
  it('waits, is announced in every tab, and is loaded by the player’s Reload only', async () => {
    // Tab one: a game against the computer (level 1, the person the defenders), one move each.
    const one = await context.newPage();
    const oneWatched = watch(one);
    await one.goto(server.url);
    await one.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
      timeout: 30_000,
    });
    await one.getByRole('button', { name: 'Options: Play the computer' }).click();
    await one.locator('input[name="level"][value="1"]').check();
    await one.locator('input[name="side"][value="defenders"]').check();
    await one.getByRole('link', { name: 'Choose the rules' }).first().click();
    await one.locator(`.rulesets-card[data-rules="${RULES}"] button[data-way="computer"]`).click();
    await one.waitForSelector('.game-screen [role="grid"]');
    await one.waitForFunction(
      () => document.querySelectorAll('.move-list .move[data-ply]').length === 1,
      undefined,
      {
        timeout: 20_000,
      },
    );
    // A legal answer to the computer's opening move, by the core's rules.
    const pos = startingPosition(presetById(RULES)!);
    for (const m of await moveList(one)) expect(playMoveRecord(pos, m).ok).toBe(true);
    await click(one, makeMoveSquares(pos.geo, pos.legalMoves()[0]!));
    await one.waitForFunction(
      () => document.querySelectorAll('.move-list .move[data-ply]').length === 3,
      undefined,
      {
        timeout: 20_000,
      },
    );
    const oneGame = await one.evaluate(() => location.hash);
    const oneMoves = await moveList(one);
    await mark(one);

    // Tab two: a game on this device, two moves in.
    const two = await context.newPage();
    const twoWatched = watch(two);
    await two.goto(server.url);
    await two.getByRole('link', { name: 'Choose the rules' }).first().click();
    await two.locator(`.rulesets-card[data-rules="${RULES}"] button[data-way="local"]`).click();
    await two.waitForSelector('.game-screen [role="grid"]');
    await click(two, 'b4-b2');
    await click(two, 'd5-f5');
    const twoMoves = await moveList(two);
    await mark(two);

    // Nothing is ready yet.
    await expect(one.getByText(w.updateReady).count()).resolves.toBe(0);

    // The new build is deployed; the browser's update check finds it.
    await deployNewBuild(copy.web, 'build two');
    await one.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    for (const page of [one, two]) {
      await page.getByText(w.updateReady).waitFor({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: w.updateReload }).count()).resolves.toBe(1);
      await expect(page.getByRole('button', { name: w.updateLater }).count()).resolves.toBe(1);
    }
    // It waits: nothing reloaded, each game as it was.
    expect(await waiting(one)).toBe(true);
    for (const [page, moves] of [
      [one, oneMoves],
      [two, twoMoves],
    ] as const) {
      expect(await notReloaded(page)).toBe(true);
      expect(await moveList(page)).toEqual(moves);
      expect(await page.evaluate(() => document.body.innerHTML.includes('build two'))).toBe(false);
    }

    // Seen on a phone and a desktop: under the header, above the board, covering none of it.
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await one.setViewportSize(viewport);
      await one.evaluate(() => scrollTo(0, 0));
      const notice = (await one.getByTestId('update-notice').boundingBox())!;
      const header = (await one.locator('header.top').boundingBox())!;
      const board = (await one.locator('.board-wrap').boundingBox())!;
      expect(notice.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(notice.y + notice.height).toBeLessThanOrEqual(board.y + 1);
      expect(notice.x).toBeGreaterThanOrEqual(0);
      expect(notice.x + notice.width).toBeLessThanOrEqual(viewport.width);
      await one.screenshot({ path: `${SHOTS}/update-${size}.png` });
    }
    await one.setViewportSize(DESKTOP);

    // Reload in tab one: the new version, the game in progress as it was.
    await Promise.all([one.waitForEvent('load'), one.getByRole('button', { name: w.updateReload }).click()]);
    await one.waitForSelector('.game-screen [role="grid"]');
    expect(await notReloaded(one)).toBe(false);
    expect(await one.evaluate(() => document.body.innerHTML.includes('build two'))).toBe(true);
    expect(await one.evaluate(() => location.hash)).toBe(oneGame);
    expect(await moveList(one)).toEqual(oneMoves);
    expect(await waiting(one)).toBe(false);
    await expect(one.getByText(w.updateReady).count()).resolves.toBe(0);

    // Tab two was not reloaded: it still offers the new version to its own player, who puts it off.
    expect(await notReloaded(two)).toBe(true);
    expect(await moveList(two)).toEqual(twoMoves);
    await expect(two.getByText(w.updateReady).count()).resolves.toBe(1);
    await two.getByRole('button', { name: w.updateLater }).click();
    await expect(two.getByText(w.updateReady).count()).resolves.toBe(0);
    expect(await notReloaded(two)).toBe(true);
    // Loaded again later by hand, it is the new version, the game as it was.
    await two.reload();
    await two.waitForSelector('.game-screen [role="grid"]');
    expect(await two.evaluate(() => document.body.innerHTML.includes('build two'))).toBe(true);
    expect(await moveList(two)).toEqual(twoMoves);

    expect(oneWatched.problems).toEqual([]);
    expect(twoWatched.problems).toEqual([]);
  });
});
