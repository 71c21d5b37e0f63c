// The rules pages in Chromium, against the app as `npm start` serves it: they carry the marks of
// docs/rules.md (each preset's readings and house rules), in Spanish, English and French. Screenshots to look at:
// /tmp/rules.png (the king's capture of brandub-fr, desktop), /tmp/rules-top.png (its top) and
// /tmp/rules-phone.png (390x844).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useApp } from './harness.js';

const app = useApp();

async function open(path: string, locale = 'en-GB'): Promise<Page> {
  const { context, page } = await openPage(app.browser, `${app.server.url}${path}`, locale);
  app.contexts.push(context);
  return page;
}

const errorsOf = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];

describe('the rules page in each language', () => {
  const languages = [
    {
      locale: 'es-ES',
      name: 'Brandub (Le Globe Joueur)',
      shield: 'escudo',
      reading: 'interpretación',
      house: 'regla casera',
    },
    {
      locale: 'en-GB',
      name: 'Brandub (Le Globe Joueur)',
      shield: 'King and shield',
      reading: 'reading',
      house: 'house rule',
    },
    {
      locale: 'fr-FR',
      name: 'Brandub (Le Globe Joueur)',
      shield: 'bouclier',
      reading: 'interprétation',
      house: 'règle maison',
    },
  ] as const;

  for (const lang of languages)
    it(`brandub-fr in ${lang.locale}: the king-and-shield explanation carries the reading mark`, async () => {
      const page = await open('#/rules/brandub-fr', lang.locale);
      await page.waitForSelector('.rp-page');
      await expect(page.locator('.rp-hero h1').textContent()).resolves.toBe(lang.name);

      const shield = page.locator('#rules-king li.rp-sentence[data-parameters~="kingAndShield"]');
      await expect(shield.locator('.rp-text').textContent()).resolves.toContain(lang.shield);
      await expect(shield.locator('.rp-mark[data-kind="reading"]').textContent()).resolves.toBe(lang.reading);
      await expect(shield.locator('.rp-note[data-kind="reading"]').count()).resolves.toBe(1);

      // Every page has the house rules of docs/rules.md: draw by agreement and resignation.
      const house = page.locator('#rules-draws .rp-mark[data-kind="house rule"]');
      await expect(house.first().textContent()).resolves.toBe(lang.house);

      // The diagrams of the king-and-shield capture and of its reading, each with its board.
      for (const caption of ['kingShield', 'kingShieldNone'])
        await expect(
          page.locator(`figure[data-caption="${caption}"] [role="grid"]`).count(),
          caption,
        ).resolves.toBe(1);
      await expect(
        page.locator('figure[data-caption="kingShieldNone"] .rp-mark[data-kind="reading"]').textContent(),
      ).resolves.toBe(lang.reading);
      expect(errorsOf(page)).toEqual([]);
    });

  it('the captured pieces of a diagram are marked on its board, its move drawn as an arrow', async () => {
    const page = await open('#/rules/brandub-fr');
    const figure = page.locator('figure[data-caption="kingShield"]');
    await figure.waitFor();
    await expect(figure.locator('.rp-arrow').count()).resolves.toBe(1);
    const danger = await figure
      .locator('.tb-sq.is-danger')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset['name']).sort());
    expect(danger).toEqual(['d4', 'd5']);
  });

  it('the OTN rules string is there to copy, and reads back as the ruleset', async () => {
    const page = await open('#/rules/ard-ri-fr');
    const otn = await page.locator('.rp-otn-section textarea').inputValue();
    expect(otn).toMatch(/^dim:7 /);
    expect(otn).toContain('esc:e');
    expect(otn).toContain('x-quiet:20');
  });

  it('the index lists every ruleset; a card opens its page, in the browser’s language', async () => {
    const page = await open('#/rules', 'fr-FR');
    await page.waitForSelector('.rp-index');
    await expect(page.locator('.rp-card').count()).resolves.toBe(8);
    await page.locator('.rp-card', { hasText: 'Ard-ri (Le Globe Joueur)' }).click();
    await page.waitForSelector('.rp-page[data-ruleset="ard-ri-fr"]');
    await expect(page.locator('#rules-end .rp-text').first().textContent()).resolves.toContain(
      'bord du plateau',
    );
  });

  it('an unknown ruleset says so', async () => {
    const page = await open('#/rules/nothing-here');
    await expect(page.locator('.rp-notfound').textContent()).resolves.toContain('nothing-here');
  });

  it('screenshots: the king’s capture on a desktop, the top, and a phone', async () => {
    const page = await open('#/rules/brandub-fr');
    await page.waitForSelector('figure[data-caption="kingShield"] .rp-arrow');
    await page.screenshot({ path: '/tmp/rules-top.png' });
    await page.locator('#rules-king').evaluate((el) => {
      scrollTo(0, el.getBoundingClientRect().top + scrollY - 60);
    });
    await page.waitForTimeout(150);
    await page.screenshot({ path: '/tmp/rules.png' });

    const phone = await app.browser.newContext({ locale: 'es-ES', viewport: { width: 390, height: 844 } });
    app.contexts.push(phone);
    const small = await phone.newPage();
    await small.goto(`${app.server.url}#/rules/plazoleta`);
    await small.waitForSelector('figure[data-caption="kingNextToThrone"] .rp-arrow');
    await small.locator('#rules-king').evaluate((el) => {
      scrollTo(0, el.getBoundingClientRect().top + scrollY - 10);
    });
    await small.waitForTimeout(150);
    await small.screenshot({ path: '/tmp/rules-phone.png' });
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    expect(overflow, 'the page fits the phone’s width').toBe(false);
  });
});
