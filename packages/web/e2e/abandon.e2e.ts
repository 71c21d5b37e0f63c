// Abandonment in Chromium, against `npm start`'s server with a claim grace of a few seconds
// (TAFL_CLAIM_GRACE_MS): two players in two browser contexts play a game, a third watches in
// French; one player closes the page, the other sees the opponent leave (the dot by the name,
// the banner and its countdown), the offer going when the opponent comes back, and after the
// grace claims victory; everyone sees the result. The one who left finds it on the start page and
// in the lobby on the next visit, until dismissed. (A correspondence game cannot run out of its
// days in a test's time: test/online-away.test.ts tests the notice's logic for it.)
// Screenshot to look at: /tmp/abandon-claim.png.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';

const GRACE_MS = 3000;
const app = useApp({ TAFL_CLAIM_GRACE_MS: String(GRACE_MS) });

async function newContext(locale = 'en-GB'): Promise<BrowserContext> {
  const context = await app.browser.newContext({ locale, viewport: { width: 1200, height: 900 } });
  app.contexts.push(context);
  return context;
}

async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(url);
  return page;
}

const square = (page: Page, name: string) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);

async function waitForStatus(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="status"]')?.textContent === wanted,
    text,
    { timeout: 20_000 },
  );
}

/** The presence dot by a side's name: "true", "false", or null when there is none. */
const dot = (page: Page, side: 'attackers' | 'defenders') =>
  page.locator(`.player-${side} [data-testid="presence-dot"]`);

async function waitForDot(page: Page, side: 'attackers' | 'defenders', connected: boolean): Promise<void> {
  await page
    .locator(`.player-${side} [data-testid="presence-dot"][data-connected="${connected}"]`)
    .waitFor({ timeout: 20_000 });
}

describe('a player who leaves a live game', () => {
  it('is seen to leave and come back; after the grace the opponent claims victory, and the one who left is told on the next visit', async () => {
    // Ann creates an untimed game as the attackers.
    const ann = await open(await newContext(), app.server.url);
    await ann.getByRole('button', { name: 'Options: Play online' }).click();
    await ann.locator('input[name="online-side"][value="attackers"]').check();
    await ann.locator('input[name="time"][value="none"]').check();
    await ann.locator('input[name="online-name"]').fill('Ann');
    await ann.getByRole('button', { name: 'Play online', exact: true }).click();
    const link = await ann.getByTestId('online-link').inputValue();

    // Bob joins from his own browser; Eve watches in French.
    const bobContext = await newContext();
    let bob = await open(bobContext, link);
    await bob.locator('.join-seat input[name="online-name"]').fill('Bob');
    await bob.getByRole('button', { name: 'Take the seat' }).click();
    await waitForStatus(ann, 'Your move');
    const eve = await open(await newContext('fr-FR'), link);
    await eve.getByTestId('watching').waitFor();

    // Everyone sees both players connected.
    for (const page of [ann, bob, eve]) {
      await waitForDot(page, 'attackers', true);
      await waitForDot(page, 'defenders', true);
    }
    await expect(dot(ann, 'defenders').getAttribute('aria-label')).resolves.toBe('Bob: connected');
    await expect(dot(eve, 'defenders').getAttribute('aria-label')).resolves.toBe('Bob\u202f: connecté');

    // A move, so that the game can be claimed.
    await square(ann, 'b4').click();
    await square(ann, 'b2').click();
    await waitForStatus(bob, 'Your move');
    await expect(ann.getByTestId('opponent-away').count()).resolves.toBe(0);

    // Bob closes his page: Ann sees him leave, with the countdown; Eve sees his dot go.
    await bob.close();
    const away = ann.getByTestId('opponent-away');
    await away.waitFor({ timeout: 20_000 });
    await expect(away.textContent()).resolves.toContain('Your opponent has left the game.');
    await expect(ann.getByTestId('claim-countdown').textContent()).resolves.toMatch(
      /^You can claim the game in 0:0[1-3]\.$/,
    );
    await expect(ann.getByRole('button', { name: 'Claim victory' }).count()).resolves.toBe(0);
    // The live region's sentence follows the banner by a render (an effect): wait for it.
    await ann.getByTestId('presence-live').filter({ hasText: 'Your opponent has left the game.' }).waitFor();
    await waitForDot(ann, 'defenders', false);
    await expect(dot(ann, 'defenders').getAttribute('aria-label')).resolves.toBe('Bob: not connected');
    await waitForDot(eve, 'defenders', false);
    // A watcher has nothing to claim.
    await expect(eve.getByTestId('opponent-away').count()).resolves.toBe(0);

    // Bob comes back (same browser, his seat kept): the offer goes.
    bob = await open(bobContext, link);
    await waitForStatus(bob, 'Your move');
    await waitForDot(ann, 'defenders', true);
    await expect(ann.getByTestId('opponent-away').count()).resolves.toBe(0);
    await ann.getByTestId('presence-live').filter({ hasText: 'Your opponent is back.' }).waitFor();

    // He leaves again, for good: after the grace, Ann may claim.
    await bob.close();
    await away.waitFor({ timeout: 20_000 });
    const claim = ann.getByRole('button', { name: 'Claim victory' });
    await claim.waitFor({ timeout: GRACE_MS + 10_000 });
    await expect(ann.getByRole('button', { name: 'Call it a draw' }).count()).resolves.toBe(1);
    await ann
      .getByTestId('presence-live')
      .filter({ hasText: /^You can claim the game now: take the victory, or call it a draw\.$/ })
      .waitFor();
    await ann.screenshot({ path: '/tmp/abandon-claim.png' });
    await claim.click();

    await ann.locator('.banner-end').filter({ hasText: 'You won. The defenders left the game.' }).waitFor();
    await eve
      .locator('.banner-end')
      .filter({ hasText: 'Les assaillants gagnent. Les défenseurs ont quitté la partie.' })
      .waitFor();
    await expect(ann.getByTestId('opponent-away').count()).resolves.toBe(0);
    await expect(ann.getByTestId('status').textContent()).resolves.toBe('The game is over.');

    // Bob's next visit: the start page and the lobby tell him, until he dismisses it.
    const home = await open(bobContext, app.server.url);
    const id = link.split('/').at(-1)!;
    await home.getByTestId('away-notice').locator(`li[data-game="${id}"]`).waitFor({ timeout: 20_000 });
    await expect(home.getByTestId('away-notice').textContent()).resolves.toContain('You lost.');
    await home.close();
    const lobby = await open(bobContext, `${app.server.url}#/lobby`);
    const notice = lobby.getByTestId('away-notice');
    await notice.waitFor({ timeout: 20_000 });
    await expect(notice.getByRole('heading').textContent()).resolves.toBe('While you were away');
    await expect(notice.locator(`li[data-game="${id}"]`).textContent()).resolves.toBe(
      'Brandubh (2019 blog) against Ann: You lost. The defenders left the game.',
    );
    await expect(notice.getByRole('link').getAttribute('href')).resolves.toBe(`#/online/${id}`);
    await notice.getByRole('button', { name: 'Got it' }).click();
    await expect(notice.count()).resolves.toBe(0);
    await lobby.reload();
    await lobby.locator('[data-list="mine"]').waitFor({ timeout: 20_000 });
    await expect(lobby.getByTestId('away-notice').count()).resolves.toBe(0);
    const again = await open(bobContext, app.server.url);
    await again.locator('.play-rules-name').waitFor();
    // The look-up has nothing to do: no seat's game was left unfinished.
    await again.waitForLoadState('networkidle');
    await expect(again.getByTestId('away-notice').count()).resolves.toBe(0);

    for (const page of [ann, eve, lobby, again])
      expect((page as Page & { errors?: string[] }).errors).toEqual([]);
  });

  it('may be called a draw instead, in the player’s language', async () => {
    const ann = await open(await newContext(), app.server.url);
    await ann.getByRole('button', { name: 'Options: Play online' }).click();
    await ann.locator('input[name="online-side"][value="attackers"]').check();
    await ann.locator('input[name="time"][value="none"]').check();
    await ann.locator('input[name="online-name"]').fill('Ann');
    await ann.getByRole('button', { name: 'Play online', exact: true }).click();
    const link = await ann.getByTestId('online-link').inputValue();

    // Bob plays in Spanish.
    const bob = await open(await newContext('es-ES'), link);
    await bob.locator('.join-seat input[name="online-name"]').fill('Bob');
    await bob.locator('.join-seat button[type="submit"]').click();
    await waitForStatus(ann, 'Your move');
    await square(ann, 'b4').click();
    await square(ann, 'b2').click();
    await waitForDot(bob, 'attackers', true);
    await bob.locator('.move-list .move[data-ply]').first().waitFor();

    await ann.close();
    const away = bob.getByTestId('opponent-away');
    await away.waitFor({ timeout: 20_000 });
    await expect(away.textContent()).resolves.toContain('Tu rival se ha ido de la partida.');
    await expect(dot(bob, 'attackers').getAttribute('aria-label')).resolves.toBe('Ann: desconectado');
    const draw = bob.getByRole('button', { name: 'Dar la partida por tablas' });
    await draw.waitFor({ timeout: GRACE_MS + 10_000 });
    await expect(bob.getByRole('button', { name: 'Reclamar la victoria' }).count()).resolves.toBe(1);
    await draw.click();
    await bob
      .locator('.banner-end')
      .filter({ hasText: 'Tablas. Un jugador se fue de la partida y su rival la dio por tablas.' })
      .waitFor();
    await expect(away.count()).resolves.toBe(0);
    expect((bob as Page & { errors?: string[] }).errors).toEqual([]);
  });
});
