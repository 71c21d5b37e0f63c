/**
 * What the account browser tests share (account.e2e.ts, my-games.e2e.ts): signing up and in
 * through the app's forms, and reading the header's account link and its count of games
 * waiting for my move.
 */

import type { Page } from 'playwright-core';

/** Signs up through the form of `#/signup`; resolves once the header names the account. */
export async function signUp(page: Page, name: string, password: string): Promise<void> {
  // (A sign-up screen already open keeps its `from`.)
  await page.evaluate(() => {
    if (!location.hash.startsWith('#/signup')) location.hash = '#/signup';
  });
  const form = page.locator('[data-screen="signup"] form');
  await form.waitFor();
  await form.locator('input[name="username"]').fill(name);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="password-again"]').fill(password);
  await form.getByRole('button', { name: 'Create the account' }).click();
  await waitForAccount(page, name);
}

/** Fills the sign-in form of `#/signin` and sends it (the caller checks what follows). */
export async function fillSignIn(page: Page, name: string, password: string): Promise<void> {
  await page.evaluate(() => (location.hash = '#/signin'));
  const form = page.locator('[data-screen="signin"] form');
  await form.waitFor();
  await form.locator('input[name="username"]').fill(name);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

export async function signIn(page: Page, name: string, password: string): Promise<void> {
  await fillSignIn(page, name, password);
  await waitForAccount(page, name);
}

/** Waits until the header's account link names `name`. */
export async function waitForAccount(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="nav-account"]')?.textContent === wanted,
    name,
    { timeout: 20_000 },
  );
}

/** The header's count of games waiting for my move (0 when the badge is not shown). */
export const myTurnCount = (page: Page): Promise<number> =>
  page.evaluate(() =>
    Number(document.querySelector('[data-testid="my-turn-count"] [aria-hidden="true"]')?.textContent ?? 0),
  );

/** Waits until the header's count is `n`. */
export async function waitForCount(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      Number(
        document.querySelector('[data-testid="my-turn-count"] [aria-hidden="true"]')?.textContent ?? 0,
      ) === wanted && document.querySelector('[data-testid="nav-my-games"]') !== null,
    n,
    { timeout: 20_000 },
  );
}
