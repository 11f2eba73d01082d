import { readdirSync } from 'node:fs';
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig, type Options } from 'tsup';
import { sharedDts, sharedTsupOptions } from '../../tsup.shared';

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
  // Only the whole stylesheet is published; the per-module copies esbuild writes beside each entry
  // are dropped.
  for (const extra of filesUnder('dist', /\.css(\.map)?$/)) {
    if (!extra.startsWith('dist/index.css')) await rm(extra, { force: true });
  }
}

/**
 * esbuild names each lazily initialised vanilla-extract module in the CommonJS bundle after its
 * virtual CSS path, which embeds the whole encoded stylesheet (`?source=…`) — CSS, including the
 * @font-face rules, counted again as JS. Keep the path, drop the payload: the name is only a label.
 * Only comment and key text changes, on their own lines, so the source map stays aligned.
 */
async function dropEncodedCssFromCjs(file: string) {
  const js = await readFile(file, 'utf8');
  await writeFile(file, js.replace(/(vanilla-extract-css-ns:[^?"\n]*)\?source=[^"\n]*/g, '$1'));
}

/** The fonts are under the SIL Open Font License, which travels with them: one copy per family. */
async function copyFontLicences() {
  const require = createRequire(import.meta.url);
  for (const name of ['noto-sans', 'noto-sans-arabic']) {
    const licence = require.resolve(`@fontsource/${name}/LICENSE`);
    await copyFile(licence, `dist/fonts/LICENSE-${name}.txt`);
  }
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`)
    .filter((file) => pattern.test(file));
}

/**
 * One ESM file per module (each component and screen is an entry; esbuild puts what they share into
 * chunks), so an app that lazy-loads a route — or a partner importing one component — pulls only what
 * that screen uses. The CommonJS build stays one file for `require` users.
 */
const moduleEntries = ['components', 'screens', 'context', 'theme']
  .flatMap((dir) => filesUnder(`src/${dir}`, /\.tsx?$/))
  .filter((file) => !/\.(stories|test)\.tsx?$|\.css\.ts$|\/private\//.test(file));

const shared = {
  ...sharedTsupOptions,
  // Peers stay imports; everything else a component needs at run time (the tiny recipes runtime)
  // is bundled, so a partner installs no vanilla-extract package at all.
  external: ['@parley/chat-sdk', 'react', 'react-dom', 'react/jsx-runtime'],
  noExternal: [/^@vanilla-extract\//],
  esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
  // The woff2 files the stylesheet's @font-face rules name (theme/private/fontFaces.ts) are copied
  // beside it as assets, never inlined into JS or CSS.
  loader: { '.woff2': 'file' },
  esbuildOptions(options) {
    options.assetNames = 'fonts/[name]-[hash]';
  },
} satisfies Options;

/**
 * Issue 27: the CommonJS build is one file, which would carry every interface locale's messages
 * (about 12 kB brotli each). Each locale is a file of its own there too (dist/cjs/i18n/<locale>.cjs),
 * loaded by the catalog's dynamic import when the interface switches to it, as the ESM build does.
 */
const OTHER_LOCALES = ['es', 'fr', 'pt', 'de', 'it', 'ca', 'ar', 'hi', 'zh'];
const localesAsFiles: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'locales-as-files',
  setup(build) {
    build.onResolve({ filter: /^\.\/compiled\/[a-z]{2}$/ }, (args) => {
      const locale = args.path.slice('./compiled/'.length);
      return OTHER_LOCALES.includes(locale) && args.kind === 'dynamic-import'
        ? { path: `./i18n/${locale}.cjs`, external: true }
        : undefined;
    });
  },
};

// Partners get compiled CSS (dist/index.css, exported as '@parley/ui/styles.css') so they need no
// vanilla-extract plugin; the JS keeps only the tiny recipes runtime.
export default defineConfig([
  {
    ...shared,
    entry: ['src/index.ts', ...moduleEntries],
    format: ['esm'],
    splitting: true,
    dts: sharedDts('src/index.ts'),
    onSuccess: async () => {
      await cleanCss();
      await copyFontLicences();
    },
  },
  {
    ...shared,
    entry: {
      index: 'src/index.ts',
      ...Object.fromEntries(
        OTHER_LOCALES.map((locale) => [`i18n/${locale}`, `src/i18n/compiled/${locale}.ts`]),
      ),
    },
    format: ['cjs'],
    outDir: 'dist/cjs',
    esbuildPlugins: [...shared.esbuildPlugins, localesAsFiles],
    dts: sharedDts(),
    onSuccess: async () => {
      await dropEncodedCssFromCjs('dist/cjs/index.cjs');
      await rm('dist/cjs/index.css', { force: true });
      await rm('dist/cjs/index.css.map', { force: true });
      // The fonts belong to the one stylesheet (dist/fonts); the CommonJS build has none.
      await rm('dist/cjs/fonts', { recursive: true, force: true });
    },
  },
]);
