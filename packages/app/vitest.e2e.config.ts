import { defineConfig } from 'vitest/config';

// End-to-end: the built server serving the built app, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // A screen is lazy-loaded and the server may be busy on a loaded runner: every expect.poll
    // waits up to 15 s (Vitest's default of 1 s failed CI on a reload of the chat screen).
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
