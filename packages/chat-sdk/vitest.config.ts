import { defineConfig } from 'vitest/config';

const SPEC_BACKEND = 'test/spec-backend.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 5000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sdk',
          include: ['test/**/*.test.ts'],
          exclude: [SPEC_BACKEND],
          // Files share one module graph: 3 s instead of 15 s. Each file restores globals, timers and MSW.
          isolate: false,
        },
      },
      {
        // MSW's socket interception is one instance per module graph, and a setupServer of another
        // file would also claim the spec backend's connections: this file gets its own.
        extends: true,
        test: { name: 'spec-backend', include: [SPEC_BACKEND], isolate: true },
      },
    ],
  },
});
