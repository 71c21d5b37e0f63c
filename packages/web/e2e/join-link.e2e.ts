// Joining an online game, in Chromium against `npm start`'s server, at 390×844 and 1280×800. A
// link opened asks a guest and a signed-in player the same question, "Take the seat" or "Just
// watch" (a guest's name is not required: the field says the name played under, "Guest"), and
// seats nobody until it is answered; the signed-in player's page asks the server for no seat it
// does not hold (no 404 on /api/games/ID/seat). The lobby's own Join has asked already: it takes
// the seat at once, and leaves the game's plain link in the address. "Play online" with its
// options open creates a game with no name typed. The header links to the leaderboard, and an
// unknown player's page says so without a failed request. No console error, no failed request.
import type { SeatGrant } from '@tafl/server/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';
import { call, signUp } from './pages.js';
import { headerLink, waitForStatus } from './play.js';
import { SIZES, boxOf, openAt, problemsOf, type Size } from './screens.js';

const app = useApp({ TAFL_SIGNUPS_PER_HOUR: '0' });

const LIVE = { kind: 'live', baseMs: 300_000, incrementMs: 3000 } as const;

/** A casual live game made by the page's player as the attackers; its id. */
async function createGame(page: Page, name: string): Promise<string> {
  const made = await call<SeatGrant>(page, 'api/games', {
    rules: 'brandubh-2019',
    side: 'attackers',
    time: LIVE,
    name,
  });
  expect(made.status).toBe(201);
  return made.body.game.id;
}

/** The paths of the API requests a page makes from now on. */
function requestsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) paths.push(url.pathname);
  });
  return paths;
}

/** The join form's box lies within the window's width. */
async function expectFormInWidth(page: Page, size: Size): Promise<void> {
  const form = await boxOf(page.locator('form.join-seat'));
  expect(form.x).toBeGreaterThanOrEqual(0);
  expect(form.x + form.width).toBeLessThanOrEqual(size.width);
}

describe.each(SIZES)('joining a game, on %s', (size: Size) => {
  const tag = size.touch ? 'p' : 'd';

  it('asks a guest and a signed-in player the same by the link, and seats nobody until asked', async () => {
    const ann = await openAt(app, app.server.url, size);
    await signUp(ann, `Ann_j${tag}`);
    const id = await createGame(ann, 'Ann');
    await ann.goto(`${app.server.url}#/online/${id}`);
    await waitForStatus(ann, 'Waiting for an opponent: send them this link.');

    const guest = await openAt(app, app.server.url, size);
    const carl = await openAt(app, app.server.url, size);
    await signUp(carl, `Carl_j${tag}`);
    const guestAsked = requestsOf(guest);
    const carlAsked = requestsOf(carl);
    for (const page of [guest, carl]) await page.goto(`${app.server.url}#/online/${id}`);

    // The same question for both: the seat, "Take the seat" and "Just watch".
    for (const page of [guest, carl]) {
      await page.locator('form.join-seat').waitFor();
      expect(await page.locator('form.join-seat h2').textContent()).toBe('A seat is free in this game');
      expect(await page.locator('form.join-seat').textContent()).toContain(
        'Take it and you play the defenders.',
      );
      const buttons = await page.locator('form.join-seat button').allTextContents();
      expect(buttons).toEqual(['Take the seat', 'Just watch']);
      await expectFormInWidth(page, size);
    }
    // The guest's name is not required: the field says what is played under without one.
    const field = guest.locator('form.join-seat input[name="online-name"]');
    expect(await field.inputValue()).toBe('');
    expect(await field.getAttribute('placeholder')).toBe('Guest');
    expect(await field.getAttribute('required')).toBeNull();
    expect(await carl.getByTestId('playing-as').textContent()).toBe(`You play as Carl_j${tag}.`);
    expect(await carl.locator('form.join-seat input[name="online-name"]').count()).toBe(0);
    // Opened only to look, the link has seated nobody.
    expect(await ann.getByTestId('status').textContent()).toBe(
      'Waiting for an opponent: send them this link.',
    );

    // Carl only watches.
    await carl.getByRole('button', { name: 'Just watch' }).click();
    await carl.getByTestId('watching').waitFor();
    expect(await carl.locator('form.join-seat').count()).toBe(0);

    // The guest takes the seat by the keyboard, with no name typed: played as "Guest".
    await guest.getByRole('button', { name: 'Take the seat' }).focus();
    await guest.keyboard.press('Enter');
    await waitForStatus(guest, `Waiting for Ann_j${tag} to move`);
    await waitForStatus(ann, 'Your move');
    expect(await ann.locator('.player-defenders .player-name').textContent()).toMatch(/^Guest\b/);
    expect(await guest.locator('form.join-seat').count()).toBe(0);
    await carl.waitForFunction(() =>
      document.querySelector('.player-defenders .player-name')?.textContent?.startsWith('Guest'),
    );

    // Nobody's page asked for a seat it does not hold: no request to /api/games/ID/seat.
    for (const asked of [guestAsked, carlAsked]) expect(asked.filter((p) => p.endsWith('/seat'))).toEqual([]);
    for (const page of [ann, guest, carl]) expect(problemsOf(page)).toEqual([]);
  });

  it('takes the seat at once from the lobby’s Join, the address keeping the plain link', async () => {
    const ann = await openAt(app, app.server.url, size);
    await signUp(ann, `Ann_l${tag}`);
    const id = await createGame(ann, 'Ann');
    const dan = await openAt(app, app.server.url, size);
    await signUp(dan, `Dan_l${tag}`);
    await dan.evaluate(() => (location.hash = '#/lobby'));
    const entry = dan.locator(`[data-list="open"] [data-game="${id}"]`);
    await entry.waitFor({ timeout: 20_000 });
    await entry.getByRole('link', { name: 'Join' }).click();

    await waitForStatus(dan, `Waiting for Ann_l${tag} to move`);
    expect(await dan.locator('form.join-seat').count()).toBe(0);
    expect(await dan.getByTestId('watching').count()).toBe(0);
    expect(await dan.evaluate(() => location.hash)).toBe(`#/online/${id}`);
    await ann.goto(`${app.server.url}#/online/${id}`);
    await waitForStatus(ann, 'Your move');
    expect(await ann.getByTestId('player-defenders').textContent()).toBe(`Dan_l${tag}`);
    // Reloaded, the page plays the seat it holds and asks nothing.
    await dan.reload();
    await waitForStatus(dan, `Waiting for Ann_l${tag} to move`);
    expect(await dan.locator('form.join-seat').count()).toBe(0);
    for (const page of [ann, dan]) expect(problemsOf(page)).toEqual([]);
  });

  it('creates a game from "Play online" with its options open and no name typed', async () => {
    const guest = await openAt(app, app.server.url, size);
    await guest.getByRole('button', { name: 'Options: Play online' }).click();
    const name = guest.locator('input[name="online-name"]');
    await name.waitFor();
    expect(await name.inputValue()).toBe('');
    expect(await name.getAttribute('required')).toBeNull();
    await guest.getByRole('button', { name: 'Play online', exact: true }).click();
    await guest.getByTestId('online-link').waitFor();
    await waitForStatus(guest, 'Waiting for an opponent: send them this link.');
    // The player's own seat is named "Guest", marked as theirs.
    const names = await guest.locator('.player-name').allTextContents();
    expect(names.filter((n) => n.startsWith('Guest'))).toEqual([expect.stringMatching(/^Guest \(you\)/)]);
    expect(problemsOf(guest)).toEqual([]);
  });

  it('links to the leaderboard from the header, and says an unknown player is nobody without a failed request', async () => {
    const page = await openAt(app, app.server.url, size);
    await headerLink(page, '#/leaderboard');
    await page.locator('section[data-family="brandubh"]').waitFor();
    const link = page.locator('header.top #main-menu a[href="#/leaderboard"]');
    expect(await link.getAttribute('aria-current')).toBe('page');
    expect(await link.textContent()).toBe('Leaderboard');

    await page.goto(`${app.server.url}#/player/Nobody_here`);
    await page.getByTestId('player-unknown').waitFor();
    expect(await page.getByTestId('player-unknown').textContent()).toContain('Nobody_here');
    expect(problemsOf(page)).toEqual([]);
  });
});
