/**
 * The parts of WebRTC a call uses, as structural types: the browser's RTCPeerConnection and
 * MediaStream fit, and tests pass fakes (no DOM types needed at import time).
 */

export interface SessionDescriptionLike {
  type: 'offer' | 'answer' | 'pranswer' | 'rollback';
  sdp?: string;
}

export interface IceCandidateLike {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

export interface MediaStreamTrackLike {
  readonly kind: string;
  enabled: boolean;
  readonly readyState?: string;
  stop(): void;
  /** The device behind the track, to notice it missing from `enumerateDevices()`. */
  getSettings?(): { deviceId?: string };
  addEventListener?(type: 'ended', listener: () => void): void;
  removeEventListener?(type: 'ended', listener: () => void): void;
}

export interface MediaStreamLike {
  getTracks(): MediaStreamTrackLike[];
  getAudioTracks(): MediaStreamTrackLike[];
  getVideoTracks(): MediaStreamTrackLike[];
  addTrack(track: MediaStreamTrackLike): void;
}

export interface RtpSenderLike {
  readonly track: MediaStreamTrackLike | null;
  replaceTrack(track: MediaStreamTrackLike | null): Promise<void>;
}

export interface TrackEventLike {
  readonly track: MediaStreamTrackLike;
  readonly streams: readonly MediaStreamLike[];
}

export type PeerConnectionState =
  | 'new'
  | 'connecting'
  | 'connected'
  | 'disconnected'
  | 'failed'
  | 'closed';

export interface PeerConnectionLike {
  readonly connectionState: PeerConnectionState | string;
  readonly signalingState: string;
  readonly remoteDescription: SessionDescriptionLike | null;
  onicecandidate: ((event: { candidate: IceCandidateLike | null }) => void) | null;
  ontrack: ((event: TrackEventLike) => void) | null;
  onconnectionstatechange: (() => void) | null;
  addTrack(track: MediaStreamTrackLike, stream: MediaStreamLike): RtpSenderLike;
  getSenders(): RtpSenderLike[];
  createOffer(options?: { iceRestart?: boolean }): Promise<SessionDescriptionLike>;
  createAnswer(): Promise<SessionDescriptionLike>;
  setLocalDescription(description: SessionDescriptionLike): Promise<void>;
  setRemoteDescription(description: SessionDescriptionLike): Promise<void>;
  addIceCandidate(candidate: IceCandidateLike): Promise<void>;
  restartIce?(): void;
  close(): void;
}

export interface PeerConnectionConfig {
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  /** `'relay'`: media only through the TURN relay (the deployment's ICE_TRANSPORT_POLICY). */
  iceTransportPolicy?: 'all' | 'relay';
}

export type CreatePeerConnection = (config: PeerConnectionConfig) => PeerConnectionLike;

export interface MediaConstraintsLike {
  audio: boolean;
  video: boolean;
}

export type GetUserMedia = (constraints: MediaConstraintsLike) => Promise<MediaStreamLike>;

/** `navigator.mediaDevices` as a call watches it: devices plugged in or unplugged mid-call. */
export interface MediaDevicesLike {
  enumerateDevices?(): Promise<readonly { kind: string; deviceId: string }[]>;
  addEventListener(type: 'devicechange', listener: () => void): void;
  removeEventListener(type: 'devicechange', listener: () => void): void;
}
