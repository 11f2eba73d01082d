import { defineConfig } from 'vitest/config';

// End-to-end: the built server serving the built app, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Two files at a time: a file mostly waits on its browser and server (one at a time used
    // ~0.9 of the 2 cores: 421 s, 392 s of CPU; two at a time: 350 s). Each file has its own
    // server process, data directory, loopback port and browser.
    maxWorkers: 2,
    // A screen is lazy-loaded and the server may be busy on a loaded runner: every expect.poll
    // waits up to 15 s (Vitest's default of 1 s failed CI on a reload of the chat screen).
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
