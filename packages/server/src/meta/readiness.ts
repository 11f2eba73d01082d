import type { Database } from '../db/database.js';
import { pingDatabase } from '../db/database.js';
import type { MediaStore } from '../media/mediaStore.js';
import type { Translator } from '../translation/translator.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What GET /readyz answers from; `serve` starts the drain on SIGTERM (meta/readiness.ts). */
    readiness: Readiness;
  }
}

/** One dependency an instance needs to serve: resolves when reachable, rejects (or times out) if not. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export type ReadinessAnswer =
  | { ready: true }
  | { ready: false; draining: boolean; failing: string[] };

/** A check that has not answered after this long counts as failing (a balancer polls every few seconds). */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Whether this instance should receive new requests: not while it drains (SIGTERM) and not while
 * the database, the media store or a configured engine does not answer. GET /readyz reports it.
 */
export class Readiness {
  private drainingSince: number | null = null;

  constructor(private readonly checks: ReadinessCheck[]) {}

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** From now on GET /readyz answers 503, so that the balancer stops sending new work here. */
  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  async answer(): Promise<ReadinessAnswer> {
    if (this.draining) return { ready: false, draining: true, failing: [] };
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => ((await withinTimeout(check())) ? null : name)),
    );
    const failing = results.filter((name): name is string => name !== null);
    // Drain may have begun while the checks ran.
    if (this.draining) return { ready: false, draining: true, failing };
    return failing.length === 0 ? { ready: true } : { ready: false, draining: false, failing };
  }
}

async function withinTimeout(pending: Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([pending.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The media store answers: its own check (object storage: a HEAD on the bucket; local disk: the
 * folder exists, or is made, and can be written).
 */
export function mediaStoreReady(store: MediaStore): Promise<void> {
  return store.objects.check();
}

/** The checks of a built server: database, media store, and the translation engine if one is set up. */
export function serverReadinessChecks(parts: {
  db: Database;
  media: MediaStore;
  translator: Translator;
}): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [
    { name: 'database', check: () => pingDatabase(parts.db) },
    { name: 'media', check: () => mediaStoreReady(parts.media) },
  ];
  if (parts.translator.engine !== 'none') {
    checks.push({
      name: 'translation',
      check: async () => void (await parts.translator.capabilities()),
    });
  }
  return checks;
}
