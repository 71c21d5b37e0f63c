// The 24 rules pages (8 rulesets × es, en, fr) in Chromium, read as a player who owns each
// leaflet would: docs/rules.md, "every sentence of a page is true of its ruleset". What belongs to
// one source (its own words, a rule it states) is on that source's pages and no other; a ruleset
// whose king escapes on the edge names no exit squares; every departure from the source is a
// short marked line in the page's language; the source is named as the command line names it.
import { PRESETS, sourceOf, type Ruleset } from '@tafl/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rulesetSource } from '../src/rules/describe.js';
import { RULES_TEXT } from '../src/rules/text/index.js';
import { EXIT_SQUARES, SOURCE_WORDS } from '../test/source-words.js';
import { openPage, useApp } from './harness.js';

const app = useApp();

const LOCALES = { es: 'es-ES', en: 'en-GB', fr: 'fr-FR' } as const;
type Lang = keyof typeof LOCALES;

interface Read {
  readonly text: string;
  readonly source: string;
  readonly notes: readonly { readonly kind: string; readonly text: string }[];
  readonly errors: readonly string[];
  /** The document's language, `<html lang>`. */
  readonly lang: string;
}

/**
 * One page a language, kept open across the tests: each reading navigates it to the next ruleset's
 * rules as a player following a link would (the app changes its screen without loading again), so
 * the browser loads the app three times rather than twenty-four.
 */
const pages = new Map<Lang, Page>();

async function read(rules: Ruleset, lang: Lang): Promise<Read> {
  let page = pages.get(lang);
  if (page === undefined) {
    page = (await openPage(app.browser, `${app.server.url}#/rules/${PRESETS[0]!.id}`, LOCALES[lang])).page;
    pages.set(lang, page);
  }
  const errors = (page as Page & { errors?: string[] }).errors ?? [];
  const errorsBefore = errors.length;
  await page.goto(`${app.server.url}#/rules/${rules.id}`);
  await page.waitForSelector(`.rp-page[data-ruleset="${rules.id}"] #rules-draws`);
  return {
    text: await page.locator('.rp-page').innerText(),
    source: (await page.locator('.rp-source').innerText()).trim(),
    notes: await page
      .locator('.rp-sentence .rp-note')
      .evaluateAll((els) =>
        els.map((el) => ({ kind: (el as HTMLElement).dataset['kind'] ?? '', text: el.textContent ?? '' })),
      ),
    errors: errors.slice(errorsBefore),
    lang: await page.evaluate(() => document.documentElement.lang),
  };
}

describe('each rules page says what its own source says, and only that', () => {
  for (const rules of PRESETS)
    for (const lang of Object.keys(LOCALES) as Lang[])
      it(`${rules.id} in ${lang}`, async () => {
        const page = await read(rules, lang);
        const t = RULES_TEXT[lang];

        for (const [words, owners] of SOURCE_WORDS)
          expect(words.test(page.text), `${String(words)} on ${rules.id}/${lang}`).toBe(
            owners.includes(rules.id),
          );
        if (rules.escape === 'edge')
          expect(page.text, 'a ruleset without exit squares names none').not.toMatch(EXIT_SQUARES);

        // The source's own words, each quoted on its page.
        for (const [, word] of sourceOf(rules.id)!.terms) expect(page.text).toContain(word);

        // Every departure from the source is a marked line, in the page's language, in its kind.
        const expected = [
          ...rules.notes.map((n) => ({ kind: n.kind, text: t.notes[n.id as keyof typeof t.notes] })),
          { kind: 'house rule', text: t.notes.agreement },
        ];
        expect([...page.notes].sort((a, b) => a.text.localeCompare(b.text))).toEqual(
          expected.sort((a, b) => a.text.localeCompare(b.text)),
        );

        // The source is named as core's sources.ts names it, in the page's language.
        expect(page.source).toContain(rulesetSource(rules, lang));
        expect(page.errors).toEqual([]);
        expect(page.lang, 'the document is in the page’s language').toBe(lang);
      });
});
