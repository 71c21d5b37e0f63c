// The app's PNG icons (public/icons/), drawn from its SVGs by Chromium (playwright-core, as the
// browser tests use it): the mark of public/favicon.svg at the sizes Chromium and Android ask a
// manifest for (192 and 512, transparent corners), and icons/maskable.svg, full bleed with the
// mark inside the safe zone, as the maskable icon (512) and Apple's home-screen icon (180).
// The PNGs are committed; run this again after changing either SVG:
//   node packages/web/scripts/icons.mjs
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** [source SVG, PNG written under public/icons/, size in pixels]. */
const ICONS = [
  ['public/favicon.svg', 'icon-192.png', 192],
  ['public/favicon.svg', 'icon-512.png', 512],
  ['icons/maskable.svg', 'maskable-512.png', 512],
  ['icons/maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [source, name, size] of ICONS) {
    const svg = (await readFile(web(source), 'utf8')).replace(
      '<svg ',
      `<svg width="${size}" height="${size}" `,
    );
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    await page.screenshot({
      path: web(`public/icons/${name}`),
      clip: { x: 0, y: 0, width: size, height: size },
      omitBackground: true,
    });
    console.log(`public/icons/${name}: ${size}×${size} from ${source}`);
  }
} finally {
  await browser.close();
}
