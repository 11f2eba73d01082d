import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import { parleyVitePlugins, sdkAlias } from './vite-shared';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../packages/ui/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // MSW's service worker (generated with `msw init .storybook/public --no-save`).
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      plugins: parleyVitePlugins(),
      resolve: { alias: sdkAlias },
    });
  },
};

export default config;
