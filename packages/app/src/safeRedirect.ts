/**
 * The `redirect` search parameter comes from the address bar, so anyone can craft it. Only a
 * same-origin path is followed: it must start with exactly one `/` (not `//host` nor `/\host`,
 * which browsers treat as another origin) and contain no control characters.
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  const path = target.split(/[?#]/, 1)[0] ?? '';
  if (path === '/login' || path === '/register') return fallback;
  return target;
}
