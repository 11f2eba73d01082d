import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Files that measure time or start whole clusters (drains, stops, rolling restarts, fairness
 * windows): they run one at a time, after the rest, so no other file competes with their clocks.
 */
const ALONE = [
  'test/scale/**/*.test.ts',
  'test/drain.test.ts',
  'test/serverStop.test.ts',
  'test/correctionsFairness.test.ts',
  'test/socketBudget.test.ts',
];

export default defineConfig({
  resolve: {
    alias: {
      '@parley/chat-sdk': fileURLToPath(new URL('../chat-sdk/src/index.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    globalSetup: ['test/support/globalSetup.ts'],
    // Budgets for a loaded 2-core runner; speed is measured by `pnpm bench`, not here.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        // Two files at a time: most of a file's time is waiting on sockets, child processes and
        // PGlite's start, so two fit on two cores (Vitest's default there is one). Each file has
        // its own database, data directory and loopback ports.
        test: {
          name: 'server',
          include: ['test/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          // A worker keeps its imported modules from one file to the next instead of importing
          // the server again for each (168 s of a CI run's 580 s went to imports). Every file
          // builds its own server, database, data directory and ports, and restores any
          // environment variable it sets (`--isolate` brings the fresh import back, to rule a
          // leak out).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Each in a fresh worker, as before: these start clusters and time drains. (The one run
        // with a shared worker that saw rollingRestart's messages refused, internal_error then
        // rate_limited, was a stop race in the server, not the worker: meta/drain.ts.)
        test: {
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          isolate: true,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
