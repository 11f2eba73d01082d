import { cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

const outDir = fileURLToPath(new URL('../node_modules/.cache/parley-bench', import.meta.url));

// The benchmark runs from a throwaway build, like the server itself, so it needs no TS loader.
export default defineConfig({
  entry: {
    socket: fileURLToPath(new URL('./socket.bench.ts', import.meta.url)),
    'socket-server': fileURLToPath(new URL('./socketBenchServer.ts', import.meta.url)),
    'socket-load': fileURLToPath(new URL('./socketLoadWorker.ts', import.meta.url)),
    balancer: fileURLToPath(new URL('./balancer.bench.ts', import.meta.url)),
    soak: fileURLToPath(new URL('./soak.bench.ts', import.meta.url)),
    translation: fileURLToPath(new URL('./translation.bench.ts', import.meta.url)),
    'translation-quality': fileURLToPath(new URL('./translationQuality.bench.ts', import.meta.url)),
    languages: fileURLToPath(new URL('./languages.bench.ts', import.meta.url)),
    media: fileURLToPath(new URL('./media.bench.ts', import.meta.url)),
    abuse: fileURLToPath(new URL('./abuse.bench.ts', import.meta.url)),
    'abuse-clients': fileURLToPath(new URL('./abuseClients.ts', import.meta.url)),
    memory: fileURLToPath(new URL('./memory.bench.ts', import.meta.url)),
    search: fileURLToPath(new URL('./search.bench.ts', import.meta.url)),
    // The embedded database's thread (src/db/pgliteWorker.ts finds it beside its chunk).
    pgliteWorkerThread: fileURLToPath(new URL('../src/db/pgliteWorkerThread.ts', import.meta.url)),
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir,
  clean: true,
  // The build's own migrations beside it (findMigrationsFolder looks there first): a copy of the
  // bundle kept to compare against a later build migrates as its commit did, not as the working
  // tree does (stop 18's comparison ran migration 0030 in both builds; docs/performance.md).
  async onSuccess() {
    await cp(fileURLToPath(new URL('../drizzle', import.meta.url)), `${outDir}/drizzle`, {
      recursive: true,
    });
  },
  silent: true,
  noExternal: ['@parley/chat-sdk'],
  external: ['ws', 'eld', 'sharp', 'pg'],
  esbuildOptions(options) {
    options.alias = {
      '@parley/chat-sdk': fileURLToPath(new URL('../../chat-sdk/src/index.ts', import.meta.url)),
    };
  },
});
