import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

export default defineConfig({
  // The embedded database runs on a thread of its own: its entry is a file beside main.js.
  entry: { main: 'src/main.ts', pgliteWorkerThread: 'src/db/pgliteWorkerThread.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The sdk is a workspace package: bundle its source (only the wire constants and the language
  // list are used) so the server runs without building the sdk first.
  noExternal: ['@parley/chat-sdk'],
  esbuildOptions(options) {
    options.alias = {
      '@parley/chat-sdk': fileURLToPath(new URL('../chat-sdk/src/index.ts', import.meta.url)),
    };
  },
});
