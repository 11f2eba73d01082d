import { readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { sharedDts, sharedTsupOptions } from '../../tsup.shared';

/**
 * The root export (`dist/index`) plus one subpath per source folder (`@parley/chat-sdk/auth`, …).
 * The ESM build also makes every module an entry of its own (one file per source module, like the
 * ui's build), so a bundler can put each in the chunk that uses it: a sign-in page takes the
 * session client and leaves the socket, chat, calls and media for when a signed-in page loads
 * them. The CommonJS build has the public entries only; what they share goes into chunks there
 * too, so `SignInError` from `@parley/chat-sdk/auth` is the same class as the root's.
 */
const publicEntries = {
  index: 'src/index.ts',
  auth: 'src/session/index.ts',
  chat: 'src/chat/index.ts',
  calls: 'src/calls/index.ts',
  media: 'src/media/index.ts',
  protocol: 'src/protocol/index.ts',
  // The whole client apart from the barrel, for a dynamic import that must not pull every export.
  client: 'src/client.ts',
  // Interface locales and catalogs (issue 27): the ui and the app read their words through it.
  i18n: 'src/i18n/index.ts',
};

const moduleEntries = Object.fromEntries(
  readdirSync('src', { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /\.ts$/.test(file) && !/(^|\/)index\.ts$|^client\.ts$|\.test\.ts$/.test(file))
    .map((file) => [`modules/${file.replace(/\.ts$/, '')}`, `src/${file}`]),
);

const shared = {
  ...sharedTsupOptions,
  splitting: true,
  platform: 'neutral',
} as const;

// No `clean` here: the two builds run at once and one would wipe the other's files (the build
// script empties dist first).
export default defineConfig([
  {
    ...shared,
    entry: { ...publicEntries, ...moduleEntries },
    format: ['esm'],
    // tsup emits x.d.ts beside each public ESM entry, matching package.json exports.
    dts: sharedDts(publicEntries),
  },
  {
    ...shared,
    entry: publicEntries,
    format: ['cjs'],
    // …and x.d.cts beside each CommonJS one.
    dts: sharedDts(publicEntries),
  },
]);
