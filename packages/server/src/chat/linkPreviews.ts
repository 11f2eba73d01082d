import type { LinkPreview } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { EgressGuard, EgressResponse } from '../http/egressGuard.js';
import { reencodeImage } from '../media/imageEncoding.js';
import { sniffImage } from '../media/imageSniffing.js';
import type { MediaStore } from '../media/mediaStore.js';
import type { LinkPreviewsRepository } from '../plugins/app/link-previews-repository.js';

/** Limits of one preview fetch; tests shorten them. */
export interface LinkPreviewLimits {
  /** Per request (page or image), connect to last byte. */
  timeoutMs: number;
  /** Only the start of a page is read: its <head> is what carries the metadata. */
  maxHtmlBytes: number;
  /** A larger image is not used. */
  maxImageBytes: number;
  /** Redirects followed, each one checked by the guard again. */
  maxRedirects: number;
  /** How long a card is reused. */
  ttlMs: number;
  /** How long a failure is remembered (a dead link is not fetched for every message). */
  failureTtlMs: number;
  /** Preview images are kept at most this many pixels on a side. */
  imageMaxPx: number;
}

export const DEFAULT_LINK_PREVIEW_LIMITS: LinkPreviewLimits = {
  timeoutMs: 5_000,
  maxHtmlBytes: 512 * 1024,
  maxImageBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  ttlMs: 24 * 60 * 60 * 1000,
  failureTtlMs: 10 * 60 * 1000,
  imageMaxPx: 600,
};

export interface LinkPreviewDeps {
  egress: EgressGuard;
  repository: LinkPreviewsRepository;
  media: MediaStore;
  log: FastifyBaseLogger;
  limits?: Partial<LinkPreviewLimits>;
  now?: () => Date;
}

const HTML_TYPE = /^(text\/html|application\/xhtml\+xml)\b/i;
const IMAGE_TYPE = /^image\/(png|jpeg|gif|webp)\b/i;
const REDIRECT = new Set([301, 302, 303, 307, 308]);
// Sent with every request: who is asking, and no cookie or credential of anyone.
const REQUEST_HEADERS = { 'User-Agent': 'ParleyLinkPreview/1.0', 'Accept-Encoding': 'identity' };

/**
 * Link preview cards (issue 25): the page is fetched by the server, only through the egress guard
 * (no loopback or private address, checked again on every redirect and at connect time), with a
 * time and size limit and no cookies; only HTML is read. The image is fetched the same way,
 * decoded and re-encoded like an upload and served by Parley (/media/link-previews/…), so a
 * reader's browser never contacts the linked site. Results are cached per URL in the database.
 */
export class LinkPreviews {
  private readonly limits: LinkPreviewLimits;
  private readonly inFlight = new Map<string, Promise<LinkPreview | null>>();

  constructor(private readonly deps: LinkPreviewDeps) {
    this.limits = { ...DEFAULT_LINK_PREVIEW_LIMITS, ...deps.limits };
  }

  /** Whether the guard would even try this URL (http or https, public-looking host). */
  mayFetch(url: string): boolean {
    return this.deps.egress.urlRefusal(url, { allowHttp: true }) === null;
  }

  /** The card of `url`: cached, else fetched once (concurrent askers share it); null if none. */
  async preview(url: string): Promise<LinkPreview | null> {
    if (!this.mayFetch(url)) return null;
    const now = this.deps.now?.() ?? new Date();
    const cached = await this.deps.repository.cached(url, now);
    if (cached) return cached.preview;
    const running = this.inFlight.get(url);
    if (running) return running;
    const work = this.fetchAndStore(url, now).finally(() => this.inFlight.delete(url));
    this.inFlight.set(url, work);
    return work;
  }

  private async fetchAndStore(url: string, now: Date): Promise<LinkPreview | null> {
    let preview: LinkPreview | null = null;
    try {
      preview = await this.fetchPreview(url);
    } catch (error) {
      this.deps.log.info({ err: error, url }, 'link preview not made');
    }
    const ttl = preview ? this.limits.ttlMs : this.limits.failureTtlMs;
    try {
      await this.deps.repository.save(url, preview, new Date(now.getTime() + ttl));
    } catch (error) {
      this.deps.log.warn({ err: error, url }, 'link preview not cached');
    }
    return preview;
  }

  private async fetchPreview(url: string): Promise<LinkPreview | null> {
    const page = await this.follow(url, 'text/html,application/xhtml+xml', (headers) =>
      HTML_TYPE.test(headers),
    );
    if (!page) return null;
    // The HTML parser (and its entity tables) loads with the first preview (issue 24: idle memory).
    const { readPageMetadata } = await import('./linkPreviewMetadata.js');
    const metadata = readPageMetadata(decodeText(page.response));
    if (!metadata.title && !metadata.description) return null;
    const imageUrl = metadata.image ? await this.copyImage(metadata.image, page.url) : null;
    return {
      url,
      title: metadata.title,
      description: metadata.description,
      image_url: imageUrl,
      site_name: metadata.siteName ?? new URL(page.url).hostname.replace(/^www\./, ''),
    };
  }

  /** Fetches, following redirects through the guard; null unless it ends in a wanted type. */
  private async follow(
    start: string,
    accept: string,
    wanted: (contentType: string) => boolean,
    image = false,
  ): Promise<{ url: string; response: EgressResponse } | null> {
    let url = start;
    for (let hop = 0; hop <= this.limits.maxRedirects; hop += 1) {
      const response = await this.deps.egress.request(url, {
        headers: { ...REQUEST_HEADERS, Accept: accept },
        // Pages are linked with either scheme; the guard checks both the same way.
        allowHttp: true,
        timeoutMs: this.limits.timeoutMs,
        maxResponseBytes: image ? this.limits.maxImageBytes : this.limits.maxHtmlBytes,
        truncate: !image,
        // Redirects and the wanted type only: anything else is not downloaded.
        accept: (status, headers) =>
          REDIRECT.has(status) ||
          (status >= 200 && status < 300 && wanted(String(headers['content-type'] ?? ''))),
      });
      if (REDIRECT.has(response.status)) {
        const location = response.headers.location;
        if (!location) return null;
        url = new URL(location, url).toString();
        continue;
      }
      if (response.status < 200 || response.status >= 300) return null;
      if (!wanted(String(response.headers['content-type'] ?? ''))) return null;
      return { url, response };
    }
    return null;
  }

  /** The page's image, fetched through the guard and re-encoded like an upload; null if none. */
  private async copyImage(source: string, pageUrl: string): Promise<string | null> {
    let url: string;
    try {
      url = new URL(source, pageUrl).toString();
    } catch {
      return null;
    }
    if (!this.mayFetch(url)) return null;
    try {
      const fetched = await this.follow(url, 'image/*', (type) => IMAGE_TYPE.test(type), true);
      if (!fetched) return null;
      const type = sniffImage(fetched.response.body);
      if (!type) return null;
      const encoded = await reencodeImage(
        fetched.response.body,
        type.extension,
        this.limits.imageMaxPx,
      );
      if (!encoded) return null;
      return await this.deps.media.save('link-previews', type.extension, encoded.data);
    } catch (error) {
      this.deps.log.info({ err: error, url }, 'link preview image not copied');
      return null;
    }
  }
}

/** The page's text in the charset its Content-Type names (UTF-8 when none or unknown). */
function decodeText(response: EgressResponse): string {
  const charset = /charset=["']?([\w-]+)/i.exec(
    String(response.headers['content-type'] ?? ''),
  )?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}
