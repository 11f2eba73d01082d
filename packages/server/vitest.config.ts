import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@parley/chat-sdk': fileURLToPath(new URL('../chat-sdk/src/index.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/globalSetup.ts'],
    // Budgets for a loaded 2-core runner; speed is measured by `pnpm bench`, not here.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
