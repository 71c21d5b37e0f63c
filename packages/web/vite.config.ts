import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The app is served from the root of whatever server hosts it (packages/server in production).
export default defineConfig({
  plugins: [preact()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
  },
  worker: { format: 'es' },
});
