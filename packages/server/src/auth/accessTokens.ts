import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessTokenClaims {
  userId: number;
  username: string;
}

export interface AccessTokens {
  issue(claims: AccessTokenClaims): Promise<string>;
  /** Returns null for anything that is not a valid, unexpired token of ours. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  return {
    issue: ({ userId, username }) =>
      new SignJWT({ username })
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
        return { userId, username: payload.username };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
