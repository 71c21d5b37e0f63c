// "Your move" in a tab that is not shown, in Chromium against `npm start`'s server: Ann plays the
// defenders of an online correspondence game, Bob the attackers, each in a browser context of
// their own. Ann's page asks no leave to notify when it loads; her button "Tell me when it is my
// move" does, and once the browser allows it (context.grantPermissions) she is told what follows.
// With her tab hidden, Bob's move makes her tab's title "Your move · Brandubh (2019 blog) vs Bob"
// and shows one system notification; shown again, her tab has the game's title back. While her
// tab is seen, Bob's next move notifies nothing. At 390×844 and 1280×800; no page error, no
// console error, no failed request.
//
// Two hooks in Ann's page, installed before the app's scripts: headless Chromium shows every tab
// (bringing another page to the front, minimizing the window or a background target leave
// `document.hidden` false), so `document.hidden` and `visibilityState` read a flag that the test
// sets, firing `visibilitychange` as the browser does when the player switches tabs; and each
// `new Notification(...)` and `Notification.requestPermission()` is recorded, then done for real.
import { presetById } from '@tafl/core';
import type { SeatGrant } from '@tafl/server/protocol';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PWA_TEXT } from '../src/app/pwa-text.js';
import { FRONT_TEXT } from '../src/app/text.js';
import { titleOf } from '../src/app/title.js';
import { CATALOGUES } from '../src/i18n/index.js';
import { rulesetName } from '../src/rules/describe.js';
import { useApp } from './harness.js';
import { call } from './pages.js';

const app = useApp();
const w = PWA_TEXT.en;
const t = CATALOGUES.en;
const RULES = 'brandubh-2019';
const NAME = rulesetName(presetById(RULES)!, 'en');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots';

interface Hooked {
  hidden: boolean;
  notices: { title: string; body?: string; tag?: string }[];
  asked: number;
}

/** The page-side hooks (see the header): a hidden flag, and the notifications recorded. */
function hooks(): void {
  const hooked: Hooked = { hidden: false, notices: [], asked: 0 };
  (window as Window & { hooked?: Hooked }).hooked = hooked;
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hooked.hidden });
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (hooked.hidden ? 'hidden' : 'visible'),
  });
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title: string, options?: NotificationOptions) {
      hooked.notices.push({
        title,
        ...(options?.body ? { body: options.body } : {}),
        ...(options?.tag ? { tag: options.tag } : {}),
      });
      super(title, options);
    }
    static override get permission(): NotificationPermission {
      return Real.permission;
    }
    static override requestPermission(): Promise<NotificationPermission> {
      hooked.asked++;
      return Real.requestPermission();
    }
  }
  window.Notification = Recorded;
}

const hooked = (page: Page): Promise<Hooked> =>
  page.evaluate(() => (window as Window & { hooked?: Hooked }).hooked!);

/** The player switches to another tab (true) or back (false). */
const setHidden = (page: Page, hidden: boolean): Promise<void> =>
  page.evaluate((h) => {
    (window as Window & { hooked?: Hooked }).hooked!.hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

/** A page in a context of its own, its problems kept. */
async function player(hook: boolean): Promise<{ page: Page; problems: string[] }> {
  const context = await app.browser.newContext({ locale: 'en-GB', viewport: DESKTOP });
  app.contexts.push(context);
  if (hook) await context.addInitScript(hooks);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  await page.goto(app.server.url);
  return { page, problems };
}

/** Keeps a seat in the page's storage, as the app does when it takes one. */
const keepSeat = (page: Page, grant: SeatGrant): Promise<void> =>
  page.evaluate(
    (seat) => localStorage.setItem('tafl.online.seats', JSON.stringify({ version: 1, seats: [seat] })),
    { id: grant.game.id, token: grant.token, side: grant.side, at: Date.now() },
  );

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);
async function play(page: Page, move: string, plies: number): Promise<void> {
  const [from = '', to = ''] = move.split('-');
  await square(page, from).click();
  await square(page, to).click();
  await waitForPlies(page, plies);
}
const waitForPlies = (page: Page, n: number): Promise<unknown> =>
  page.waitForFunction(
    (count) =>
      document.querySelectorAll('.move-list .move[data-ply]').length === count &&
      document.querySelectorAll('.move-list .move[data-pending]').length === 0,
    n,
    { timeout: 20_000 },
  );

describe('your move, in a tab that is not shown', () => {
  it('the title says so and a notification, once allowed by a click; nothing while the tab is seen', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const ann = await player(true);
    const created = await call<SeatGrant>(ann.page, 'api/games', {
      rules: RULES,
      side: 'defenders',
      time: { kind: 'correspondence', days: 3 },
      name: 'Ann',
    });
    expect(created.status).toBe(201);
    const id = created.body.game.id;
    await keepSeat(ann.page, created.body);

    const bob = await player(false);
    const joined = await call<SeatGrant>(bob.page, `api/games/${id}/join`, { name: 'Bob' });
    expect(joined.status).toBe(200);
    await keepSeat(bob.page, joined.body);

    await ann.page.goto(`${app.server.url}#/online/${id}`);
    await bob.page.goto(`${app.server.url}#/online/${id}`);
    await ann.page.getByText(t.waitingFor('Bob')).waitFor();
    await bob.page.getByText(t.yourTurn, { exact: true }).waitFor();
    const title = titleOf(
      [FRONT_TEXT.en.titleVsName(NAME, 'Bob'), FRONT_TEXT.en.titleAttackersToMove],
      t.appName,
    );
    expect(await ann.page.title()).toBe(title);

    // Nothing asked when the page loaded; the offer, on a phone and a desktop.
    expect((await hooked(ann.page)).asked).toBe(0);
    expect(await ann.page.evaluate(() => Notification.permission)).toBe('default');
    const offer = ann.page.getByRole('button', { name: w.notifyOffer });
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await ann.page.setViewportSize(viewport);
      await offer.scrollIntoViewIfNeeded();
      const box = (await offer.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await ann.page.screenshot({ path: `${SHOTS}/your-move-offer-${size}.png` });
    }
    // The player allows it (the browser's prompt answered by the test).
    await ann.page.context().grantPermissions(['notifications'], { origin: app.server.url });
    await offer.click();
    await ann.page.getByText(w.notifyOn).waitFor();
    expect((await hooked(ann.page)).asked).toBe(1);
    await expect(offer.count()).resolves.toBe(0);

    // Ann switches to another tab; Bob moves.
    await setHidden(ann.page, true);
    await play(bob.page, 'b4-b2', 1);
    await ann.page.waitForFunction(
      (wanted) => document.title === wanted,
      `${w.yourMoveTitle} · ${FRONT_TEXT.en.titleVsName(NAME, 'Bob')}`,
      { timeout: 20_000 },
    );
    const seen = await hooked(ann.page);
    expect(seen.notices).toEqual([
      { title: w.yourMoveTitle, body: w.yourMoveBody('Bob', NAME), tag: `tafl-move-${id}` },
    ]);
    await ann.page.screenshot({ path: `${SHOTS}/your-move-hidden-desktop.png` });

    // Back on her tab: the game's own title.
    await setHidden(ann.page, false);
    const mine = titleOf([FRONT_TEXT.en.titleVsName(NAME, 'Bob'), FRONT_TEXT.en.titleYourMove], t.appName);
    await ann.page.waitForFunction((wanted) => document.title === wanted, mine);

    // She moves; Bob answers while she looks: no notification, no "Your move ·".
    await play(ann.page, 'd5-f5', 2);
    await waitForPlies(bob.page, 2);
    await play(bob.page, 'g4-g2', 3);
    await waitForPlies(ann.page, 3);
    await ann.page.waitForFunction((wanted) => document.title === wanted, mine);
    expect((await hooked(ann.page)).notices).toHaveLength(1);

    await ann.page.setViewportSize(PHONE);
    await ann.page.screenshot({ path: `${SHOTS}/your-move-phone.png` });
    expect(ann.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  });
});
