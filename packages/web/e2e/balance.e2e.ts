// The page "Which rules are fair?" (#/balance) in Chromium, from the data the app ships
// (src/balance/balance-data.json, written by tafl balance): a chart for every named ruleset with
// its three results, each as words and figures (a share, its 95% interval, the games) beside a bar
// drawn for the eye only; people's games beside the federation's Brandubh; how the data was made
// with its command, folded; reached from the header; in Spanish and French when the language is switched;
// and on a phone, with no part wider than the screen.
import { PRESETS } from '@tafl/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BALANCE_DATA } from '../src/balance/data.js';
import { BALANCE_TEXT } from '../src/balance/text.js';
import { useApp } from './harness.js';
import { errorsOf, openPage } from './pages.js';

const app = useApp();

/** The rows of a ruleset's chart of the computer's games: result, share, interval, games. */
const chartRows = (page: Page, id: string): Promise<string[][]> =>
  page
    .locator(`.balance-ruleset[data-ruleset="${id}"] [data-testid="balance-chart-engine"] tbody tr`)
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td:not([aria-hidden])')].map((c) => c.textContent?.trim() ?? ''),
      ),
    );

describe('which rules are fair?', () => {
  it('shows every ruleset’s chart with its figures as text, and people’s games beside Brandubh', async () => {
    const page = await openPage(app, `${app.server.url}#/`);
    await page.getByRole('link', { name: 'Balance' }).click();
    await page.waitForFunction(() => location.hash === '#/balance');
    await page.getByRole('heading', { level: 1, name: 'Which rules are fair?' }).waitFor();
    expect(await page.title()).toMatch(/^Which rules are fair\? — /);
    expect(await page.getByRole('link', { name: 'Balance' }).getAttribute('aria-current')).toBe('page');

    for (const rules of PRESETS) {
      const data = BALANCE_DATA.rulesets.find((r) => r.id === rules.id)!;
      const rows = await chartRows(page, rules.id);
      expect(
        rows.map((r) => r[0]),
        rules.id,
      ).toEqual(['Attackers win', 'Draws', 'Defenders win']);
      const games = rows.map((r) => r[3]!);
      expect(games).toEqual(
        [data.attackers, data.draws, data.defenders].map((s) => `${s.games} of ${data.games}`),
      );
      for (const row of rows) expect(row[2], rules.id).toMatch(/^\d+\.\d% to \d+\.\d%$/);
      // The bar is as long as the share.
      const bar = page.locator(
        `.balance-ruleset[data-ruleset="${rules.id}"] [data-testid="balance-chart-engine"] tr[data-winner="attackers"] .balance-bar`,
      );
      const width = await bar.evaluate((el) => (el as HTMLElement).style.width);
      expect(parseFloat(width)).toBeCloseTo((100 * data.attackers.games) / data.games, 6);
      // Every ending is named, with its count.
      const endings = page.locator(`.balance-ruleset[data-ruleset="${rules.id}"] > .balance-endings li`);
      expect(await endings.count()).toBe(data.endings.length);
    }

    // People's games sit with the federation's Brandubh, and nowhere else.
    const human = page.getByTestId('balance-human');
    expect(await human.count()).toBe(1);
    expect(
      await page.locator('[data-ruleset="federation-brandubh"] [data-testid="balance-human"]').count(),
    ).toBe(1);
    expect(await human.locator('caption').textContent()).toBe(
      `People’s games under these rules: ${BALANCE_DATA.human!.games} games`,
    );

    // The overview lists every ruleset; the method, folded until it is opened, gives the command
    // that makes the data again.
    expect(await page.getByTestId('balance-overview').locator('tbody tr').count()).toBe(PRESETS.length);
    const command = page.getByTestId('balance-command');
    expect(await command.isVisible()).toBe(false);
    await page.getByText('How the data was made').click();
    expect(await command.isVisible()).toBe(true);
    expect(await command.textContent()).toBe(BALANCE_DATA.command);
    expect(BALANCE_DATA.command).toMatch(
      /^tafl balance --all .*--out packages\/web\/src\/balance\/balance-data\.json$/,
    );
    expect(errorsOf(page)).toEqual([]);
  });

  it('is in Spanish and in French when the language is switched', async () => {
    const page = await openPage(app, `${app.server.url}#/balance`);
    await page.getByRole('heading', { level: 1, name: 'Which rules are fair?' }).waitFor();
    for (const [lang, word] of [
      ['es', 'Ganan los atacantes'],
      ['fr', 'Victoire des assaillants'],
    ] as const) {
      await page.getByLabel(/Language|Idioma|Langue/).selectOption(lang);
      await page.getByRole('heading', { level: 1, name: BALANCE_TEXT[lang].title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      const rows = await chartRows(page, 'plazoleta');
      expect(rows[0]![0]).toBe(word);
      // Percentages in the language's own way: 12,5 %.
      expect(rows[0]![1]).toMatch(/^\d+,\d\s%$/);
    }
    expect(errorsOf(page)).toEqual([]);
  });

  it('fits a phone: no chart, table or command wider than the screen', async () => {
    const context = await app.browser.newContext({ locale: 'en-GB', viewport: { width: 360, height: 740 } });
    app.contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${app.server.url}#/balance`);
    await page.getByTestId('balance-how-made').locator('summary').click();
    await page.getByTestId('balance-command').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The bar goes under the row's words, across the chart's width.
    const track = await page
      .locator('[data-ruleset="plazoleta"] [data-testid="balance-chart-engine"] .balance-track')
      .first()
      .boundingBox();
    expect(track!.width).toBeGreaterThan(250);
  });
});
