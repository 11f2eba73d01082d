import { defineConfig } from 'tsup';
import { sharedDts, sharedTsupOptions } from '../../tsup.shared';

export default defineConfig({
  ...sharedTsupOptions,
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // tsup emits index.d.ts for ESM and index.d.cts for CJS, matching package.json exports.
  dts: sharedDts(),
  clean: true,
  platform: 'neutral',
});
