// The rules editor in Chromium, against the app as `npm start` serves it: a ruleset edited (a
// parameter and the position), checked, saved in the browser, then played by "Save and play".
// Screenshots to look at: /tmp/editor.png (desktop) and /tmp/editor-phone.png (390x844).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BRANDUBH_LAYOUT } from '@tafl/core';
import { openPage, useApp } from './harness.js';

const app = useApp();

async function open(path: string, locale = 'en-GB'): Promise<Page> {
  const { context, page } = await openPage(app.browser, `${app.server.url}${path}`, locale);
  app.contexts.push(context);
  return page;
}

const errorsOf = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];

/** The square index of a name on the 7x7 board: a1 = 0. */
const sq = (name: string): number => (Number(name.slice(1)) - 1) * 7 + name.charCodeAt(0) - 97;
const editorSquare = (page: Page, name: string) => page.locator(`.rp-square[data-sq="${sq(name)}"]`);
const tool = (page: Page, name: 'attacker' | 'defender' | 'king' | 'empty') =>
  page.locator(`.rp-tool[data-tool="${name}"]`);

interface StoredRuleset {
  readonly id: string;
  readonly name: string;
  readonly firstToMove: string;
  readonly start: string;
}
const stored = (page: Page): Promise<StoredRuleset[]> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('tafl.customRulesets') ?? '[]') as StoredRuleset[]);

describe('the rules editor', () => {
  it('an edited ruleset played: a parameter and the position changed, saved, Save and play, a move made', async () => {
    const page = await open('#/editor/brandubh-2019');
    await page.waitForSelector('.ed .rp-squares');
    await expect(page.locator('#ed-name').inputValue()).resolves.toBe('Brandubh (2019 blog) (my copy)');

    // A parameter: the defenders move first.
    await page.locator('#ed-name').fill('Defenders first');
    await page.selectOption('#ed-firstToMove', { label: 'Defenders' });

    // The position: an attacker on b2; a second king is refused until taken away.
    await editorSquare(page, 'b2').click();
    await expect(editorSquare(page, 'b2').getAttribute('aria-label')).resolves.toBe('b2, attacker');
    await tool(page, 'king').click();
    await editorSquare(page, 'f6').click();
    await expect(page.locator('.rp-issues li').textContent()).resolves.toBe(
      'The position has 2 kings: it must have exactly one.',
    );
    await expect(page.locator('.ed-actions button.primary').isDisabled()).resolves.toBe(true);
    await editorSquare(page, 'f6').click();
    await expect(page.locator('.rp-ok').count()).resolves.toBe(1);

    // The export says what was edited.
    const otn = await page.locator('.ed-transfer textarea').first().inputValue();
    expect(otn).toContain('atkf:n');
    expect(otn).toContain('start:/3t3/1t1t3/');

    // Saved in the browser, under a custom id the address now shows.
    await page.locator('.ed-actions button', { hasText: /^Save$/ }).click();
    await page.waitForFunction(() => /^#\/editor\/custom-\d+$/.test(location.hash));
    await expect(page.locator('.ed-actions .rp-status').textContent()).resolves.toBe('Saved.');
    const [saved, ...others] = await stored(page);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({ name: 'Defenders first', firstToMove: 'defenders' });
    expect(saved!.start).toBe(BRANDUBH_LAYOUT.replace('/3t3/3T3/', '/1t1t3/3T3/'));

    await page.setViewportSize({ width: 1200, height: 1000 });
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({ path: '/tmp/editor.png' });

    // Its rules page explains it from its parameters.
    await page.goto(`${app.server.url}#/rules/${saved!.id}`);
    await page.waitForSelector('.rp-page');
    await expect(page.locator('#rules-turn .rp-text').textContent()).resolves.toContain(
      'The defenders move first',
    );

    // "Save and play" opens a game between two players on this device, under the edited rules.
    await page.goto(`${app.server.url}#/editor/${saved!.id}`);
    await page.locator('.ed-actions button.primary').click();
    await page.waitForFunction(() => location.hash.startsWith('#/game/'));
    await expect(page.locator('.game-title').textContent()).resolves.toBe('Defenders first');
    const square = (name: string) => page.locator(`.tb-grid [data-name="${name}"]`);
    await square('b2').waitFor();
    await expect(square('b2').getAttribute('aria-label')).resolves.toMatch(/^b2, attacker/);
    // The defenders move first, as edited: d5 to b5.
    await square('d5').click();
    await square('b5').click();
    await expect(square('b5').getAttribute('aria-label')).resolves.toMatch(/^b5, defender/);
    await expect(square('d5').getAttribute('aria-label')).resolves.toMatch(/^d5, empty/);
    expect(errorsOf(page)).toEqual([]);
  });

  it('imports an OTN rules string, and shows the core’s sentence for one it cannot read', async () => {
    const page = await open('#/editor', 'es-ES');
    await page.waitForSelector('.ed .rp-squares');
    const box = page.locator('.ed-transfer form textarea');
    await box.fill(`dim:7 surf:n foo:1 start:${BRANDUBH_LAYOUT}`);
    await page.locator('.ed-transfer form button[type="submit"]').click();
    await expect(page.locator('.rp-error').textContent()).resolves.toContain(
      'No se pueden leer estas reglas',
    );
    await expect(page.locator('.rp-error-detail').textContent()).resolves.toContain('"foo"');

    await box.fill(`dim:7 name:Mis_reglas surf:n esc:e spd:1 start:${BRANDUBH_LAYOUT}`);
    await page.locator('.ed-transfer form button[type="submit"]').click();
    await expect(page.locator('.rp-error').count()).resolves.toBe(0);
    await expect(page.locator('#ed-name').inputValue()).resolves.toBe('Mis reglas');
    await expect(page.locator('#ed-escape option:checked').textContent()).resolves.toBe(
      'Cualquier casilla del borde',
    );
    await expect(page.locator('#ed-kingMove option:checked').textContent()).resolves.toBe('Una casilla');
  });

  it('a screen reader meets the editor’s board once, and each radio is named by its choice alone', async () => {
    const page = await open('#/editor/brandubh-2019');
    await page.waitForSelector('.ed .rp-squares');
    const tree = await page.locator('.ed-position').ariaSnapshot();
    // The king's square, once: the square buttons, not also the drawn board beneath them.
    expect(tree.match(/"d4, king"/g)).toHaveLength(1);
    expect(tree).not.toMatch(/- grid\b/);
    const radios = [...tree.matchAll(/- radio "([^"]*)"/g)].map((m) => m[1]);
    expect(radios).toEqual(['Attacker', 'Defender', 'King', 'Remove']);
    // The home page's radios too: none takes the words of a link beside it.
    await page.goto(`${app.server.url}#/`);
    await page.waitForSelector('main');
    const home = await page.locator('body').ariaSnapshot();
    for (const [, name] of home.matchAll(/- radio "([^"]*)"/g)) expect(name).not.toMatch(/rules/i);
  });

  it('deletes a saved ruleset', async () => {
    const page = await open('#/editor/plazoleta');
    await page.waitForSelector('.ed .rp-squares');
    await page.locator('.ed-actions button', { hasText: /^Save$/ }).click();
    await page.waitForFunction(() => /^#\/editor\/custom-\d+$/.test(location.hash));
    await expect(stored(page)).resolves.toHaveLength(1);
    await page.locator('.ed-actions button', { hasText: 'Delete' }).click();
    await page.locator('.ed-confirm button.danger').click();
    await page.waitForFunction(() => location.hash === '#/editor');
    await expect(stored(page)).resolves.toEqual([]);
    // The address changes before the app draws the new screen: wait for it, then read its status.
    await expect.poll(() => page.locator('.ed-actions .rp-status').textContent()).toBe('Deleted.');
  });

  it('screenshot on a phone: every control within the width', async () => {
    const phone = await app.browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    app.contexts.push(phone);
    const page = await phone.newPage();
    await page.goto(`${app.server.url}#/editor/ard-ri-fr`);
    await page.waitForSelector('.ed .rp-squares');
    await page.screenshot({ path: '/tmp/editor-phone.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    expect(overflow, 'the editor fits the phone’s width').toBe(false);
  });
});
