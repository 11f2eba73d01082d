import { defineConfig } from 'vitest/config';

// End-to-end: the built server serving the built app, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 150_000,
    fileParallelism: false,
  },
});
