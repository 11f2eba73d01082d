import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

const KEYS_FILE = 'vapid-keys.json';

/** The application server's VAPID identity (RFC 8292), both keys URL-safe base64. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A contact for push services: `mailto:` or an `https:` URL. */
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:push@parley.invalid';

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are given; otherwise a pair generated on first
 * start and kept in the data directory (0600), so subscriptions survive restarts.
 */
export function resolveVapidKeys(
  dataDir: string,
  configured: { publicKey?: string; privateKey?: string; subject?: string } = {},
): VapidKeys {
  const subject = configured.subject || DEFAULT_VAPID_SUBJECT;
  if (configured.publicKey && configured.privateKey) {
    // Throws on malformed keys at start rather than on the first push.
    webpush.setVapidDetails(subject, configured.publicKey, configured.privateKey);
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  }
  if (configured.publicKey || configured.privateKey) {
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  }
  const file = join(dataDir, KEYS_FILE);
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey) {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  try {
    // 'wx' refuses to overwrite: if another process won the race, use its keys.
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return resolveVapidKeys(dataDir, configured);
    throw error;
  }
  return { ...keys, subject };
}
