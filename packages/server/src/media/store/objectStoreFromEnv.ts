import { join } from 'node:path';
import { readMediaStoreSettings } from '../../serverEnv.js';
import { LocalObjectStore } from './localObjectStore.js';
import type { ObjectStore } from './objectStore.js';
import { S3ObjectStore } from './s3ObjectStore.js';

/** The store MEDIA_STORE names; throws a sentence an operator can act on when settings are wrong. */
export function objectStoreFromEnv(env: NodeJS.ProcessEnv, dataDir: string): ObjectStore {
  const settings = readMediaStoreSettings(env);
  if (settings.kind === 'local') return new LocalObjectStore(join(dataDir, 'media'));
  return new S3ObjectStore(settings);
}
