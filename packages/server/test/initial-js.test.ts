// The start page's JavaScript: every script and module preload that the built index.html names
// (packages/web/dist, which `npm run build` makes before the tests run), counted as the browser
// receives them, gzipped, at most INITIAL_JS_LIMIT bytes in all. The other screens come in chunks
// of their own when they are opened (packages/web/src/app/App.tsx and lazy.tsx).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** 100 KB gzipped: what a phone on a slow network loads before the start page answers a tap. */
const INITIAL_JS_LIMIT = 100_000;

const DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** The scripts a page loads before it runs: `<script src>`, inline scripts and `<link rel="modulepreload">`. */
export function initialScripts(html: string): { readonly files: string[]; readonly inline: string[] } {
  const files: string[] = [];
  const inline: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(m[1]!);
    if (src) files.push(src[1]!);
    else if (m[2]!.trim() !== '') inline.push(m[2]!);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel\s*=\s*["']?modulepreload\b/i.test(m[0])) continue;
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(m[0]);
    if (href) files.push(href[1]!);
  }
  return { files, inline };
}

const gzipped = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length;

describe('the start page’s JavaScript', () => {
  it('finds every script and module preload of a page', () => {
    const page = `<script type="module" crossorigin src="/assets/main-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/global-b.js">
      <link rel="stylesheet" href="/assets/main-c.css">
      <script>navigator.serviceWorker.register('/sw.js')</script>
      <script id="registerSW" src="/registerSW.js"></script>`;
    expect(initialScripts(page)).toEqual({
      files: ['/assets/main-a.js', '/registerSW.js', '/assets/global-b.js'],
      inline: ["navigator.serviceWorker.register('/sw.js')"],
    });
  });

  it(`is at most ${INITIAL_JS_LIMIT} bytes gzipped, every script and module preload of index.html counted`, () => {
    const index = `${DIST}index.html`;
    expect(existsSync(index), `${index} is missing: run npm run build first`).toBe(true);
    const { files, inline } = initialScripts(readFileSync(index, 'utf8'));
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map(
      (file) => [file, gzipped(readFileSync(`${DIST}${file.replace(/^\//, '')}`))] as const,
    );
    const total =
      sizes.reduce((sum, [, bytes]) => sum + bytes, 0) + inline.reduce((s, code) => s + gzipped(code), 0);
    const report = sizes.map(([file, bytes]) => `${bytes} ${file}`).join('\n');
    expect(total, `${total} bytes gzipped:\n${report}`).toBeLessThanOrEqual(INITIAL_JS_LIMIT);
  });
});
