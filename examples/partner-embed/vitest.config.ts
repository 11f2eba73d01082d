import { defineConfig } from 'vitest/config';

// The built Parley server serving this example's build, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 240_000,
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
