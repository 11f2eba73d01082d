import { readFile, rm, writeFile } from 'node:fs/promises';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig } from 'tsup';

/**
 * esbuild heads each bundled stylesheet with a comment naming its virtual module, which for
 * vanilla-extract embeds the whole encoded source. Partners get plain CSS without those (and
 * without a CSS source map, whose positions the stripping would break).
 */
async function cleanCss() {
  const file = 'dist/index.css';
  const css = await readFile(file, 'utf8');
  const cleaned = css
    .replace(/\/\* vanilla-extract-css-ns:[^*]*\*\/\n?/g, '')
    .replace(/\/\*# sourceMappingURL=.*\*\/\s*$/, '');
  await writeFile(file, `${cleaned.trim()}\n`);
  await rm('dist/index.css.map', { force: true });
}

// Partners get compiled CSS (dist/index.css, exported as '@parley/ui/styles.css') so they need no
// vanilla-extract plugin; the JS keeps only the tiny recipes runtime.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  // tsup's dts step sets `baseUrl`, which TypeScript 6 deprecates: silence that one warning.
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  tsconfig: 'tsconfig.json',
  external: ['@parley/chat-sdk', 'react', 'react-dom', 'react/jsx-runtime'],
  esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
  onSuccess: cleanCss,
});
