// Premoves and takebacks in a casual live game, in Chromium against `npm start`'s server, at
// 390×844 and 1280×800. Two accounts play Brandubh; each page asks for the account's seat. On
// the attackers' turn the defenders' player chooses a move (a premove): it is marked on its two
// squares and said in the live region, and played the moment the attackers' move arrives. A
// premove is cancelled by Escape, by a right click on the board and by a press elsewhere on it;
// one that the opponent's move makes illegal is dropped, and the player told. Then a takeback:
// proposed, declined (nothing changes), proposed again and accepted (the proposer's last move
// is taken back, their turn again). No console error, no failed request.
import type { SeatGrant } from '@tafl/server/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';
import { call, signUp } from './pages.js';
import { clickMove, square, waitForMoves, waitForStatus } from './play.js';
import { SIZES, openAt, problemsOf, type Size } from './screens.js';

const app = useApp({ TAFL_SIGNUPS_PER_HOUR: '0' });

const moves = (page: Page): Promise<string[]> => page.locator('.move-list .move[data-ply]').allTextContents();
const premoveNote = (page: Page) => page.getByTestId('premove');
const marked = (page: Page): Promise<string[]> =>
  page
    .locator('main [role="gridcell"].is-premove')
    .evaluateAll((cells) => cells.map((c) => (c.getAttribute('aria-label') ?? '').split(',')[0]!));

async function waitForNote(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="premove"]')?.textContent === wanted,
    text,
    {
      timeout: 20_000,
    },
  );
}

describe.each(SIZES)('a casual live game, on %s', (size: Size) => {
  const tag = size.touch ? 'p' : 'd';
  it('plays a premove when the turn comes, cancels one three ways, and takes a move back when the opponent accepts', async () => {
    const ann = await openAt(app, app.server.url, size);
    const bob = await openAt(app, app.server.url, size);
    await signUp(ann, `Ann_p${tag}`);
    await signUp(bob, `Bob_p${tag}`);
    const made = await call<SeatGrant>(ann, 'api/games', {
      rules: 'brandubh-2019',
      side: 'attackers',
      time: { kind: 'live', baseMs: 300_000, incrementMs: 3000 },
      name: 'Ann',
    });
    const id = made.body.game.id;
    expect((await call<SeatGrant>(bob, `api/games/${id}/join`, { name: 'Bob' })).status).toBe(200);
    for (const page of [ann, bob]) await page.goto(`${app.server.url}#/online/${id}`);
    await waitForStatus(ann, 'Your move');
    await waitForStatus(bob, `Waiting for Ann_p${tag} to move`);

    // Bob, on Ann's turn, chooses d5-f5: marked on both squares, said, nothing moved yet.
    await clickMove(bob, 'd5-f5');
    await waitForNote(
      bob,
      'Premove d5-f5: played as soon as it is legal. Escape, or a click elsewhere, cancels it.',
    );
    expect((await marked(bob)).sort()).toEqual(['d5', 'f5']);
    expect(await moves(bob)).toEqual([]);
    // Ann moves: Bob's premove is played at once.
    await clickMove(ann, 'b4-b2');
    for (const page of [ann, bob]) await waitForMoves(page, 2);
    expect(await moves(ann)).toEqual(['b4-b2', 'd5-f5']);
    expect(await marked(bob)).toEqual([]);
    expect(await premoveNote(bob).textContent()).toBe('');
    await waitForStatus(ann, 'Your move');

    // Cancelled by Escape (the focus on the board).
    await clickMove(bob, 'e4-e6');
    await waitForNote(
      bob,
      'Premove e4-e6: played as soon as it is legal. Escape, or a click elsewhere, cancels it.',
    );
    expect(await bob.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('gridcell');
    await bob.keyboard.press('Escape');
    await waitForNote(bob, 'Premove cancelled.');
    expect(await marked(bob)).toEqual([]);
    // By a right click on the board.
    await clickMove(bob, 'e4-e6');
    expect((await marked(bob)).sort()).toEqual(['e4', 'e6']);
    await square(bob, 'b6').click({ button: 'right' });
    await waitForNote(bob, 'Premove cancelled.');
    expect(await marked(bob)).toEqual([]);
    // By a press elsewhere on the board (an empty square that is no premove's).
    await clickMove(bob, 'e4-e6');
    expect((await marked(bob)).sort()).toEqual(['e4', 'e6']);
    await square(bob, 'b6').click();
    await waitForNote(bob, 'Premove cancelled.');
    expect(await marked(bob)).toEqual([]);
    // One that Ann's move makes illegal (she takes e6) is dropped, and Bob told.
    await clickMove(bob, 'e4-e6');
    await clickMove(ann, 'd6-e6');
    for (const page of [ann, bob]) await waitForMoves(page, 3);
    await waitForNote(bob, 'The premove e4-e6 was not legal after your opponent’s move.');
    await waitForStatus(bob, 'Your move');
    expect(await moves(bob)).toEqual(['b4-b2', 'd5-f5', 'd6-e6']);

    // A takeback: Bob moves, proposes it; Ann declines; nothing changes.
    await clickMove(bob, 'c4-c6');
    for (const page of [ann, bob]) await waitForMoves(page, 4);
    await bob.getByTestId('propose-takeback').click();
    await bob.getByTestId('takeback-proposed').waitFor();
    const offer = ann.getByTestId('takeback-offer');
    await offer.waitFor();
    expect(await offer.locator('.banner-text').textContent()).toBe(`Bob_p${tag} proposes a takeback.`);
    await offer.getByRole('button', { name: 'Decline' }).click();
    await bob.getByTestId('takeback-proposed').waitFor({ state: 'detached' });
    await offer.waitFor({ state: 'detached' });
    expect(await moves(ann)).toEqual(['b4-b2', 'd5-f5', 'd6-e6', 'c4-c6']);
    await waitForStatus(ann, 'Your move');
    // Proposed again and accepted: Bob's move is taken back, his turn again.
    await bob.getByTestId('propose-takeback').click();
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Accept' }).click();
    for (const page of [ann, bob]) await waitForMoves(page, 3);
    await waitForStatus(bob, 'Your move');
    await waitForStatus(ann, `Waiting for Bob_p${tag} to move`);
    expect(await moves(bob)).toEqual(['b4-b2', 'd5-f5', 'd6-e6']);
    // And play goes on from there.
    await clickMove(bob, 'c4-c5');
    for (const page of [ann, bob]) await waitForMoves(page, 4);
    expect(await moves(ann)).toEqual(['b4-b2', 'd5-f5', 'd6-e6', 'c4-c5']);

    for (const page of [ann, bob]) expect(problemsOf(page)).toEqual([]);
  });
});
