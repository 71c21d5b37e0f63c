import preact from '@preact/preset-vite';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';

/** The files worth compressing: text. Source maps are not (the server does not serve them by default). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller files gain nothing from compression (the headers weigh more). */
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `NAME.br` and `NAME.gz` beside every text file of the build, once at the end (so the
 * engine's worker chunk and the files copied from public/ are included). The server sends them
 * to browsers that accept them (@fastify/static's `preCompressed`), so nothing is compressed
 * per request. A compressed copy that is not smaller than the file is not written.
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
  return {
    name: 'tafl-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await walk(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
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
        }),
      );
    },
  };
}

/** Cross-origin isolation, as the server sends it: the engine's workers may share memory (Lazy SMP). */
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

// The app is served from the root of whatever server hosts it (packages/server in production).
// board-test.html is the board alone, for developers and the browser tests (e2e/board.e2e.ts).
// `npm run dev` passes online play (/api, its WebSocket too) to a server started beside it
// (`npm start`, 127.0.0.1:8080 unless TAFL_API says otherwise).
//
// Source maps are written for the operator (dist/assets/*.map) but the scripts do not point at
// them ('hidden'): the server does not serve them unless SERVE_SOURCEMAPS=1, and then it names
// each script's map in a SourceMap header.
export default defineConfig({
  plugins: [preact(), precompress()],
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
