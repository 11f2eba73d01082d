import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { type ControlSocket, startControlSocket } from './dataDir/controlSocket.js';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './dataDir/dataDirLock.js';
import { narrowPermissions, preparePrivateDir, usePrivateUmask } from './dataDir/privateFiles.js';
import { openEmbeddedDatabase } from './db/database.js';
import { listenEarly, type PreboundServer } from './http/preboundServer.js';
import { readFrameBudget } from './limits/frameBudgetEnv.js';
import { readNewAccountLimits } from './limits/newAccountLimits.js';
import type { ObjectStore } from './media/store/objectStore.js';
import { objectStoreFromEnv } from './media/store/objectStoreFromEnv.js';
import { closeSocketsForRestart, readDrainSeconds } from './meta/drain.js';
import { buildServer } from './server.js';
import {
  dataDirFromEnv,
  packageRoot,
  readPort,
  readPublicUrl,
  readStorageQuota,
  readTrustProxy,
  readTtl,
  readUnsentUploadGrace,
  readUploadGrace,
} from './serverEnv.js';

// `--wait-for-lock` (pnpm dev): how long a start waits for the previous process to stop.
const LOCK_WAIT_MS = 15_000;
// HTTP requests under way when a stop begins get this long to finish.
const REQUEST_DRAIN_MS = 10_000;
// Sockets that do not answer the 1012 close are not waited for longer than this.
const CONNECTION_DRAIN_MS = 2_000;

function fail(line: string): never {
  console.error(`Parley cannot start: ${line}`);
  process.exit(1);
}

/**
 * `pnpm start`: in this order, so that nothing touches the database before the process knows it
 * may: private umask, DATA_DIR (0700), its exclusive lock (embedded database only), the port,
 * then the database and the app. SIGTERM/SIGINT drain: GET /readyz answers 503 (for DRAIN_SECONDS,
 * default 0), then the port stops accepting, sockets close with 1012, requests under way and
 * pending message writes finish (bounded), the database closes and the lock is released.
 */
export async function serve(env: NodeJS.ProcessEnv, args: string[] = []): Promise<void> {
  usePrivateUmask();
  const port = readPort(env.PORT);
  const host = env.HOST || '127.0.0.1';
  const dataDir = dataDirFromEnv(env);
  const databaseUrl = env.DATABASE_URL || undefined;
  let mediaStore: ObjectStore;
  try {
    mediaStore = objectStoreFromEnv(env, dataDir);
  } catch (error) {
    fail(`${(error as Error).message} (docs/storage.md).`);
  }

  let drainMs = 0;
  try {
    drainMs = readDrainSeconds(env.DRAIN_SECONDS) * 1000;
  } catch (error) {
    fail((error as Error).message);
  }

  let lock: DataDirLock | null = null;
  let prebound: PreboundServer | null = null;
  let pglite: PGlite | null = null;
  let app: FastifyInstance | null = null;
  let control: ControlSocket | null = null;
  let stopRequested = false;
  let stopping = false;

  async function stop(exitCode: number): Promise<never> {
    stopping = true;
    // Drain (docs/deploying.md): readiness first, so that the balancer stops sending work here,
    // then no new connections and every chat socket closed with 1012 (clients reconnect, through
    // the balancer, to another instance), then the requests under way finish.
    if (app) {
      app.readiness.startDraining();
      if (drainMs > 0) await sleep(drainMs);
    }
    const drained = prebound?.close();
    if (app) closeSocketsForRestart(app);
    // Requests under way (an upload, a sign-in) finish before the database closes; then a backup
    // in progress finishes, and none starts after this.
    await prebound?.requestsDone(REQUEST_DRAIN_MS);
    await control?.close().catch(() => undefined);
    if (app) {
      try {
        await app.close();
      } catch (error) {
        console.error('Parley: shutdown failed', error);
        exitCode = 1;
      }
    }
    // Closed by the app when it was built; otherwise the start failed before handing it over.
    if (pglite && !pglite.closed) await pglite.close().catch(() => undefined);
    prebound?.server.closeAllConnections();
    if (drained) await Promise.race([drained, sleep(CONNECTION_DRAIN_MS)]);
    await lock?.release().catch(() => undefined);
    process.exit(exitCode);
  }

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping || stopRequested) {
      // A second signal means "now"; the database recovers from its log at the next start.
      process.exit(1);
    }
    app?.log.info({ signal }, 'shutting down');
    // During start-up the stop waits until the database is open and migrated.
    if (app) void stop(0);
    else stopRequested = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const looseBefore = await preparePrivateDir(dataDir);
  // With PostgreSQL several instances may share DATA_DIR (uploads); the database is not in it.
  if (!databaseUrl) {
    try {
      lock = await lockDataDir(dataDir, {
        purpose: 'server',
        // `pnpm dev` restarts on every build, before the previous process has stopped.
        waitMs: args.includes('--wait-for-lock') ? LOCK_WAIT_MS : 0,
        onWait: (owner) =>
          console.warn(
            `Parley: waiting up to ${LOCK_WAIT_MS / 1000} s for process ${owner?.pid ?? '?'} to release ${dataDir}…`,
          ),
      });
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }
  if (looseBefore) {
    const narrowed = await narrowPermissions(dataDir);
    console.warn(
      `Parley: ${dataDir} was readable by other users; it and ${narrowed} files in it are now private.`,
    );
  }
  if (stopRequested) return stop(0);

  try {
    prebound = await listenEarly(port, host);
  } catch (error) {
    await lock?.release().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${port} on ${host} is already in use.`);
    if (code === 'EACCES') fail(`no permission to listen on port ${port} on ${host}.`);
    throw error;
  }

  if (!databaseUrl && !stopRequested) {
    // Opened here rather than by buildServer so that the backup socket can share it.
    try {
      // PGLITE_THREAD=0 keeps the database on the server's thread (docs/performance.md).
      pglite = await openEmbeddedDatabase(join(dataDir, 'db'), {
        thread: env.PGLITE_THREAD !== '0',
      });
    } catch (error) {
      console.error(
        `Parley cannot start: the database in ${join(dataDir, 'db')} could not be opened ` +
          `(${(error as Error).message}). If it is damaged, restore a backup into an empty ` +
          'DATA_DIR (README, "Backups").',
      );
      return stop(1);
    }
  }
  if (stopRequested) return stop(0);
  try {
    // A bucket that is missing or refuses these credentials stops the start, not the first upload.
    await mediaStore.check();
  } catch (error) {
    console.error(
      `Parley cannot start: the ${mediaStore.kind === 's3' ? `S3 bucket ${env.S3_BUCKET}` : 'media folder'} ` +
        `cannot be reached (${(error as Error).name}: ${(error as Error).message}). Check MEDIA_STORE, ` +
        'S3_BUCKET, S3_ENDPOINT, AWS_REGION and the credentials (docs/storage.md).',
    );
    return stop(1);
  }
  try {
    app = await buildServer({
      dataDir,
      mediaStore,
      databaseUrl,
      jwtSecret: env.JWT_SECRET || undefined,
      push: {
        vapid: {
          publicKey: env.VAPID_PUBLIC_KEY || undefined,
          privateKey: env.VAPID_PRIVATE_KEY || undefined,
          subject: env.VAPID_SUBJECT || undefined,
        },
      },
      accessTokenTtl: readTtl(env.ACCESS_TOKEN_TTL),
      appDist: resolve(env.APP_DIST || resolve(packageRoot, '../app/dist')),
      serveSourceMaps: env.SERVE_SOURCE_MAPS === '1',
      publicUrl: readPublicUrl(env.PUBLIC_URL),
      // Quiet by default: the one startup line below, then only warnings and errors.
      logger: { level: env.LOG_LEVEL || 'warn' },
      trustProxy: readTrustProxy(env.TRUST_PROXY),
      uploadSweep: {
        graceMs: readUploadGrace(env.UPLOAD_GRACE_SECONDS),
        unsentGraceMs: readUnsentUploadGrace(env.UNSENT_UPLOAD_GRACE_SECONDS),
      },
      limits: {
        storageQuotaBytes: readStorageQuota(env.STORAGE_QUOTA_MB),
        // Issue 29: new accounts' first-day budgets.
        ...readNewAccountLimits(env),
        ...readFrameBudget(env),
      },
      prebound,
      pglite: pglite ?? undefined,
    });
  } catch (error) {
    // buildServer has closed what it opened; give back the port and the lock.
    console.error(error);
    return stop(1);
  }
  if (pglite) {
    const warn = (line: string) => console.warn(`Parley: ${line}`);
    control = await startControlSocket(dataDir, pglite, warn, mediaStore).catch((error: Error) => {
      warn(
        `no backup socket (${error.message}): \`backup\` works only while the server is stopped.`,
      );
      return null;
    });
  }
  if (stopRequested) return stop(0);
  console.log(`Parley is running at http://localhost:${prebound.port}`);
}
