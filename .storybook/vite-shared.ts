import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..');
const uiRoot = path.join(repoRoot, 'packages/ui');
const sdkRoot = path.join(repoRoot, 'packages/chat-sdk');

/** Matches tsconfig.base.json's path: the sdk is compiled from source, no build needed. */
export const sdkAlias = { '@parley/chat-sdk': path.join(sdkRoot, 'src/index.ts') };

/**
 * pnpm gives the sdk its own copy of valtio (no React peer) and the ui another; two copies would
 * mean useSnapshot cannot read the sdk's proxies. Resolve the sdk's valtio imports from the ui.
 */
function oneValtio(): Plugin {
  return {
    name: 'parley:one-valtio',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.startsWith(sdkRoot) || !/^valtio(\/|$)/.test(source)) return null;
      return this.resolve(source, path.join(uiRoot, 'src/index.ts'), { ...options, skipSelf: true });
    },
  };
}

export function parleyVitePlugins(): Plugin[] {
  return [...vanillaExtractPlugin(), oneValtio()].flat() as Plugin[];
}
