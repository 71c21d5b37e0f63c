// Mail in Chromium, against `npm start`'s server sending to a real SMTP server started here, on
// a phone (390×844) and a desktop (1280×800): the account page's Email panel sets an address, says
// it waits for its confirmation, and the link of the confirmation mail opens the app's page that
// confirms it (the token then leaves the address bar); the panel then shows it confirmed, saves
// what to send as it is changed (kept after a reload), and removes the address. The unsubscribe
// link of a "your move" mail opens a page that asks first, then unsubscribes from every mail.
// No console error and no page error throughout.
import type { Page } from 'playwright-core';
import { makeMoveSquares, presetById, startingPosition } from '@tafl/core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs, signUp as signUpApi } from '../../server/test/accounts-harness.js';
import { Client } from '../../server/test/harness.js';
import { Inbox, SITE, mailEnv, tokenIn } from '../../server/test/mail-harness.js';
import { signUp } from './accounts.js';
import { useApp } from './harness.js';

const inbox = await Inbox.start();
const app = useApp({ ...mailEnv(inbox), TAFL_SIGNUPS_PER_HOUR: '0' });
afterAll(() => inbox.down());

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

async function open(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const context = await app.browser.newContext({ locale: 'en-GB', viewport });
  app.contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  await page.goto(app.server.url);
  // The app has started once the header asks who is signed in (on a phone, in its menu).
  await page.getByTestId('nav-sign-in').waitFor({ state: 'attached' });
  return { page, errors };
}

/** A link of a mail, on the test's server rather than the site's address. */
const here = (link: string): string => link.replace(SITE, `${app.server.url}`);

const panelSays = (page: Page, text: string) =>
  page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="mail-said"]')?.textContent === wanted,
    text,
    { timeout: 20_000 },
  );

let n = 0;
const fresh = (prefix: string): string => `${prefix}_${process.pid % 1000}_${++n}`;

describe('mail in the app', () => {
  for (const viewport of VIEWPORTS)
    it(`sets, confirms, changes and removes an address at ${viewport.width}×${viewport.height}`, async () => {
      const { page, errors } = await open(viewport);
      const name = fresh('Mailer');
      await signUp(page, name, 'a good long password');
      await page.evaluate(() => (location.hash = '#/account'));
      const panel = page.getByTestId('mail-panel');
      await panel.getByRole('heading', { name: 'Email' }).waitFor();
      const address = `${name.toLowerCase()}@example.org`;
      await panel.locator('input[name="email"]').fill(address);
      // The panel is on screen where the player scrolls to it, its field and button together.
      await panel.getByRole('button', { name: 'Send the confirmation' }).scrollIntoViewIfNeeded();
      expect(await panel.getByRole('button', { name: 'Send the confirmation' }).isVisible()).toBe(true);
      await panel.getByRole('button', { name: 'Send the confirmation' }).click();
      const status = page.getByTestId('mail-status');
      await status.waitFor();
      expect(await status.textContent()).toContain(`A confirmation mail was sent to ${address}.`);
      expect(await status.getAttribute('data-confirmed')).toBe('false');

      const mail = await inbox.next((m) => m.to === address);
      await page.goto(here(`${SITE}#/mail/confirm?token=${tokenIn(mail.text, 'confirm')}`));
      const result = page.getByTestId('mail-result');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="mail-result"]')?.getAttribute('data-done') === 'true',
      );
      expect(await result.textContent()).toBe(
        'Your address is confirmed: the mails about your games will come to it.',
      );
      expect(await page.evaluate(() => location.hash)).toBe('#/mail/confirm');

      await page.getByRole('link', { name: 'Your account' }).click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="mail-status"]')?.getAttribute('data-confirmed') === 'true',
      );
      expect(await status.textContent()).toBe(`Mails go to ${address}.`);
      await page.getByLabel('A daily digest of the games waiting').check();
      await panelSays(page, 'Saved.');
      await page.getByLabel('A game lost on time or claimed while I was away').uncheck();
      await panelSays(page, 'Saved.');
      await page.reload();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="mail-status"]')?.getAttribute('data-confirmed') === 'true',
      );
      expect(await page.getByLabel('A daily digest of the games waiting').isChecked()).toBe(true);
      expect(await page.getByLabel('A game lost on time or claimed while I was away').isChecked()).toBe(
        false,
      );
      expect(await page.getByLabel('A tournament round paired').isChecked()).toBe(true);
      await page.screenshot({ path: `/tmp/mail-e2e-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Remove the address' }).click();
      await panelSays(page, 'The address is removed: nothing more is sent to it.');
      expect(await page.getByTestId('mail-status').count()).toBe(0);
      expect(errors).toEqual([]);
    });

  it('unsubscribes by the link of a “your move” mail, after asking', async () => {
    const { page, errors } = await open({ width: 390, height: 844 });
    const name = fresh('Player');
    await signUp(page, name, 'a good long password');
    const address = `${name.toLowerCase()}@example.org`;
    await page.evaluate(() => (location.hash = '#/account'));
    await page.locator('input[name="email"]').fill(address);
    await page.getByRole('button', { name: 'Send the confirmation' }).click();
    const confirm = await inbox.next((m) => m.to === address);
    await page.goto(here(`${SITE}#/mail/confirm?token=${tokenIn(confirm.text, 'confirm')}`));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="mail-result"]')?.getAttribute('data-done') === 'true',
    );

    // An opponent makes a correspondence game, the player joins it (the app's own request), the opponent moves.
    const origin = app.server.url.replace(/\/$/, '');
    const rival = await signUpApi(origin, fresh('Rival'));
    const rules = presetById('brandub-fr')!;
    const made = await apiAs<{ token: string; game: { id: string } }>(origin, '/api/games', rival, {
      body: { rules: rules.id, side: 'attackers', time: { kind: 'correspondence', days: 3 }, name: 'x' },
    });
    const id = made.body.game.id;
    const joined = await page.evaluate(async (game) => {
      const state = (await (await fetch('api/account')).json()) as { csrf: string };
      const r = await fetch(`api/games/${game}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tafl-csrf': state.csrf },
        body: JSON.stringify({ name: 'y' }),
      });
      return r.status;
    }, id);
    expect(joined).toBe(200);
    const client = await Client.connect(`${app.server.url.replace(/^http/, 'ws')}api/ws`);
    client.send({ t: 'watch', game: id, token: made.body.token });
    await client.next('state');
    const pos = startingPosition(rules);
    client.send({
      t: 'move',
      game: id,
      token: made.body.token,
      ply: 0,
      move: makeMoveSquares(pos.geo, pos.legalMoves()[0]!),
    });
    await client.next('move');
    client.close();

    const yourMove = await inbox.next((m) => m.to === address && m.subject.startsWith('Your move'));
    await page.goto(here(`${SITE}#/mail/unsubscribe?token=${tokenIn(yourMove.text, 'unsubscribe')}`));
    await page.getByText('Stop every mail about your games?').waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="mail-result"]')?.getAttribute('data-done') === 'true',
    );
    expect(await page.getByTestId('mail-result').textContent()).toContain('No more mail will be sent.');
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="mail-status"]')?.getAttribute('data-confirmed') === 'true',
    );
    expect(await page.getByLabel('Never').isChecked()).toBe(true);
    expect(await page.getByLabel('A tournament round paired').isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });
});
