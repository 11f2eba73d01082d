import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig } from 'tsup';

// Partners get compiled CSS (dist/index.css, exported as '@parley/ui/styles.css') so they need no
// vanilla-extract plugin; the JS keeps only the tiny recipes runtime.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['@parley/chat-sdk', 'react', 'react-dom', 'react/jsx-runtime', 'valtio', 'valtio/react'],
  esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
});
