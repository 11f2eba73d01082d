/** Wire types of Parley's call extensions besides the socket frames (docs/protocol.md, Calls). */

import type { CallEndReason, CallType } from './socket';

export const CALL_PATHS = {
  /** GET, bearer: the ICE servers for the signed-in user (TURN credentials expire). */
  iceServers: '/calls/ice-servers/',
} as const;

/** One ICE server as RTCPeerConnection takes it. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** 200 answer of GET /calls/ice-servers/. */
export interface IceServersResponse {
  ice_servers: IceServer[];
  /** ISO 8601: when time-limited TURN credentials stop working; null without TURN. */
  expires_at: string | null;
  /**
   * Parley extension: `'relay'` when the deployment sends call media only through its TURN relay
   * (ICE_TRANSPORT_POLICY), so neither person learns the other's IP address. Absent means `'all'`.
   */
  ice_transport_policy?: IceTransportPolicy;
}

/** RTCPeerConnection's `iceTransportPolicy`: every candidate, or the TURN relay only. */
export type IceTransportPolicy = 'all' | 'relay';

/** The one public STUN server of the spec (§4 Call), used when nothing else is configured. */
export const DEFAULT_ICE_SERVERS: readonly IceServer[] = [{ urls: 'stun:stun.l.google.com:19302' }];

/** What /meta/capabilities says about calls (Parley extension; a spec backend sends none). */
export interface CallCapabilities {
  /** The deployment switch: false keeps the spec's 'Coming Soon' dialog. */
  enabled: boolean;
  /** Languages whose speech the server turns into live captions (ISO 639-1). */
  caption_languages: string[];
}

/**
 * Parley extension on a stored chat message: the message is the conversation's record of a call
 * (start, end with its duration, or a missed call), written by the server for both people.
 */
export interface CallEvent {
  event: 'started' | 'ended';
  call_type: CallType;
  /** Whole seconds a connected call lasted; present when `event` is 'ended'. */
  duration_seconds?: number;
  /** Why it ended; present when `event` is 'ended'. */
  reason?: CallEndReason;
}
