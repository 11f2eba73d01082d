import { detailError } from '../http/errors.js';
import type { MediaStore } from '../media/mediaStore.js';
import { MEDIA_URL_PREFIX } from '../media/mediaStore.js';
import type { LimitsRepository } from '../plugins/app/index.js';
import { bytesInWords, LIMIT_MESSAGES, waitInWords } from './limitMessages.js';
import { type LimitRule, type Limits, retryAfterSeconds } from './limits.js';

export { FrameBudgets, PersonFrameBudget } from './frameBudget.js';
export { bytesInWords, LIMIT_MESSAGES, waitInWords } from './limitMessages.js';
export { DatabaseLimitStore, type LimitStore, MemoryLimitStore } from './limitStore.js';
export {
  DEFAULT_LIMITS,
  type LimitRule,
  type LimitSettings,
  Limits,
  type LimitVerdict,
  retryAfterSeconds,
} from './limits.js';
export { sharedRateLimitStore } from './rateLimitStore.js';

/**
 * Counts one unit of the rule for the subject; when the budget is spent, throws 429 with the
 * message (given the wait in words) and a Retry-After header.
 */
export async function takeOrRefuse(
  limits: Limits,
  rule: LimitRule,
  subject: string | number,
  message: (after: string) => string,
): Promise<void> {
  const verdict = await limits.take(rule, subject);
  if (verdict.allowed) return;
  const seconds = retryAfterSeconds(verdict);
  throw detailError(429, message(waitInWords(seconds)), { 'Retry-After': String(seconds) });
}

/** Storage quota per person: what their uploads, post media and profile image take in the store. */
export class StorageQuota {
  constructor(
    private readonly repository: LimitsRepository,
    private readonly media: MediaStore,
    readonly quotaBytes: number,
  ) {}

  async usedBytes(userId: number): Promise<number> {
    const { bytes, profileImage } = await this.repository.storedBytes(userId);
    return bytes + (await this.fileSize(profileImage));
  }

  /** Throws 413 when `incomingBytes` more would not fit in the person's quota. */
  async assertRoom(userId: number, incomingBytes: number): Promise<void> {
    const used = await this.usedBytes(userId);
    if (used + incomingBytes > this.quotaBytes) {
      throw detailError(413, LIMIT_MESSAGES.storageFull(bytesInWords(this.quotaBytes)));
    }
  }

  private async fileSize(urlPath: string | null): Promise<number> {
    if (!urlPath?.startsWith(MEDIA_URL_PREFIX)) return 0;
    const [folder, name] = urlPath.slice(MEDIA_URL_PREFIX.length).split('/');
    const key = folder && name ? this.media.resolve(folder, name) : null;
    if (!key) return 0;
    return (await this.media.objects.head(key).catch(() => null))?.size ?? 0;
  }
}
