import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// One source each: the product's name (chat-sdk) and the brand colour (ui tokens).
import { CAPTURE_WORKLET_SOURCE } from '../chat-sdk/src/calls/capture-worklet';
import { PRODUCT_NAME } from '../chat-sdk/src/messages';
import { colors } from '../ui/src/theme/tokens/colors';
import { preactAliases } from './preactAliases';
import { CAPTURE_WORKLET_URL } from './src/captureWorklet';
import { readBuildManifest } from './src/routeChunks';
import { ROUTE_PRELOAD_SCRIPT, routePreloadScript } from './src/routePreload';

// In development the app runs on Vite and the API, socket and media come from the server
// (`pnpm --filter @parley/server dev`, port 3000 by default), so cookies stay same-origin.
const apiTarget = process.env.PARLEY_API_TARGET ?? 'http://127.0.0.1:3000';
const apiPaths = [
  '/accounts',
  '/connections',
  '/chatmessage',
  '/posts',
  '/meta',
  '/media',
  '/calls',
];

// The product renders with Preact through preact/compat (issue 24: React DOM alone was 62 kB of
// gzip on every route; Preact with compat is 9.7 kB). The ui package is written, typed, tested in
// Storybook and published against React 19; only this app's bundle swaps the renderer, so partner
// sites keep React. Every React import in the bundle (the app, @parley/ui's dist, TanStack Router,
// valtio, TanStack Virtual, emoji-picker-react) resolves to Preact's (preactAliases.ts).
// docs/performance.md, "Preact".

/** Shared chunks smaller than this (source bytes) are inlined into their importers (below). */
const INLINED_CHUNK_MAX_BYTES = 8 * 1024;

export default defineConfig({
  plugins: [
    // JSX only: React Fast Refresh cannot refresh Preact components, so in development an edited
    // module reloads the page (components are developed in Storybook, on React, with refresh).
    react({ refreshExclude: /./ }),
    {
      name: 'parley-theme-color',
      transformIndexHtml: () => [
        {
          tag: 'meta',
          attrs: { name: 'theme-color', content: colors.brand.primary },
          injectTo: 'head',
        },
      ],
    },
    // The address's lazy chunks requested beside the entry, not after it has run: a classic script
    // written from the build's manifest (src/routePreload.ts). Build only: dev has no manifest.
    {
      name: 'parley-route-preload',
      apply: 'build',
      transformIndexHtml: () => [
        { tag: 'script', attrs: { src: `/${ROUTE_PRELOAD_SCRIPT}` }, injectTo: 'head-prepend' },
      ],
      writeBundle(options) {
        const dir = options.dir ?? 'dist';
        const script = routePreloadScript(readBuildManifest(dir));
        writeFileSync(path.join(dir, ROUTE_PRELOAD_SCRIPT), script);
      },
    },
    // The call captions' capture worklet, served from our own origin (the CSP's script-src 'self'
    // refuses the sdk's default blob: URL): emitted on build, answered by the dev server.
    {
      name: 'parley-capture-worklet',
      configureServer(server) {
        server.middlewares.use(CAPTURE_WORKLET_URL, (_request, response) => {
          response.setHeader('Content-Type', 'text/javascript');
          response.end(CAPTURE_WORKLET_SOURCE);
        });
      },
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: CAPTURE_WORKLET_URL.slice(1),
          source: CAPTURE_WORKLET_SOURCE,
        });
      },
    },
    // The installable app: a web app manifest and a service worker (src/serviceWorker/sw.ts) that
    // precaches the app shell. The app registers it itself (src/pwa/registerServiceWorker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/serviceWorker',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'offline.html', 'icons/apple-touch-icon.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Source maps are for people debugging, not for the shell.
        globIgnores: ['**/*.map', '.vite/**'],
      },
      manifest: {
        name: PRODUCT_NAME,
        short_name: PRODUCT_NAME,
        description: `${PRODUCT_NAME}: chat with anyone, each in your own language.`,
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: colors.brand.primary,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget }])),
      '/ws': { target: apiTarget, ws: true },
    },
  },
  resolve: { alias: preactAliases() },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Shared chunks under 8 kB of source are copied into the chunks that import them rather
        // than downloaded on their own: a first visit of the chat made 39 requests for its
        // JavaScript, 18 now (/login 20 → 12). Over HTTP/1.1 a browser opens six connections per
        // origin, so on a slow mobile link each further round of requests cost a round trip
        // before the page could draw (Lighthouse mobile: / FCP 2.0 → 1.8 s, LCP 2.6 → 2.3 s);
        // the copies cost 2-3 kB gzip per route (routeBudgets.ts, stop 13).
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: INLINED_CHUNK_MAX_BYTES } },
      },
    },
  },
});
