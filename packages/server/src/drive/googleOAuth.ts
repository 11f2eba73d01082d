import * as oidc from 'openid-client';
import { type DriveSettings, isLoopbackHttp } from './driveSettings.js';

/** Files this app created or opened: the narrowest Drive scope that can write backups. */
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
const REQUEST_TIMEOUT_SECONDS = 15;

export interface DriveTokens {
  accessToken: string;
  /** Absent on refreshes that keep the old refresh token. */
  refreshToken?: string;
  expiresAt: Date;
  scopes: string[];
}

/** Google withdrew the grant (revoked, expired, password change): connect again. */
export class DriveGrantRevokedError extends Error {
  constructor() {
    super('the Google grant was withdrawn');
    this.name = 'DriveGrantRevokedError';
  }
}

/**
 * Google's OAuth 2.0 authorization-code flow with PKCE (openid-client), server side: the
 * discovery document is fetched on first use and kept; a failed discovery is retried next time.
 */
export class GoogleOAuth {
  private config: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: DriveSettings) {}

  private configuration(): Promise<oidc.Configuration> {
    this.config ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        {
          timeout: REQUEST_TIMEOUT_SECONDS,
          execute: isLoopbackHttp(this.settings.issuer) ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        this.config = null;
        throw error;
      });
    return this.config;
  }

  /** A fresh state and PKCE verifier, and the consent page that carries them. */
  async start(redirectUri: string): Promise<{ url: string; state: string; verifier: string }> {
    const config = await this.configuration();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: DRIVE_SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      // A refresh token, so backups work after the hour an access token lasts.
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    });
    return { url: url.href, state, verifier };
  }

  /** Trades the callback's code for tokens; `callbackUrl` is the redirect URI plus the query. */
  async finish(callbackUrl: URL, state: string, verifier: string): Promise<DriveTokens> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return tokensOf(tokens);
  }

  async refresh(refreshToken: string): Promise<DriveTokens> {
    const config = await this.configuration();
    try {
      return tokensOf(await oidc.refreshTokenGrant(config, refreshToken));
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') {
        throw new DriveGrantRevokedError();
      }
      throw error;
    }
  }

  /** Best effort: Google forgets the grant (a refresh token revokes the whole grant). */
  async revoke(token: string): Promise<void> {
    const config = await this.configuration();
    if (!config.serverMetadata().revocation_endpoint) return;
    await oidc.tokenRevocation(config, token);
  }
}

function tokensOf(response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) {
  const expiresIn = response.expiresIn() ?? 3600;
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresAt: new Date(Date.now() + expiresIn * 1000),
    scopes: (response.scope ?? DRIVE_SCOPE).split(/\s+/).filter(Boolean),
  };
}
