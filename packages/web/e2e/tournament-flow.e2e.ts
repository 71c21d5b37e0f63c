// A tournament's round paired and its end, in Chromium against `npm start`'s server (its director
// ticking fast), at 390×844 and 1280×800. Two accounts enter a Swiss of two rounds that starts in
// a few seconds. One waits on the start page: when the round is paired, a notice under the
// header names the tournament, the round, the opponent and the side, and one click takes them to
// the game, which they play with the account's seat. The other waits on the tournament's page:
// it stops saying the first round is being paired and shows their game, one click away. The
// game is resigned; a second round would pair the same two again, so the tournament ends after
// one: its page shows the winner, the final standings and why it ended. No console error, no
// failed request.
import type { TournamentView } from '@tafl/server/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.js';
import { call, signUp } from './pages.js';
import { clickMove, waitForMoves, waitForStatus } from './play.js';
import { SIZES, boxOf, expectInView, openAt, overlap, problemsOf, type Size } from './screens.js';

const app = useApp({
  TAFL_SIGNUPS_PER_HOUR: '0',
  TAFL_TOURNAMENT_TICK_MS: '200',
  TAFL_TOURNAMENT_MIN_START_MS: '0',
});

const statusOf = (page: Page) => page.getByTestId('status').textContent();

describe.each(SIZES)('a tournament round, on %s', (size: Size) => {
  const tag = size.touch ? 'p' : 'd';
  it('is told on any screen with one click to the game, shown on the tournament page, and its end says the winner and why', async () => {
    const cat = await openAt(app, app.server.url, size);
    const dan = await openAt(app, app.server.url, size);
    const catName = `Cat_r${tag}`;
    const danName = `Dan_r${tag}`;
    await signUp(cat, catName);
    await signUp(dan, danName);
    const created = await call<TournamentView>(cat, 'api/tournaments', {
      name: `Two rounds ${tag}`,
      kind: 'swiss',
      rules: 'brandubh-2019',
      time: { kind: 'live', baseMs: 300_000, incrementMs: 3000 },
      rounds: 2,
      startsAt: Date.now() + 6000,
      rated: false,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    for (const page of [cat, dan])
      expect((await call(page, `api/tournaments/${id}/join`, {})).status).toBe(200);

    // Cat waits on the start page, Dan on the tournament's page.
    await cat.reload();
    await dan.goto(`${app.server.url}#/tournament/${id}`);
    await dan.locator('.countdown').waitFor();

    // The round is paired: Cat is told under the header, on the start page.
    const notice = cat.getByTestId('game-ready');
    await cat.getByTestId('game-ready-go').waitFor({ timeout: 40_000 });
    expect(await cat.evaluate(() => location.hash)).toBe('');
    const text = (await notice.locator('.update-text').textContent()) ?? '';
    expect(text).toMatch(
      new RegExp(
        `^Two rounds ${tag}, round 1: your game is ready\\. Against ${danName}, with the (attackers|defenders)\\.$`,
      ),
    );
    const noticeBox = await boxOf(notice);
    expectInView(noticeBox, size, 'the notice');
    expect(overlap(noticeBox, await boxOf(cat.locator('header.top')))).toBe(false);

    // Dan's page: no longer "being paired", his game one click away.
    const yours = dan.getByTestId('your-game');
    await yours.waitFor({ timeout: 20_000 });
    expect(await dan.locator('.tournament').textContent()).not.toContain('being paired');
    expect(await yours.textContent()).toContain('Your game of round 1');
    expect(await yours.textContent()).toContain(`Against ${catName}`);
    // (The tournament's own page says it: no notice there.)
    expect(await dan.getByTestId('game-ready-go').count()).toBe(0);

    // One click: Cat is at the game, playing her seat; the notice is gone.
    await cat.getByTestId('game-ready-go').click();
    await cat.waitForFunction(() => location.hash.startsWith('#/online/'));
    const game = await cat.evaluate(() => location.hash.split('/')[2]!);
    expect(await yours.locator(`a[href="#/online/${game}"]`).count()).toBe(1);
    const turn = (page: Page) =>
      page.waitForFunction(
        (names) => names.includes(document.querySelector('[data-testid="status"]')?.textContent ?? ''),
        ['Your move', `Waiting for ${catName} to move`, `Waiting for ${danName} to move`],
        { timeout: 20_000 },
      );
    await turn(cat);
    expect(await cat.getByTestId('watching').count()).toBe(0);
    expect(await cat.getByTestId('game-ready-go').count()).toBe(0);
    // Dan follows his link; the attackers' player moves first.
    await yours.getByRole('link', { name: 'Go to the game' }).click();
    await dan.waitForFunction((g) => location.hash === `#/online/${g}`, game);
    await turn(dan);
    expect(await dan.getByTestId('watching').count()).toBe(0);
    const first = (await statusOf(cat)) === 'Your move' ? cat : dan;
    await clickMove(first, 'b4-b2');
    for (const page of [cat, dan]) await waitForMoves(page, 1);

    // Cat resigns: Dan wins the round. Another would pair them again: the tournament is over.
    await cat.getByRole('button', { name: 'Resign' }).click();
    await cat.getByRole('button', { name: 'Yes' }).click();
    await waitForStatus(dan, 'The game is over.');
    await dan.goto(`${app.server.url}#/tournament/${id}`);
    await dan.waitForFunction(() => document.querySelector('[data-status="finished"]') !== null, undefined, {
      timeout: 30_000,
    });
    await dan.getByTestId('tournament-winner').waitFor();
    expect(await dan.getByTestId('tournament-winner').textContent()).toBe(`Winner: ${danName}`);
    expect(await dan.getByTestId('tournament-ending').locator('.rating-note').textContent()).toBe(
      'Finished after 1 of its 2 rounds: another round would have paired two players a second time.',
    );
    expect(await dan.locator('#tournament-standings').textContent()).toBe('Final standings');
    const standings = dan.locator('[data-list="standings"] tbody tr');
    expect(await standings.count()).toBe(2);
    expect(await standings.nth(0).getAttribute('data-player')).toBe(danName);
    expect(await standings.nth(1).getAttribute('data-player')).toBe(catName);
    expect(await dan.getByTestId('your-game').count()).toBe(0);
    const winner = await boxOf(dan.getByTestId('tournament-winner'));
    expect(winner.x).toBeGreaterThanOrEqual(0);
    expect(winner.x + winner.width).toBeLessThanOrEqual(size.width);

    for (const page of [cat, dan]) expect(problemsOf(page)).toEqual([]);
  });
});
