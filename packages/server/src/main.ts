import { dirname, resolve } from 'node:path';
import { findMigrationsFolder } from './db/migrationsFolder.js';
import { buildServer } from './server.js';

// The package root: the folder holding the committed migrations, from src/ and from dist/ alike.
const packageRoot = dirname(findMigrationsFolder());

function readPort(text: string | undefined): number {
  const port = Number(text ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${text}`);
  return port;
}

function readTtl(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const ttl = Number(text);
  if (!Number.isInteger(ttl) || ttl <= 0) throw new Error(`Invalid ACCESS_TOKEN_TTL: ${text}`);
  return ttl;
}

async function main(): Promise<void> {
  const env = process.env;
  const port = readPort(env.PORT);
  const host = env.HOST || '127.0.0.1';
  const trustProxy = env.TRUST_PROXY;

  const app = await buildServer({
    dataDir: resolve(env.DATA_DIR || resolve(packageRoot, '.data')),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtl: readTtl(env.ACCESS_TOKEN_TTL),
    appDist: resolve(env.APP_DIST || resolve(packageRoot, '../app/dist')),
    // Quiet by default: the one startup line below, then only warnings and errors.
    logger: { level: env.LOG_LEVEL || 'warn' },
    trustProxy:
      trustProxy === undefined || trustProxy === '' || trustProxy === 'false'
        ? false
        : trustProxy === 'true'
          ? true
          : trustProxy,
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      // A second signal means "now".
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => {
        app.log.info('closed');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Parley is running at http://localhost:${actualPort}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
