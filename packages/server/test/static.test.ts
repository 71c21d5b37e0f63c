/**
 * The static files over real sockets: precompressed copies chosen by Accept-Encoding, a year of
 * caching for the hashed assets, revalidation for the page, and no source maps unless asked for.
 * Most tests serve a small dist of their own (buildServer's webRoot); the last ones check the
 * real build (packages/web/dist, which `npm run build` makes and the server tests need anyway)
 * and the real `npm start` process: among them, that the service worker keeps every file of the
 * app as built, and that it, the manifest and the page are revalidated at each update check.
 */

import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, DEFAULT_WEB_ROOT, HASHED_ASSET_RE } from '../src/app.js';
import { startServer, tempDir, type ServerProcess } from './harness.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (not decompressed). */
  body: Buffer;
}

/** A GET over a socket, headers as given, the body as it came. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const board = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `square ${i}`))};\n`;
const WORKER = `self.onmessage = (e) => self.postMessage(${JSON.stringify('x'.repeat(2000))} + e.data);\n`;
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/main-AbCd1234.js"></script></head><body>${'<p>tafl</p>'.repeat(80)}</body></html>\n`;

/** A dist as Vite and vite.config.ts's precompress plugin leave it. */
function fakeDist(dir: string): void {
  mkdirSync(join(dir, 'assets'));
  const write = (path: string, text: string, compressed = true): void => {
    writeFileSync(join(dir, path), text);
    if (!compressed) return;
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  };
  write('index.html', PAGE);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  write('assets/main-AbCd1234.js', SCRIPT);
  write('assets/main-AbCd1234.js.map', '{"version":3,"sources":[],"mappings":""}', false);
  write('assets/browser-worker-Zy_9-x8W.js', WORKER);
  write('assets/main-Q1w2E3r4.css', `${'.board { display: grid; }\n'.repeat(60)}`);
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('static files of a dist', () => {
  const dist = tempDir('tafl-dist-');
  let app: FastifyInstance;
  let withMaps: FastifyInstance;
  let base: string;
  let mapsBase: string;
  beforeAll(async () => {
    fakeDist(dist.dir);
    app = await buildServer({ webRoot: dist.dir });
    withMaps = await buildServer({ webRoot: dist.dir, serveSourceMaps: true });
    base = await listen(app);
    mapsBase = await listen(withMaps);
  });
  afterAll(async () => {
    await app.close();
    await withMaps.close();
    dist.remove();
  });

  it('a hashed script asked for with brotli comes compressed, typed, immutable, and decompresses to the file', async () => {
    const r = await get(base, '/assets/main-AbCd1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.body.length).toBeLessThan(SCRIPT.length / 2);
    expect(brotliDecompressSync(r.body).toString()).toBe(SCRIPT);
  });

  it('gzip when the browser takes only gzip', async () => {
    const r = await get(base, '/assets/main-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(r.body).toString()).toBe(SCRIPT);
  });

  it('the file itself without Accept-Encoding', async () => {
    const r = await get(base, '/assets/main-AbCd1234.js');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.body.toString()).toBe(SCRIPT);
  });

  it("the engine's worker chunk is an immutable script like the others", async () => {
    const r = await get(base, '/assets/browser-worker-Zy_9-x8W.js', { 'accept-encoding': 'br' });
    expect(r.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(r.body).toString()).toBe(WORKER);
  });

  it('a stylesheet: text/css, compressed, immutable', async () => {
    const r = await get(base, '/assets/main-Q1w2E3r4.css', { 'accept-encoding': 'br' });
    expect(r.headers['content-type']).toMatch(/^text\/css/);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('the page is revalidated: no-cache with an ETag, and 304 while it has not changed', async () => {
    for (const path of ['/', '/index.html']) {
      for (const encoding of ['br', 'gzip', undefined]) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const r = await get(base, path, headers);
        expect(r.status).toBe(200);
        expect(r.headers['content-type']).toMatch(/^text\/html/);
        expect(r.headers['cache-control']).toBe('no-cache');
        expect(r.headers['content-encoding']).toBe(encoding);
        const etag = r.headers.etag;
        expect(typeof etag).toBe('string');
        const again = await get(base, path, { ...headers, 'if-none-match': String(etag) });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers['cache-control']).toBe('no-cache');
      }
    }
  });

  it('a changed page is sent again (a deploy reaches a reload)', async () => {
    const first = await get(base, '/');
    const page = join(dist.dir, 'index.html');
    writeFileSync(page, `${PAGE}<!-- deployed again -->\n`);
    try {
      const again = await get(base, '/', { 'if-none-match': String(first.headers.etag) });
      expect(again.status).toBe(200);
      expect(again.body.toString()).toContain('deployed again');
    } finally {
      writeFileSync(page, PAGE);
    }
  });

  it('an unhashed file (the favicon) is revalidated, not kept for a year', async () => {
    const r = await get(base, '/favicon.svg', { 'accept-encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it('source maps are not served by default, and scripts do not name them', async () => {
    const r = await get(base, '/assets/main-AbCd1234.js.map');
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body.toString())).toMatchObject({ error: { code: 'http/not-found' } });
    expect((await get(base, '/assets/main-AbCd1234.js')).headers.sourcemap).toBeUndefined();
  });

  it('with serveSourceMaps, the map is served and each script names its map', async () => {
    const map = await get(mapsBase, '/assets/main-AbCd1234.js.map');
    expect(map.status).toBe(200);
    expect(JSON.parse(map.body.toString())).toMatchObject({ version: 3 });
    const script = await get(mapsBase, '/assets/main-AbCd1234.js', { 'accept-encoding': 'br' });
    expect(script.headers.sourcemap).toBe('main-AbCd1234.js.map');
    // A script without a map names none.
    expect((await get(mapsBase, '/assets/browser-worker-Zy_9-x8W.js')).headers.sourcemap).toBeUndefined();
  });

  it('the API is not cached as a static file', async () => {
    const r = await get(base, '/healthz');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});

describe('the real build', () => {
  const assets = join(DEFAULT_WEB_ROOT, 'assets');
  const files = (): string[] => readdirSync(assets).filter((f) => !/\.(br|gz)$/.test(f));

  it('every text file of at least 512 bytes has brotli and gzip copies that decompress to it', () => {
    const text = [
      ...files().map((f) => join(assets, f)),
      ...readdirSync(DEFAULT_WEB_ROOT).map((f) => join(DEFAULT_WEB_ROOT, f)),
    ].filter((f) => /\.(js|css|html|svg)$/.test(f) && statSync(f).size >= 512);
    expect(text.some((f) => f.endsWith('index.html'))).toBe(true);
    expect(text.some((f) => /browser-worker-.*\.js$/.test(f))).toBe(true);
    for (const file of text) {
      const data = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(data), file).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(data), file).toBe(true);
    }
  });

  it('the service worker keeps every file of the app as built, and nothing the server picks per request', () => {
    // Workbox's precache list in sw.js: { url, revision } (null for a content-named file).
    const worker = readFileSync(join(DEFAULT_WEB_ROOT, 'sw.js'), 'utf8');
    const kept = [...worker.matchAll(/\{url:"([^"]+)",revision:(null|"[0-9a-f]{32}")\}/g)].map((m) => ({
      url: m[1]!,
      revision: m[2] === 'null' ? null : m[2]!.slice(1, -1),
    }));
    const urls = kept.map((k) => k.url);
    expect(new Set(urls).size).toBe(urls.length);
    // Each as built: a file of the build, its revision the MD5 of what is served.
    for (const { url, revision } of kept) {
      const file = join(DEFAULT_WEB_ROOT, url);
      expect(statSync(file).isFile(), url).toBe(true);
      if (revision !== null)
        expect(createHash('md5').update(readFileSync(file)).digest('hex'), url).toBe(revision);
      else expect(`/${url}`, url).toMatch(HASHED_ASSET_RE);
    }
    // Every script and style of the app (each lazy screen, the engine's workers): the app opens
    // offline; the page, the manifest, the icons.
    const app = files().filter((f) => /\.(js|css)$/.test(f) && !f.startsWith('boardTest-'));
    expect(app.some((f) => /^browser-worker-.*\.js$/.test(f))).toBe(true);
    expect([...urls].sort()).toEqual(
      [
        ...app.map((f) => `assets/${f}`),
        'index.html',
        'manifest.webmanifest',
        'favicon.svg',
        'icons/icon-192.png',
        'icons/icon-512.png',
        'icons/maskable-512.png',
      ].sort(),
    );
    // Never a compressed copy, a map, the worker itself nor the board's test page.
    for (const url of urls) expect(url).not.toMatch(/\.(br|gz|map)$|^sw\.js$|board-?test/i);
  });

  it('maps are built for the operator, but no script points browsers at one', () => {
    const scripts = files().filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(files().some((f) => f.endsWith('.js.map'))).toBe(true);
    for (const f of scripts) expect(readFileSync(join(assets, f), 'utf8'), f).not.toMatch(/sourceMappingURL/);
  });

  describe('served by npm start', () => {
    let plain: ServerProcess;
    let maps: ServerProcess;
    beforeAll(async () => {
      [plain, maps] = await Promise.all([startServer(), startServer({ env: { SERVE_SOURCEMAPS: '1' } })]);
    });
    afterAll(async () => {
      await Promise.all([plain.stop(), maps.stop()]);
    });

    it("the app's script, its worker chunk and the page, each with the right headers", async () => {
      const page = await get(plain.url, '/', { 'accept-encoding': 'br' });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = brotliDecompressSync(page.body).toString();
      const main = /src="(\/assets\/main-[^"]+\.js)"/.exec(html)?.[1];
      expect(main).toBeDefined();
      const script = await get(plain.url, main!, { 'accept-encoding': 'br, gzip' });
      expect(script.headers['content-encoding']).toBe('br');
      expect(script.headers['cache-control']).toBe(IMMUTABLE);
      expect(script.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(brotliDecompressSync(script.body).equals(readFileSync(join(DEFAULT_WEB_ROOT, main!)))).toBe(
        true,
      );
      const worker = files().find((f) => /^browser-worker-.*\.js$/.test(f))!;
      const chunk = await get(plain.url, `/assets/${worker}`, { 'accept-encoding': 'gzip' });
      expect(chunk.headers['content-encoding']).toBe('gzip');
      expect(chunk.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    });

    it('the service worker, the manifest and the page are asked for again each time, compressed as built', async () => {
      for (const [path, type] of [
        ['/sw.js', /^(application|text)\/javascript/],
        ['/manifest.webmanifest', /^application\/manifest\+json/],
        ['/index.html', /^text\/html/],
        ['/', /^text\/html/],
      ] as const) {
        const file = readFileSync(join(DEFAULT_WEB_ROOT, path === '/' ? 'index.html' : path));
        const r = await get(plain.url, path, { 'accept-encoding': 'br' });
        expect(r.status, path).toBe(200);
        expect(r.headers['content-type'], path).toMatch(type);
        expect(r.headers['cache-control'], path).toBe('no-cache');
        expect(r.headers['content-encoding'], path).toBe('br');
        expect(brotliDecompressSync(r.body).equals(file), path).toBe(true);
        // Revalidated: 304 while it has not changed, so an update check costs a few bytes.
        const again = await get(plain.url, path, {
          'accept-encoding': 'br',
          'if-none-match': String(r.headers.etag),
        });
        expect(again.status, path).toBe(304);
        const gzipped = await get(plain.url, path, { 'accept-encoding': 'gzip' });
        expect(gunzipSync(gzipped.body).equals(file), path).toBe(true);
      }
      for (const icon of ['/icons/icon-192.png', '/icons/maskable-512.png']) {
        const r = await get(plain.url, icon);
        expect(r.headers['content-type'], icon).toBe('image/png');
        expect(r.headers['cache-control'], icon).toBe('no-cache');
      }
      // The policy lets the page register its worker and read its manifest.
      const csp = String((await get(plain.url, '/')).headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    });

    it('a map is 404 unless SERVE_SOURCEMAPS=1', async () => {
      const map = files().find((f) => f.endsWith('.js.map'))!;
      expect((await get(plain.url, `/assets/${map}`)).status).toBe(404);
      expect((await get(maps.url, `/assets/${map}`)).status).toBe(200);
      const script = await get(maps.url, `/assets/${map.replace(/\.map$/, '')}`);
      expect(script.headers.sourcemap).toBe(map);
    });
  });
});

// The test file's own directory is not served: the root is only what is given.
it('a missing web root is refused at start with a clear message', async () => {
  const missing = fileURLToPath(new URL('./no-such-dist/', import.meta.url));
  await expect(buildServer({ webRoot: missing })).rejects.toThrow(/not built/);
});
