import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // tsup emits index.d.ts for ESM and index.d.cts for CJS, matching package.json exports.
  // Its dts step sets `baseUrl`, which TypeScript 6 deprecates: silence that one warning.
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  tsconfig: 'tsconfig.json',
});
