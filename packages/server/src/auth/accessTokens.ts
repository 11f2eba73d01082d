import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessTokenClaims {
  userId: number;
  username: string;
  /**
   * The session (refresh-token family) the token was issued for, claim `sid`: checked against the
   * live families at every use, so ending a session ends its access tokens at once. Null for a
   * token issued before sessions were carried (accepted until it expires; docs/protocol.md).
   */
  sessionId: string | null;
}

export interface VerifiedAccessToken extends AccessTokenClaims {
  /** Epoch seconds: a socket authenticated with the token is closed then (4002). */
  expiresAt: number;
}

export interface AccessTokens {
  /**
   * Every token the server hands out names its session; only tests and benchmarks that mint
   * tokens directly leave `sessionId` out (such a token is accepted until it expires).
   */
  issue(
    claims: Omit<AccessTokenClaims, 'sessionId'> & { sessionId?: string | null },
  ): Promise<string>;
  /** Returns null for anything that is not a valid, unexpired token of ours. */
  verify(token: string): Promise<VerifiedAccessToken | null>;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  return {
    issue: ({ userId, username, sessionId }) =>
      new SignJWT(sessionId ? { username, sid: sessionId } : { username })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.username !== 'string') {
          return null;
        }
        const { sid, exp } = payload;
        // A sid that is not a family id could never match one: refuse it rather than query.
        if (sid !== undefined && (typeof sid !== 'string' || !SESSION_ID.test(sid))) return null;
        if (typeof exp !== 'number') return null;
        return { userId, username: payload.username, sessionId: sid ?? null, expiresAt: exp };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
