// The front door in Chromium, against `npm start`'s server: the start page's three ways to play,
// each one click away above the fold at desktop and phone sizes; the rulesets page (a summary and
// a rules link per ruleset, the player's own rulesets, Choose and Play now); the one-row header
// with its menu on a phone; page titles that follow the screen. Screenshots of the start page at
// both sizes go to /tmp/shots/.
import { mkdir } from 'node:fs/promises';
import { PRESETS, presetById } from '@tafl/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { presetSummary } from '../src/app/text.js';
import { openPage, useApp } from './harness.js';

const app = useApp();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const APP = 'Brandubh & Ard Ri';
const WAYS = ['Play the computer', 'Play a friend here', 'Play online'] as const;

async function open(hash = '#/', viewport = DESKTOP): Promise<Page> {
  const { context, page } = await openPage(app.browser, `${app.server.url}${hash}`);
  app.contexts.push(context);
  await page.setViewportSize(viewport);
  return page;
}

const way = (page: Page, name: (typeof WAYS)[number]) => page.getByRole('button', { name, exact: true });
const moveList = (page: Page): Promise<string[]> =>
  page.locator('.move-list .move[data-ply]').allTextContents();
const status = (page: Page) => page.getByTestId('status');
/** The page's title is `expected`, once the screen has set it (it does after it renders). */
async function expectTitle(page: Page, expected: string): Promise<void> {
  await page
    .waitForFunction((want) => document.title === want, expected, { timeout: 5000 })
    .catch(() => undefined);
  expect(await page.title()).toBe(expected);
}

describe('the start page', () => {
  it('shows the three ways to play without scrolling, on a desktop and on a phone', async () => {
    await mkdir('/tmp/shots', { recursive: true });
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open('#/', viewport);
      await expectTitle(page, APP);
      for (const name of WAYS) {
        const box = (await way(page, name).boundingBox())!;
        expect(box, `${name} at ${viewport.width}`).not.toBeNull();
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${name} at ${viewport.width}`).toBeLessThanOrEqual(viewport.height);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      // The recommended ruleset, said as such, and the way to choose another.
      await expect(page.locator('.play-rules-name').textContent()).resolves.toBe('Brandubh (2019 blog)');
      await expect(page.locator('.play-rules').textContent()).resolves.toContain(
        'Recommended for a first game',
      );
      await page.screenshot({ path: `/tmp/shots/home-${viewport.width}x${viewport.height}.png` });
      expect((page as Page & { errors?: string[] }).errors).toEqual([]);
    }
  });

  it('starts a game with a friend here in one click: the recommended rules, the attackers to move', async () => {
    const page = await open();
    await way(page, 'Play a friend here').click();
    await page.waitForSelector('.game-screen [role="grid"]');
    await expect(page.locator('.game-title').textContent()).resolves.toBe('Brandubh (2019 blog)');
    await expect(page.locator('.game-subtitle').textContent()).resolves.toBe('Two players on this device');
    await expect(status(page).textContent()).resolves.toBe('Attackers to move');
    await expectTitle(page, `Brandubh (2019 blog) — attackers to move — ${APP}`);
    // The starting position of Brandubh: the king on the throne, attackers on d1 and d7.
    await expect(
      page.locator('[role="gridcell"][aria-label^="d4,"]').getAttribute('aria-label'),
    ).resolves.toMatch(/^d4, king/);
    await expect(
      page.locator('[role="gridcell"][aria-label^="d1,"]').getAttribute('aria-label'),
    ).resolves.toMatch(/^d1, attacker/);
  });

  it('starts a game against the computer in one click, and the computer answers', async () => {
    const page = await open();
    await expect(page.locator('.play-choice[data-way="computer"] .play-note').textContent()).resolves.toBe(
      'Level 3 of 6 (Casual), you play the defenders',
    );
    await way(page, 'Play the computer').click();
    await page.waitForSelector('.game-screen [role="grid"]');
    await expect(page.locator('.game-subtitle').textContent()).resolves.toBe('Against the computer, level 3');
    // The computer has the attackers, who move first: it plays, then it is the person's move.
    await page.waitForFunction(
      () => document.querySelectorAll('.move-list .move[data-ply]').length === 1,
      null,
      {
        timeout: 30_000,
      },
    );
    await expect(status(page).textContent()).resolves.toBe('Your move');
    await expectTitle(page, `Brandubh (2019 blog) vs computer (level 3) — your move — ${APP}`);
    // The person moves a defender to a square the board offers; the computer answers.
    let moved = false;
    for (const from of ['d5', 'd3', 'c4', 'e4']) {
      await page.locator(`[role="gridcell"][aria-label^="${from},"]`).click();
      const dest = page.locator('[role="gridcell"][aria-label*="legal move"]');
      if ((await dest.count()) === 0) continue;
      await dest.first().click();
      moved = true;
      break;
    }
    expect(moved).toBe(true);
    await page.waitForFunction(
      () => document.querySelectorAll('.move-list .move[data-ply]').length === 3,
      null,
      {
        timeout: 60_000,
      },
    );
    await expect(moveList(page)).resolves.toHaveLength(3);
    await expect(status(page).textContent()).resolves.toBe('Your move');
  });

  it('creates an online game in one click and shows the link to send', async () => {
    const page = await open();
    await way(page, 'Play online').click();
    const link = page.getByTestId('online-link');
    await link.waitFor();
    await expect(link.inputValue()).resolves.toMatch(
      new RegExp(`^${app.server.url}#/online/[A-Za-z0-9]{10}$`),
    );
    await page.getByText('Waiting for an opponent: send them this link.').waitFor();
    await expectTitle(page, `Brandubh (2019 blog) online — waiting for an opponent — ${APP}`);
  });

  it('opens the options without starting a game, and starts with them', async () => {
    const page = await open();
    const options = page.getByRole('button', { name: 'Options: Play the computer' });
    await expect(options.getAttribute('aria-expanded')).resolves.toBe('false');
    await options.click();
    await expect(options.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.locator('input[name="level"][value="1"]').check();
    await page.locator('input[name="side"][value="attackers"]').check();
    expect(page.url()).toBe(`${app.server.url}#/`);
    await expect(page.locator('.play-choice[data-way="computer"] .play-note').textContent()).resolves.toBe(
      'Level 1 of 6 (Beginner), you play the attackers',
    );
    await way(page, 'Play the computer').click();
    await page.waitForSelector('.game-screen [role="grid"]');
    await expect(page.locator('.game-subtitle').textContent()).resolves.toBe('Against the computer, level 1');
    await expect(status(page).textContent()).resolves.toBe('Your move');
  });
});

describe('the rulesets page', () => {
  it('lists every ruleset with its plain summary and rules link, and the player’s own', async () => {
    const page = await open();
    // A ruleset of the player's, as the rules editor keeps it.
    const mine = { ...presetById('brandubh-2019')!, id: 'custom-1700000000000', name: 'Our kitchen rules' };
    await page.evaluate((r) => localStorage.setItem('tafl.customRulesets', JSON.stringify([r])), mine);
    await page.getByRole('link', { name: 'Choose the rules' }).first().click();
    await page.waitForSelector('.rulesets-card');
    expect(page.url()).toBe(`${app.server.url}#/rulesets`);
    await expectTitle(page, `Choose the rules — ${APP}`);
    const summaries = new Set<string>();
    for (const rules of PRESETS) {
      const card = page.locator(`.rulesets-card[data-rules="${rules.id}"]`);
      const summary = (await card.locator('.rulesets-summary').textContent()) ?? '';
      expect(summary).toBe(presetSummary(rules.id, 'en'));
      summaries.add(summary);
      await expect(card.locator('.rulesets-rules-link').getAttribute('href')).resolves.toBe(
        `#/rules/${rules.id}`,
      );
    }
    expect(summaries.size).toBe(PRESETS.length);
    const own = page.locator(`.rulesets-card[data-rules="${mine.id}"]`);
    await expect(own.locator('.rulesets-card-name').textContent()).resolves.toBe('Our kitchen rules');
    await expect(own.locator('.rulesets-rules-link').getAttribute('href')).resolves.toBe(
      `#/rules/${mine.id}`,
    );
    await expect(own.locator('.rulesets-summary').textContent()).resolves.not.toBe('');
    expect((page as Page & { errors?: string[] }).errors).toEqual([]);
  });

  it('plays a ruleset from its card at once, and remembers it on the start page', async () => {
    const page = await open('#/rulesets');
    await page.getByRole('button', { name: 'Play a friend here: Ard Ri (Spanish article)' }).click();
    await page.waitForSelector('.game-screen [role="grid"]');
    await expect(page.locator('.game-title').textContent()).resolves.toBe('Ard Ri (Spanish article)');
    await expect(status(page).textContent()).resolves.toBe('Attackers to move');
    // Ard Ri's layout: attackers on c1, d1 and e1.
    await expect(
      page.locator('[role="gridcell"][aria-label^="c1,"]').getAttribute('aria-label'),
    ).resolves.toMatch(/^c1, attacker/);
    await page.goto(`${app.server.url}#/`);
    await expect(page.locator('.play-rules-name').textContent()).resolves.toBe('Ard Ri (Spanish article)');
  });

  it('chooses a ruleset for the start page, whose one click then plays it: the defenders first in the French Ard-ri', async () => {
    const page = await open();
    await page.getByRole('link', { name: 'Choose the rules' }).first().click();
    await page.getByRole('button', { name: 'Choose Ard-ri (Le Globe Joueur)' }).click();
    await page.waitForFunction(() => location.hash === '#/');
    await expect(page.locator('.play-rules-name').textContent()).resolves.toBe('Ard-ri (Le Globe Joueur)');
    await way(page, 'Play a friend here').click();
    await page.waitForSelector('.game-screen [role="grid"]');
    await expect(page.locator('.game-title').textContent()).resolves.toBe('Ard-ri (Le Globe Joueur)');
    await expect(status(page).textContent()).resolves.toBe('Defenders to move');
    await expectTitle(page, `Ard-ri (Le Globe Joueur) — defenders to move — ${APP}`);
  });
});

describe('the header', () => {
  it('is one row on a phone, its links behind a menu that opens, closes with Escape and moves the focus', async () => {
    for (const width of [360, 390]) {
      const page = await open('#/', { width, height: 800 });
      const header = (await page.locator('header.top').boundingBox())!;
      const items = ['header.top .brand', 'header.top .menu-button', 'header.top select'];
      const boxes = await Promise.all(items.map(async (s) => (await page.locator(s).boundingBox())!));
      for (const [i, box] of boxes.entries()) {
        // Each item lies within the header's one row, and they share a middle line.
        expect(box.y, items[i]).toBeGreaterThanOrEqual(header.y);
        expect(box.y + box.height, items[i]).toBeLessThanOrEqual(header.y + header.height);
        expect(Math.abs(box.y + box.height / 2 - (boxes[0]!.y + boxes[0]!.height / 2))).toBeLessThan(4);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      // One row: no taller than a button and its padding.
      expect(header.height).toBeLessThan(boxes[1]!.height * 2);
      await expect(page.locator('header.top .brand').textContent()).resolves.toBe(APP);

      const menu = page.getByRole('button', { name: 'Menu' });
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(
        page.locator('#main-menu').getByRole('link', { name: 'Learn', exact: true }).isVisible(),
      ).resolves.toBe(false);
      await menu.click();
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
      for (const name of ['Play', 'Learn', 'Play online', 'Finished games', 'Rules'])
        await expect(
          page.locator('#main-menu').getByRole('link', { name, exact: true }).isVisible(),
        ).resolves.toBe(true);
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Play');
      await page.keyboard.press('Escape');
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(
        page.evaluate(() => document.activeElement?.classList.contains('menu-button')),
      ).resolves.toBe(true);
      await menu.click();
      await page.locator('#main-menu').getByRole('link', { name: 'Finished games' }).click();
      await page.waitForFunction(() => location.hash === '#/archive');
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
      await expectTitle(page, `Finished games — ${APP}`);
    }
  });

  it('shows its links in the row on a desktop', async () => {
    const page = await open();
    await expect(page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    const brand = (await page.locator('header.top .brand').boundingBox())!;
    for (const name of ['Play', 'Learn', 'Play online', 'Finished games', 'Rules']) {
      const box = (await page.locator('#main-menu').getByRole('link', { name, exact: true }).boundingBox())!;
      expect(Math.abs(box.y + box.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(6);
    }
    await page.locator('#main-menu').getByRole('link', { name: 'Rules', exact: true }).click();
    await page.waitForFunction(() => location.hash === '#/rules');
    await expectTitle(page, `Rules — ${APP}`);
    await page.goto(`${app.server.url}#/rules/ard-ri-es`);
    await expectTitle(page, `Rules: Ard Ri (Spanish article) — ${APP}`);
  });
});

describe('a game on a phone', () => {
  it('has the board across the screen’s width, less a small margin', async () => {
    const page = await open('#/', PHONE);
    await way(page, 'Play a friend here').click();
    await page.waitForSelector('.game-screen [role="grid"]');
    // The board with its frame and coordinates.
    const board = (await page.locator('.game-board .board-wrap').boundingBox())!;
    expect(board.width).toBeGreaterThanOrEqual(PHONE.width - 32);
    expect(board.x).toBeGreaterThanOrEqual(0);
    expect(board.x + board.width).toBeLessThanOrEqual(PHONE.width);
  });
});
