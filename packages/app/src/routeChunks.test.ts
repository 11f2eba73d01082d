import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesForRoute, readBuildManifest } from './routeChunks';

// Reads the real production build (`pnpm test` builds first).
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = readBuildManifest(dist);
const routeFiles = (source: string) => filesForRoute(manifest, `src/routes/${source}.tsx`);

describe('route chunks', () => {
  it('loads the sign-in screen without any other route screen', () => {
    const signIn = routeFiles('SignInRoute');
    for (const other of [
      'ChatRoute',
      'RegisterRoute',
      'PlaceholderRoute',
      'NotFoundRoute',
      'ProfileRoute',
      'NotificationsRoute',
      'AddPostRoute',
      'PostsRoute',
      'GroupsRoute',
    ]) {
      const ownFile = manifest[`src/routes/${other}.tsx`]?.file;
      expect(ownFile, other).toBeDefined();
      expect(signIn).not.toContain(ownFile);
    }
  });

  it('gives every route screen a chunk of its own', () => {
    const chat = routeFiles('ChatRoute');
    const signIn = routeFiles('SignInRoute');
    expect(chat.filter((file) => !signIn.includes(file)).length).toBeGreaterThan(0);
  });
});
