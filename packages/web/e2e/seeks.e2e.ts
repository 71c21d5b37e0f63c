// Rated seeks in Chromium, against `npm start`'s server: a guest cannot choose a rated game (the
// form says why), nor can a signed-in player without a clock; a signed-in player creates a rated
// 5+3 game open to ±200; the lobby shows it as "Rated · Brandubh (2019 blog) · Live 5+3 · 1500? ·
// ±200", tells a guest to sign in to take it and its creator that it is their own, and another
// account takes the seat: the game is rated, its seats link to the players' pages.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from './accounts.js';
import { useApp } from './harness.js';

const app = useApp({ TAFL_SIGNUPS_PER_HOUR: '0' });

async function open(): Promise<Page> {
  const context = await app.browser.newContext({ locale: 'en-GB', viewport: { width: 1200, height: 900 } });
  app.contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(app.server.url);
  await page.getByTestId('nav-sign-in').waitFor();
  return page;
}

const errorsOf = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];
const rated = (page: Page) => page.locator('input[name="online-rated"][value="rated"]');
const why = (page: Page) => page.getByTestId('rated-why').textContent();

/** The lobby's entry of a game, once listed. */
async function lobbyEntry(page: Page, id: string) {
  await page.evaluate(() => (location.hash = '#/lobby'));
  const entry = page.locator(`[data-list="open"] [data-game="${id}"]`);
  await entry.waitFor({ timeout: 20_000 });
  return entry;
}

describe('a rated seek', () => {
  it('is made by a signed-in player with a clock, shown with its rating and range, and taken by another account', async () => {
    // A guest: the rated choice is there, disabled, with the reason.
    const guest = await open();
    await guest.getByRole('button', { name: 'Options: Play online' }).click();
    expect(await rated(guest).isDisabled()).toBe(true);
    expect(await why(guest)).toBe('Sign in to play rated games.');

    const olaf = await open();
    await signUp(olaf, 'Olaf', 'olaf password');
    await olaf.evaluate(() => (location.hash = '#/'));
    await olaf.getByRole('button', { name: 'Options: Play online' }).click();
    await olaf.locator('input[name="time"][value="none"]').check();
    expect(await rated(olaf).isDisabled()).toBe(true);
    expect(await why(olaf)).toBe('A rated game needs a clock: choose days per move or a live time.');
    await olaf.locator('input[name="time"][value="live:5+3"]').check();
    expect(await rated(olaf).isDisabled()).toBe(false);
    await rated(olaf).check();
    await olaf.locator('input[name="online-range"][value="200"]').check();
    await olaf.getByRole('button', { name: 'Play online', exact: true }).click();
    await olaf.getByTestId('online-link').waitFor();
    await olaf.getByTestId('rated').waitFor();
    const id = await olaf.evaluate(() => location.hash.split('/')[2]!);

    // The lobby: the seek's line; a guest is asked to sign in, the creator told it is theirs.
    const seen = await lobbyEntry(guest, id);
    expect(await seen.getByTestId('seek').textContent()).toBe(
      'Rated · Brandubh (2019 blog) · Live 5+3 · 1500? · ±200',
    );
    const blocked = seen.getByTestId('join-blocked');
    expect(await blocked.getAttribute('data-block')).toBe('signin');
    expect(await blocked.textContent()).toBe('Sign in to play rated');
    // Opened by its link, the game asks the guest to sign in rather than for a name.
    await seen.locator('a.game-summary-main').click();
    await guest.getByTestId('rated-sign-in').waitFor({ timeout: 20_000 });
    expect(await guest.locator('.join-seat').count()).toBe(0);
    expect(await guest.getByTestId('watching').count()).toBe(1);
    const own = await lobbyEntry(olaf, id);
    expect(await own.locator('[data-block="own"]').count()).toBe(1);

    // Another account joins from the lobby.
    const sigrid = await open();
    await signUp(sigrid, 'Sigrid', 'sigrid password');
    const entry = await lobbyEntry(sigrid, id);
    expect(await entry.getByTestId('join-blocked').count()).toBe(0);
    await entry.getByRole('link', { name: 'Join' }).click();
    await sigrid.getByTestId('rated').waitFor();
    await sigrid.getByTestId('player-defenders').waitFor({ timeout: 20_000 });
    const names = [
      await sigrid.getByTestId('player-attackers').textContent(),
      await sigrid.getByTestId('player-defenders').textContent(),
    ].sort();
    expect(names).toEqual(['Olaf', 'Sigrid']);
    expect(await sigrid.getByTestId('player-attackers').getAttribute('href')).toMatch(
      /^#\/player\/(Olaf|Sigrid)$/,
    );

    for (const page of [guest, olaf, sigrid]) expect(errorsOf(page)).toEqual([]);
  });
});
