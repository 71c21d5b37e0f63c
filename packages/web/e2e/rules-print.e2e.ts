// The rules pages on paper: every ruleset in Spanish, English and French, printed by Chromium as
// an A4 sheet of at most two pages, with every diagram and nothing of the app around the rules (no
// header, navigation or buttons, a white page). The Print button of each page calls the browser's
// print. The PDFs are kept to look at: /tmp/rules-print-ID-LANG.pdf (`pdftoppm -png -r 60` draws
// them), and /tmp/rules-print-brandub-fr-fr.png is the French brandub-fr page laid out for print.
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useApp } from './harness.js';

const app = useApp();

const RULESETS = [
  'plazoleta',
  'brandubh-2019',
  'ard-ri-es',
  'brandubh-en',
  'ard-ri-fr',
  'brandub-fr',
  'opentafl-brandub',
  'federation-brandubh',
] as const;

const LANGUAGES = [
  { lang: 'es', locale: 'es-ES' },
  { lang: 'en', locale: 'en-GB' },
  { lang: 'fr', locale: 'fr-FR' },
] as const;

const PDF_OPTIONS = { format: 'A4', printBackground: true, preferCSSPageSize: true } as const;

/**
 * The number of pages of a PDF as Chromium writes it: its page objects (`/Type /Page`, not the
 * page tree's `/Type /Pages`), which must agree with the `/Count` of the root of the page tree
 * (the largest `/Count`). Chromium writes these dictionaries uncompressed; a PDF where they cannot
 * be found, or disagree, is an error rather than a guess.
 */
export function countPdfPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf).toString('latin1');
  if (!text.startsWith('%PDF-')) throw new Error('not a PDF');
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  const counts = [
    ...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g),
  ].map((m) => Number(m[1] ?? m[2]));
  if (pages === 0 || counts.length === 0) throw new Error('no page objects or page tree found in the PDF');
  const count = Math.max(...counts);
  if (count !== pages) throw new Error(`the PDF has ${pages} page objects but its page tree counts ${count}`);
  return pages;
}

async function open(path: string, locale: string, init?: () => void): Promise<Page> {
  const context = await app.browser.newContext({ locale, viewport: { width: 1200, height: 900 } });
  app.contexts.push(context);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(`${app.server.url}${path}`);
  return page;
}

/** Records calls of window.print (Chromium's print dialog cannot open headless). */
function stubPrint(): void {
  const w = window as Window & { printCalls?: number };
  w.printCalls = 0;
  window.print = () => {
    w.printCalls = (w.printCalls ?? 0) + 1;
  };
}

describe('the page counter', () => {
  it('counts the pages of PDFs whose number of pages is known', async () => {
    const { context, page } = await openPage(app.browser, 'about:blank');
    app.contexts.push(context);
    await page.setContent('<p>One short page.</p>');
    expect(countPdfPages(await page.pdf({ format: 'A4' }))).toBe(1);
    await page.setContent(
      '<style>section { break-after: page; }</style><section>1</section><section>2</section><section>3</section>',
    );
    expect(countPdfPages(await page.pdf({ format: 'A4' }))).toBe(3);
    await page.setContent(
      '<style>body { margin: 0; } div { height: 100mm; break-inside: avoid; }</style>' +
        Array.from({ length: 12 }, (_, i) => `<div>${i}</div>`).join(''),
    );
    // Twelve unbreakable blocks of 100 mm on A4 pages of 297 mm without margins: two blocks a
    // page, six pages.
    expect(countPdfPages(await page.pdf({ format: 'A4', margin: { top: '0', bottom: '0' } }))).toBe(6);
    expect(() => countPdfPages(new TextEncoder().encode('not a pdf'))).toThrow();
  });
});

/**
 * One page a language, kept open across the tests and taken back to the screen's styles: each test
 * navigates it to its ruleset's rules as a link would (the app changes its screen without loading
 * again), so the browser loads the app three times rather than twenty-four.
 */
const printPages = new Map<string, { page: Page; errors: string[] }>();

async function printPage(locale: string): Promise<{ page: Page; errors: string[] }> {
  let kept = printPages.get(locale);
  if (kept === undefined) {
    const context = await app.browser.newContext({ locale, viewport: { width: 1200, height: 900 } });
    await context.addInitScript(stubPrint);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Opened on a rules page, as the tests opened each page before: the rules screen's code and
    // styles load with the app, and every later rules page finds them there.
    await page.goto(`${app.server.url}#/rules/${RULESETS[0]}`);
    kept = { page, errors };
    printPages.set(locale, kept);
  }
  // No emulated media: the PDF is printed in print's styles, the page seen in the screen's.
  await kept.page.emulateMedia({ media: null });
  return kept;
}

describe('the rules pages in print', () => {
  const measured: string[] = [];

  for (const id of RULESETS)
    for (const { lang, locale } of LANGUAGES)
      it(`${id} in ${lang}: a clean A4 sheet of at most two pages, with every diagram`, async () => {
        const { page, errors: pageErrors } = await printPage(locale);
        const errorsBefore = pageErrors.length;
        await page.goto(`${app.server.url}#/rules/${id}`);
        await page.waitForSelector(`.rp-page[data-ruleset="${id}"]`);
        await expect(page.locator('.app').getAttribute('lang')).resolves.toBe(lang);

        // On screen: the figures, and a Print button that calls the browser's print.
        const figures = await page
          .locator('figure.rp-diagram')
          .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset['caption'] ?? 'start'));
        expect(figures[0]).toBe('start');
        expect(figures.length).toBeGreaterThan(1);
        const button = page.locator('button.rp-print');
        await expect(button.count()).resolves.toBe(1);
        await expect(button.isVisible()).resolves.toBe(true);
        const printCalls = (): Promise<number | undefined> =>
          page.evaluate(() => (window as Window & { printCalls?: number }).printCalls);
        const callsBefore = (await printCalls()) ?? 0;
        await button.click();
        await expect(printCalls()).resolves.toBe(callsBefore + 1);

        // Printed as the browser prints it: from the page as it is on screen.
        const pdf = await page.pdf(PDF_OPTIONS);
        await writeFile(`/tmp/rules-print-${id}-${lang}.pdf`, pdf);
        const pages = countPdfPages(pdf);
        measured.push(`${id} ${lang}: ${pages}`);
        expect(pages, `${id} in ${lang} prints on at most two pages`).toBeLessThanOrEqual(2);

        // What is on paper, in print's styles.
        await page.emulateMedia({ media: 'print' });
        await expect(page.locator('header.top').isVisible(), 'the app header').resolves.toBe(false);
        for (const what of ['nav', 'button', '.action', 'select', 'textarea']) {
          const shown = await page
            .locator(what)
            .evaluateAll((els) =>
              els.filter(
                (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
              ),
            );
          expect(shown, `${what} in print`).toHaveLength(0);
        }
        const backgrounds = await page.evaluate(() =>
          [document.documentElement, document.body, document.querySelector('main')!].map((el) => {
            const s = getComputedStyle(el);
            return `${s.backgroundColor} ${s.backgroundImage}`;
          }),
        );
        for (const b of backgrounds)
          expect(['rgb(255, 255, 255) none', 'rgba(0, 0, 0, 0) none']).toContain(b);
        expect(backgrounds[0], 'the page’s own background').toBe('rgb(255, 255, 255) none');
        const ink = await page
          .locator('.rp-sentence .rp-text')
          .first()
          .evaluate((el) => getComputedStyle(el).color);
        const [r, g, b] = (ink.match(/\d+/g) ?? []).map(Number);
        expect(Math.max(r ?? 255, g ?? 255, b ?? 255), `the text is dark: ${ink}`).toBeLessThan(80);

        // Nothing is cut by a page: a diagram, a sentence, a title from what follows it. The OTN
        // rules string is a line of text.
        const unbroken = await page.evaluate(() => {
          const all = (selector: string, test: (s: CSSStyleDeclaration) => boolean): boolean =>
            [...document.querySelectorAll(selector)].every((el) => test(getComputedStyle(el)));
          return {
            diagrams: all('figure.rp-diagram', (s) => s.breakInside === 'avoid'),
            sentences: all('.rp-sentence', (s) => s.breakInside === 'avoid'),
            titles: all('.rp-section h2', (s) => s.breakAfter === 'avoid'),
          };
        });
        expect(unbroken).toEqual({ diagrams: true, sentences: true, titles: true });
        await expect(page.locator('.rp-otn-print').isVisible()).resolves.toBe(true);
        await expect(page.locator('.rp-otn-print').textContent()).resolves.toMatch(/^dim:7 /);

        // Every diagram is there, with its board of 49 squares, each square at least 3 mm wide
        // (96 CSS pixels are an inch).
        const printed = await page.locator('figure.rp-diagram').evaluateAll((els) =>
          els.map((el) => ({
            caption: (el as HTMLElement).dataset['caption'] ?? 'start',
            width: el.querySelector('[role="grid"]')?.getBoundingClientRect().width ?? 0,
            squares: el.querySelectorAll('.tb-sq').length,
          })),
        );
        expect(printed.map((f) => f.caption)).toEqual(figures);
        for (const f of printed) {
          expect(f.squares, f.caption).toBe(49);
          expect(((f.width / 7) * 25.4) / 96, `${f.caption}: millimetres a square`).toBeGreaterThanOrEqual(3);
        }

        // A move's arrow lies on its grid on paper whatever was measured on screen (the browser
        // does not run the page's scripts again for paper): the measure is spoiled here first.
        const offsets = await page.locator('.rp-picture:has(.rp-overlay)').evaluateAll((pictures) =>
          pictures.map((picture) => {
            const overlay = picture.querySelector<HTMLElement>('.rp-overlay')!;
            Object.assign(overlay.style, { left: '0%', top: '0%', width: '100%', height: '100%' });
            const a = overlay.getBoundingClientRect();
            const b = picture.querySelector('[role="grid"]')!.getBoundingClientRect();
            return Math.max(
              Math.abs(a.left - b.left),
              Math.abs(a.top - b.top),
              Math.abs(a.width - b.width),
              Math.abs(a.height - b.height),
            );
          }),
        );
        expect(offsets.length).toBe(figures.length - 1);
        for (const o of offsets) expect(o, 'the arrow’s box is the grid’s, in CSS pixels').toBeLessThan(1);
        expect(pageErrors.slice(errorsBefore)).toEqual([]);
      });

  it('the French brandub-fr sheet as printed (a picture to look at)', async () => {
    const page = await open('#/rules/brandub-fr', 'fr-FR');
    await page.waitForSelector('figure[data-caption="kingShield"] .rp-arrow');
    await page.emulateMedia({ media: 'print' });
    // The width of an A4 sheet less its margins (182 mm at 96 dpi), so the lines break as on
    // paper; the picture is the sheet's layout in one piece, without its page breaks.
    await page.setViewportSize({ width: 688, height: 1000 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: '/tmp/rules-print-brandub-fr-fr.png', fullPage: true });
    console.log(`pages printed: ${measured.join(', ')}`);
  });
});
