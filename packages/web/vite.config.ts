import preact from '@preact/preset-vite';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The files worth compressing: text. Source maps are not (the server does not serve them by default). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller files gain nothing from compression (the headers weigh more). */
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `NAME.br` and `NAME.gz` beside every text file of the build, once at the end (so the
 * engine's worker chunk, the files copied from public/, the web app manifest and the service
 * worker are included: this runs after the PWA plugin writes sw.js, `order: 'post'`). The server
 * sends them to browsers that accept them (@fastify/static's `preCompressed`), so nothing is
 * compressed per request. A compressed copy that is not smaller than the file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
    );
    return nested.flat();
  };
  const compress = async (file: string): Promise<void> => {
    if ((await stat(file)).size < MIN_BYTES) return;
    const data = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < data.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
  };
  return {
    name: 'tafl-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await walk(outDir)).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(files.map(compress));
      },
    },
  };
}

/** Cross-origin isolation, as the server sends it: the engine's workers may share memory (Lazy SMP). */
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * The installable app that opens with no network (vite-plugin-pwa, Workbox's generateSW): the
 * web app manifest (its icons: public/icons/, made by scripts/icons.mjs) and a service worker,
 * sw.js, that keeps the app's shell and every chunk of it (each lazy screen, the engine's
 * workers), so that after one visit everything that does not need the server (the computer, a
 * game on one device, the archive, analysis, lessons, rules, puzzles) works offline, and a game
 * in progress never meets a chunk of a newer build. The API is never kept: it always goes to the
 * network (online screens say when it cannot). The hash routes mean one page: only `/` (and
 * `/index.html`) navigations get the kept shell; board-test.html, the API and anything else go
 * to the server. A new version waits (registerType 'prompt', no skipWaiting) until the player
 * takes it with the app's "Reload" (app/update.ts, app/UpdateNotice.tsx). The server answers
 * index.html, sw.js and the manifest with `no-cache`, so each update check sees a new build.
 * vite-plugin-pwa 2.0 declares Vite 8 among its peers and builds with this one (Rolldown); its
 * sw.js is written at closeBundle, before `precompress` (which runs last) writes its copies.
 */
function pwa(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    // Registered by main.tsx (app/update.ts, through virtual:pwa-register): no inline script,
    // which the CSP refuses.
    injectRegister: false,
    includeAssets: ['favicon.svg'],
    manifest: {
      id: '/',
      name: 'Brandubh & Ard Ri',
      short_name: 'Brandubh',
      description: 'Play Brandubh and Ard Ri, the tafl games of Ireland and Scotland',
      lang: 'en',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f6efe2',
      theme_color: '#3b2a1a',
      categories: ['games'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      // The build's scripts, styles and page; never the .br/.gz copies (the server picks those per
      // request), the source maps, nor the board's test page and its chunks.
      globPatterns: ['**/*.{js,css,html}'],
      globIgnores: ['board-test.html', 'assets/boardTest-*', 'sw.js', 'workbox-*.js', '**/node_modules/**'],
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/^\/(?:index\.html)?(?:\?.*)?$/],
      cleanupOutdatedCaches: true,
      // The first visit's page is taken under the worker as soon as it is active (so a network lost
      // right after it loses no screen); a new version still waits for the player's "Reload".
      clientsClaim: true,
      skipWaiting: false,
      // One file (no workbox-HASH.js beside it), pointing at no source map.
      inlineWorkboxRuntime: true,
      sourcemap: false,
    },
  });
}

// The app is served from the root of whatever server hosts it (packages/server in production).
// board-test.html is the board alone, for developers and the browser tests (e2e/board.e2e.ts).
// `npm run dev` passes online play (/api, its WebSocket too) to a server started beside it
// (`npm start`, 127.0.0.1:8080 unless TAFL_API says otherwise).
//
// Source maps are written for the operator (dist/assets/*.map) but the scripts do not point at
// them ('hidden'): the server does not serve them unless SERVE_SOURCEMAPS=1, and then it names
// each script's map in a SourceMap header.
export default defineConfig({
  plugins: [preact(), ...pwa(), precompress()],
  server: {
    proxy: { '/api': { target: process.env.TAFL_API ?? 'http://127.0.0.1:8080', ws: true } },
    headers: ISOLATION,
  },
  preview: { headers: ISOLATION },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: 'hidden',
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        boardTest: fileURLToPath(new URL('board-test.html', import.meta.url)),
      },
    },
  },
  worker: { format: 'es' },
});
