#!/usr/bin/env node
// `pnpm chromatic`: publishes Storybook to Chromatic for visual review when the project token is
// set (CHROMATIC_PROJECT_TOKEN, from the Chromatic project's Manage → Configure page, stored as a
// CI secret). Without it the step is skipped with one clear line, so forks and offline machines pass.
// Configuration: chromatic.config.json (TurboSnap: only stories whose files changed are snapshotted);
// modes (three chat themes × mobile and desktop) are set in storybook/modes.ts.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('Chromatic skipped: CHROMATIC_PROJECT_TOKEN is not set.');
  process.exit(0);
}

const result = spawnSync(
  'pnpm',
  ['exec', 'chromatic', '--config-file', 'chromatic.config.json', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
