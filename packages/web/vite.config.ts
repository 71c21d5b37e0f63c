import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The app is served from the root of whatever server hosts it (packages/server in production).
// board-test.html is the board alone, for developers and the browser tests (e2e/board.e2e.ts).
// `npm run dev` passes online play (/api, its WebSocket too) to a server started beside it
// (`npm start`, 127.0.0.1:8080 unless TAFL_API says otherwise).
export default defineConfig({
  plugins: [preact()],
  server: {
    proxy: { '/api': { target: process.env.TAFL_API ?? 'http://127.0.0.1:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        boardTest: fileURLToPath(new URL('board-test.html', import.meta.url)),
      },
    },
  },
  worker: { format: 'es' },
});
