import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
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
