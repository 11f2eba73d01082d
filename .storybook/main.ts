import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

// Storybook, Vite and the addons are dev dependencies of packages/ui (the root has none), so
// every package used here is resolved from there.
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const uiRoot = path.join(repoRoot, 'packages/ui');
const sdkRoot = path.join(repoRoot, 'packages/chat-sdk');
const uiRequire = createRequire(path.join(uiRoot, 'package.json'));
const packageDir = (name: string) => path.dirname(uiRequire.resolve(`${name}/package.json`));

const config: StorybookConfig = {
  framework: { name: packageDir('@storybook/react-vite') as '@storybook/react-vite', options: {} },
  // Written documentation first in the sidebar, then every component and screen.
  stories: ['../packages/ui/storybook/docs/*.mdx', '../packages/ui/src/**/*.stories.tsx'],
  addons: [
    packageDir('@storybook/addon-docs'),
    packageDir('@storybook/addon-a11y'),
    packageDir('@storybook/addon-vitest'),
  ],
  // MSW's service worker, generated with `pnpm exec msw init ../../.storybook/public --no-save`.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const { vanillaExtractPlugin } = (await import(
      pathToFileURL(uiRequire.resolve('@vanilla-extract/vite-plugin')).href
    )) as typeof import('@vanilla-extract/vite-plugin');
    const alias = viteConfig.resolve?.alias;
    return {
      ...viteConfig,
      // Storybook defaults the Vite root to this folder's parent (the repo root, which has no
      // node_modules of its own); bare imports and pre-bundling must resolve from packages/ui.
      root: uiRoot,
      plugins: [...(viteConfig.plugins ?? []), vanillaExtractPlugin()],
      // Dependencies Vite only discovers while a story runs make it reload mid-test on a clean
      // machine (no optimizer cache yet); list them so they are pre-bundled up front.
      optimizeDeps: {
        ...viteConfig.optimizeDeps,
        include: [
          ...(viteConfig.optimizeDeps?.include ?? []),
          '@vanilla-extract/recipes/createRuntimeFn',
          '@tanstack/react-virtual',
          // The flag images load on first use (a dynamic import Vite would find only mid-test).
          'country-flag-icons/react/3x2',
          'qrcode.react',
        ],
      },
      resolve: {
        ...viteConfig.resolve,
        // Same mapping as tsconfig.base.json: the sdk is compiled from source, no build needed.
        alias: [
          ...(Array.isArray(alias)
            ? alias
            : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement }))),
          // Issue 27: the sdk's i18n entry (a string alias would read it as 'src/index.ts/i18n').
          {
            find: /^@parley\/chat-sdk\/i18n$/,
            replacement: path.join(sdkRoot, 'src/i18n/index.ts'),
          },
          { find: '@parley/chat-sdk', replacement: path.join(sdkRoot, 'src/index.ts') },
        ],
      },
    };
  },
};

export default config;
