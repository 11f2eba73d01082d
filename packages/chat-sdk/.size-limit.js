// Size budgets per entry (brotlied). CI fails when one is exceeded: raise a limit only on purpose.
// Raised once when media, calls and push landed (24.7 / 19.8 / 26.9 kB measured then); the
// CommonJS build (no tree-shaking by the measuring bundler) again for Drive backup (29.3 kB), and
// both whole-sdk budgets for live talk (sender, MediaSource playback: 26.8 / 31.0 kB measured).
// Raised for the server-frame readers (every frame checked where it is decoded, issue 23):
// 28.91 / 22.0 / 33.3 kB measured (28.27 / 21.29 / 32.53 before; CJS was already 27 B over).
// Issue 24 cut subpath entries (auth, chat, calls, media, protocol, client) that share chunks, in
// the CommonJS build too so a class is the same from either path, and split the client into the
// session client and the rest: the chunks' CommonJS wrappers raised that build to 35.22 kB (33.3
// before; ESM 28.91 → 29.15). Each subpath's budget sits about 5 % above what it measured when cut
// (auth, with the session client and valtio, 8.85 / 1.88 / 5.45 / 7.29 / 1.8 kB). The meta API's
// routing became a dynamic import (loaded on the first translation question): the client-only
// bundle, which inlines it, measured 22.53 kB against 22.5.
// Issue 25 (reply/edit/delete, reactions and receipts, search, link previews and mentions, system
// rows) added their frames, readers and store reducers: whole sdk 29.15 -> 32.55 kB, client only
// -> 24.61, CommonJS -> 39.22, /chat 1.88 -> 3.97, /protocol 1.8 -> 2.24, /auth 8.97 (the session's
// new settings); budgets set about 3 % above those figures.
// Issue 25 round two (unread counts from the chat list, muted chats): /chat 3.97 -> 4.12 kB,
// /protocol 2.24 -> 2.34 kB measured (mute paths, durations, isChatMuted); raised to 4.25 / 2.4.
// Message requests (issue 25, round two: the Requests tab's filter and the allowance reducer):
// /chat 3.97 -> 4.24 kB measured (whole 32.97, client 24.75, CJS 39.72, /protocol 2.27).
// Measured as a partner's production build sees it: libraries that keep development-only code
// behind `process.env.NODE_ENV` (Lingui's message compiler, issue 27) drop it there.
// Issue 27: each interface locale but English is a chunk loaded only when the interface switches
// to it (src/i18n/sdk-catalog.ts); esbuild here would count all nine in every entry that can read a
// message, so they stay out as an app's bundler leaves them out of a page that speaks English.
const otherLocalesAsChunks = {
  name: 'other-locales-as-chunks',
  setup(build) {
    build.onResolve({ filter: /\/i18n\/compiled\/(es|fr|pt|de|it|ca|ar|hi|zh)\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};
// Measured as a partner's production build sees it: libraries that keep development-only code
// behind `process.env.NODE_ENV` (Lingui's message compiler, issue 27) drop it there.
const quiet = (config) => ({
  ...config,
  logLevel: 'error',
  define: { ...config.define, 'process.env.NODE_ENV': '"production"' },
  plugins: [...(config.plugins ?? []), otherLocalesAsChunks],
});

// Issue 25 round two merged (requests, unread counts and mutes, late link cards, chat-list
// reloads): whole 33.61 kB, client 25.49, CJS 40.53, /chat 4.52, /protocol 2.38 measured together.
// Issue 26 (trust: translated_by/untranslated_words readers, the translation_suggestion frame and
// store, report and suggestion calls), its branch alone: whole 34.06, client 25.93, CJS 41.0,
// /chat 4.69.
// All of issue 26 merged (the push kind for suggestions in the protocol): whole 34.17, CJS 41.2,
// /protocol 2.57.
// Issues 26 and 29 merged (moderation api and notices, from_blocked and block_changed, the
// suspension close): whole 34.79, client 26.51, CJS 41.93, /chat 4.83, /protocol 2.73.
// Issue 29 fin (client.moderationNotices: live and on-return notices): whole 35.17, client 26.86,
// CJS 42.36 measured.
// Round two of this session merged (notices, overview and roles, post reports, the id index of
// the chat store): whole 35.57, client 27.25, CJS 42.77.
// Issue 24, long conversation: a room's messages became an immutable array held by reference
// (room-messages.ts: copy-on-write helpers, the outbox's changes on copies, the index carried from
// list to list): whole 35.79, client 27.52, CJS 43.07 measured (the chat store's bundle +0.29 kB gzip).
// Issue 27: every user-facing message is read through the interface locale (Lingui's runtime,
// 2.2 kB, and the catalog helpers): whole 38.9, client 30.19, /auth 11.74, /calls 8.19 (its
// 'No microphone detected.'); the CommonJS build, which cannot leave the nine other locales as
// chunks, 55.03 kB.
// Issue 27 merged (the session's interface_language, Accept-Language on every call, the signed-out
// choice's storage key): whole 39.22, /auth 12.08 kB measured.
// Issue 27 round two (displayLanguageName: language names in the interface locale): whole 39.42,
// CommonJS 55.71 kB measured.
// Session 8 (one formatMessage and defineCatalog for every package's catalog): /calls 8.41 kB.
// Rolling restarts (stop 9): a rejoin fills the gap between older messages and the latest page
// over REST (chat/history-gap.ts), and a handshake nobody answers is given up after 10 s: whole
// sdk 39.93 kB, client only 30.97, CommonJS 56.27 measured (each had been under its budget of 39.5
// / 30.5 / 56); budgets raised to about 0.6 % above.
// Issue 24, stop 13: the chat list's reuse of a load (`load({ reuseWithinMs })`), the socket's
// address built in a task of its own, and an unchanged `me` kept: whole sdk 40.25 kB, client only
// 31.34, CommonJS 56.66 measured; budgets raised to about 0.6 % above.
// Stop 15: a second `calls.call()` for the call already ringing returns it (a double click before
// the call screen has loaded): /calls 8.48 kB measured against 8.45, raised to about 0.8 % above.
export default [
  { name: 'whole sdk (ESM)', path: 'dist/index.js', limit: '40.5 kB' },
  {
    name: 'client only',
    path: 'dist/index.js',
    import: '{ createParleyClient }',
    limit: '31.55 kB',
  },
  { name: 'CommonJS build', path: 'dist/index.cjs', limit: '57 kB' },
  { name: '/auth (sign-in pages)', path: 'dist/auth.js', limit: '12.3 kB' },
  { name: '/chat', path: 'dist/chat.js', limit: '5 kB' },
  { name: '/calls', path: 'dist/calls.js', limit: '8.55 kB' },
  { name: '/media', path: 'dist/media.js', limit: '7.7 kB' },
  { name: '/protocol', path: 'dist/protocol.js', limit: '2.85 kB' },
].map((check) => ({ ...check, modifyEsbuildConfig: quiet }));
