import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths owned by the API: never answered with the app's index.html. */
export const API_PREFIXES = [
  '/accounts',
  '/connections',
  '/chatmessage',
  '/posts',
  '/meta',
  '/media',
  '/ws',
  '/healthz',
  '/readyz',
] as const;

/** App routes that share a name with an API prefix: `/posts` is the feed, `/posts/…` the API. */
const APP_ROUTES = new Set(['/posts']);

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (APP_ROUTES.has(path)) return false;
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The socket origins of PUBLIC_URL: `https://chat.example.com` → `https://chat.example.com
 * wss://chat.example.com`. Null without one (or with one that is not an http(s) URL).
 */
export function publicConnectSources(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null;
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const socketScheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${url.origin} ${socketScheme}//${url.host}`;
}

/**
 * The built app's pages may load only our own scripts and styles and talk only to this origin
 * (including its socket); images may also be blob: and data: URLs (previews, QR codes).
 *
 * The origin comes from configuration (PUBLIC_URL), never from the request: a forged Host header
 * must not widen the policy. Without PUBLIC_URL, `'self'` alone, which covers the same origin's
 * ws:/wss: too (CSP Level 3; checked in Chromium 156: a page served with `connect-src 'self'`
 * opens `ws://` + its own host).
 */
export function htmlSecurityHeaders(publicUrl?: string): Record<string, string> {
  const configured = publicConnectSources(publicUrl);
  const sockets = configured ? ` ${configured}` : '';
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      // Component libraries set inline style attributes; scripts stay locked down.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' blob: data:",
      "media-src 'self' blob: data:",
      "font-src 'self' data:",
      `connect-src 'self'${sockets}`,
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html') &&
    !isApiPath(request.url)
  );
}

/** Whether `appDist` holds a built app worth serving. */
export function hasBuiltApp(appDist: string | undefined): appDist is string {
  return Boolean(appDist && existsSync(join(appDist, 'index.html')));
}

/**
 * Serves the built single-page app. Returns the fallback for the not-found handler, which
 * answers client-side routes with index.html and returns true when it did. Source maps (`*.map`,
 * with the app's full sources) are built but answered 404 unless `serveSourceMaps`
 * (SERVE_SOURCE_MAPS=1).
 */
export async function registerStaticApp(
  app: FastifyInstance,
  appDist: string,
  { serveSourceMaps = false }: { serveSourceMaps?: boolean } = {},
) {
  await app.register(fastifyStatic, {
    root: appDist,
    wildcard: true,
    allowedPath: (pathName) => serveSourceMaps || !pathName.toLowerCase().endsWith('.map'),
    // The build writes `.br` and `.gz` beside each text asset (packages/app/scripts/precompress.mjs):
    // they are sent by Accept-Encoding, with the original's type, instead of compressing per request.
    preCompressed: true,
    // Cache-Control is decided per file below.
    cacheControl: false,
    // Security headers for HTML are added by an onSend hook, which also covers the fallback.
    setHeaders(res, sentPath) {
      const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
      // The same URL is sent in three encodings: a shared cache must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
      if (filePath.endsWith('.html')) {
        res.setHeader('Cache-Control', 'no-cache');
      } else if (filePath.startsWith(join(appDist, 'assets'))) {
        // Vite fingerprints everything under assets/.
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=0');
      }
    },
  });

  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!wantsHtml(request)) return false;
    void reply.sendFile('index.html');
    return true;
  };
}
