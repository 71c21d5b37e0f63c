// A seat token replaced elsewhere, in Chromium against `npm start`'s server: a signed-in player
// makes a game on this device and a guest joins it from another browser; on a second device the
// player changes the password (the other sessions end, and with them the account's seat tokens).
// Back on the first device, signed in again with the new password, the game this browser still
// holds the old token for opens with the player's seat (the page asks the server for the new
// token when the old one is refused) and the player moves. And two accounts' rematch: each seat's
// token is one of its game, so each player's page asks for its seat in the new game and plays.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, signUp } from './accounts.js';
import { useApp } from './harness.js';
import { errorsOf, openPage } from './pages.js';
import { clickMove, waitForStatus } from './play.js';

const app = useApp({ TAFL_SIGNUPS_PER_HOUR: '0' });

/** The start page in a browser of its own, once the app has started (the header asks who is signed in). */
async function open(): Promise<Page> {
  const page = await openPage(app, app.server.url);
  await page.getByTestId('nav-sign-in').waitFor();
  return page;
}

/** The token this browser keeps for a game. */
const heldToken = (page: Page, id: string): Promise<string | undefined> =>
  page.evaluate((game) => {
    const doc = JSON.parse(localStorage.getItem('tafl.online.seats') ?? '{"seats":[]}') as {
      seats: { id: string; token: string }[];
    };
    return doc.seats.find((s) => s.id === game)?.token;
  }, id);

describe('a seat token replaced on another device', () => {
  it('plays on from this device once signed in again after the password changed elsewhere', async () => {
    const laptop = await open();
    await signUp(laptop, 'Eithne', 'first password');

    // Eithne makes a game without a clock as the attackers (who move first in Brandubh 2019).
    await laptop.evaluate(() => (location.hash = '#/'));
    await laptop.getByRole('button', { name: 'Options: Play online' }).click();
    await laptop.locator('input[name="online-side"][value="attackers"]').check();
    await laptop.locator('input[name="time"][value="none"]').check();
    await laptop.getByRole('button', { name: 'Play online', exact: true }).click();
    const link = await laptop.getByTestId('online-link').inputValue();
    const id = link.split('/').pop()!;
    const before = await heldToken(laptop, id);
    expect(before).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // A guest takes the other seat.
    const guest = await open();
    await guest.evaluate(() => localStorage.setItem('tafl.online.name', 'Fiachra'));
    await guest.goto(link);
    await guest.getByRole('button', { name: 'Take the seat' }).click();
    await waitForStatus(laptop, 'Your move');

    // On her phone, Eithne changes the password: the laptop's session ends, and the seat's token.
    const phone = await open();
    await signIn(phone, 'Eithne', 'first password');
    await phone.getByTestId('nav-account').click();
    const change = phone.locator('form[aria-labelledby="account-password"]');
    await change.locator('input[name="current-password"]').fill('first password');
    await change.locator('input[name="new-password"]').fill('second password');
    await change.getByRole('button', { name: 'Change the password' }).click();
    await phone.waitForFunction(() =>
      document
        .querySelector('form[aria-labelledby="account-password"] [role="status"]')
        ?.textContent?.startsWith('The password is changed'),
    );

    // Later, on the laptop (its storage still holding the old token): signed in again, the game
    // opens with her seat and she moves.
    await laptop.goto(app.server.url);
    await laptop.getByTestId('nav-sign-in').waitFor();
    await signIn(laptop, 'Eithne', 'second password');
    expect(await heldToken(laptop, id)).toBe(before);
    // The link opened afresh: the old token may be refused before the page knows who is signed in.
    await laptop.goto('about:blank');
    await laptop.goto(link);
    await waitForStatus(laptop, 'Your move');
    expect(await laptop.getByTestId('watching').count()).toBe(0);
    const after = await heldToken(laptop, id);
    expect(after).not.toBe(before);
    await clickMove(laptop, 'b4-b2');
    await waitForStatus(guest, 'Your move');
    await laptop.waitForFunction(
      () =>
        document.querySelectorAll('.move-list .move[data-ply]').length === 1 &&
        document.querySelectorAll('.move-list .move[data-pending]').length === 0,
      undefined,
      { timeout: 20_000 },
    );

    for (const page of [laptop, guest, phone]) expect(errorsOf(page)).toEqual([]);
  });

  it("takes two accounts to their rematch, each playing its seat with the new game's token", async () => {
    const ann = await open();
    await signUp(ann, 'Ann_R', 'ann password');
    const bob = await open();
    await signUp(bob, 'Bob_R', 'bob password');
    await ann.evaluate(() => (location.hash = '#/'));
    await ann.getByRole('button', { name: 'Options: Play online' }).click();
    await ann.locator('input[name="online-side"][value="attackers"]').check();
    await ann.locator('input[name="time"][value="none"]').check();
    await ann.getByRole('button', { name: 'Play online', exact: true }).click();
    const link = await ann.getByTestId('online-link').inputValue();
    const firstId = link.split('/').pop()!;
    await bob.goto(link);
    await bob.getByRole('button', { name: 'Take the seat' }).click();
    await waitForStatus(ann, 'Your move');
    await clickMove(ann, 'b4-b2');
    await waitForStatus(bob, 'Your move');
    await bob.getByRole('button', { name: 'Resign' }).click();
    await bob.getByRole('group', { name: 'Resign the game?' }).getByRole('button', { name: 'Yes' }).click();
    await ann.getByRole('button', { name: 'Offer a rematch' }).click();
    await bob.getByRole('button', { name: 'Accept the rematch' }).click();
    for (const page of [ann, bob])
      await page.waitForFunction(
        (id) => /^#\/online\/[A-Za-z0-9]{10}$/.test(location.hash) && !location.hash.endsWith(id),
        firstId,
      );
    const rematchId = (await bob.evaluate(() => location.hash)).split('/').pop()!;
    // The sides swap: Bob opens the rematch as the attackers, with a token of that game.
    await waitForStatus(bob, 'Your move');
    await waitForStatus(ann, 'Waiting for Bob_R to move');
    expect(await heldToken(bob, rematchId)).not.toBe(await heldToken(bob, firstId));
    await clickMove(bob, 'b4-b2');
    await waitForStatus(ann, 'Your move');
    for (const page of [ann, bob]) expect(errorsOf(page)).toEqual([]);
  });
});
