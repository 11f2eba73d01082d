/**
 * Reads a JWT's claims without verifying it: the client only needs to know whether the token has
 * expired (to refresh before connecting) and whose it is. The server verifies.
 */
export interface TokenClaims {
  exp?: number;
  iat?: number;
  sub?: string;
}

export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token is missing, or its `exp` is within `marginMs` of `now`. A token without a
 * readable `exp` counts as valid: the server decides, and a 1008 close handles a wrong guess.
 * The margin never exceeds a quarter of the token's own lifetime (`exp - iat`): a server issuing
 * short-lived tokens would otherwise have every connect refresh a token it has just issued.
 */
export function needsRefresh(token: string | null, now: number, marginMs: number): boolean {
  if (!token) return true;
  const claims = readTokenClaims(token);
  const exp = claims?.exp;
  if (typeof exp !== 'number') return false;
  const iat = claims?.iat;
  const lifetimeMs = typeof iat === 'number' && iat < exp ? (exp - iat) * 1000 : Infinity;
  return exp * 1000 <= now + Math.min(marginMs, lifetimeMs / 4);
}

/** The user id in `sub`, when the token carries a numeric one. */
export function tokenUserId(token: string): number | null {
  const sub = readTokenClaims(token)?.sub;
  const id = Number(sub);
  return sub !== undefined && Number.isInteger(id) && id > 0 ? id : null;
}
