import { defineConfig } from 'tsup';
import { sharedDts, sharedTsupOptions } from '../../tsup.shared';

/**
 * The root export (`dist/index`) plus one subpath per source folder, so an app takes only what a
 * page needs (`@parley/chat-sdk/auth` on a sign-in page) and a bundler drops the rest. Code shared
 * by entries goes into chunks — in the CommonJS build too, so `SignInError` from
 * `@parley/chat-sdk/auth` is the same class as the root's.
 */
const entry = {
  index: 'src/index.ts',
  auth: 'src/session/index.ts',
  chat: 'src/chat/index.ts',
  calls: 'src/calls/index.ts',
  media: 'src/media/index.ts',
  protocol: 'src/protocol/index.ts',
};

export default defineConfig({
  ...sharedTsupOptions,
  entry,
  format: ['esm', 'cjs'],
  splitting: true,
  // tsup emits x.d.ts for ESM and x.d.cts for CJS per entry, matching package.json exports.
  dts: sharedDts(),
  clean: true,
  platform: 'neutral',
});
