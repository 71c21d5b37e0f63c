// The app with no network, in Chromium against `npm start`'s server. After one visit its service
// worker (sw.js, vite.config.ts's `pwa`) keeps the app, so with the network cut (Playwright's
// context.setOffline) a new page opens it, cross-origin isolated as the server sent it (the
// engine's workers share memory), and everything that needs no server works: a full game against
// the computer at level 1 and a reply at every other level, a game on this device, the archive,
// the analysis board with the engine, a lesson, a rules page and a puzzle. The online screens
// (the lobby, an online game, the account, tournaments, a player's page, the leaderboard) say
// "You are offline" at 390×844 and 1280×800, ask nothing, and come back by themselves when the
// network does. With the server gone and the device online, the app still opens, and its API
// requests, refused, make it say that the server cannot be reached until the server is back.
// No page error, no console error and no failed request but those refused API requests, each
// named. Screenshots: /tmp/shots/offline-*.png.
import {
  KING,
  brandubFr,
  lessonsFor,
  makeMoveSquares,
  moveFrom,
  playMoveRecord,
  presetById,
  startingPosition,
} from '@tafl/core';
import type { Position } from '@tafl/core';
import type { SeatGrant } from '@tafl/server/protocol';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PWA_TEXT } from '../src/app/pwa-text.js';
import { CATALOGUES } from '../src/i18n/index.js';
import { LEARN_TEXT } from '../src/lessons/text/index.js';
import { PUZZLE_DATA } from '../src/puzzles/data.js';
import { startApp, useApp, type AppServer } from './harness.js';
import { call } from './pages.js';

const app = useApp();
const w = PWA_TEXT.en;
const RULES = 'brandubh-2019';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots';

/** What went wrong in a page: its uncaught errors, console errors and failed requests. */
interface Watched {
  readonly errors: string[];
  readonly console: string[];
  readonly failed: string[];
}

const watched = new WeakMap<Page, Watched>();
function watch(page: Page): Watched {
  const found: Watched = { errors: [], console: [], failed: [] };
  page.on('pageerror', (e) => found.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') found.console.push(m.text());
  });
  page.on('requestfailed', (r) =>
    found.failed.push(`${new URL(r.url()).pathname} ${r.failure()?.errorText}`),
  );
  watched.set(page, found);
  return found;
}

/** Nothing went wrong in the page since it opened. */
function expectClean(page: Page): void {
  const found = watched.get(page)!;
  expect(found.errors, 'page errors').toEqual([]);
  expect(found.console, 'console errors').toEqual([]);
  expect(found.failed, 'failed requests').toEqual([]);
}

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);
const moveList = (page: Page): Promise<string[]> =>
  page.locator('.move-list .move[data-ply]').allTextContents();
const plies = (page: Page): Promise<number> => page.locator('.move-list .move[data-ply]').count();

async function click(page: Page, move: string): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  await square(page, from).click();
  await square(page, to).click();
}

/** The list replayed by the core: every move legal. */
function replay(moves: readonly string[]): Position {
  const pos = startingPosition(presetById(RULES)!);
  moves.forEach((m, i) => {
    const played = playMoveRecord(pos, m);
    if (!played.ok) throw new Error(`ply ${i + 1} ${m}: ${played.message}`);
  });
  return pos;
}

/** Whether the side to move has a move that wins at once. */
function winsNow(pos: Position, side: 'attackers' | 'defenders'): boolean {
  return pos.legalMoves().some((m) => {
    pos.play(m);
    const won = pos.outcome().status === side;
    pos.undo();
    return won;
  });
}

/**
 * The defenders' move: one that wins at once; else the one after which the most replies leave
 * the king an escape, then the most room for the king (none that lets the attackers win at once).
 * Simulated against the engine's level 1 in Node (12 games): every game ended, in 26 plies on
 * average and 66 at most.
 */
function choose(pos: Position): string {
  let best = pos.legalMoves()[0]!;
  let bestValue = -2;
  for (const move of pos.legalMoves()) {
    pos.play(move);
    if (pos.outcome().status === 'defenders') {
      pos.undo();
      return makeMoveSquares(pos.geo, move);
    }
    let threats = 0;
    let room = 0;
    let replies = 0;
    let lost = false;
    for (const reply of pos.legalMoves()) {
      pos.play(reply);
      replies++;
      if (pos.outcome().status === 'attackers') lost = true;
      else {
        if (winsNow(pos, 'defenders')) threats++;
        room += pos.legalMoves().filter((m) => pos.pieceAt(moveFrom(m)) === KING).length;
      }
      pos.undo();
      if (lost) break;
    }
    pos.undo();
    const value = lost ? -1 : replies === 0 ? 0 : (threats + room / 100) / replies;
    if (value > bestValue) {
      bestValue = value;
      best = move;
    }
  }
  return makeMoveSquares(pos.geo, best);
}

/** From the start page: a game against the computer at `level`, the person playing the defenders. */
async function newComputerGame(page: Page, level: number): Promise<void> {
  await page.evaluate(() => (location.hash = '#/'));
  await page.getByRole('button', { name: 'Options: Play the computer' }).click();
  await page.locator(`input[name="level"][value="${level}"]`).check();
  await page.locator('input[name="side"][value="defenders"]').check();
  await page.getByRole('link', { name: 'Choose the rules' }).first().click();
  await page.locator(`.rulesets-card[data-rules="${RULES}"] button[data-way="computer"]`).click();
  await page.waitForSelector('.game-screen [role="grid"]');
  await expect(page.locator('.game-subtitle').textContent()).resolves.toBe(
    `Against the computer, level ${level}`,
  );
}

/** Waits until the computer (attackers) has answered: an odd number of plies, or the end. */
async function computerMoved(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.move-list .move[data-ply]').length % 2 === 1 ||
      document.querySelector('.banner-end') !== null,
    undefined,
    { timeout: 20_000 },
  );
}

let context: BrowserContext;
/** The page of the first visit, online. */
let first: Page;
/** A page opened with the network cut. */
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  context = await app.browser.newContext({ serviceWorkers: 'allow', locale: 'en-GB', viewport: DESKTOP });
  first = await context.newPage();
  watch(first);
  await first.goto(app.server.url);
  // The worker installed (every file of the app kept) and in charge of the page.
  await first.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
});

afterAll(async () => {
  await context.close();
});

describe('with the network cut after one visit', () => {
  it('the app opens, from the service worker, cross-origin isolated', async () => {
    // An online game of this browser's, made before the network goes: its screen is tried below.
    const created = await call<SeatGrant>(first, 'api/games', {
      rules: RULES,
      side: 'attackers',
      time: { kind: 'correspondence', days: 3 },
      name: 'Ann',
    });
    expect(created.status).toBe(201);
    const { token, side, game } = created.body;
    await first.evaluate(
      (seat) => localStorage.setItem('tafl.online.seats', JSON.stringify({ version: 1, seats: [seat] })),
      { id: game.id, token, side, at: Date.now() },
    );
    await first.evaluate((id) => localStorage.setItem('offline-test.game', id), game.id);
    expectClean(first);

    await context.setOffline(true);
    page = await context.newPage();
    watch(page);
    const opened = await page.goto(app.server.url);
    expect(opened?.fromServiceWorker()).toBe(true);
    await page.waitForSelector('header.top');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // COOP and COEP came with the kept page: the engine may share memory offline too.
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(await page.evaluate(() => typeof SharedArrayBuffer)).toBe('function');
    // And its Content Security Policy: an inline style is still refused.
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), {
            once: true,
          });
          const style = document.createElement('style');
          style.textContent = 'body { outline: 1px solid red }';
          document.head.append(style);
        }),
    );
    expect(refused).toBe('style-src-elem');
    // Chromium says so in the console: that one line is expected, and taken out.
    const logged = watched.get(page)!.console;
    await expect.poll(() => logged.filter((m) => /Content Security Policy/.test(m)).length).toBe(1);
    logged.splice(
      logged.findIndex((m) => /Content Security Policy/.test(m)),
      1,
    );
    // Nothing said of an account while it cannot be known.
    await expect(page.getByTestId('nav-sign-in').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/offline-home.png` });
    expectClean(page);
  });

  it('a full game against the computer at level 1, and a reply at every other level', async () => {
    await newComputerGame(page, 1);
    for (let turn = 0; turn < 120; turn++) {
      await computerMoved(page);
      if (await page.locator('.banner-end').count()) break;
      const pos = replay(await moveList(page));
      expect(pos.outcome().status).toBe('ongoing');
      const before = await plies(page);
      await click(page, choose(pos));
      await page.waitForFunction(
        (n) => document.querySelectorAll('.move-list .move[data-ply]').length > n,
        before,
      );
    }
    await page.waitForSelector('.banner-end');
    const final = replay(await moveList(page));
    expect(final.outcome().status).not.toBe('ongoing');
    const end = await page.locator('.banner-end').textContent();
    const status = final.outcome().status;
    expect(end).toContain(
      status === 'defenders' ? 'The defenders win.' : status === 'attackers' ? 'The attackers win.' : 'Draw.',
    );
    console.log(`offline, level 1: ${final.ply} plies, ${end}`);

    for (const level of [2, 3, 4, 5, 6]) {
      await newComputerGame(page, level);
      await computerMoved(page);
      const pos = replay(await moveList(page));
      await click(page, choose(pos));
      await page.waitForFunction(
        () => document.querySelectorAll('.move-list .move[data-ply]').length >= 3,
        undefined,
        {
          timeout: 20_000,
        },
      );
      replay(await moveList(page));
    }
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}/offline-computer-phone.png` });
    await page.setViewportSize(DESKTOP);
    expectClean(page);
  });

  it('a game on this device, the archive, and the analysis board with the engine', async () => {
    await page.evaluate(() => (location.hash = '#/'));
    await page.getByRole('link', { name: 'Choose the rules' }).first().click();
    await page.locator(`.rulesets-card[data-rules="${RULES}"] button[data-way="local"]`).click();
    await page.waitForSelector('.game-screen [role="grid"]');
    const escape = ['b4-b2', 'd5-f5', 'g4-g2', 'd4-d5', 'g2-g3', 'd5-a5', 'g3-g4', 'a5-a7'];
    for (const [i, move] of escape.entries()) {
      await click(page, move);
      await page.waitForFunction(
        (n) => document.querySelectorAll('.move-list .move[data-ply]').length === n,
        i + 1,
      );
    }
    await expect(page.locator('.banner-end').textContent()).resolves.toContain('The defenders win.');

    // The finished games, kept on this device: the two against the computer and this one at least.
    await page.evaluate(() => (location.hash = '#/archive'));
    await page.waitForSelector('.game-summary');
    expect(await page.locator('.game-summary').count()).toBeGreaterThanOrEqual(2);

    await page.evaluate(
      (hash) => (location.hash = hash),
      `#/analysis?rules=${RULES}&moves=${escape.slice(0, 4).join('+')}`,
    );
    await page.waitForSelector('.analysis-screen [role="grid"]');
    await page.waitForSelector('.analysis-line', { timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/offline-analysis.png` });
    expectClean(page);
  });

  it('a lesson, a rules page and a puzzle', async () => {
    const lesson = lessonsFor(brandubFr)[0]!;
    await page.evaluate((hash) => (location.hash = hash), `#/learn/${brandubFr.id}/${lesson.id}`);
    await page.waitForSelector(`.learn-lesson[data-lesson="${lesson.id}"] .tb-grid`);
    if (lesson.move === 'pass')
      await page.getByRole('button', { name: LEARN_TEXT.en.pass, exact: true }).click();
    else {
      const [from = '', to = ''] = lesson.move.split('-');
      await page.locator(`.learn-board [data-name="${from}"]`).click();
      await page.locator(`.learn-board [data-name="${to}"]`).click();
    }
    await page.waitForSelector('.learn-feedback.is-right');

    await page.evaluate((hash) => (location.hash = hash), `#/rules/${RULES}`);
    await page.waitForSelector(`.rp-page[data-ruleset="${RULES}"] #rules-draws`);

    const puzzle = PUZZLE_DATA.puzzles[0]!;
    await page.evaluate((hash) => (location.hash = hash), `#/puzzles/${puzzle.id}`);
    for (let ply = 0; ply < puzzle.line.length; ply += 2) {
      await square(page, puzzle.line[ply]!.split('-')[0]!).waitFor();
      await click(page, puzzle.line[ply]!);
      if (ply + 1 < puzzle.line.length)
        await page.getByText(`Right! The reply: ${puzzle.line[ply + 1]}. Your move.`).waitFor();
    }
    await page.getByText('Solved!', { exact: true }).waitFor();
    expectClean(page);
  });

  it('the online screens say the device is offline, and come back by themselves', async () => {
    const id = await first.evaluate(() => localStorage.getItem('offline-test.game'));
    // The online game last: it is the screen shown when the network comes back.
    const screens = [
      '#/lobby',
      '#/account',
      '#/tournaments',
      '#/player/Ann',
      '#/leaderboard',
      `#/online/${id}`,
    ];
    for (const hash of screens) {
      await page.evaluate((h) => (location.hash = h), hash);
      const notice = page.getByTestId('offline');
      await notice.waitFor();
      await expect(notice.textContent()).resolves.toBe(`${w.offline} ${w.offlineDetail}`);
      // Nothing waits for an answer that cannot come.
      await expect(page.locator('.spinner, [aria-busy="true"]').count()).resolves.toBe(0);
      await expect(page.getByText(/Loading|Connecting/).count()).resolves.toBe(0);
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        const box = (await notice.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: `${SHOTS}/offline-${hash.split('/')[1]}-${size}.png` });
      }
    }

    // The network comes back: the online game's screen shows the game without a reload.
    await context.setOffline(false);
    await page.getByTestId('offline').waitFor({ state: 'detached' });
    await page.waitForSelector('.online-screen [role="grid"]', { timeout: 20_000 });
    await expect(page.getByTestId('status').textContent()).resolves.toBe(CATALOGUES.en.sendLink);
    await page.evaluate(() => (location.hash = '#/lobby'));
    await page.locator('[data-list="mine"]').waitFor();
    await expect(page.getByTestId('offline').count()).resolves.toBe(0);
    await page.getByTestId('nav-sign-in').waitFor();
    expectClean(page);
  });

  it('with the server gone, the app still opens; its requests fail, it says the server cannot be reached, and comes back by itself', async () => {
    // A server of its own, that this test stops and starts again on the same port (the same
    // origin, so the same service worker).
    const own = await startApp();
    const port = new URL(own.url).port;
    let again: AppServer | undefined;
    const ownContext = await app.browser.newContext({
      serviceWorkers: 'allow',
      locale: 'en-GB',
      viewport: PHONE,
    });
    try {
      const visit = await ownContext.newPage();
      const found = watch(visit);
      await visit.goto(`${own.url}#/leaderboard`);
      await visit.getByTestId('leaderboard-empty').waitFor();
      await visit.waitForFunction(
        () => navigator.serviceWorker.controller?.state === 'activated',
        undefined,
        {
          timeout: 30_000,
        },
      );
      expectClean(visit);

      await own.stop();
      // The device is online, the server is not: the page is the kept one, and the requests it
      // makes are refused (these are the only failures, each named).
      const opened = await visit.reload();
      expect(opened?.fromServiceWorker()).toBe(true);
      expect(await visit.evaluate(() => navigator.onLine)).toBe(true);
      const notice = visit.getByTestId('offline');
      await notice.waitFor();
      await expect(notice.textContent()).resolves.toBe(`${w.unreachable} ${w.unreachableDetail}`);
      await expect(visit.getByText('Loading').count()).resolves.toBe(0);
      await visit.screenshot({ path: `${SHOTS}/offline-unreachable-phone.png` });
      expect(found.failed.length).toBeGreaterThan(0);
      for (const failure of found.failed) expect(failure).toMatch(/^\/api\/\S+ net::ERR_CONNECTION_REFUSED$/);
      for (const message of found.console)
        expect(message).toBe('Failed to load resource: net::ERR_CONNECTION_REFUSED');
      found.failed.length = 0;
      found.console.length = 0;

      // Back on the same port: the page asks again by itself (no online event: the device never
      // went offline) and shows the leaderboard.
      again = await startApp({ PORT: port });
      await notice.waitFor({ state: 'detached', timeout: 30_000 });
      await visit.getByTestId('leaderboard-empty').waitFor();
      expect(found.errors).toEqual([]);
    } finally {
      await ownContext.close();
      await own.stop();
      await again?.stop();
    }
  });
});
