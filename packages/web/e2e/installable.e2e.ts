// The app is installable, as Chromium judges it against `npm start`'s server: the web app manifest
// as Chromium reads it (DevTools' Page.getAppManifest: no error, the name, short name, start URL,
// standalone display, colours and icons), no installability error once the service worker runs
// (Page.getInstallabilityErrors, in a profile of its own: Chromium never offers to install from
// an incognito one, which every Playwright context but a persistent one is), each icon served as
// the PNG of the size it claims, and the maskable icon keeping its mark inside the safe zone (the
// circle of 40% of its width about the centre, which every launcher's mask leaves whole). No
// Content Security Policy violation, page error or console error on the way.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, testBrowserSwitches, useApp } from './harness.js';

const app = useApp();

interface ManifestIcon {
  readonly src: string;
  readonly sizes: string;
  readonly type: string;
  readonly purpose: string;
}

let profile: string;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  profile = await mkdtemp(join(tmpdir(), 'tafl-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    args: testBrowserSwitches(),
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content.Security.Policy/i.test(m.text()))
      problems.push(`console: ${m.text()}`);
  });
  await page.goto(app.server.url);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
});

afterAll(async () => {
  await context?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('has a manifest Chromium reads without error, and no installability error', async () => {
    const cdp = await context.newCDPSession(page);
    const read = await cdp.send('Page.getAppManifest');
    expect(new URL(read.url).pathname).toBe('/manifest.webmanifest');
    expect(read.errors).toEqual([]);
    const manifest = JSON.parse(read.data) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Brandubh & Ard Ri',
      short_name: 'Brandubh',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#3b2a1a',
      background_color: '#f6efe2',
    });
    const icons = manifest['icons'] as ManifestIcon[];
    expect(icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // The service worker that keeps the app, at the root of the site.
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { scope: r?.scope, script: r?.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${app.server.url}`, script: `${app.server.url}sw.js` });
    expect(problems).toEqual([]);
  });

  it('serves each icon as the PNG of its size; the maskable one keeps its mark in the safe zone', async () => {
    const cdp = await context.newCDPSession(page);
    const icons = (JSON.parse((await cdp.send('Page.getAppManifest')).data) as { icons: ManifestIcon[] })
      .icons;
    for (const icon of icons.filter((i) => i.type === 'image/png')) {
      const seen = await page.evaluate(async (src) => {
        const response = await fetch(src, { cache: 'no-store' });
        // Decoded as a bitmap (an image of a blob: address is not allowed by the CSP's img-src).
        const bitmap = await createImageBitmap(await response.blob());
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          width: bitmap.width,
          height: bitmap.height,
        };
      }, icon.src);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(seen, icon.src).toEqual({ status: 200, type: 'image/png', width, height });
    }

    // Every pixel outside the safe zone is the background: nothing of the mark is cut by a mask.
    const maskable = icons.find((i) => i.purpose === 'maskable')!;
    const outside = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const size = image.naturalWidth;
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const g = canvas.getContext('2d')!;
      g.drawImage(image, 0, 0);
      const { data } = g.getImageData(0, 0, size, size);
      const background = [data[0], data[1], data[2], data[3]];
      let checked = 0;
      let other = 0;
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          const dx = x + 0.5 - size / 2;
          const dy = y + 0.5 - size / 2;
          if (Math.hypot(dx, dy) <= 0.4 * size) continue;
          checked++;
          const i = (y * size + x) * 4;
          if (background.some((v, k) => Math.abs(data[i + k]! - v!) > 2)) other++;
        }
      return {
        background,
        checked,
        other,
        centre: Array.from(
          data.slice(((size / 2) * size + size / 2) * 4, ((size / 2) * size + size / 2) * 4 + 4),
        ),
      };
    }, maskable.src);
    // Opaque, full bleed, the board's dark wood; and the mark (not the background) at the centre.
    expect(outside.background).toEqual([0x6b, 0x44, 0x23, 255]);
    expect(outside.checked).toBeGreaterThan(0);
    expect(outside.other).toBe(0);
    expect(outside.centre).not.toEqual(outside.background);
    expect(problems).toEqual([]);
  });
});
