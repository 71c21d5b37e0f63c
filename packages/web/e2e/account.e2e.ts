// Accounts in Chromium, against `npm start`'s server: a guest creates a game, then signs up
// through the form, and the game becomes the account's (its seat shows the account's name, linked
// to the player page); a reload keeps the player signed in; signing out shows "Sign in" again
// and forgets the game's seat in this browser, which signing in gets back from the server;
// a wrong password is refused with a sentence in the form's live region; the right one signs in.
// And the account page: the password changed (a wrong current one refused), every session
// signed out, the account deleted only with its password and the box ticked, and gone after.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillSignIn, signUp, waitForAccount } from './accounts.js';
import { useApp } from './harness.js';

const app = useApp({ TAFL_SIGNUPS_PER_HOUR: '0' });

async function open(url: string): Promise<Page> {
  const context = await app.browser.newContext({ locale: 'en-GB', viewport: { width: 1200, height: 900 } });
  app.contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(url);
  return page;
}

const errorsOf = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];

describe('an account', () => {
  it('is made through the form, takes the guest’s game, stays after a reload, signs out and in', async () => {
    const page = await open(app.server.url);
    // A guest game first: untimed, as the attackers, under a guest's name.
    await page.getByRole('button', { name: 'Options: Play online' }).click();
    await page.locator('input[name="online-side"][value="attackers"]').check();
    await page.locator('input[name="time"][value="none"]').check();
    await page.locator('input[name="online-name"]').fill('Wanderer');
    await page.getByRole('button', { name: 'Play online', exact: true }).click();
    await page.getByTestId('online-link').waitFor();
    const gameHash = await page.evaluate(() => location.hash);
    expect(await page.locator('.player-attackers .player-name').textContent()).toContain('Wanderer');

    // The header offers to sign in; the sign-in screen leads to the sign-up form.
    await page.getByTestId('nav-sign-in').click();
    await page.locator('[data-screen="signin"]').waitFor();
    expect(await page.locator('input[name="password"]').getAttribute('autocomplete')).toBe(
      'current-password',
    );
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.locator('[data-screen="signup"]').waitFor();
    expect(await page.locator('input[name="username"]').getAttribute('autocomplete')).toBe('username');
    expect(await page.locator('input[name="password"]').getAttribute('autocomplete')).toBe('new-password');

    // Two passwords that differ are refused before anything is sent.
    await page.locator('input[name="username"]').fill('Ragnar_1');
    await page.locator('input[name="password"]').fill('a good long password');
    await page.locator('input[name="password-again"]').fill('another one');
    await page.getByRole('button', { name: 'Create the account' }).click();
    expect(await page.getByTestId('account-error').textContent()).toBe('The two passwords are not the same.');

    await signUp(page, 'Ragnar_1', 'a good long password');
    // Back where the player came from: the game, whose seat is now the account's.
    await page.waitForFunction((hash) => location.hash === hash, gameHash);
    const seat = page.getByTestId('player-attackers');
    await seat.waitFor();
    expect(await seat.textContent()).toBe('Ragnar_1');
    expect(await seat.getAttribute('href')).toBe('#/player/Ragnar_1');
    await page.getByTestId('online-link').waitFor();

    // A reload keeps the session (the cookie) and the seat.
    await page.reload();
    await waitForAccount(page, 'Ragnar_1');
    await page.getByTestId('online-link').waitFor();
    expect(await page.getByTestId('player-attackers').textContent()).toBe('Ragnar_1');

    // The account page, and signing out (a POST that needs the CSRF token).
    await page.getByTestId('nav-account').click();
    await page.getByTestId('signed-in-as').waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Signed in as Ragnar_1');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByTestId('nav-sign-in').waitFor();
    expect(await page.getByTestId('nav-account').count()).toBe(0);
    expect(await page.getByTestId('nav-my-games').count()).toBe(0);
    // This browser forgot its seat in the account's game (its token is the account's).
    const gameId = gameHash.split('/')[2]!;
    expect(await page.evaluate(() => localStorage.getItem('tafl.online.seats') ?? '')).not.toContain(gameId);
    await page.reload();
    await page.getByTestId('nav-sign-in').waitFor();

    // A wrong password: the sentence in the live region, still signed out.
    await fillSignIn(page, 'Ragnar_1', 'not the password');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-error"]')?.textContent !== '',
      undefined,
      { timeout: 20_000 },
    );
    expect(await page.getByTestId('account-error').textContent()).toBe(
      'The user name or the password is wrong.',
    );
    expect(await page.getByTestId('account-error').getAttribute('role')).toBe('alert');
    expect(await page.getByTestId('nav-account').count()).toBe(0);

    // The right one, in another case of the name: signed in, on to "my games".
    await fillSignIn(page, 'ragnar_1', 'a good long password');
    await waitForAccount(page, 'Ragnar_1');
    await page.waitForFunction(() => location.hash === '#/games');
    await page.locator('[data-screen="games"] h1').waitFor();
    // The seat again, from the server: the game shows its link to send, as to its creator.
    await page.locator(`[data-game="${gameId}"] a.action`).click();
    await page.getByTestId('online-link').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('watching').count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
  });

  it('changes its password, signs out everywhere, and is deleted with its password and a confirmation', async () => {
    const page = await open(app.server.url);
    await page.getByTestId('nav-sign-in').waitFor();
    await signUp(page, 'Helga', 'first password');
    await page.getByTestId('nav-account').click();
    await page.getByTestId('signed-in-as').waitFor();

    // The password: a wrong current one is refused, the right one changes it.
    const change = page.locator('form[aria-labelledby="account-password"]');
    await change.locator('input[name="current-password"]').fill('not it at all');
    await change.locator('input[name="new-password"]').fill('second password');
    await change.getByRole('button', { name: 'Change the password' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('form[aria-labelledby="account-password"] [role="status"]')?.textContent !==
        '',
    );
    expect(await change.locator('[role="status"]').textContent()).toBe(
      'The user name or the password is wrong.',
    );
    await change.locator('input[name="current-password"]').fill('first password');
    await change.getByRole('button', { name: 'Change the password' }).click();
    await page.waitForFunction(() =>
      document
        .querySelector('form[aria-labelledby="account-password"] [role="status"]')
        ?.textContent?.startsWith('The password is changed'),
    );

    // Signed out everywhere; the new password signs in, the old one no longer does.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByTestId('nav-sign-in').waitFor();
    await fillSignIn(page, 'Helga', 'first password');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-error"]')?.textContent !== '',
    );
    await fillSignIn(page, 'Helga', 'second password');
    await waitForAccount(page, 'Helga');

    // Deleting: only with the password and the box ticked; then signed out, and gone.
    await page.getByTestId('nav-account').click();
    const remove = page.locator('form[aria-labelledby="account-delete"]');
    await remove.waitFor();
    expect(await remove.textContent()).toContain('“deleted player”');
    const button = remove.getByRole('button', { name: 'Delete the account' });
    await remove.locator('input[name="delete-password"]').fill('second password');
    expect(await button.isDisabled()).toBe(true);
    await remove.getByRole('checkbox').check();
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    await page.getByTestId('nav-sign-in').waitFor();
    await page.waitForFunction(() => location.hash === '#/');
    await fillSignIn(page, 'Helga', 'second password');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-error"]')?.textContent !== '',
    );
    expect(await page.getByTestId('account-error').textContent()).toBe(
      'The user name or the password is wrong.',
    );
    expect(errorsOf(page)).toEqual([]);
  });
});
