import { createHmac } from 'node:crypto';
import { DEFAULT_ICE_SERVERS, type IceServer, type IceTransportPolicy } from '@parley/chat-sdk';

/** The deployment's call settings (docs/protocol.md, Calls). */
export interface CallSettings {
  /** CALLS_ENABLED (default on): off keeps the spec's 'Coming Soon' dialog in the ui. */
  enabled: boolean;
  /** ICE_SERVERS (JSON list of {urls, username?, credential?}); default the spec's STUN server. */
  iceServers: IceServer[];
  /**
   * TURN_SECRET: the shared secret of a TURN server (coturn's `static-auth-secret`). TURN entries
   * without a credential get time-limited ones made from it.
   */
  turnSecret: string | null;
  /** TURN_CREDENTIAL_TTL seconds (default 3600). */
  turnTtlSeconds: number;
  /**
   * ICE_TRANSPORT_POLICY (default `all`): `relay` sends every call's media through the TURN relay,
   * so neither person learns the other's IP address; it needs a TURN server in ICE_SERVERS.
   */
  iceTransportPolicy: IceTransportPolicy;
}

type Env = NodeJS.ProcessEnv;

function isIceServer(value: unknown): value is IceServer {
  if (typeof value !== 'object' || value === null) return false;
  const { urls, username, credential } = value as Record<string, unknown>;
  const urlList = Array.isArray(urls) ? urls : [urls];
  return (
    urlList.length > 0 &&
    urlList.every((url) => typeof url === 'string' && /^(stun|stuns|turn|turns):/.test(url)) &&
    (username === undefined || typeof username === 'string') &&
    (credential === undefined || typeof credential === 'string')
  );
}

/** Reads the call settings; a malformed ICE_SERVERS stops the start with a clear message. */
export function callSettingsFromEnv(env: Env): CallSettings {
  const enabled = !/^(0|false|off|no)$/i.test(env.CALLS_ENABLED?.trim() ?? '');
  let iceServers: IceServer[] = [...DEFAULT_ICE_SERVERS];
  if (env.ICE_SERVERS?.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env.ICE_SERVERS);
    } catch {
      throw new Error('ICE_SERVERS must be JSON: a list of {urls, username?, credential?}.');
    }
    if (!Array.isArray(parsed) || !parsed.every(isIceServer)) {
      throw new Error(
        'ICE_SERVERS must be a list of {urls, username?, credential?} (stun:/turn:).',
      );
    }
    iceServers = parsed;
  }
  const ttl = Number(env.TURN_CREDENTIAL_TTL ?? 3600);
  if (!Number.isInteger(ttl) || ttl <= 0) {
    throw new Error(`Invalid TURN_CREDENTIAL_TTL: ${env.TURN_CREDENTIAL_TTL}`);
  }
  const policy = (env.ICE_TRANSPORT_POLICY?.trim() || 'all').toLowerCase();
  if (policy !== 'all' && policy !== 'relay') {
    throw new Error(
      `ICE_TRANSPORT_POLICY must be 'all' or 'relay', not '${env.ICE_TRANSPORT_POLICY}'.`,
    );
  }
  if (policy === 'relay' && !iceServers.some(isTurn)) {
    throw new Error(
      'ICE_TRANSPORT_POLICY=relay needs a TURN server (turn: or turns:) in ICE_SERVERS.',
    );
  }
  return {
    enabled,
    iceServers,
    turnSecret: env.TURN_SECRET || null,
    turnTtlSeconds: ttl,
    iceTransportPolicy: policy,
  };
}

export const DEFAULT_CALL_SETTINGS: CallSettings = {
  enabled: true,
  iceServers: [...DEFAULT_ICE_SERVERS],
  turnSecret: null,
  turnTtlSeconds: 3600,
  iceTransportPolicy: 'all',
};

function isTurn(server: IceServer): boolean {
  const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
  return urls.some((url) => /^turns?:/.test(url));
}

/**
 * The TURN REST API's time-limited credential (the scheme coturn's `use-auth-secret` checks):
 * username `expiry:userId`, credential base64(HMAC-SHA1(secret, username)).
 */
export function turnCredential(
  secret: string,
  userId: number,
  expiresAtSeconds: number,
): { username: string; credential: string } {
  const username = `${expiresAtSeconds}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The ICE servers one signed-in user gets, TURN credentials made for them and expiring. */
export function iceServersFor(
  settings: CallSettings,
  userId: number,
  nowMs: number,
): { servers: IceServer[]; expiresAt: Date | null } {
  const expiresAtSeconds = Math.floor(nowMs / 1000) + settings.turnTtlSeconds;
  let minted = false;
  const servers = settings.iceServers.map((server) => {
    if (!settings.turnSecret || !isTurn(server) || server.credential) return { ...server };
    minted = true;
    return { ...server, ...turnCredential(settings.turnSecret, userId, expiresAtSeconds) };
  });
  return { servers, expiresAt: minted ? new Date(expiresAtSeconds * 1000) : null };
}
