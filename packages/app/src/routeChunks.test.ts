import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesForRoute, readBuildManifest } from './routeChunks';

// Reads the real production build (`pnpm test` builds first).
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = readBuildManifest(dist);
const routeFiles = (source: string) => filesForRoute(manifest, `src/routes/${source}.tsx`);

// The account, plans and legal screens (issue 10): none of them, nor their words, on /login.
const ACCOUNT_ROUTE_MODULES = [
  'SettingsRoute',
  'DashboardRoute',
  'SubscribeRoute',
  'BillingRoute',
  'JoinOrgRoute',
  'OrgMembersRoute',
  'ModerationRoute',
  'GoogleDriveLoginRoute',
  'GoogleDriveSuccessRoute',
  'LandingRoute',
  'PrivacyRoute',
  'TermsRoute',
  'SuspendedRoute',
];

describe('route chunks', () => {
  it('loads the sign-in screen without any other route screen', () => {
    const signIn = routeFiles('SignInRoute');
    for (const other of [
      'ChatRoute',
      'RegisterRoute',
      'NotFoundRoute',
      'ProfileRoute',
      'NotificationsRoute',
      'AddPostRoute',
      'PostsRoute',
      'GroupsRoute',
      ...ACCOUNT_ROUTE_MODULES,
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

  it('loads the voice recorder and the image lightbox only on first use, not with the chat', () => {
    const chat = routeFiles('ChatRoute');
    for (const heavy of ['VoiceRecorder', 'Lightbox']) {
      const own = Object.values(manifest).find((chunk) =>
        new RegExp(`(^|/)${heavy}-[^/]*\\.js$`).test(chunk.file),
      );
      expect(own, heavy).toBeDefined();
      expect(chat).not.toContain(own?.file);
    }
  });

  it('loads the call code on first use: neither /login nor the chat screen carries it', () => {
    const callChunk = manifest['src/routes/CallLayerChunk.tsx']?.file;
    expect(callChunk).toBeDefined();
    expect(routeFiles('SignInRoute')).not.toContain(callChunk);
    expect(routeFiles('ChatRoute')).not.toContain(callChunk);
    const signInText = routeFiles('SignInRoute')
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('');
    // The call's code: its peer connection. (Its words may be there: the ui's compiled English
    // catalog is one module every part shares, issue 27 — data, not the call code.)
    expect(signInText).not.toContain('RTCPeerConnection');
    expect(signInText).not.toContain('getUserMedia');
  });

  it('signs in with the sdk’s session client: the socket, chat and calls load on signed-in pages', () => {
    const text = (source: string) =>
      routeFiles(source)
        .map((file) => readFileSync(path.join(dist, file), 'utf8'))
        .join('');
    for (const signedOut of ['SignInRoute', 'RegisterRoute']) {
      expect(text(signedOut)).toContain('could not fetch a CSRF token at start');
      expect(text(signedOut)).not.toContain('cannot open the chat socket');
      expect(text(signedOut)).not.toContain('This browser cannot make calls');
    }
  });

  it('keeps the account screens’ strings and the legal text out of the sign-in route', () => {
    const text = routeFiles('SignInRoute')
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('');
    expect(text).not.toContain('Preparing your checkout');
    expect(text).not.toContain('Who sees your messages');
  });

  it('renders with Preact: React DOM is in no chunk of the build (vite.config.ts aliases it)', () => {
    const chunks = Object.values(manifest).map((chunk) => chunk.file);
    const text = [...new Set(chunks)]
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('');
    // React's production builds link every error to its decoder; Preact has no such link.
    expect(text).not.toContain('react.dev/errors');
    // The sign-in route carries Preact's compat layer instead.
    expect(routeFiles('SignInRoute').some((file) => /(^|\/)compat-[^/]*\.js$/.test(file))).toBe(
      true,
    );
  });
});
