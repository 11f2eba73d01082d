import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the app runs on Vite and the API, socket and media come from the server
// (`pnpm --filter @parley/server dev`, port 3000 by default), so cookies stay same-origin.
const apiTarget = process.env.PARLEY_API_TARGET ?? 'http://127.0.0.1:3000';
const apiPaths = [
  '/accounts',
  '/connections',
  '/chatmessage',
  '/posts',
  '/meta',
  '/media',
  '/calls',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget }])),
      '/ws': { target: apiTarget, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
