import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Vite aliases that make a bundle render with Preact: every React import (the app, @parley/ui's
 * dist, TanStack Router, valtio, TanStack Virtual, emoji-picker-react) resolves to preact/compat.
 * The paths are absolute so that packages with no preact of their own find it. Used by the app's
 * build (vite.config.ts) and by the ui's long-conversation bench, which measures what the app runs.
 */
export function preactAliases() {
  const require = createRequire(import.meta.url);
  const preact = path.dirname(require.resolve('preact/package.json'));
  return [
    { find: /^react-dom\/client$/, replacement: `${preact}/compat/client.mjs` },
    { find: /^react-dom$/, replacement: `${preact}/compat/dist/compat.mjs` },
    { find: /^react\/jsx-runtime$/, replacement: `${preact}/compat/jsx-runtime.mjs` },
    { find: /^react\/jsx-dev-runtime$/, replacement: `${preact}/compat/jsx-dev-runtime.mjs` },
    { find: /^react$/, replacement: `${preact}/compat/dist/compat.mjs` },
  ];
}
