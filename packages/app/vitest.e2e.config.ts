import { defineConfig } from 'vitest/config';

// End-to-end: the built server serving the built app, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One file at a time. Two at a time took 350 s instead of 421 s here (one file uses ~0.9 of
    // the 2 cores), but a clean-clone CI run then failed firstUse's timing of the chat list's
    // prefetch against a page load: what these files time is the page, not the suite.
    fileParallelism: false,
    // A screen is lazy-loaded and the server may be busy on a loaded runner: every expect.poll
    // waits up to 15 s (Vitest's default of 1 s failed CI on a reload of the chat screen).
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
